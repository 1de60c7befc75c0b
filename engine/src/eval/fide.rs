//! The evaluation of an 8x8 board of FIDE men, shared by every 8x8
//! variant: material, piece-square tables tapered from middlegame to
//! endgame, mobility, king safety and a little pawn structure.
//!
//! Piece-square tables: Tomasz Michniewski's "Simplified Evaluation
//! Function" (Chess Programming Wiki), with its endgame king table.

use chronomate_rules::Color;
use chronomate_rules::chess::{Board, Piece, Position, Role};
use chronomate_rules::geometry::attacks::{king_attacks, pawn_attacks_all};
use chronomate_rules::geometry::{Bitboard, File, Square};

/// Centipawn values by [`Role::index`]: pawn, knight, bishop, rook, queen,
/// king (the king is never traded, and counts nothing).
pub(crate) const VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// A man's value by role.
pub(crate) fn value(role: Role) -> i32 {
    VALUE[role.index()]
}

// Tables as printed: rank 8 first, a-file first, from White's side. A
// white man on square `sq` reads entry `sq ^ 56`; a black man reads `sq`.
#[rustfmt::skip]
const PAWN: [i32; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
    50, 50, 50, 50, 50, 50, 50, 50,
    10, 10, 20, 30, 30, 20, 10, 10,
     5,  5, 10, 25, 25, 10,  5,  5,
     0,  0,  0, 20, 20,  0,  0,  0,
     5, -5,-10,  0,  0,-10, -5,  5,
     5, 10, 10,-20,-20, 10, 10,  5,
     0,  0,  0,  0,  0,  0,  0,  0,
];
#[rustfmt::skip]
const KNIGHT: [i32; 64] = [
    -50,-40,-30,-30,-30,-30,-40,-50,
    -40,-20,  0,  0,  0,  0,-20,-40,
    -30,  0, 10, 15, 15, 10,  0,-30,
    -30,  5, 15, 20, 20, 15,  5,-30,
    -30,  0, 15, 20, 20, 15,  0,-30,
    -30,  5, 10, 15, 15, 10,  5,-30,
    -40,-20,  0,  5,  5,  0,-20,-40,
    -50,-40,-30,-30,-30,-30,-40,-50,
];
#[rustfmt::skip]
const BISHOP: [i32; 64] = [
    -20,-10,-10,-10,-10,-10,-10,-20,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -10,  0,  5, 10, 10,  5,  0,-10,
    -10,  5,  5, 10, 10,  5,  5,-10,
    -10,  0, 10, 10, 10, 10,  0,-10,
    -10, 10, 10, 10, 10, 10, 10,-10,
    -10,  5,  0,  0,  0,  0,  5,-10,
    -20,-10,-10,-10,-10,-10,-10,-20,
];
#[rustfmt::skip]
const ROOK: [i32; 64] = [
      0,  0,  0,  0,  0,  0,  0,  0,
      5, 10, 10, 10, 10, 10, 10,  5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
      0,  0,  0,  5,  5,  0,  0,  0,
];
#[rustfmt::skip]
const QUEEN: [i32; 64] = [
    -20,-10,-10, -5, -5,-10,-10,-20,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -10,  0,  5,  5,  5,  5,  0,-10,
     -5,  0,  5,  5,  5,  5,  0, -5,
      0,  0,  5,  5,  5,  5,  0, -5,
    -10,  5,  5,  5,  5,  5,  0,-10,
    -10,  0,  5,  0,  0,  0,  0,-10,
    -20,-10,-10, -5, -5,-10,-10,-20,
];
#[rustfmt::skip]
const KING_MIDDLE: [i32; 64] = [
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -20,-30,-30,-40,-40,-30,-30,-20,
    -10,-20,-20,-20,-20,-20,-20,-10,
     20, 20,  0,  0,  0,  0, 20, 20,
     20, 30, 10,  0,  0, 10, 30, 20,
];
#[rustfmt::skip]
const KING_END: [i32; 64] = [
    -50,-40,-30,-20,-20,-30,-40,-50,
    -30,-20,-10,  0,  0,-10,-20,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-30,  0,  0,  0,  0,-30,-30,
    -50,-30,-30,-30,-30,-30,-30,-50,
];

