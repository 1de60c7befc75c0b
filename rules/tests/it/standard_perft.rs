//! Perft counts from the chessprogramming wiki's "Perft Results" page: the
//! move generator's count of move sequences must match them exactly.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_rules::chess::{Position, perft, perft_divide};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_4_MIRRORED: &str =
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const POSITION_6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

fn counts(fen: &str, expected: &[u64]) {
    let pos = Position::from_fen(fen).unwrap();
    for (depth, &nodes) in expected.iter().enumerate() {
        let depth = depth as u32 + 1;
        assert_eq!(perft(&pos, depth), nodes, "{fen} at depth {depth}");
    }
}

#[test]
fn start_position() {
    counts(START, &[20, 400, 8_902, 197_281, 4_865_609]);
}

#[test]
fn kiwipete() {
    counts(KIWIPETE, &[48, 2_039, 97_862, 4_085_603]);
}

#[test]
fn position_3() {
    counts(POSITION_3, &[14, 191, 2_812, 43_238, 674_624]);
}

#[test]
fn position_4() {
    counts(POSITION_4, &[6, 264, 9_467, 422_333]);
    counts(POSITION_4_MIRRORED, &[6, 264, 9_467, 422_333]);
}

#[test]
fn position_5() {
    counts(POSITION_5, &[44, 1_486, 62_379, 2_103_487]);
}

#[test]
fn position_6() {
    counts(POSITION_6, &[46, 2_079, 89_890, 3_894_594]);
}

#[test]
fn en_passant_and_promotion_corner_cases() {
    // Known tricky positions (from the perft suites shared by engine
    // authors): en passant discovering check along the rank, promotions
    // giving check, castling rights lost by capture.
    let cases: [(&str, u32, u64); 8] = [
        ("3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 6, 1_134_888),
        ("8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 6, 1_015_133),
        ("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 6, 1_440_467),
        ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", 6, 661_072),
        ("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 6, 803_711),
        ("r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 4, 1_274_206),
        ("2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", 6, 3_821_001),
        ("8/P1k5/K7/8/8/8/8/8 w - - 0 1", 6, 92_683),
    ];
    for (fen, depth, nodes) in cases {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(perft(&pos, depth), nodes, "{fen}");
    }
}

#[test]
fn divide_sums_to_perft() {
    let pos = Position::from_fen(KIWIPETE).unwrap();
    let divide = perft_divide(&pos, 3);
    assert_eq!(divide.len(), 48);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 97_862);
    assert!(divide.iter().any(|(uci, _)| uci == "e1g1"));
    assert!(divide.iter().any(|(uci, _)| uci == "e1c1"));
}
