//! The evaluation of an 8x8 board of FIDE men, shared by every 8x8
//! variant: the terms of [`super::terms`] with one of two sets of weights.
//!
//! Piece-square tables: for FIDE chess's own positions, PeSTO's
//! ([`super::pesto`]); for the time-travel variants' boards, Tomasz
//! Michniewski's "Simplified Evaluation Function" (Chess Programming
//! Wiki), with its endgame king table, against which their own terms were
//! weighed.

use chronomate_rules::Color;
use chronomate_rules::chess::{Board, Position, Role};

use super::pesto;
use super::terms::{self, Pair, Weights};

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

/// Passed pawn bonus by relative rank (endgame weight; half in the
/// middlegame).
const PASSED: [i32; 8] = [0, 10, 15, 25, 45, 75, 120, 0];

/// The weights the time-travel variants' boards are evaluated with:
/// Michniewski's tables (the same in middlegame and endgame but for the
/// king's) and the terms their own evaluations were weighed against.
pub(crate) const SIMPLIFIED: Weights = Weights {
    value: pairs(VALUE, VALUE),
    square: simplified_squares(),
    mobility: [(0, 0), (4, 4), (5, 5), (2, 4), (1, 2), (0, 0)],
    bishop_pair: (30, 40),
    doubled: (-10, -20),
    isolated: (-10, -15),
    passed: passed(),
    shield: [12, 6],
    shield_cap: 36,
    pressure: -16,
    tempo: 10,
};

/// The weights FIDE chess's own positions are evaluated with: PeSTO's
/// material and tables ([`super::pesto`]) and the same terms.
pub(crate) const FIDE: Weights = Weights {
    value: pairs(pesto::MIDDLE_VALUE, pesto::END_VALUE),
    square: pesto_squares(),
    ..SIMPLIFIED
};

/// Two tables by role as one of pairs.
const fn pairs(middle: [i32; 6], end: [i32; 6]) -> [Pair; 6] {
    let mut out = [(0, 0); 6];
    let mut r = 0;
    while r < 6 {
        out[r] = (middle[r], end[r]);
        r += 1;
    }
    out
}

const fn simplified_squares() -> [[Pair; 64]; 6] {
    let tables = [&PAWN, &KNIGHT, &BISHOP, &ROOK, &QUEEN];
    let mut out = [[(0, 0); 64]; 6];
    let mut e = 0;
    while e < 64 {
        let mut r = 0;
        while r < 5 {
            out[r][e] = (tables[r][e], tables[r][e]);
            r += 1;
        }
        out[5][e] = (KING_MIDDLE[e], KING_END[e]);
        e += 1;
    }
    out
}

const fn pesto_squares() -> [[Pair; 64]; 6] {
    let mut out = [[(0, 0); 64]; 6];
    let mut r = 0;
    while r < 6 {
        let mut e = 0;
        while e < 64 {
            out[r][e] = (pesto::MIDDLE[r][e], pesto::END[r][e]);
            e += 1;
        }
        r += 1;
    }
    out
}

const fn passed() -> [Pair; 8] {
    let mut out = [(0, 0); 8];
    let mut rank = 0;
    while rank < 8 {
        out[rank] = (PASSED[rank] / 2, PASSED[rank]);
        rank += 1;
    }
    out
}

/// `board` from White's point of view, in centipawns. Any placement is
/// taken: several kings or none (the time-travel variants have both).
pub(crate) fn board_white(board: &Board) -> i32 {
    terms::evaluate(board, &SIMPLIFIED)
}

/// A FIDE position from the side to move's point of view, with a small
/// bonus for having the move.
pub(crate) fn position(pos: &Position) -> i32 {
    let white = terms::evaluate(pos.board(), &FIDE);
    match pos.turn() {
        Color::White => white + FIDE.tempo,
        Color::Black => -white + FIDE.tempo,
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
