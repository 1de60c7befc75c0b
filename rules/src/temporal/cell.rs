//! The 4x4x4 field (T-1): cells, their names, and the 3D direction and leap
//! tables every Raumschach man moves by.
//!
//! A cell is numbered `level * 16 + rank * 4 + file`, level A (bottom) = 0,
//! the numbering [`crate::view::Shape::Cube4`] uses, so `Aa1` = 0 and
//! `Dd4` = 63 and a set of cells fits a [`Bitboard`].

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::geometry::{self, Bitboard};

/// A cell of the 4x4x4 field, written level (`A`-`D`), file (`a`-`d`),
/// rank (`1`-`4`): `Bc3` is level B, file c, rank 3 (T-1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The 64 cells, `Aa1` first, `Dd4` last.
    pub fn all() -> impl DoubleEndedIterator<Item = Cell> + ExactSizeIterator {
        (0..64u8).map(Cell)
    }

    /// The cell on `level`, `file` and `rank`, each 0 to 3.
    pub const fn new(level: u8, file: u8, rank: u8) -> Option<Cell> {
        if level < 4 && file < 4 && rank < 4 {
            Some(Cell(level * 16 + rank * 4 + file))
        } else {
            None
        }
    }

    /// The cell numbered `index` (0 to 63).
    pub const fn from_index(index: u8) -> Option<Cell> {
        if index < 64 { Some(Cell(index)) } else { None }
    }

    /// The cell's number, 0 to 63.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// 0 for level A (bottom) to 3 for level D.
    #[inline]
    pub const fn level(self) -> u8 {
        self.0 >> 4
    }

    /// 0 for rank 1 to 3 for rank 4.
    #[inline]
    pub const fn rank(self) -> u8 {
        (self.0 >> 2) & 3
    }

    /// 0 for file a to 3 for file d.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 3
    }

    /// The cell `dl` levels up, `df` files right and `dr` ranks up, if it is
    /// on the field.
    pub const fn offset(self, dl: i8, df: i8, dr: i8) -> Option<Cell> {
        let l = self.level() as i8 + dl;
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if 0 <= l && l < 4 && 0 <= f && f < 4 && 0 <= r && r < 4 {
            Some(Cell((l * 16 + r * 4 + f) as u8))
        } else {
            None
        }
    }

    /// The set holding only this cell.
    #[inline]
    pub const fn bit(self) -> Bitboard {
        Bitboard(1 << self.0)
    }

    /// The level's letter, `A` to `D`.
    pub const fn level_char(self) -> char {
        (b'A' + self.level()) as char
    }

    /// The file's letter, `a` to `d`.
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The rank's digit, `1` to `4`.
    pub const fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }
}

impl geometry::Cell for Cell {
    #[inline]
    fn index(self) -> u32 {
        u32::from(self.0)
    }

    #[inline]
    fn from_index(index: u32) -> Cell {
        Cell((index & 63) as u8)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}{}",
            self.level_char(),
            self.file_char(),
            self.rank_char()
        )
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Text that names no cell of the field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a cell: write level A-D, file a-d, rank 1-4, like Bc3")]
pub struct BadCell(pub String);

/// The level named by `c` (`A`-`D`, either case).
pub(crate) fn level_of(c: char) -> Option<u8> {
    match c.to_ascii_uppercase() {
        l @ 'A'..='D' => Some(l as u8 - b'A'),
        _ => None,
    }
}

/// The file named by `c` (`a`-`d`, either case).
pub(crate) fn file_of(c: char) -> Option<u8> {
    match c.to_ascii_lowercase() {
        f @ 'a'..='d' => Some(f as u8 - b'a'),
        _ => None,
    }
}

/// The rank named by `c` (`1`-`4`).
pub(crate) fn rank_of(c: char) -> Option<u8> {
    match c {
        r @ '1'..='4' => Some(r as u8 - b'1'),
        _ => None,
    }
}

impl FromStr for Cell {
    type Err = BadCell;

