//! Which squares a man attacks on the 8x8 board, and the rays between
//! squares.
//!
//! Leapers (king, knight, pawn captures) look up tables built at compile
//! time. Sliders (rook, bishop, queen) look up magic bitboard tables
//! (see the private `magic` module) keyed by the occupied squares that can
//! block them.

use super::magic::SLIDERS;
use super::{Bitboard, Square};
use crate::Color;

const KING_STEPS: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];
const KNIGHT_STEPS: [(i32, i32); 8] = [
    (-2, -1),
    (-1, -2),
    (1, -2),
    (2, -1),
    (-2, 1),
    (-1, 2),
    (1, 2),
    (2, 1),
];

/// The squares one step of `steps` away from `square`.
const fn leaps(square: Square, steps: &[(i32, i32)]) -> Bitboard {
    let mut set = 0;
    let mut i = 0;
    while i < steps.len() {
        if let Some(to) = square.offset(steps[i].0, steps[i].1) {
            set |= to.bitboard().0;
        }
        i += 1;
    }
    Bitboard(set)
}

const fn leap_table(steps: &[(i32, i32)]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut i = 0;
    while i < 64 {
        table[i] = leaps(Square::ALL[i], steps);
        i += 1;
    }
    table
}

static KING_ATTACKS: [Bitboard; 64] = leap_table(&KING_STEPS);
static KNIGHT_ATTACKS: [Bitboard; 64] = leap_table(&KNIGHT_STEPS);
static PAWN_ATTACKS: [[Bitboard; 64]; 2] = [
    leap_table(&[(-1, 1), (1, 1)]),
    leap_table(&[(-1, -1), (1, -1)]),
];

/// The squares a king on `square` attacks: its eight neighbours.
#[inline]
pub fn king_attacks(square: Square) -> Bitboard {
    KING_ATTACKS[square.index()]
}

/// The squares a knight on `square` attacks.
#[inline]
pub fn knight_attacks(square: Square) -> Bitboard {
    KNIGHT_ATTACKS[square.index()]
}

/// The squares a pawn of `color` on `square` attacks: one step forward
/// diagonally, forward being towards the other side.
#[inline]
pub fn pawn_attacks(color: Color, square: Square) -> Bitboard {
    PAWN_ATTACKS[color.index()][square.index()]
}

/// Every square some pawn of `color` on `pawns` attacks.
#[inline]
pub fn pawn_attacks_all(color: Color, pawns: Bitboard) -> Bitboard {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let p = pawns.0;
    Bitboard(match color {
        Color::White => ((p << 7) & NOT_H) | ((p << 9) & NOT_A),
        Color::Black => ((p >> 9) & NOT_H) | ((p >> 7) & NOT_A),
    })
}

/// The squares a rook on `square` attacks when `occupied` are taken: along
/// its rank and file up to and including the first occupied square.
#[inline]
pub fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    SLIDERS.rook(square, occupied)
}

/// The squares a bishop on `square` attacks when `occupied` are taken:
/// along its diagonals up to and including the first occupied square.
#[inline]
pub fn bishop_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    SLIDERS.bishop(square, occupied)
}

/// The squares a queen on `square` attacks: a rook's and a bishop's.
#[inline]
pub fn queen_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    let sliders = &*SLIDERS;
    sliders.rook(square, occupied) | sliders.bishop(square, occupied)
}

/// The direction from `a` to `b` in unit steps, if they share a rank, file
/// or diagonal.
const fn direction(a: Square, b: Square) -> Option<(i32, i32)> {
    let df = b.file() as i32 - a.file() as i32;
    let dr = b.rank() as i32 - a.rank() as i32;
    if df == 0 && dr == 0 {
        None
    } else if df == 0 || dr == 0 || df == dr || df == -dr {
        Some((df.signum(), dr.signum()))
    } else {
        None
    }
}

