//! Animated replays: every variant's GIF decodes (with the `gif` crate's
//! decoder) to one frame per view, its last frame is the still image of the
//! final position pixel for pixel through the shared palette, and long
//! games stay under the upload limit.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_render::{GifOptions, MAX_BYTES, RenderError, render_png, replay_gif};
use chronomate_rules::{Game, Options, Variant, View};

/// A decoded GIF: its size, frame count and the screen after every frame
/// (as RGB), composed as a viewer would (frames kept, transparency
/// showing what was there).
struct Decoded {
    w: usize,
    h: usize,
    frames: usize,
    delays: Vec<u16>,
    /// RGB of the screen after the last frame.
    last: Vec<u8>,
    /// The colours of the global palette.
    palette: Vec<u8>,
}

fn decode_gif(bytes: &[u8]) -> Decoded {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::Indexed);
    let mut d = opts
        .read_info(std::io::Cursor::new(bytes))
        .expect("a GIF header");
    let (w, h) = (d.width() as usize, d.height() as usize);
    let palette = d.global_palette().expect("a global palette").to_vec();
    let mut screen = vec![0u8; w * h];
    let mut frames = 0;
    let mut delays = Vec::new();
    while let Some(f) = d.read_next_frame().expect("a frame") {
        assert_eq!(f.dispose, gif::DisposalMethod::Keep);
        assert!(f.palette.is_none(), "frames share the global palette");
        let (l, t, fw, fh) = (
            f.left as usize,
            f.top as usize,
            f.width as usize,
            f.height as usize,
        );
        assert!(
            l + fw <= w && t + fh <= h,
            "frame {frames} inside the screen"
        );
        if frames == 0 {
            assert_eq!((l, t, fw, fh), (0, 0, w, h), "the first frame covers all");
            assert_eq!(f.transparent, None);
        }
        for y in 0..fh {
            for x in 0..fw {
                let p = f.buffer[y * fw + x];
                if Some(p) != f.transparent {
                    screen[(t + y) * w + l + x] = p;
                }
            }
        }
        delays.push(f.delay);
        frames += 1;
    }
    let last = screen
        .iter()
        .flat_map(|&i| palette[i as usize * 3..i as usize * 3 + 3].to_vec())
        .collect();
    Decoded {
        w,
        h,
        frames,
        delays,
        last,
        palette,
    }
}

/// A PNG's pixels as RGB, its palette expanded.
fn decode_png(bytes: &[u8]) -> (usize, usize, Vec<u8>, Vec<u8>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("a PNG header");
    let palette = reader
        .info()
        .palette
        .as_ref()
        .expect("an indexed PNG")
        .to_vec();
    let mut buf = vec![0; reader.output_buffer_size().expect("a sane size")];
    let info = reader.next_frame(&mut buf).expect("a PNG frame");
    buf.truncate(info.buffer_size());
    (info.width as usize, info.height as usize, buf, palette)
}

fn views(variant: Variant, record: &[String]) -> impl Iterator<Item = View> + '_ {
    crate::common::replay_views(variant, 7, record)
}

fn final_view(variant: Variant, record: &[String]) -> View {
    let game = Game::replay(variant, 7, record).expect("the record replays");
    game.view()
}

/// The GIF's last screen is the still image of the final position: same
/// pixels through the same palette, the rest of the screen the card.
fn assert_last_frame_is_the_still(d: &Decoded, still_png: &[u8]) {
    let (pw, ph, px, palette) = decode_png(still_png);
    assert_eq!(
        &d.palette[..palette.len()],
        &palette[..],
        "the PNG and the GIF share one palette"
    );
    assert!(pw <= d.w && ph <= d.h, "{pw}x{ph} in {}x{}", d.w, d.h);
    let bg = &px[..3];
    let mut off = 0;
    for y in 0..d.h {
        for x in 0..d.w {
            let got = &d.last[(y * d.w + x) * 3..(y * d.w + x) * 3 + 3];
            let want = if x < pw && y < ph {
                &px[(y * pw + x) * 3..(y * pw + x) * 3 + 3]
            } else {
                bg
            };
            if got != want {
                off += 1;
            }
        }
    }
    assert_eq!(
        off, 0,
        "{off} pixels of the last frame differ from the still"
    );
}

#[test]
fn every_variant_replays_frame_by_frame_to_its_still_image() {
    let options = GifOptions {
        frame: chronomate_render::RenderOptions {
            square: 40,
            multi_square: 24,
            max_side: 1200,
            ..GifOptions::default().frame
        },
        ..GifOptions::default()
    };
    for &variant in Variant::ALL {
        let record = crate::common::random_record(variant, 7, 24);
        assert!(record.len() >= 6, "{variant}: a game of some length");
        let gif = replay_gif(|| views(variant, &record), &options)
            .unwrap_or_else(|e| panic!("{variant}: {e}"));
        assert!(!gif.sampled && !gif.shrunk, "{variant}");
        assert_eq!(gif.frames_total, record.len() + 1, "{variant}");
        assert_eq!(gif.frames_used, record.len() + 1, "{variant}");
        assert!(gif.bytes.len() <= MAX_BYTES, "{variant}");
        let d = decode_gif(&gif.bytes);
        assert_eq!(d.frames, record.len() + 1, "{variant}: one frame per view");
        assert_eq!((d.w as u32, d.h as u32), (gif.width, gif.height));
        assert!(d.w <= 1200 && d.h <= 1200, "{variant}: {}x{}", d.w, d.h);
        assert!(d.w >= 200 && d.h >= 200, "{variant}: {}x{}", d.w, d.h);
        // Every frame shows for the delay; the last one is held.
        assert!(
            d.delays[..d.frames - 1].iter().all(|&c| c == 80),
            "{variant}"
        );
        assert_eq!(d.delays[d.frames - 1], 300, "{variant}");
        let still = render_png(&final_view(variant, &record), &options.frame).unwrap();
        assert_last_frame_is_the_still(&d, &still);
    }
}

