//! Temporal Chess: the full legal action list in a crowded middlegame.
//!
//! `cargo bench -p chronomate-rules --bench temporal`
//!
//! The position (after the record below) has 30 men on the field and White
//! to move with no warp running, so every man may also warp from and into
//! the future with 1 to 6 checkers: 740 legal actions.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use std::hint::black_box;

use chronomate_rules::temporal::{Action, TemporalChess};
use chronomate_rules::{Game, Rules, Variant};
use criterion::{Criterion, criterion_group, criterion_main};

const MIDDLEGAME: [&str; 40] = [
    "K@Cb4",
    "K@Dc1",
    "U@Ca4",
    "U@Aa4",
    "B@Bb3",
    "U@Cc4",
    "B@Dd4",
    "N@Ab4",
    "U@Cd4",
    "N@Dc4",
    "N@Db4",
    "U@Cc3",
    "U@Bd3",
    "NDc4-Db2+",
    "KCb4-Bc4",
    "NDb2-Cb4",
    "R@Cd2",
    "U@Db1",
    "U@Aa2",
    "U@Aa3",
    "NDb4-Da2+",
    "KDc1-Dd1",
    "N@Dc1",
    "B@Ba4",
    "R@Ba3",
    "Q@Da4",
    "U@Dc4",
    "R@Db2",
    "U@Ac3",
    "B@Ca3",
    "U@Ac4",
    "U@Da3",
    "UCd4-Bc3",
    "RDb2-Dd2",
    "Q@Cb3",
    "UCc4-Dd3",
    "U@Aa1",
    "R@Cc2",
    "RBa3-Ba2",
    "U@Ca2",
];

fn middlegame() -> (Game, TemporalChess) {
    let game = Game::replay(Variant::Temporal, 0, MIDDLEGAME).unwrap();
    let mut rules = TemporalChess::default();
    for text in MIDDLEGAME {
        let action = rules.parse(text).unwrap();
        rules.play(&action).unwrap();
    }
    (game, rules)
}

fn bench(c: &mut Criterion) {
    let (game, rules) = middlegame();
    assert_eq!(rules.legal_actions().len(), 740);
    c.bench_function("temporal/legal_actions (740, crowded middlegame)", |b| {
        b.iter(|| black_box(&rules).legal_actions())
    });
    c.bench_function("temporal/legal_actions as text, + and # marked", |b| {
        b.iter(|| black_box(&game).legal_actions())
    });
    let warp = rules
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::WarpFrom { count: 3, .. }))
        .map(|a| rules.notation(&a))
        .unwrap();
    c.bench_function("temporal/parse and play one warp from the future", |b| {
        b.iter(|| {
            let mut g = rules.clone();
            let a = g.parse(black_box(&warp)).unwrap();
            g.play(&a).unwrap()
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
