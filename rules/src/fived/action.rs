//! What a player does in 5D chess: board moves, gathered into a whole
//! turn that is submitted at once (F-5).

use serde::{Deserialize, Serialize};

use super::board::Cell;
use super::man::Piece;
use super::position::step_turn;
use crate::Color;

/// A cell of one board: timeline L, step (`2 * T`, plus 1 for Black's
/// board) and cell. The board is the mover's, so the step's colour is theirs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Spot {
    /// The timeline, as the integer L the game counts by: its name, except
    /// that after a start of two timelines `-0` is -1 and `-n` is -n-1.
    pub line: i32,
    /// The board's place along its timeline: `2 * T`, plus 1 for Black.
    pub step: i32,
    /// The cell on the board, `rank * 8 + file`.
    pub cell: Cell,
}

impl Spot {
    /// The turn number T of the board.
    pub const fn turn(self) -> i32 {
        step_turn(self.step)
    }

    /// The board, without the cell.
    pub const fn board(self) -> (i32, i32) {
        (self.line, self.step)
    }
}

/// One board move: a man from a playable board to a cell of the same
/// board (a physical move) or of another board of the mover's colour (a
/// jump, F-2), promoting on the last rank (F-9). Castling is the king's
/// move of two files; en passant is the pawn's diagonal move to the empty
/// cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Move {
    /// The cell the man leaves, on a playable board (F-2).
    pub from: Spot,
    /// The cell the man lands on: on the same board, or on another board
    /// of the mover's colour.
    pub to: Spot,
    /// What a pawn or brawn becomes on the last rank (F-9).
    pub promotion: Option<Piece>,
}

impl Move {
    /// Whether the man leaves its board.
    pub const fn is_jump(&self) -> bool {
        self.from.line != self.to.line || self.from.step != self.to.step
    }
}

/// A whole turn: the side's board moves in play order, submitted at once
/// (F-5). Chronomate keeps them in the standard order of Branched 5DPGN:
/// moves that open no timeline first, by the timeline they arrive on
/// (upward for White, downward for Black), then the branching jumps in
/// the order they were made.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Action {
    /// The board moves, in the standard order.
    pub moves: Vec<Move>,
}

/// What a board move did to the multiverse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// Within its board.
    Physical,
    /// A jump to another timeline's last board (`>`): no new timeline.
    Hop,
    /// A jump to an earlier board (`>>`): opens timeline `line` (F-3).
    Branch {
        /// The new timeline, as the integer L ([`Spot::line`](super::Spot::line)).
        line: i32,
    },
}

/// Branched 5DPGN's standard order: moves that open no timeline first,
/// by the timeline they arrive on (ascending for White, descending for
/// Black), then the branching jumps in the order they were made.
pub(crate) fn standard_order(color: Color, moves: &[Move], kinds: &[MoveKind]) -> Action {
    let mut plain: Vec<Move> = Vec::new();
    let mut branches: Vec<Move> = Vec::new();
    for (mv, kind) in moves.iter().zip(kinds) {
        match kind {
            MoveKind::Branch { .. } => branches.push(*mv),
            _ => plain.push(*mv),
        }
    }
    plain.sort_by_key(|m| match color {
        Color::White => m.to.line,
        Color::Black => -m.to.line,
    });
    plain.extend(branches);
    Action { moves: plain }
}