/// Game phase weights by role: 24 with all minor and major pieces on.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const PHASE_TOTAL: i32 = 24;

/// Mobility bonus per reachable square, middlegame and endgame.
const MOBILITY: [(i32, i32); 6] = [(0, 0), (4, 4), (5, 5), (2, 4), (1, 2), (0, 0)];

/// Passed pawn bonus by relative rank (endgame weight; half in the
/// middlegame).
const PASSED: [i32; 8] = [0, 10, 15, 25, 45, 75, 120, 0];

fn table(role: Role) -> &'static [i32; 64] {
    match role {
        Role::Pawn => &PAWN,
        Role::Knight => &KNIGHT,
        Role::Bishop => &BISHOP,
        Role::Rook => &ROOK,
        Role::Queen => &QUEEN,
        Role::King => &KING_MIDDLE,
    }
}

/// The square a man of `color` on `sq` reads in the tables.
fn entry(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq.index() ^ 56,
        Color::Black => sq.index(),
    }
}

/// Men of the board, mobility and structure, from White's side, as
/// (middlegame, endgame) halves before tapering, and the phase.
struct Terms {
    middle: i32,
    end: i32,
    phase: i32,
}

/// `board` from White's point of view, in centipawns. Any placement is
/// taken: several kings or none (the time-travel variants have both).
pub(crate) fn board_white(board: &Board) -> i32 {
    let mut t = Terms {
        middle: 0,
        end: 0,
        phase: 0,
    };
    let occupied = board.occupied();
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        let ours = board.by_color(color);
        let their_pawns = board.by_piece(Piece::new(color.other(), Role::Pawn));
        let pawn_guarded = pawn_attacks_all(color.other(), their_pawns);
        let (mut mid, mut end) = (0, 0);
        for role in Role::ALL {
            let men = board.by_piece(Piece::new(color, role));
            for sq in men {
                let e = entry(color, sq);
                let v = VALUE[role.index()];
                t.phase += PHASE[role.index()];
                if role == Role::King {
                    mid += KING_MIDDLE[e];
                    end += KING_END[e];
                    continue;
                }
                let pst = table(role)[e];
                mid += v + pst;
                end += v + pst;
                if role != Role::Pawn {
                    let reach =
                        (Piece::new(color, role).attacks(sq, occupied) & !ours & !pawn_guarded)
                            .count() as i32;
                    let (m, e) = MOBILITY[role.index()];
                    mid += m * reach;
                    end += e * reach;
                }
            }
        }
        if board
            .by_piece(Piece::new(color, Role::Bishop))
            .more_than_one()
        {
            mid += 30;
            end += 40;
        }
        let (pm, pe) = pawn_structure(board, color);
        mid += pm;
        end += pe;
        let king_mid = king_safety(board, color);
        mid += king_mid;
        t.middle += sign * mid;
        t.end += sign * end;
    }
    let phase = t.phase.min(PHASE_TOTAL);
    (t.middle * phase + t.end * (PHASE_TOTAL - phase)) / PHASE_TOTAL
}

/// Doubled, isolated and passed pawns of `color`: (middlegame, endgame).
fn pawn_structure(board: &Board, color: Color) -> (i32, i32) {
    let pawns = board.by_piece(Piece::new(color, Role::Pawn));
    let theirs = board.by_piece(Piece::new(color.other(), Role::Pawn));
    let (mut mid, mut end) = (0, 0);
    for file in File::ALL {
        let on_file = (pawns & file.bitboard()).count() as i32;
        if on_file == 0 {
            continue;
        }
        if on_file > 1 {
            mid -= 10 * (on_file - 1);
            end -= 20 * (on_file - 1);
        }
        let neighbours = [file.offset(-1), file.offset(1)]
            .into_iter()
            .flatten()
            .fold(Bitboard::EMPTY, |b, f| b | f.bitboard());
        if (pawns & neighbours).is_empty() {
            mid -= 10 * on_file;
            end -= 15 * on_file;
        }
    }
    for sq in pawns {
        let rank = sq.rank().relative_to(color).index();
        // Enemy pawns ahead on this file or the two beside it stop a
        // passer.
        let mut front = Bitboard::EMPTY;
        for df in -1..=1 {
            let Some(f) = sq.file().offset(df) else {
                continue;
            };
            for step in 1..8 {
                let dr = match color {
                    Color::White => step,
                    Color::Black => -step,
                };
                if let Some(s) = Square::new(f, sq.rank()).offset(0, dr) {
                    front.insert(s);
                }
            }
        }
        if (theirs & front).is_empty() {
            mid += PASSED[rank] / 2;
            end += PASSED[rank];
        }
    }
    (mid, end)
}

