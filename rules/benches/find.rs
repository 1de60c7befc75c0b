//! Autocomplete and the picker in the largest positions: a 21-branch
//! multiverse turn with time travel open (about 1.2 million legal
//! actions) and a 1,000-board Many Worlds game (about a million splits and
//! tens of millions of transfers); a Traveler middlegame and the chess
//! start as peers. Target: p99 under 50 ms (Discord waits 3 s).
//!
//! `cargo bench -p chronomate-rules --bench find`
//!
//! Before criterion's lines, each position's keystrokes are timed 50 times
//! each and the median, p99 and longest call printed (`keystrokes ...`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use std::hint::black_box;
use std::time::{Duration, Instant};

use chronomate_rules::find::{find, pick};
use chronomate_rules::{Game, Rules, Variant};
use criterion::{Criterion, criterion_group, criterion_main};

#[path = "../tests/support/multiverse_growth.rs"]
mod multiverse_growth;

#[path = "../tests/support/manyworlds_growth.rs"]
mod manyworlds_growth;

/// What a player types, a keystroke at a time.
fn keystrokes(texts: &[&str]) -> Vec<String> {
    let mut out = vec![String::new()];
    for t in texts {
        for end in 1..=t.len() {
            out.push(t[..end].to_owned());
        }
    }
    out
}

/// Times `f` on every keystroke, 50 times each: median, p99, longest.
fn percentiles(name: &str, typed: &[String], mut f: impl FnMut(&str)) {
    let mut times: Vec<Duration> = Vec::new();
    for _ in 0..50 {
        for t in typed {
            let start = Instant::now();
            f(t);
            times.push(start.elapsed());
        }
    }
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    eprintln!(
        "keystrokes {name}: {} calls, median {:.2} ms, p99 {:.2} ms, longest {:.2} ms",
        times.len(),
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        times[times.len() - 1].as_secs_f64() * 1e3,
    );
}

fn bench(c: &mut Criterion) {
    let multiverse = multiverse_growth::twenty_one_branches(1001);
    let many = manyworlds_growth::many_boards(1000);
    let (middle, _) = many.boards().nth(500).unwrap();
    let middle = format!("({middle}) ");
    let chess = Game::new(Variant::Standard, 0);

    let mv_typed = keystrokes(&[">>", "Ra1>>", "(L3)Nf3 Ra1>>(T", "e4", "(L12)"]);
    percentiles("multiverse 21 branches", &mv_typed, |t| {
        black_box(find(&multiverse.families(), t, 25, |a| {
            multiverse.notation(a)
        }));
    });
    let mw_typed = keystrokes(&["e4", "Nf3", &format!("{middle}Nf3"), "Nc6 ", "d4"]);
    percentiles("manyworlds 1000 boards", &mw_typed, |t| {
        black_box(find(&many.families(), t, 25, |a| many.notation(a)));
    });
    percentiles("chess start", &keystrokes(&["e4", "Nf3"]), |t| {
        black_box(chess.find(t, 25));
    });

    let mut group = c.benchmark_group("find");
    group.sample_size(20);
    for typed in ["", ">>", "(L3)", "Ra1>>", "e4"] {
        group.bench_function(format!("multiverse 21 branches {typed:?}"), |b| {
            b.iter(|| {
                find(&multiverse.families(), typed, 25, |a| {
                    multiverse.notation(a)
                })
                .entries
                .len()
            })
        });
    }
    group.bench_function("multiverse 21 branches, families only", |b| {
        b.iter(|| multiverse.families().len())
    });
    group.bench_function("multiverse 21 branches, picker at L3", |b| {
        b.iter(|| pick(&multiverse.families(), &["l3"], |a| multiverse.notation(a)))
    });
    for typed in ["", "e4", "Nc6", middle.as_str()] {
        group.bench_function(format!("manyworlds 1000 boards {typed:?}"), |b| {
            b.iter(|| {
                find(&many.families(), typed, 25, |a| many.notation(a))
                    .entries
                    .len()
            })
        });
    }
    group.bench_function("manyworlds 1000 boards, families only", |b| {
        b.iter(|| many.families().len())
    });
    group.bench_function("chess start \"N\"", |b| {
        b.iter(|| chess.find("N", 25).entries.len())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