#[test]
fn a_one_view_replay_is_one_held_frame_and_none_is_refused() {
    let record: Vec<String> = Vec::new();
    let gif = replay_gif(|| views(Variant::Standard, &record), &GifOptions::default()).unwrap();
    assert_eq!(gif.frames_used, 1);
    let d = decode_gif(&gif.bytes);
    assert_eq!(d.frames, 1);
    assert_eq!(d.delays, [300]);
    assert!(matches!(
        replay_gif(std::iter::empty::<View>, &GifOptions::default()),
        Err(RenderError::NoFrames)
    ));
}

#[test]
fn a_tight_limit_shrinks_then_samples_and_says_so() {
    let record = crate::common::random_record(Variant::Standard, 3, 120);
    let options = GifOptions {
        max_bytes: 120_000,
        ..GifOptions::default()
    };
    let gif = replay_gif(|| views(Variant::Standard, &record), &options).unwrap();
    assert!(gif.bytes.len() <= 120_000, "{} bytes", gif.bytes.len());
    assert!(gif.shrunk || gif.sampled);
    let d = decode_gif(&gif.bytes);
    assert_eq!(d.frames, gif.frames_used);
    assert_eq!(gif.frames_total, record.len() + 1);
    if gif.sampled {
        assert!(gif.frames_used < gif.frames_total);
        assert!(gif.step > 1);
    }
    if gif.shrunk {
        assert!(gif.frame.square < options.frame.square);
    }
    // The last frame is still the final position, drawn as the frames were.
    let still = render_png(&final_view(Variant::Standard, &record), &gif.frame).unwrap();
    assert_last_frame_is_the_still(&d, &still);
}

#[test]
fn a_thousand_action_multiverse_game_fits_discord() {
    // A branch limit of 101 keeps random play going (at 21 collapses strip
    // the boards bare within about 700 actions): some 80 branches by the
    // end, every one a board of the view.
    let variant = Variant::Multiverse;
    let options = Options::parse(variant, "branches:101").unwrap();
    let t = std::time::Instant::now();
    let record = crate::common::random_multiverse_record(options.clone(), 1, 1000);
    let played = t.elapsed();
    assert_eq!(record.len(), 1000, "a game that lasts");
    let views = || crate::common::replay_views(options.clone(), 1, &record);
    let t = std::time::Instant::now();
    let gif = replay_gif(views, &GifOptions::default()).unwrap();
    let drawn = t.elapsed();
    assert!(gif.bytes.len() <= MAX_BYTES, "{} bytes", gif.bytes.len());
    let d = decode_gif(&gif.bytes);
    assert_eq!(d.frames, gif.frames_used);
    assert_eq!(gif.frames_total, 1001);
    if !gif.sampled {
        assert_eq!(gif.frames_used, 1001);
    }
    let last = Game::replay(options.clone(), 1, &record).unwrap().view();
    assert!(last.boards.len() >= 40, "{} boards", last.boards.len());
    let still = render_png(&last, &gif.frame).unwrap();
    assert_last_frame_is_the_still(&d, &still);
    eprintln!(
        "1000 actions (played in {played:?}, drawn in {drawn:?}), {} boards at the end: \
         {} bytes, {}x{}, {} of {} frames, sampled {} (every {}), shrunk {}",
        last.boards.len(),
        gif.bytes.len(),
        gif.width,
        gif.height,
        gif.frames_used,
        gif.frames_total,
        gif.sampled,
        gif.step,
        gif.shrunk
    );
}

#[test]
fn a_5d_game_replays_turn_by_turn() {
    // 12 timelines over 30 turns, one frame a whole turn (White's present
    // boards of each turn), as `Game::replay_views` gives them.
    let whole = crate::common::fived::big_multiverse(12, 30);
    let views = || (0..30).map(|t| crate::common::fived::at_present(&whole, 2 * t));
    let gif = replay_gif(views, &GifOptions::default()).unwrap();
    assert!(gif.bytes.len() <= MAX_BYTES, "{} bytes", gif.bytes.len());
    assert_eq!((gif.frames_total, gif.frames_used), (30, 30));
    assert!(!gif.sampled && !gif.shrunk);
    let d = decode_gif(&gif.bytes);
    assert_eq!(d.frames, 30);
    assert!(d.w <= 1600 && d.h <= 1600, "{}x{}", d.w, d.h);
    let last = crate::common::fived::at_present(&whole, 58);
    let still = render_png(&last, &gif.frame).unwrap();
    assert_last_frame_is_the_still(&d, &still);
    eprintln!(
        "5D, 12 timelines x 30 turns: {} bytes, {}x{}, {} frames",
        gif.bytes.len(),
        gif.width,
        gif.height,
        gif.frames_used
    );
}
