//! Gifford: the legal action list with men away in time and two timelines.
//!
//! `cargo bench -p chronomate-rules --bench gifford`
//!
//! The position is the rule text's sample game in timeline 2 after
//! `4. Nh3`: Black to make move 4 with two kings (e8 and f8, the second
//! come back from the future), three men away in time (White's pawns due
//! at moves 5 and 8, Black's bishop at 5), one backward travel left each.
//! Every man beside a black king may travel forward to nine free move
//! numbers, either king may go back to moves 1 to 3 (each checked against
//! the past of the line of play), and the FIDE moves come on top.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use std::hint::black_box;

use chronomate_rules::gifford::Gifford;
use chronomate_rules::{Game, Rules, Variant};
use criterion::{Criterion, criterion_group, criterion_main};

const RECORD: [&str; 16] = [
    "d2// to 8",
    "Bf8// to 5",
    "e2// to 5",
    "f7// to 3",
    "Bc4",
    "[P] e6",
    "Nh3",
    "d5",
    "[P] f7+",
    "Kxf7",
    "Bd3",
    "K// back to 2",
    "K [FTF] f8",
    "Bc4",
    "Nf6",
    "Nh3",
];

fn legal_actions(c: &mut Criterion) {
    let mut g = Gifford::default();
    for a in RECORD {
        let action = g.parse(a).expect("the sample reads");
        g.play(&action).expect("the sample plays");
    }
    assert_eq!(g.timeline_count(), 2);
    assert_eq!(g.pending().len(), 3);
    let n = g.legal_actions().len();
    assert!(n > 80, "{n} actions");
    c.bench_function("gifford legal actions, 2 timelines, 3 pending", |b| {
        b.iter(|| black_box(&g).legal_actions())
    });
    let game = Game::replay(Variant::Gifford, 0, RECORD).unwrap();
    c.bench_function("gifford Game::legal_actions with notation", |b| {
        b.iter(|| black_box(&game).legal_actions())
    });
}

criterion_group!(benches, legal_actions);
criterion_main!(benches);