    /// Reads `Bc3`; the letters may be in either case (`bc3`, `BC3`).
    fn from_str(s: &str) -> Result<Cell, BadCell> {
        let t = s.trim();
        let mut chars = t.chars();
        let cell = match (chars.next(), chars.next(), chars.next(), chars.next()) {
            (Some(l), Some(f), Some(r), None) => match (level_of(l), file_of(f), rank_of(r)) {
                (Some(l), Some(f), Some(r)) => Cell::new(l, f, r),
                _ => None,
            },
            _ => None,
        };
        cell.ok_or_else(|| BadCell(s.to_owned()))
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Cell, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A step `(level, file, rank)` of one of the 26 lines through a cell.
pub type Step = [i8; 3];

/// The 26 line directions: the 6 orthogonal ones (rook), then the 12
/// two-dimensional diagonals (bishop), then the 8 three-dimensional
/// diagonals (unicorn) (T-3).
pub const DIRECTIONS: [Step; 26] = directions();

/// Indices into [`DIRECTIONS`] of the rook's lines.
pub(super) const ROOK_LINES: std::ops::Range<usize> = 0..6;
/// Indices into [`DIRECTIONS`] of the bishop's lines.
pub(super) const BISHOP_LINES: std::ops::Range<usize> = 6..18;
/// Indices into [`DIRECTIONS`] of the unicorn's lines.
pub(super) const UNICORN_LINES: std::ops::Range<usize> = 18..26;

/// The 24 knight leaps: `(0, 1, 2)` in any order and with any signs (T-3).
pub const KNIGHT_LEAPS: [Step; 24] = knight_leaps();

const fn directions() -> [Step; 26] {
    let mut out = [[0i8; 3]; 26];
    let mut n = 0;
    let mut nonzero = 1;
    while nonzero <= 3 {
        let mut i = 0;
        while i < 27 {
            let d = [
                (i / 9) as i8 - 1,
                ((i / 3) % 3) as i8 - 1,
                (i % 3) as i8 - 1,
            ];
            let nz = (d[0] != 0) as usize + (d[1] != 0) as usize + (d[2] != 0) as usize;
            if nz == nonzero {
                out[n] = d;
                n += 1;
            }
            i += 1;
        }
        nonzero += 1;
    }
    out
}

const fn knight_leaps() -> [Step; 24] {
    let mut out = [[0i8; 3]; 24];
    let mut n = 0;
    let mut i = 0;
    while i < 125 {
        let d = [
            (i / 25) as i8 - 2,
            ((i / 5) % 5) as i8 - 2,
            (i % 5) as i8 - 2,
        ];
        let a = [d[0].abs(), d[1].abs(), d[2].abs()];
        let zeros = (a[0] == 0) as u8 + (a[1] == 0) as u8 + (a[2] == 0) as u8;
        let ones = (a[0] == 1) as u8 + (a[1] == 1) as u8 + (a[2] == 1) as u8;
        let twos = (a[0] == 2) as u8 + (a[1] == 2) as u8 + (a[2] == 2) as u8;
        if zeros == 1 && ones == 1 && twos == 1 {
            out[n] = d;
            n += 1;
        }
        i += 1;
    }
    out
}

/// The cell numbered `index` stepped by `d`, as a number, or -1 off the field.
const fn step_index(index: usize, d: Step) -> i32 {
    let l = (index >> 4) as i32 + d[0] as i32;
    let f = (index & 3) as i32 + d[1] as i32;
    let r = ((index >> 2) & 3) as i32 + d[2] as i32;
    if 0 <= l && l < 4 && 0 <= f && f < 4 && 0 <= r && r < 4 {
        l * 16 + r * 4 + f
    } else {
        -1
    }
}

/// `RAYS[d][c]`: the cells along direction `d` from cell `c`, the cell
/// itself excluded, as bits.
pub(crate) static RAYS: [[u64; 64]; 26] = rays();

/// Whether the cells of direction `d` have rising numbers.
pub(crate) static RISING: [bool; 26] = rising();

/// `KNIGHT[c]`: the cells a knight on `c` leaps to.
pub(crate) static KNIGHT: [u64; 64] = leaps(&KNIGHT_LEAPS);

/// `KING[c]`: the cells next to `c` in all 26 directions.
pub(crate) static KING: [u64; 64] = leaps(&DIRECTIONS);

const fn rays() -> [[u64; 64]; 26] {
    let mut out = [[0u64; 64]; 26];
    let mut d = 0;
    while d < 26 {
        let mut c = 0;
        while c < 64 {
            let mut bits = 0u64;
            let mut at = step_index(c, DIRECTIONS[d]);
            while at >= 0 {
                bits |= 1 << at;
                at = step_index(at as usize, DIRECTIONS[d]);
            }
            out[d][c] = bits;
            c += 1;
        }
        d += 1;
    }
    out
}

const fn rising() -> [bool; 26] {
    let mut out = [false; 26];
    let mut d = 0;
    while d < 26 {
        let s = DIRECTIONS[d];
        out[d] = s[0] as i32 * 16 + s[2] as i32 * 4 + s[1] as i32 > 0;
        d += 1;
    }
    out
}

const fn leaps<const N: usize>(steps: &[Step; N]) -> [u64; 64] {
    let mut out = [0u64; 64];
    let mut c = 0;
    while c < 64 {
        let mut i = 0;
        while i < N {
            let at = step_index(c, steps[i]);
            if at >= 0 {
                out[c] |= 1 << at;
            }
            i += 1;
        }
        c += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn t1_cells_are_named_level_file_rank() {
        assert_eq!(Cell::new(0, 0, 0).unwrap().to_string(), "Aa1");
        assert_eq!(Cell::new(3, 3, 3).unwrap().index(), 63);
        let c: Cell = "Bc3".parse().unwrap();
        assert_eq!((c.level(), c.file(), c.rank()), (1, 2, 2));
        assert_eq!(c.index(), 16 + 2 * 4 + 2);
        assert_eq!("bC3".parse::<Cell>(), Ok(c));
        for cell in Cell::all() {
            assert_eq!(cell.to_string().parse::<Cell>(), Ok(cell));
        }
        for bad in ["", "Ea1", "Ae1", "Aa5", "Aa0", "Aa11", "a1", "Aa", "3aA"] {
            assert!(bad.parse::<Cell>().is_err(), "{bad}");
        }
    }

    #[test]
    fn tables_have_the_raumschach_counts() {
        assert_eq!(DIRECTIONS.len(), 26);
        assert_eq!(KNIGHT_LEAPS.len(), 24);
        for d in ROOK_LINES {
            assert_eq!(DIRECTIONS[d].iter().filter(|x| **x != 0).count(), 1);
        }
        for d in BISHOP_LINES {
            assert_eq!(DIRECTIONS[d].iter().filter(|x| **x != 0).count(), 2);
        }
        for d in UNICORN_LINES {
            assert_eq!(DIRECTIONS[d].iter().filter(|x| **x != 0).count(), 3);
        }
        // A king in a corner has 7 neighbours, in the middle 26.
        assert_eq!(KING[0].count_ones(), 7);
        let centre: Cell = "Bb2".parse().unwrap();
        assert_eq!(KING[centre.index() as usize].count_ones(), 26);
    }
}
