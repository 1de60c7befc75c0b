//! The engine's speed: nodes a second in every variant, and the time a
//! move takes at levels 1, 4 and 8 in standard chess and Gifford's.
//!
//! `cargo bench -p chronomate-engine`
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a bench fails loudly

use std::time::Duration;

use chronomate_engine::{Level, Limits, Player, play_game, think};
use chronomate_rules::{Game, Variant};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// A middlegame: twelve actions between two greedy players (the first
/// seed from 7 whose game is still going). Not the engine's own levels, so
/// that a change to them leaves the positions alone.
fn middlegame(variant: Variant) -> Game {
    let greedy = Player::Greedy;
    (7..)
        .map(|seed| {
            play_game(variant, seed, greedy, greedy, None, 12)
                .unwrap()
                .game
        })
        .find(|g| !g.status().is_over())
        .unwrap()
}

/// A node budget that takes a fraction of a second in each variant (one
/// not listed: 20,000).
fn budget(variant: Variant) -> u64 {
    [
        (Variant::Standard, 300_000),
        (Variant::Multiverse, 100_000),
        (Variant::ManyWorlds, 4_000),
        (Variant::Traveler, 2_000),
    ]
    .into_iter()
    .find(|&(v, _)| v == variant)
    .map_or(20_000, |(_, n)| n)
}

fn nodes_per_second(c: &mut Criterion) {
    let mut group = c.benchmark_group("nodes");
    for &variant in Variant::ALL {
        let game = middlegame(variant);
        let limits = Limits {
            level: Level::MAX,
            nodes: Some(budget(variant)),
            depth: Some(64),
            // The search alone: a watching level (5D's) first looks for a
            // mate, and where it finds one (5D's middlegame has a mate in
            // one) no node is searched.
            watch: Some(0),
            ..Limits::default()
        };
        // The count is the same every run: no time limit.
        let nodes = think(&game, &limits, 0).unwrap().nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(variant.id(), |b| b.iter(|| think(&game, &limits, 0)));
    }
    group.finish();
}

fn time_per_move(c: &mut Criterion) {
    let mut group = c.benchmark_group("move");
    for variant in [Variant::Standard, Variant::Gifford] {
        let game = middlegame(variant);
        for level in [1, 4, 8] {
            let limits = Limits::level(Level::new(level).unwrap(), None);
            group.bench_function(format!("{}/level{level}", variant.id()), |b| {
                b.iter(|| think(&game, &limits, 0))
            });
        }
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    targets = nodes_per_second, time_per_move
}
criterion_main!(benches);