const fn ray_tables() -> ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) {
    let mut between = [[Bitboard::EMPTY; 64]; 64];
    let mut line = [[Bitboard::EMPTY; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let (from, to) = (Square::ALL[a], Square::ALL[b]);
            if let Some((df, dr)) = direction(from, to) {
                // Strictly between: step from `from` until `to`.
                let mut set = 0;
                let mut at = from;
                while let Some(next) = at.offset(df, dr) {
                    if next as u8 == to as u8 {
                        break;
                    }
                    set |= next.bitboard().0;
                    at = next;
                }
                between[a][b] = Bitboard(set);
                // The whole line: both ways from `from` to the edges.
                let mut whole = from.bitboard().0;
                let mut sign = -1;
                while sign <= 1 {
                    let mut at = from;
                    while let Some(next) = at.offset(sign * df, sign * dr) {
                        whole |= next.bitboard().0;
                        at = next;
                    }
                    sign += 2;
                }
                line[a][b] = Bitboard(whole);
            }
            b += 1;
        }
        a += 1;
    }
    (between, line)
}

static RAYS: ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) = ray_tables();

/// The squares strictly between `a` and `b` when they share a rank, file or
/// diagonal: where a man would block a slider going from one to the other.
/// Empty when they are not aligned or are neighbours.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    RAYS.0[a.index()][b.index()]
}

/// The whole rank, file or diagonal through `a` and `b`, edge to edge, both
/// included. Empty when they are not aligned (or are the same square).
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    RAYS.1[a.index()][b.index()]
}

/// Whether `c` lies on the line through `a` and `b`.
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::rays::{BISHOP_DIRECTIONS, ROOK_DIRECTIONS, walk_rays};
    use rand_chacha::ChaCha8Rng;
    use rand_core::{Rng, SeedableRng};

    #[test]
    fn leapers() {
        assert_eq!(king_attacks(Square::A1).count(), 3);
        assert_eq!(king_attacks(Square::E4).count(), 8);
        assert_eq!(
            knight_attacks(Square::A1),
            Square::B3.bitboard() | Square::C2.bitboard()
        );
        assert_eq!(knight_attacks(Square::D4).count(), 8);
        assert_eq!(
            pawn_attacks(Color::White, Square::E4),
            Square::D5.bitboard() | Square::F5.bitboard()
        );
        assert_eq!(
            pawn_attacks(Color::Black, Square::A5),
            Square::B4.bitboard()
        );
        assert_eq!(pawn_attacks(Color::White, Square::H8), Bitboard::EMPTY);
        for color in Color::ALL {
            let pawns = Bitboard(0x00ff_0000_8100_ff00);
            let one_by_one = pawns
                .into_iter()
                .fold(Bitboard::EMPTY, |all, sq| all | pawn_attacks(color, sq));
            assert_eq!(pawn_attacks_all(color, pawns), one_by_one);
        }
    }

    #[test]
    fn rays() {
        assert_eq!(
            between(Square::A1, Square::D4),
            Square::B2.bitboard() | Square::C3.bitboard()
        );
        assert_eq!(
            between(Square::D4, Square::A1),
            between(Square::A1, Square::D4)
        );
        assert_eq!(between(Square::A1, Square::B3), Bitboard::EMPTY);
        assert_eq!(between(Square::E1, Square::E2), Bitboard::EMPTY);
        assert_eq!(line(Square::B2, Square::C3).count(), 8);
        assert_eq!(
            line(Square::E1, Square::E5),
            Square::E1.bitboard() | line(Square::E2, Square::E8)
        );
        assert_eq!(line(Square::A1, Square::B3), Bitboard::EMPTY);
        assert_eq!(line(Square::A1, Square::A1), Bitboard::EMPTY);
        assert!(aligned(Square::A1, Square::C3, Square::H8));
        assert!(!aligned(Square::A1, Square::C3, Square::H7));
    }

    #[test]
    fn sliders_agree_with_walking_the_rays() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..2000 {
            let occupied = Bitboard(rng.next_u64() & rng.next_u64());
            for square in Square::ALL {
                assert_eq!(
                    rook_attacks(square, occupied),
                    walk_rays(square, occupied, &ROOK_DIRECTIONS)
                );
                assert_eq!(
                    bishop_attacks(square, occupied),
                    walk_rays(square, occupied, &BISHOP_DIRECTIONS)
                );
            }
        }
        assert_eq!(queen_attacks(Square::D4, Bitboard::EMPTY).count(), 27);
    }
}
