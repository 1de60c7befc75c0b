//! Many Worlds at scale: a game with 1,000 live boards.
//!
//! `cargo bench -p chronomate-rules --bench manyworlds`
//!
//! The game is built by splits with random moves (none taking a king) on
//! random boards until 1,000 boards are live. Measured: applying a split
//! and a transfer (with duplicate detection: results are looked up by
//! Zobrist key, not compared with every board), the same through `apply`
//! (no notation written, as an engine plays), reading and applying a typed
//! split, listing one board's moves in SAN, and autocomplete.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use std::hint::black_box;

use chronomate_rules::Rules;
use chronomate_rules::manyworlds::{Action, ManyWorlds};
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};

#[path = "../tests/support/manyworlds_growth.rs"]
mod growth;

use growth::many_boards;

/// A split on the middle board, its two first moves.
fn a_split(mw: &ManyWorlds) -> Action {
    let (board, world) = mw.boards().nth(mw.board_count() / 2).expect("boards");
    let moves = world.moves(mw.to_move());
    Action::Split {
        board,
        first: moves[0],
        second: moves[1],
    }
}

fn bench(c: &mut Criterion) {
    let mw = many_boards(1000);
    assert_eq!(mw.board_count(), 1000);
    mw.consistency().expect("consistent");
    let split = a_split(&mw);
    let split_text = mw.notation(&split);
    let transfer = mw
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Transfer { .. }))
        .expect("a transfer");
    let (middle, _) = mw.boards().nth(500).expect("boards");

    let mut group = c.benchmark_group("manyworlds_1000_boards");
    group.bench_function("apply_split", |b| {
        b.iter_batched(
            || mw.clone(),
            |mut g| {
                let played = black_box(g.play(&split).map(|p| p.notation.len()));
                (g, played)
            },
            BatchSize::LargeInput,
        )
    });
    group.bench_function("apply_split_without_notation", |b| {
        b.iter_batched(
            || mw.clone(),
            |mut g| {
                let events = black_box(g.apply(&split).map(|e| e.len()));
                (g, events)
            },
            BatchSize::LargeInput,
        )
    });
    group.bench_function("parse_and_apply_split", |b| {
        b.iter_batched(
            || mw.clone(),
            |mut g| {
                let action = g.parse(&split_text).expect("legal");
                let played = black_box(g.play(&action).map(|p| p.notation.len()));
                // Returned, so the state is dropped outside the timing.
                (g, played)
            },
            BatchSize::LargeInput,
        )
    });
    group.bench_function("apply_transfer", |b| {
        b.iter_batched(
            || mw.clone(),
            |mut g| {
                let played = black_box(g.play(&transfer).map(|p| p.notation.len()));
                (g, played)
            },
            BatchSize::LargeInput,
        )
    });
    group.bench_function("moves_of_one_board", |b| {
        b.iter(|| black_box(mw.moves_on(black_box(middle)).map(|m| m.len())))
    });
    group.bench_function("suggest_first_moves", |b| {
        let typed = format!("({middle}) ");
        b.iter(|| black_box(mw.suggest(black_box(&typed), 25)))
    });
    group.bench_function("suggest_nothing_typed", |b| {
        b.iter(|| black_box(mw.suggest("", 25)))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
