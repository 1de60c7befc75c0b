//! A variant-neutral picture of a game, for the renderer.
//!
//! The renderer knows these types and nothing of the variants: every variant
//! describes its state as boards of cells holding men with marks, labels,
//! highlights and arrows between boards.

use serde::{Deserialize, Serialize};

use crate::Color;

/// Everything an image of a game shows.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct View {
    /// A heading, such as "Move 12 · white to move".
    pub title: Option<String>,
    /// The side shown at the bottom unless the viewer asks otherwise.
    pub perspective: Option<Color>,
    /// How the boards are arranged.
    pub layout: Layout,
    pub boards: Vec<BoardView>,
    /// Travel between boards (index into `boards`, cell on that board).
    pub arrows: Vec<Arrow>,
    /// Men beside the field: in hand (Temporal), per colour.
    pub hands: Vec<Hand>,
    /// Men away in time, shown beside the board with when they return.
    pub pending: Vec<Pending>,
    /// Short lines shown under the boards ("white: 1 backward travel left").
    pub notes: Vec<String>,
}

/// How the boards of a view are placed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Layout {
    /// One board (or the four levels of one 4x4x4 field).
    #[default]
    Single,
    /// 5D style: each board sits at its `row` (branch or timeline) and
    /// `column` (time step); arrows are curved jumps.
    Timelines,
    /// Boards in reading order in a grid, each with its label (Many Worlds).
    Grid,
}

/// The shape of a board's cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Shape {
    /// 8x8; cell index = rank * 8 + file, a1 = 0, h8 = 63.
    #[default]
    Square8,
    /// 4x4x4; cell index = level * 16 + rank * 4 + file; level A = 0 (bottom),
    /// so Aa1 = 0 and Dd4 = 63.
    Cube4,
}

/// The cells of every board shape: 8x8 and 4x4x4 alike.
pub const CELLS: usize = 64;

impl Shape {
    pub const fn cells(self) -> usize {
        CELLS
    }
}

/// One board of a view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardView {
    pub shape: Shape,
    /// The men on the cells, indexed as [`Shape`] says.
    #[serde(with = "cells_serde")]
    pub cells: [Option<Man>; CELLS],
    /// The board's name: "IV", "L3", "T2 move 7".
    pub label: Option<String>,
    /// A line under the board: a result ("1-0 checkmate") or a note. The side
    /// to move belongs in `to_move`, which the label line shows.
    pub caption: Option<String>,
    /// Place in a [`Layout::Timelines`] view.
    pub row: u32,
    pub column: u32,
    pub highlights: Vec<Highlight>,
    /// The side to move on this board, where boards know it.
    pub to_move: Option<Color>,
    /// A move is still owed on this board this turn: drawn outlined.
    pub owed: bool,
    /// The last action touched this board.
    pub touched: bool,
    /// The board the game is at now (Gifford's present, say).
    pub current: bool,
    /// The board's branch has ended with this result: drawn dimmed.
    pub ended: Option<String>,
}

impl BoardView {
    /// An empty board of `shape`.
    pub fn empty(shape: Shape) -> BoardView {
        BoardView {
            shape,
            ..BoardView::default()
        }
    }
}

impl Default for BoardView {
    /// An empty 8x8 board.
    fn default() -> BoardView {
        BoardView {
            shape: Shape::default(),
            cells: [None; CELLS],
            label: None,
            caption: None,
            row: 0,
            column: 0,
            highlights: Vec::new(),
            to_move: None,
            owed: false,
            touched: false,
            current: false,
            ended: None,
        }
    }
}

/// The cells as a list in JSON (serde derives arrays up to 32 only); a
/// list of another length is refused.
mod cells_serde {
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{CELLS, Man};

    pub fn serialize<S: Serializer>(
        cells: &[Option<Man>; CELLS],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        cells.as_slice().serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<[Option<Man>; CELLS], D::Error> {
        let cells = Vec::<Option<Man>>::deserialize(deserializer)?;
        let found = cells.len();
        cells
            .try_into()
            .map_err(|_| D::Error::invalid_length(found, &"64 cells"))
    }
}

/// A man on a cell, or shown beside the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Man {
    pub color: Color,
    pub figure: Figure,
    /// Time Traveler's Chess stage; `None` where stages do not exist.
    pub stage: Option<Stage>,
    /// Temporal Chess checkers on the man.
    pub counter: Option<Counter>,
    /// Present but not there: a disappeared man, drawn as a ghost.
    pub ghost: bool,
}

impl Man {
    pub const fn new(color: Color, figure: Figure) -> Man {
        Man {
            color,
            figure,
            stage: None,
            counter: None,
            ghost: false,
        }
    }
}

/// The kinds of men across all variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Figure {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
    /// Temporal Chess's three-dimensional diagonal mover.
    Unicorn,
}

/// Time Traveler's Chess stages (TT: every man has one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stage {
    Untraveled,
    /// Waiting to be annihilated: drawn ghosted with a mark.
    Traveling,
    /// Came from the future: drawn with its own mark.
    Traveled,
}

/// Checkers on a man (Temporal Chess T-4, T-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Counter {
    pub kind: CounterKind,
    pub count: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CounterKind {
    /// On an original that warped a duplicate from the future.
    Red,
    /// On a man that warped into the future.
    Black,
}

/// A marked cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Highlight {
    pub cell: u8,
    pub kind: HighlightKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HighlightKind {
    LastMoveFrom,
    LastMoveTo,
    /// A king in check.
    Check,
}

/// A cell of one board of the view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BoardCell {
    pub board: usize,
    pub cell: u8,
}

/// Travel drawn between boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Arrow {
    pub from: BoardCell,
    pub to: BoardCell,
    pub kind: ArrowKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ArrowKind {
    /// Travel into the past (opens a branch or timeline).
    Travel,
    /// Multiverse trans-universe travel (E-7).
    TransUniverse,
}

/// Men of one colour in hand, with their counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    pub color: Color,
    pub men: Vec<(Man, u8)>,
}

/// A man away in time, due back later (Gifford's arrivals).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    pub man: Man,
    /// When and how it returns: "move 9", "move 5 · dark squares".
    pub label: String,
}
