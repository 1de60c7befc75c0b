//! Writes the sample images of docs/rendering.md:
//!
//! ```text
//! cargo run --release -p chronomate-render --example samples [-- DIR [NAME...]]
//! ```
//!
//! DIR defaults to `docs/images`; NAMEs pick samples (those named `full-`
//! or `extra-` are written only when named). The PNGs are
//! re-encoded at the best compression to keep the repository small (the bot
//! sends the renderer's own, faster encoding).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

#[path = "../tests/it/common/mod.rs"]
mod common;

use chronomate_render::{RenderOptions, Theme, render_png};

fn recompress(png_bytes: &[u8]) -> Vec<u8> {
    let mut reader = png::Decoder::new(std::io::Cursor::new(png_bytes))
        .read_info()
        .expect("our PNG");
    let palette = reader.info().palette.clone().expect("an indexed PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("frame");
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, info.width, info.height);
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_palette(palette.into_owned());
    enc.set_compression(png::Compression::High);
    let mut w = enc.write_header().expect("header");
    w.write_image_data(&buf[..info.buffer_size()])
        .expect("data");
    w.finish().expect("finish");
    out
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().unwrap_or_else(|| "docs/images".into());
    let only: Vec<String> = args.collect();
    std::fs::create_dir_all(&dir).expect("create output folder");
    let def = RenderOptions::default();
    let with = |f: &dyn Fn(&mut RenderOptions)| {
        let mut o = def.clone();
        f(&mut o);
        o
    };
    let samples: Vec<(&str, chronomate_rules::View, RenderOptions)> = vec![
        ("start", common::start(), def.clone()),
        ("middlegame-black", common::middlegame(), def.clone()),
        (
            "start-contrast-flipped",
            common::start(),
            with(&|o| {
                o.theme = Theme::Contrast;
                o.flip = true;
            }),
        ),
        ("marks", common::marks(), def.clone()),
        (
            "marks-wood",
            common::marks(),
            with(&|o| o.theme = Theme::Wood),
        ),
        ("gallery", common::gallery(), def.clone()),
        (
            "gallery-24px-ocean",
            common::gallery(),
            with(&|o| {
                o.theme = Theme::Ocean;
                o.square = 24;
            }),
        ),
        ("cube4", common::cube4(), def.clone()),
        ("timelines", common::timelines(), def.clone()),
        ("grid", common::grid(), def.clone()),
        (
            "timelines-21x40-cropped",
            common::big_timelines(21, 40),
            with(&|o| o.max_side = 1400),
        ),
        (
            "grid-1000-cropped",
            common::big_grid(1000),
            with(&|o| o.max_side = 1400),
        ),
        ("snapshot-compact", common::history(3, 16), def.clone()),
        ("timeline-wrapped", common::big_timelines(1, 7), def.clone()),
        (
            "fived-standard",
            common::fived::standard_middlegame(),
            def.clone(),
        ),
        ("fived-men", common::fived::figures(), def.clone()),
        (
            "extra-fived-board-sizes",
            common::fived::small_boards(),
            def.clone(),
        ),
        (
            "extra-fived-5x5",
            common::fived::five_by_five(),
            def.clone(),
        ),
        ("extra-fived-draft", common::fived::draft(), def.clone()),
        (
            "extra-fived-turn-11",
            common::fived::at_present(&common::fived::big_multiverse(12, 30), 20),
            with(&|o| o.max_side = 1600),
        ),
        (
            "fived-12x30",
            common::fived::big_multiverse(12, 30),
            def.clone(),
        ),
        (
            "full-fived-12x30",
            common::fived::big_multiverse(12, 30),
            with(&|o| o.full = true),
        ),
        // Full-size snapshots (up to 4096 px): not in docs, too big for
        // the repository.
        (
            "full-timelines-21x40",
            common::big_timelines(21, 40),
            def.clone(),
        ),
        ("full-grid-1000", common::big_grid(1000), def.clone()),
        (
            "full-timelines-21x40-full",
            common::big_timelines(21, 40),
            with(&|o| o.full = true),
        ),
        (
            "full-grid-1000-full",
            common::big_grid(1000),
            with(&|o| o.full = true),
        ),
    ];
    for (name, view, opts) in samples {
        let wanted = if only.is_empty() {
            !name.starts_with("full-") && !name.starts_with("extra-")
        } else {
            only.iter().any(|o| o == name)
        };
        if !wanted {
            continue;
        }
        let t = std::time::Instant::now();
        let png_bytes = render_png(&view, &opts).expect("render");
        let took = t.elapsed();
        let small = recompress(&png_bytes);
        let path = format!("{dir}/{name}.png");
        std::fs::write(&path, &small).expect("write");
        println!(
            "{path}: {} KB ({} KB as rendered, in {took:?})",
            small.len() / 1024,
            png_bytes.len() / 1024
        );
    }
}
