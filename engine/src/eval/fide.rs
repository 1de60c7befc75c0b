//! The evaluation of an 8x8 board of FIDE men, shared by every 8x8
//! variant: material, piece-square tables tapered from middlegame to
//! endgame, mobility, king safety and a little pawn structure.
//!
//! Piece-square tables: for FIDE chess's own positions, PeSTO's
//! ([`super::pesto`]); for the time-travel variants' boards, Tomasz
//! Michniewski's "Simplified Evaluation Function" (Chess Programming
//! Wiki), with its endgame king table, against which their own terms were
//! weighed.

use chronomate_rules::Color;
use chronomate_rules::chess::{Board, Piece, Position, Role};
use chronomate_rules::geometry::attacks::{king_attacks, pawn_attacks_all};
use chronomate_rules::geometry::{Bitboard, File, Square};

use super::pesto;

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

/// Weight of an attacker of the squares around a king, by role.
const PRESSURE: [i32; 6] = [1, 2, 2, 3, 5, 1];

/// Which material and piece-square tables an evaluation counts with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tables {
    /// Michniewski's (above): the time-travel variants' boards, whose own
    /// terms were weighed against them.
    Simplified,
    /// PeSTO's, tapered ([`super::pesto`]): FIDE chess.
    Pesto,
}

/// `board` from White's point of view, in centipawns. Any placement is
/// taken: several kings or none (the time-travel variants have both).
pub(crate) fn board_white(board: &Board) -> i32 {
    board_with(board, Tables::Simplified)
}

/// `board` from White's point of view with `tables`.
fn board_with(board: &Board, tables: Tables) -> i32 {
    let occupied = board.occupied();
    // The squares around each side's kings, and the pressure on them.
    let zones = Color::ALL.map(|c| {
        board
            .by_piece(Piece::new(c, Role::King))
            .into_iter()
            .fold(Bitboard::EMPTY, |z, k| z | king_attacks(k).with(k))
    });
    let mut pressure = [0i32; 2];
    let (mut middle, mut end, mut phase) = (0, 0, 0);
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        let ours = board.by_color(color);
        let their_pawns = board.by_piece(Piece::new(color.other(), Role::Pawn));
        let pawn_guarded = pawn_attacks_all(color.other(), their_pawns);
        let enemy_zone = zones[color.other().index()];
        let (mut mid, mut eg) = (0, 0);
        for role in Role::ALL {
            let men = board.by_piece(Piece::new(color, role));
            let r = role.index();
            for sq in men {
                let e = entry(color, sq);
                phase += PHASE[r];
                if tables == Tables::Pesto {
                    mid += pesto::MIDDLE_VALUE[r] + pesto::MIDDLE[r][e];
                    eg += pesto::END_VALUE[r] + pesto::END[r][e];
                } else if role == Role::King {
                    mid += KING_MIDDLE[e];
                    eg += KING_END[e];
                } else {
                    let v = VALUE[r] + table(role)[e];
                    mid += v;
                    eg += v;
                }
                let attacks = Piece::new(color, role).attacks(sq, occupied);
                if enemy_zone.intersects(attacks) {
                    pressure[color.other().index()] +=
                        PRESSURE[r] * (attacks & enemy_zone).count() as i32;
                }
                if matches!(role, Role::Knight | Role::Bishop | Role::Rook | Role::Queen) {
                    let reach = (attacks & !ours & !pawn_guarded).count() as i32;
                    let (m, e) = MOBILITY[r];
                    mid += m * reach;
                    eg += e * reach;
                }
            }
        }
        if board
            .by_piece(Piece::new(color, Role::Bishop))
            .more_than_one()
        {
            mid += 30;
            eg += 40;
        }
        let (pm, pe) = pawn_structure(board, color);
        mid += pm + shield(board, color);
        eg += pe;
        middle += sign * mid;
        end += sign * eg;
    }
    for color in Color::ALL {
        let p = pressure[color.index()];
        middle -= (if color == Color::White { 1 } else { -1 }) * p * p / 4;
    }
    let phase = phase.min(PHASE_TOTAL);
    (middle * phase + end * (PHASE_TOTAL - phase)) / PHASE_TOTAL
}

/// The files beside `file` and `file` itself.
fn files_around(file: File) -> Bitboard {
    [file.offset(-1), Some(file), file.offset(1)]
        .into_iter()
        .flatten()
        .fold(Bitboard::EMPTY, |b, f| b | f.bitboard())
}

/// Every square on a rank ahead of `sq` for `color`.
fn ahead(color: Color, sq: Square) -> Bitboard {
    let rank = sq.rank().index() as u32;
    match color {
        Color::White if rank < 7 => Bitboard(!0u64 << (8 * (rank + 1))),
        Color::Black if rank > 0 => Bitboard(!0u64 >> (8 * (8 - rank))),
        _ => Bitboard::EMPTY,
    }
}

/// Doubled, isolated and passed pawns of `color`: (middlegame, endgame).
fn pawn_structure(board: &Board, color: Color) -> (i32, i32) {
    let pawns = board.by_piece(Piece::new(color, Role::Pawn));
    let theirs = board.by_piece(Piece::new(color.other(), Role::Pawn));
    let (mut mid, mut end) = (0, 0);
    for sq in pawns {
        let file = sq.file().bitboard();
        let around = files_around(sq.file());
        if (pawns & file & ahead(color, sq)).any() {
            // Doubled: another pawn of ours ahead on the file.
            mid -= 10;
            end -= 20;
        }
        if (pawns & (around & !file)).is_empty() {
            mid -= 10;
            end -= 15;
        }
        if (theirs & around & ahead(color, sq)).is_empty() {
            let rank = sq.rank().relative_to(color).index();
            mid += PASSED[rank] / 2;
            end += PASSED[rank];
        }
    }
    (mid, end)
}

/// The pawn shield before each of `color`'s kings (middlegame).
fn shield(board: &Board, color: Color) -> i32 {
    let pawns = board.by_piece(Piece::new(color, Role::Pawn));
    let forward = match color {
        Color::White => 1,
        Color::Black => -1,
    };
    let mut score = 0;
    for king in board.by_piece(Piece::new(color, Role::King)) {
        let mut s = 0;
        for df in -1..=1 {
            for dr in 1..=2 {
                if let Some(sq) = king.offset(df, forward * dr)
                    && pawns.contains(sq)
                {
                    s += if dr == 1 { 12 } else { 6 };
                }
            }
        }
        score += s.min(36);
    }
    score
}

/// A FIDE position from the side to move's point of view, with a small
/// bonus for having the move.
pub(crate) fn position(pos: &Position) -> i32 {
    let white = board_with(pos.board(), Tables::Pesto);
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
