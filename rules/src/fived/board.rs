//! One board: up to 8x8 cells, a man or nothing on each (F-1).
//!
//! Cells are indexed `rank * 8 + file` whatever the board's size (a1 = 0),
//! so the 8x8 attack tables of [`crate::geometry`] serve every size: the
//! cells beyond a smaller board are walls.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::man::{Man, Piece, code_color};
use crate::Color;
use crate::geometry::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use crate::geometry::{Bitboard, Square};

/// A cell index, `rank * 8 + file`.
pub type Cell = u8;

/// The cell at (file, rank), both from 0.
pub const fn cell(file: u8, rank: u8) -> Cell {
    rank * 8 + file
}

/// The file of a cell, from 0.
pub const fn file_of(c: Cell) -> u8 {
    c % 8
}

/// The rank of a cell, from 0.
pub const fn rank_of(c: Cell) -> u8 {
    c / 8
}

/// `e4`, as notation writes a cell.
pub fn cell_name(c: Cell) -> String {
    format!("{}{}", (b'a' + file_of(c)) as char, rank_of(c) + 1)
}

/// The size of every board of a game: 1 to 8 files and ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Size {
    /// Files, 1 to 8: a to h from White's left.
    pub files: u8,
    /// Ranks, 1 to 8: 1 to 8 from White's side.
    pub ranks: u8,
}

impl Size {
    /// The 8x8 board of the standard game.
    pub const STANDARD: Size = Size { files: 8, ranks: 8 };

    /// A size of 1 to 8 files and ranks.
    pub const fn new(files: u8, ranks: u8) -> Option<Size> {
        if files >= 1 && files <= 8 && ranks >= 1 && ranks <= 8 {
            Some(Size { files, ranks })
        } else {
            None
        }
    }

    /// The cells on the board, as a bitboard.
    pub const fn mask(self) -> u64 {
        let row: u64 = if self.files >= 8 {
            0xff
        } else {
            (1u64 << self.files) - 1
        };
        let mut m = 0u64;
        let mut r = 0;
        while r < self.ranks {
            m |= row << (8 * r);
            r += 1;
        }
        m
    }

    /// The cell at (file, rank) if it is on the board.
    pub const fn at(self, file: i32, rank: i32) -> Option<Cell> {
        if file >= 0 && rank >= 0 && file < self.files as i32 && rank < self.ranks as i32 {
            Some(cell(file as u8, rank as u8))
        } else {
            None
        }
    }

    /// The rank a pawn of `color` promotes on (F-9).
    pub const fn last_rank(self, color: Color) -> u8 {
        match color {
            Color::White => self.ranks - 1,
            Color::Black => 0,
        }
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.files, self.ranks)
    }
}

/// The men on one board.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [u8; 64],
    /// The cells each side occupies, White's then Black's.
    occupied: [u64; 2],
}

impl Board {
    /// A board with no man on it.
    pub const fn empty() -> Board {
        Board {
            cells: [0; 64],
            occupied: [0; 2],
        }
    }

    /// The man on a cell.
    pub fn man(&self, c: Cell) -> Option<Man> {
        Man::from_code(self.code(c))
    }

    /// The stored byte of a cell: 0 when empty.
    pub(crate) fn code(&self, c: Cell) -> u8 {
        self.cells.get(usize::from(c)).copied().unwrap_or(0)
    }

    /// Puts a man on a cell, or empties it.
    pub fn put(&mut self, c: Cell, man: Option<Man>) {
        let Some(slot) = self.cells.get_mut(usize::from(c)) else {
            return;
        };
        let bit = 1u64 << c;
        if *slot != 0 {
            self.occupied[code_color(*slot).index()] &= !bit;
        }
        *slot = man.map_or(0, Man::code);
        if let Some(m) = man {
            self.occupied[m.color.index()] |= bit;
        }
    }

    /// The cells `color` occupies.
    pub const fn of(&self, color: Color) -> u64 {
        self.occupied[color.index()]
    }

    /// Every occupied cell.
    pub const fn occupied(&self) -> u64 {
        self.occupied[0] | self.occupied[1]
    }

    /// The cells of `color`'s royal men (F-6).
    pub fn royals(&self, color: Color) -> u64 {
        let mut out = 0;
        let mut bb = self.of(color);
        while bb != 0 {
            let c = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            if self.man(c).is_some_and(|m| m.piece.is_royal()) {
                out |= 1u64 << c;
            }
        }
        out
    }

    /// Whether `by`'s men on this board attack `target` on it (F-8:
    /// castling looks at one board only; a new board's own checks are found
    /// the same way). It stops at the first attacker.
    pub(crate) fn attacked(&self, target: Cell, by: Color) -> bool {
        self.lines_of_attack(target, by)
            .any(|(from, is)| from.cells::<Cell>().any(|c| self.is_man(c, is)))
    }

    /// Each way a man may attack `target` on this board: the cells of `by`'s
    /// men that reach it so, and which pieces do (pawns and brawns
    /// diagonally forward, knights, kings, then sliders along one axis and
    /// along two), each looked up only when asked. The 8x8 attack tables
    /// serve every size: a line of attack leaves a smaller board through
    /// its walls and never comes back.
    fn lines_of_attack(
        &self,
        target: Cell,
        by: Color,
    ) -> impl Iterator<Item = (Bitboard, fn(Piece) -> bool)> + '_ {
        let t = Square::from_index(u32::from(target));
        let men = Bitboard(self.of(by));
        let occupied = Bitboard(self.occupied());
        (0..5).map(move |way| -> (Bitboard, fn(Piece) -> bool) {
            match way {
                0 => (pawn_attacks(by.other(), t) & men, Piece::is_pawnlike),
                1 => (knight_attacks(t) & men, |p| p == Piece::Knight),
                2 => (king_attacks(t) & men, |p| {
                    matches!(p, Piece::King | Piece::CommonKing)
                }),
                3 => (rook_attacks(t, occupied) & men, |p| {
                    p.slide_axes() & (1 << 1) != 0
                }),
                _ => (bishop_attacks(t, occupied) & men, |p| {
                    p.slide_axes() & (1 << 2) != 0
                }),
            }
        })
    }

    /// Whether a man on `c` is of a piece `is` names.
    fn is_man(&self, c: Cell, is: fn(Piece) -> bool) -> bool {
        self.man(c).is_some_and(|m| is(m.piece))
    }

    /// The board with one cell changed.
    pub(crate) fn with(&self, c: Cell, man: Option<Man>) -> Board {
        let mut b = self.clone();
        b.put(c, man);
        b
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}
