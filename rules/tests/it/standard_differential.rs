//! Our FIDE engine against an independent one (cozy-chess, MIT), over the
//! positions of seeded random games: the same legal moves, the same
//! checkmates and stalemates; and every move's SAN reads back as itself.
//! The captures-and-promotions generator gives the same list's.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use std::collections::BTreeSet;

use chronomate_rules::chess::{Move, Position, San, SanPlus, Uci};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// Positions compared in all (at least 10,000 are asked for).
const POSITIONS: usize = 12_000;

const STARTS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

/// Our move as cozy-chess writes it: castling as the king taking its rook.
fn cozy_uci(mv: &Move) -> String {
    match *mv {
        Move::Castle { king, rook } => format!("{king}{rook}"),
        _ => mv.uci().to_string(),
    }
}

fn cozy_moves(board: &cozy_chess::Board) -> BTreeSet<String> {
    let mut moves = BTreeSet::new();
    board.generate_moves(|piece_moves| {
        moves.extend(piece_moves.into_iter().map(|mv| mv.to_string()));
        false
    });
    moves
}

/// Compares one position; returns our legal moves.
fn compare(pos: &Position) -> Vec<Move> {
    let fen = pos.fen();
    let cozy: cozy_chess::Board = cozy_chess::Board::from_fen(&fen, false)
        .unwrap_or_else(|e| panic!("cozy-chess refuses our FEN {fen}: {e:?}"));
    let ours = pos.legal_moves();
    let our_set: BTreeSet<String> = ours.iter().map(cozy_uci).collect();
    assert_eq!(our_set.len(), ours.len(), "duplicate moves in {fen}");
    assert_eq!(our_set, cozy_moves(&cozy), "legal moves differ in {fen}");
    assert_eq!(pos.count_legal_moves(), ours.len() as u64, "{fen}");
    let mut tactical = Vec::new();
    pos.for_each_legal_capture_or_promotion(|mv| tactical.push(mv));
    let expected: Vec<Move> = ours
        .iter()
        .filter(|mv| mv.is_capture() || mv.promotion().is_some())
        .copied()
        .collect();
    assert_eq!(
        tactical, expected,
        "captures and promotions differ in {fen}"
    );

    let cozy_check = !cozy.checkers().is_empty();
    assert_eq!(pos.is_check(), cozy_check, "check differs in {fen}");
    assert_eq!(pos.checkers().count(), cozy.checkers().len(), "{fen}");
    let no_moves = ours.is_empty();
    assert_eq!(pos.is_checkmate(), no_moves && cozy_check, "{fen}");
    assert_eq!(pos.is_stalemate(), no_moves && !cozy_check, "{fen}");
    if no_moves {
        let expected = if cozy_check {
            cozy_chess::GameStatus::Won
        } else {
            cozy_chess::GameStatus::Drawn
        };
        assert_eq!(cozy.status(), expected, "{fen}");
    }

    // FEN round trip, and the same position for cozy-chess too.
    let again = Position::from_fen(&fen).unwrap();
    assert_eq!(again, *pos, "{fen}");
    for mv in &ours {
        let written = SanPlus::from_move(pos, mv).to_string();
        let read = San::from_ascii(&written)
            .unwrap_or_else(|e| panic!("{written} in {fen}: {e}"))
            .to_move(pos);
        assert_eq!(read, Ok(*mv), "{written} in {fen}");
        let uci = mv.uci().to_string();
        assert_eq!(
            Uci::from_ascii(&uci).unwrap().to_move(pos),
            Ok(*mv),
            "{uci} in {fen}"
        );
        // The check mark agrees with cozy-chess.
        let mut after = cozy.clone();
        after.play_unchecked(cozy_uci(mv).parse().unwrap());
        let gives_check = !after.checkers().is_empty();
        assert_eq!(
            written.ends_with('+') || written.ends_with('#'),
            gives_check,
            "{written} in {fen}"
        );
    }
    ours
}

#[test]
fn legal_moves_and_ends_agree_with_cozy_chess() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x00c0_ffee);
    let mut compared = 0;
    let mut mates = 0;
    let mut stalemates = 0;
    let mut en_passant = 0;
    let mut castles = 0;
    let mut promotions = 0;
    let mut game = 0;
    while compared < POSITIONS {
        let mut pos = Position::from_fen(STARTS[game % STARTS.len()]).unwrap();
        game += 1;
        for _ in 0..300 {
            let moves = compare(&pos);
            compared += 1;
            if moves.is_empty() {
                if pos.is_check() {
                    mates += 1;
                } else {
                    stalemates += 1;
                }
                break;
            }
            en_passant += moves
                .iter()
                .filter(|m| matches!(m, Move::EnPassant { .. }))
                .count();
            castles += moves
                .iter()
                .filter(|m| matches!(m, Move::Castle { .. }))
                .count();
            promotions += moves.iter().filter(|m| m.promotion().is_some()).count();
            if pos.is_insufficient_material() || pos.halfmove_clock() >= 100 {
                break;
            }
            let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
            pos.play_unchecked(&mv);
        }
    }
    // The walk must have met the rare moves, or it proved little.
    assert!(mates > 0 && en_passant > 0 && castles > 0 && promotions > 0);
    eprintln!(
        "{compared} positions in {game} games: {mates} mates, {stalemates} stalemates, \
         {en_passant} en passant, {castles} castling and {promotions} promotion moves"
    );
}

#[test]
fn repetition_keys_agree_with_cozy_chess() {
    // Positions the FIDE rule calls the same get equal keys, and others
    // different ones, as cozy-chess's own judgement says.
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let mut seen: Vec<(u64, cozy_chess::Board)> = Vec::new();
    for game in 0..40 {
        let mut pos = Position::from_fen(STARTS[game % 2]).unwrap();
        for _ in 0..60 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let cozy = cozy_chess::Board::from_fen(&pos.fen(), false).unwrap();
            seen.push((pos.zobrist_hash(), cozy));
            let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
            pos.play_unchecked(&mv);
        }
    }
    for (i, (key_a, a)) in seen.iter().enumerate() {
        for (key_b, b) in &seen[i + 1..] {
            assert_eq!(key_a == key_b, a.same_position(b));
        }
    }
}
