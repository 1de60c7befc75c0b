//! The multiverse at scale.
//!
//! `cargo bench -p chronomate-rules --bench multiverse`
//!
//! Two games grown by random play (as in `tests/it/multiverse_scale.rs`): one
//! of 1,001 branches of about 100 boards, where one board move (with the
//! collapse it owes) is applied; and one of 21 branches at the start of
//! White's turn with the branch limit at 1,001, so that time travel is
//! open, whose every legal action (about 1.2 million) is listed, and
//! counted without a list.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use std::hint::black_box;
use std::time::{Duration, Instant};

use chronomate_rules::{Rules, Status};
use criterion::{Criterion, criterion_group, criterion_main};

#[path = "../tests/support/multiverse_growth.rs"]
mod growth;

use growth::{Rng, random_move, thousand_and_one_branches, twenty_one_branches};

fn bench(c: &mut Criterion) {
    let grown = thousand_and_one_branches();
    c.bench_function("multiverse/apply one board move, 1001 branches", |b| {
        // The game plays on from iteration to iteration; the move is
        // chosen outside the timing, and a game that ends starts over.
        let mut m = grown.clone();
        let mut rng = Rng(0x5151_5151_5151_5151);
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                if m.status() != Status::Ongoing {
                    m = grown.clone();
                }
                let owed = m.owed();
                let id = owed[rng.below(owed.len())];
                let action = random_move(&m, &mut rng, id);
                let start = Instant::now();
                black_box(m.apply(black_box(&action)).unwrap());
                total += start.elapsed();
            }
            total
        });
    });
    drop(grown);

    let m = twenty_one_branches(1001);
    let mut group = c.benchmark_group("multiverse");
    group.sample_size(30);
    group.bench_function("legal actions, 21 branches, travel open", |b| {
        b.iter(|| black_box(m.legal_actions()).len());
    });
    group.bench_function("count legal actions, 21 branches, travel open", |b| {
        b.iter(|| black_box(m.count_legal_actions()));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
