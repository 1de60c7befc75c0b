//! Perft speed: our move generator against cozy-chess's on the same
//! positions in the same run. Both count the last ply in bulk.
//!
//! `cargo bench -p chronomate-rules --bench perft`
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use std::hint::black_box;
use std::time::Duration;

use chronomate_rules::chess::{Position, perft};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// (name, FEN, depth, nodes): the chessprogramming wiki's perft positions.
const POSITIONS: [(&str, &str, u32, u64); 6] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
        4_865_609,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        4_085_603,
    ),
    (
        "position3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        5,
        674_624,
    ),
    (
        "position4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        4,
        422_333,
    ),
    (
        "position5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        4,
        2_103_487,
    ),
    (
        "position6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        4,
        3_894_594,
    ),
];

/// cozy-chess's perft, counting the last ply in bulk as its docs advise.
fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

fn bench_perft(c: &mut Criterion) {
    for (name, fen, depth, nodes) in POSITIONS {
        let ours = Position::from_fen(fen).unwrap();
        let theirs = cozy_chess::Board::from_fen(fen, false).unwrap();
        assert_eq!(perft(&ours, depth), nodes, "{name}");
        assert_eq!(cozy_perft(&theirs, depth), nodes, "{name}");

        let mut group = c.benchmark_group(format!("perft/{name}"));
        group.throughput(Throughput::Elements(nodes));
        group.sample_size(10);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(3));
        group.bench_function("chronomate", |b| b.iter(|| perft(black_box(&ours), depth)));
        group.bench_function("cozy-chess", |b| {
            b.iter(|| cozy_perft(black_box(&theirs), depth))
        });
        group.finish();
    }
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
