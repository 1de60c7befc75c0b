//! Writes sample images: `cargo run -p chronomate-render --example samples -- DIR`.

#[path = "../tests/common/mod.rs"]
mod common;

use chronomate_render::{RenderOptions, Theme, render_png};

fn main() {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "docs/images".into());
    std::fs::create_dir_all(&dir).expect("create output folder");
    let def = RenderOptions::default();
    let samples: Vec<(&str, chronomate_rules::View, RenderOptions)> = vec![
        ("start", common::start(), def.clone()),
        ("gallery", common::gallery(), def.clone()),
        (
            "gallery-96px",
            common::gallery(),
            RenderOptions {
                square: 96,
                ..def.clone()
            },
        ),
        (
            "gallery-24px",
            common::gallery(),
            RenderOptions {
                square: 24,
                ..def.clone()
            },
        ),
        ("middlegame-flipped", common::middlegame(), def.clone()),
        ("marks", common::marks(), def.clone()),
        (
            "marks-wood",
            common::marks(),
            RenderOptions {
                theme: Theme::Wood,
                ..def.clone()
            },
        ),
        (
            "start-ocean-24px",
            common::start(),
            RenderOptions {
                theme: Theme::Ocean,
                square: 24,
                ..def.clone()
            },
        ),
        (
            "start-contrast-flip",
            common::start(),
            RenderOptions {
                theme: Theme::Contrast,
                flip: true,
                ..def.clone()
            },
        ),
        ("cube4", common::cube4(), def.clone()),
        ("timelines", common::timelines(), def.clone()),
        ("grid", common::grid(), def.clone()),
        (
            "timelines-21x40",
            common::big_timelines(21, 40),
            def.clone(),
        ),
        ("grid-1000", common::big_grid(1000), def.clone()),
    ];
    let only: Vec<String> = std::env::args().skip(2).collect();
    for (name, view, opts) in samples {
        if !only.is_empty() && !only.iter().any(|o| o == name) {
            continue;
        }
        let t = std::time::Instant::now();
        let png = render_png(&view, &opts).expect("render");
        let path = format!("{dir}/{name}.png");
        std::fs::write(&path, &png).expect("write");
        println!("{path}: {} KB in {:?}", png.len() / 1024, t.elapsed());
    }
}