/// Middlegame king safety of `color`: the pawn shield before each king
/// and the enemy men bearing on the squares around it.
fn king_safety(board: &Board, color: Color) -> i32 {
    let mut score = 0;
    let pawns = board.by_piece(Piece::new(color, Role::Pawn));
    let occupied = board.occupied();
    for king in board.by_piece(Piece::new(color, Role::King)) {
        let zone = king_attacks(king).with(king);
        let ahead = match color {
            Color::White => 1,
            Color::Black => -1,
        };
        let mut shield = 0;
        for df in -1..=1 {
            for dr in 1..=2 {
                if let Some(s) = king.offset(df, ahead * dr)
                    && pawns.contains(s)
                {
                    shield += if dr == 1 { 12 } else { 6 };
                }
            }
        }
        score += shield.min(36);
        let mut pressure = 0;
        for sq in zone {
            let attackers = board.attackers_to(sq, color.other(), occupied);
            for a in attackers {
                if let Some(role) = board.role_at(a) {
                    pressure += match role {
                        Role::Queen => 5,
                        Role::Rook => 3,
                        Role::Bishop | Role::Knight => 2,
                        _ => 1,
                    };
                }
            }
        }
        score -= pressure * pressure / 4;
    }
    score
}

/// A FIDE position from the side to move's point of view, with a small
/// bonus for having the move.
pub(crate) fn position(pos: &Position) -> i32 {
    let white = board_white(pos.board());
    let tempo = 10;
    match pos.turn() {
        Color::White => white + tempo,
        Color::Black => -white + tempo,
    }
}

/// What the side `to_move` can win at once on `board`: the most valuable
/// enemy man it attacks that is undefended, or defended but worth more
/// than the cheapest attacker. A cheap stand-in for a quiescence search
/// where the variant's own captures are too costly to search.
pub(crate) fn threat(board: &Board, to_move: Color, values: &[i32; 6]) -> i32 {
    let occupied = board.occupied();
    let mut best = 0;
    for sq in board.by_color(to_move.other()) {
        let Some(role) = board.role_at(sq) else {
            continue;
        };
        let victim = values[role.index()];
        if victim <= best {
            continue;
        }
        let attackers = board.attackers_to(sq, to_move, occupied);
        if attackers.is_empty() {
            continue;
        }
        let cheapest = attackers
            .into_iter()
            .filter_map(|a| board.role_at(a))
            .map(|r| values[r.index()])
            .min()
            .unwrap_or(0);
        let defended = board.is_attacked(sq, to_move.other(), occupied);
        let gain = if defended { victim - cheapest } else { victim };
        best = best.max(gain);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_level_and_material_counts() {
        let start = Position::new();
        assert_eq!(board_white(start.board()), 0);
        let up_a_knight =
            Position::from_fen("rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        assert!(position(&up_a_knight) > 250);
    }

    #[test]
    fn mirrored_positions_score_the_same_for_the_mover() {
        let a =
            Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
                .unwrap();
        let b =
            Position::from_fen("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3")
                .unwrap();
        assert_eq!(position(&a), position(&b));
    }

    #[test]
    fn a_hanging_queen_is_a_threat() {
        let pos = Position::from_fen("4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1").unwrap();
        assert_eq!(threat(pos.board(), Color::White, &VALUE), 900);
        // The rook is defended by the king: taking it with the queen loses.
        assert_eq!(threat(pos.board(), Color::Black, &VALUE), 0);
    }
}
