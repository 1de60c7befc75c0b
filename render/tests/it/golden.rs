//! Golden images: each case is rendered, decoded and compared pixel by pixel
//! with `tests/golden/NAME.png`, with a tolerance for anti-aliasing noise.
//! `UPDATE_GOLDEN=1 cargo test -p chronomate-render --test it golden` rewrites
//! them; look at the diff before committing.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use std::path::PathBuf;

use chronomate_render::{RenderOptions, Theme, render_png};
use chronomate_rules::View;

struct Image {
    w: u32,
    h: u32,
    px: Vec<u8>,
}

/// Decodes a PNG to RGB (palette images are expanded).
fn decode(png_bytes: &[u8]) -> Image {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("a sane size")];
    let info = reader.next_frame(&mut buf).expect("a PNG frame");
    assert_eq!(info.color_type, png::ColorType::Rgb);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    buf.truncate(info.buffer_size());
    Image {
        w: info.width,
        h: info.height,
        px: buf,
    }
}

/// Goldens are stored at the best compression to keep the repository small
/// (they are compared by pixels, not bytes).
fn recompress(img: &Image) -> Vec<u8> {
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, img.w, img.h);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::High);
    let mut w = enc.write_header().unwrap();
    w.write_image_data(&img.px).unwrap();
    w.finish().unwrap();
    out
}

fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("{name}.png"))
}

/// Renders `view` and compares it with its golden image: same size, and at
/// most 0.02% of pixels (plus 16) differing by more than 24 in any channel:
/// room for rounding noise, none for a lost word or mark.
fn check(name: &str, view: &View, options: &RenderOptions) {
    let png_bytes = render_png(view, options).unwrap_or_else(|e| panic!("{name}: {e}"));
    let path = golden_path(name);
    if let Some(dir) = std::env::var_os("GOLDEN_OUT") {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(PathBuf::from(dir).join(format!("{name}.png")), &png_bytes).unwrap();
    }
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, recompress(&decode(&png_bytes))).unwrap();
        return;
    }
    let want = std::fs::read(&path).unwrap_or_else(|_| {
        panic!(
            "{name}: no golden at {}; run UPDATE_GOLDEN=1 cargo test -p chronomate-render --test it golden",
            path.display()
        )
    });
    let (got, want) = (decode(&png_bytes), decode(&want));
    assert_eq!(
        (got.w, got.h),
        (want.w, want.h),
        "{name}: image size changed"
    );
    let mut off = 0usize;
    let mut worst = 0u8;
    for (a, b) in got.px.chunks_exact(3).zip(want.px.chunks_exact(3)) {
        let d = (0..3).map(|i| a[i].abs_diff(b[i])).max().unwrap_or(0);
        worst = worst.max(d);
        if d > 24 {
            off += 1;
        }
    }
    let total = (got.w * got.h) as usize;
    assert!(
        off <= total / 5000 + 16,
        "{name}: {off} of {total} pixels differ (worst by {worst}); \
         if the change is intended, UPDATE_GOLDEN=1 and look at the images"
    );
}

fn opts() -> RenderOptions {
    RenderOptions::default()
}

#[test]
fn start_position_calm() {
    check("start-calm", &crate::common::start(), &opts());
}

#[test]
fn black_perspective_with_last_move_and_check() {
    check("middlegame-black", &crate::common::middlegame(), &opts());
}

#[test]
fn flip_puts_white_at_the_bottom_again() {
    let o = RenderOptions {
        flip: true,
        ..opts()
    };
    check("middlegame-flipped", &crate::common::middlegame(), &o);
}

#[test]
fn every_mark_calm() {
    check("marks-calm", &crate::common::marks(), &opts());
}

#[test]
fn every_mark_wood() {
    let o = RenderOptions {
        theme: Theme::Wood,
        ..opts()
    };
    check("marks-wood", &crate::common::marks(), &o);
}

#[test]
fn gallery_at_24_px_ocean() {
    let o = RenderOptions {
        theme: Theme::Ocean,
        square: 24,
        ..opts()
    };
    check("gallery-ocean-24", &crate::common::gallery(), &o);
}

#[test]
fn gallery_contrast() {
    let o = RenderOptions {
        theme: Theme::Contrast,
        square: 48,
        ..opts()
    };
    check("gallery-contrast-48", &crate::common::gallery(), &o);
}

#[test]
fn cube4_levels_side_by_side() {
    check("cube4", &crate::common::cube4(), &opts());
}

#[test]
fn cube4_flipped() {
    let o = RenderOptions {
        flip: true,
        square: 40,
        ..opts()
    };
    check("cube4-flipped", &crate::common::cube4(), &o);
}

#[test]
fn timelines_with_arrows_and_board_states() {
    check("timelines", &crate::common::timelines(), &opts());
}

#[test]
fn grid_of_worlds() {
    check("grid", &crate::common::grid(), &opts());
}

#[test]
fn big_timelines_cropped_to_the_recent_past() {
    // A small side limit makes the crop cheap to test: 21 timelines x 40
    // steps cannot fit 1024 px, so the image shows the latest columns and
    // says so.
    let o = RenderOptions {
        max_side: 1024,
        ..opts()
    };
    check(
        "timelines-cropped",
        &crate::common::big_timelines(21, 40),
        &o,
    );
}

#[test]
fn big_grid_cropped() {
    let o = RenderOptions {
        max_side: 1024,
        ..opts()
    };
    check("grid-cropped", &crate::common::big_grid(200), &o);
}

#[test]
fn a_long_history_shows_the_present_large_beside_wrapped_recent_moves() {
    check("snapshot-compact", &crate::common::history(3, 16), &opts());
}

#[test]
fn the_full_snapshot_wraps_every_board_near_16_9() {
    let o = RenderOptions {
        full: true,
        max_side: 1600,
        ..opts()
    };
    check("snapshot-full", &crate::common::history(3, 16), &o);
}

#[test]
fn one_long_timeline_wraps_into_rows() {
    check(
        "timeline-wrapped",
        &crate::common::big_timelines(1, 7),
        &opts(),
    );
}

#[test]
fn standard_game_view() {
    use chronomate_rules::{Game, Variant};
    let game = Game::new(Variant::Standard, 0);
    check("standard-game", &game.view(), &opts());
}

#[test]
fn fived_standard_middlegame() {
    // Five timelines (one inactive), branches and a jump, the present
    // column, the present boards repeated large.
    check(
        "fived-standard",
        &crate::common::fived::standard_middlegame(),
        &opts(),
    );
}

#[test]
fn fived_draft_before_submitting() {
    check("fived-draft", &crate::common::fived::draft(), &opts());
}

#[test]
fn fived_men_in_both_colours() {
    check("fived-men", &crate::common::fived::figures(), &opts());
    let small = RenderOptions {
        square: 24,
        ..opts()
    };
    check("fived-men-24", &crate::common::fived::figures(), &small);
}

#[test]
fn fived_small_boards() {
    check("fived-5x5", &crate::common::fived::five_by_five(), &opts());
    check(
        "fived-board-sizes",
        &crate::common::fived::small_boards(),
        &opts(),
    );
}

#[test]
fn fived_large_multiverse_compact_and_full() {
    let view = crate::common::fived::big_multiverse(12, 30);
    check("fived-12x30-compact", &view, &opts());
    let full = RenderOptions {
        full: true,
        max_side: 2400,
        ..opts()
    };
    check("fived-12x30-full", &view, &full);
}
