//! `cargo bench -p chronomate-render --bench render`: one 8x8 board at
//! 512 px (render and PNG encode; target at most 1 ms), the 21-branch x
//! 40-step timelines snapshot and the 1,000-board grid (compact, as the
//! bot posts them; target at most 30 ms each; full ones for comparison),
//! a 5D game of 12 timelines x 30 turns (compact and full), and a 60-move
//! standard game as a GIF at 512 px (target at most 100 ms and 1 MB).
//! `tools/render/bench-peer.sh` runs this next to python-chess + cairosvg (+
//! Pillow for the GIF).
//!
//! Each bench runs twice: wall time (criterion's default) and, under
//! `cpu/`, the thread's CPU time, which a loaded shared machine disturbs
//! far less.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

#[path = "../tests/it/common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::Duration;

use chronomate_render::{GifOptions, RenderOptions, render_png, replay_gif};
use chronomate_rules::Variant;
use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// The game the GIF bench and its peer replay: 120 half-moves of seeded
/// random play (`render/benches/data/standard-60-moves.txt`, one SAN move
/// a line).
const GAME: &str = include_str!("data/standard-60-moves.txt");

/// The calling thread's CPU time.
struct CpuTime;

fn thread_cpu() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes into the timespec we own.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

struct Nanos;

impl ValueFormatter for Nanos {
    fn scale_values(&self, ns: f64, values: &mut [f64]) -> &'static str {
        let (f, unit) = match ns {
            n if n < 1e3 => (1.0, "ns"),
            n if n < 1e6 => (1e-3, "µs"),
            n if n < 1e9 => (1e-6, "ms"),
            _ => (1e-9, "s"),
        };
        values.iter_mut().for_each(|v| *v *= f);
        unit
    }

    fn scale_throughputs(&self, _: f64, _: &Throughput, values: &mut [f64]) -> &'static str {
        values.iter_mut().for_each(|v| *v = 1e9 / *v);
        "/s"
    }

    fn scale_for_machines(&self, _: &mut [f64]) -> &'static str {
        "ns"
    }
}

impl Measurement for CpuTime {
    type Intermediate = Duration;
    type Value = Duration;
    fn start(&self) -> Duration {
        thread_cpu()
    }
    fn end(&self, i: Duration) -> Duration {
        thread_cpu().saturating_sub(i)
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, v: &Duration) -> f64 {
        v.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &Nanos
    }
}

fn benches<M: Measurement + 'static>(c: &mut Criterion<M>, prefix: &str) {
    let opts = RenderOptions::default();
    // The same position the peer draws: the Italian game with last move and
    // check, seen by white.
    let mut view = common::middlegame();
    view.perspective = Some(chronomate_rules::Color::White);
    c.bench_function(&format!("{prefix}board_8x8_512px_png"), |b| {
        b.iter(|| render_png(black_box(&view), &opts).unwrap())
    });

    let full = RenderOptions {
        full: true,
        ..RenderOptions::default()
    };
    let timelines = common::big_timelines(21, 40);
    let grid = common::big_grid(1000);
    let mut g = c.benchmark_group(format!("{prefix}snapshot"));
    g.sample_size(20);
    g.bench_function("timelines_21x40", |b| {
        b.iter(|| render_png(black_box(&timelines), &opts).unwrap())
    });
    g.bench_function("grid_1000", |b| {
        b.iter(|| render_png(black_box(&grid), &opts).unwrap())
    });
    g.bench_function("timelines_21x40_full", |b| {
        b.iter(|| render_png(black_box(&timelines), &full).unwrap())
    });
    g.bench_function("grid_1000_full", |b| {
        b.iter(|| render_png(black_box(&grid), &full).unwrap())
    });
    // A 5D game of 12 timelines over 30 turns (60 columns, 458 boards):
    // compact (the present boards repeated large) and full.
    let fived = common::fived::big_multiverse(12, 30);
    g.bench_function("fived_12x30", |b| {
        b.iter(|| render_png(black_box(&fived), &opts).unwrap())
    });
    g.bench_function("fived_12x30_full", |b| {
        b.iter(|| render_png(black_box(&fived), &full).unwrap())
    });
    g.finish();

    let record: Vec<String> = GAME.lines().map(str::to_owned).collect();
    let views: Vec<_> = common::replay_views(Variant::Standard, 0, &record).collect();
    let gif_opts = GifOptions::default();
    let gif = replay_gif(|| views.iter().cloned(), &gif_opts).unwrap();
    if prefix.is_empty() {
        eprintln!(
            "gif/standard_60_moves_512px: {} frames, {}x{}, {} bytes",
            gif.frames_used,
            gif.width,
            gif.height,
            gif.bytes.len()
        );
    }
    let mut g = c.benchmark_group(format!("{prefix}gif"));
    g.sample_size(10);
    g.bench_function("standard_60_moves_512px", |b| {
        b.iter(|| replay_gif(|| views.iter().cloned(), black_box(&gif_opts)).unwrap())
    });
    g.finish();
}

fn wall(c: &mut Criterion) {
    benches(c, "");
}

fn cpu(c: &mut Criterion<CpuTime>) {
    benches(c, "cpu/");
}

criterion_group!(wall_time, wall);
criterion_group! {
    name = cpu_time;
    config = Criterion::default().with_measurement(CpuTime);
    targets = cpu
}
criterion_main!(wall_time, cpu_time);
