//! The men of Temporal Chess and how they move: Raumschach movement on the
//! 4x4x4 field (T-3).
//!
//! - Rook: any distance along the 6 orthogonal lines (level, file or rank).
//! - Bishop: any distance along the 12 two-dimensional diagonals (two of
//!   level, file and rank change by the same amount).
//! - Unicorn: any distance along the 8 three-dimensional diagonals (all three
//!   change by the same amount). Unicorns replace the pawns.
//! - Queen: rook, bishop and unicorn lines, 26 in all.
//! - King: one step along any of the 26 lines.
//! - Knight: a leap changing one coordinate by 1 and another by 2 (24
//!   leaps); it cannot be blocked.
//!
//! Line movers are blocked by the first man present on their line. A man that
//! warped into the future (T-5) is not present: it blocks nothing.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::cell::{BISHOP_LINES, Cell, KING, KNIGHT, RAYS, RISING, ROOK_LINES, UNICORN_LINES};
use crate::geometry::Bitboard;
use crate::view::Figure;

/// The kinds of men in Temporal Chess (T-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// One step along any of the 26 lines; royal.
    King,
    /// Any distance along rook, bishop and unicorn lines.
    Queen,
    /// Any distance along the 6 orthogonal lines.
    Rook,
    /// Any distance along the 12 two-dimensional diagonals.
    Bishop,
    /// Leaps one along one coordinate and two along another.
    Knight,
    /// Any distance along the 8 three-dimensional diagonals; it replaces
    /// the pawns.
    Unicorn,
}

impl Kind {
    /// Every kind, in declaration order: the order of [`Kind::index`].
    pub const ALL: [Kind; 6] = [
        Kind::King,
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
        Kind::Unicorn,
    ];

    /// How many of this kind each side holds at the start (T-2): K, Q, 2R,
    /// 2B, 2N and 8 unicorns.
    pub const fn initial(self) -> u8 {
        match self {
            Kind::King | Kind::Queen => 1,
            Kind::Rook | Kind::Bishop | Kind::Knight => 2,
            Kind::Unicorn => 8,
        }
    }

