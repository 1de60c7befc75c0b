//! `cargo bench -p chronomate-render --bench render`: one 8x8 board at
//! 512 px (render and PNG encode; target under 10 ms) and a 21-branch x
//! 40-step timelines snapshot (target under 300 ms). `render/bench-peer.sh`
//! runs this next to python-chess + cairosvg.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::Duration;

use chronomate_render::{RenderOptions, render_png};
use criterion::{Criterion, criterion_group, criterion_main};

fn single(c: &mut Criterion) {
    let opts = RenderOptions::default();
    // The same position the peer draws: the Italian game with last move and
    // check, seen by white.
    let mut view = common::middlegame();
    view.perspective = Some(chronomate_rules::Color::White);
    c.bench_function("board_8x8_512px_png", |b| {
        b.iter(|| render_png(black_box(&view), &opts).unwrap())
    });
}

fn snapshots(c: &mut Criterion) {
    let opts = RenderOptions::default();
    let timelines = common::big_timelines(21, 40);
    let mut g = c.benchmark_group("snapshot");
    g.sample_size(10).measurement_time(Duration::from_secs(8));
    g.bench_function("timelines_21x40", |b| {
        b.iter(|| render_png(black_box(&timelines), &opts).unwrap())
    });
    let grid = common::big_grid(1000);
    g.bench_function("grid_1000", |b| {
        b.iter(|| render_png(black_box(&grid), &opts).unwrap())
    });
    g.finish();
}

criterion_group!(benches, single, snapshots);
criterion_main!(benches);