    /// 0 for the king to 5 for the unicorn: an index into per-kind
    /// tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The capital letter used in notation: `K Q R B N U`.
    pub const fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
            Kind::Unicorn => 'U',
        }
    }

    /// The kind written `c` (either case).
    pub const fn from_letter(c: char) -> Option<Kind> {
        match c.to_ascii_uppercase() {
            'K' => Some(Kind::King),
            'Q' => Some(Kind::Queen),
            'R' => Some(Kind::Rook),
            'B' => Some(Kind::Bishop),
            'N' => Some(Kind::Knight),
            'U' => Some(Kind::Unicorn),
            _ => None,
        }
    }

    /// `king`, `queen`, ...
    pub const fn name(self) -> &'static str {
        match self {
            Kind::King => "king",
            Kind::Queen => "queen",
            Kind::Rook => "rook",
            Kind::Bishop => "bishop",
            Kind::Knight => "knight",
            Kind::Unicorn => "unicorn",
        }
    }

    /// How the renderer draws it.
    pub const fn figure(self) -> Figure {
        match self {
            Kind::King => Figure::King,
            Kind::Queen => Figure::Queen,
            Kind::Rook => Figure::Rook,
            Kind::Bishop => Figure::Bishop,
            Kind::Knight => Figure::Knight,
            Kind::Unicorn => Figure::Unicorn,
        }
    }

    /// How the man moves, in words, for refusals.
    pub const fn movement(self) -> &'static str {
        match self {
            Kind::King => "one step along any of the 26 lines",
            Kind::Queen => "along any of the 26 lines",
            Kind::Rook => "along the 6 orthogonal lines",
            Kind::Bishop => "along the 12 two-dimensional diagonals",
            Kind::Knight => "by (0,1,2) leaps",
            Kind::Unicorn => "along the 8 three-dimensional diagonals",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The cells along direction `d` from `from` up to and including the first
/// cell of `occupied`.
#[inline]
fn ray(d: usize, from: usize, occupied: u64) -> u64 {
    let ray = RAYS[d][from];
    let blockers = ray & occupied;
    if blockers == 0 {
        return ray;
    }
    let first = if RISING[d] {
        blockers.trailing_zeros()
    } else {
        63 - blockers.leading_zeros()
    };
    ray ^ RAYS[d][first as usize]
}

#[inline]
fn lines(dirs: std::ops::Range<usize>, from: usize, occupied: u64) -> u64 {
    let mut out = 0;
    for d in dirs {
        out |= ray(d, from, occupied);
    }
    out
}

/// The cells a `kind` on `from` attacks when the men present stand on
/// `occupied`: every cell it could move to, its own men's cells included.
pub fn attacks(kind: Kind, from: Cell, occupied: Bitboard) -> Bitboard {
    let c = from.index() as usize;
    let occ = occupied.0;
    Bitboard(match kind {
        Kind::King => KING[c],
        Kind::Knight => KNIGHT[c],
        Kind::Rook => lines(ROOK_LINES, c, occ),
        Kind::Bishop => lines(BISHOP_LINES, c, occ),
        Kind::Unicorn => lines(UNICORN_LINES, c, occ),
        Kind::Queen => lines(0..26, c, occ),
    })
}

/// Rook lines from `from`.
#[inline]
pub(crate) fn rook_attacks(from: Cell, occupied: Bitboard) -> Bitboard {
    Bitboard(lines(ROOK_LINES, from.index() as usize, occupied.0))
}

/// Bishop lines from `from`.
#[inline]
pub(crate) fn bishop_attacks(from: Cell, occupied: Bitboard) -> Bitboard {
    Bitboard(lines(BISHOP_LINES, from.index() as usize, occupied.0))
}

/// Unicorn lines from `from`.
#[inline]
pub(crate) fn unicorn_attacks(from: Cell, occupied: Bitboard) -> Bitboard {
    Bitboard(lines(UNICORN_LINES, from.index() as usize, occupied.0))
}

/// Knight leaps from `from`.
#[inline]
pub(crate) fn knight_attacks(from: Cell) -> Bitboard {
    Bitboard(KNIGHT[from.index() as usize])
}

/// King steps from `from`.
#[inline]
pub(crate) fn king_attacks(from: Cell) -> Bitboard {
    Bitboard(KING[from.index() as usize])
}

/// The cells strictly between `from` and `to` when they share a line, else
/// the empty set. Used to say why a line move is blocked.
pub fn between(from: Cell, to: Cell) -> Bitboard {
    for rays in &RAYS {
        let ray = rays[from.index() as usize];
        if ray & to.bit().0 != 0 {
            return Bitboard(ray & !rays[to.index() as usize] & !to.bit().0);
        }
    }
    Bitboard::EMPTY
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(s: &str) -> Cell {
        s.parse().unwrap()
    }

    #[test]
    fn t3_counts_from_an_empty_field() {
        let empty = Bitboard::EMPTY;
        for c in Cell::all() {
            assert_eq!(attacks(Kind::Rook, c, empty).count(), 9, "rook on {c}");
        }
        assert_eq!(attacks(Kind::King, cell("Aa1"), empty).count(), 7);
        assert_eq!(attacks(Kind::King, cell("Bb2"), empty).count(), 26);
        assert_eq!(attacks(Kind::Unicorn, cell("Aa1"), empty).count(), 3);
        assert_eq!(attacks(Kind::Bishop, cell("Aa1"), empty).count(), 9);
        assert_eq!(attacks(Kind::Knight, cell("Aa1"), empty).count(), 6);
        assert_eq!(attacks(Kind::Queen, cell("Aa1"), empty).count(), 21);
    }

    #[test]
    fn lines_stop_at_the_first_man() {
        let occ = cell("Ab1").bit() | cell("Ca3").bit();
        let r = attacks(Kind::Rook, cell("Aa1"), occ);
        assert!(r.contains(cell("Ab1")) && !r.contains(cell("Ac1")));
        let u = attacks(Kind::Unicorn, cell("Aa1"), cell("Bb2").bit());
        assert_eq!(u, cell("Bb2").bit());
        assert_eq!(
            between(cell("Aa1"), cell("Dd4")),
            cell("Bb2").bit() | cell("Cc3").bit()
        );
        assert_eq!(between(cell("Aa1"), cell("Bc2")), Bitboard::EMPTY);
    }
}
