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
    /// The boards, in the order the layout places them.
    pub boards: Vec<BoardView>,
    /// Travel between boards (index into `boards`, cell on that board).
    pub arrows: Vec<Arrow>,
    /// Men beside the field: in hand (Temporal), per colour.
    pub hands: Vec<Hand>,
    /// Men away in time, shown beside the board with when they return.
    pub pending: Vec<Pending>,
    /// Short lines shown under the boards ("white: 1 backward travel left").
    pub notes: Vec<String>,
    /// In a [`Layout::Timelines`] view, the column of the present (5D's
    /// F-5): marked across every row.
    #[serde(default)]
    pub present: Option<u32>,
    /// In a [`Layout::Timelines`] view, names written at the left of rows,
    /// by row: `(0, "L-1")`.
    #[serde(default)]
    pub row_names: Vec<(u32, String)>,
    /// In a [`Layout::Timelines`] view, names written along the top, by
    /// column: a name stands over its column and the unnamed ones after it
    /// (`(8, "T5")`, `(10, "T6")`: T5 over White's and Black's boards of
    /// turn 5). Where names come at a regular step, wrapped and cropped
    /// snapshots start at a named column.
    #[serde(default)]
    pub column_names: Vec<(u32, String)>,
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
    /// A flat board of `files` x `ranks` (1 to 8 each; 8x8 is [`Shape::Square8`]);
    /// cell index = rank * 8 + file as on 8x8, a1 = 0, so a 5x5 board uses
    /// cells 0-4, 8-12, ... 32-36.
    Rect {
        /// Files, 1 to 8: a to h from the left.
        files: u8,
        /// Ranks, 1 to 8: 1 to 8 from the bottom.
        ranks: u8,
    },
}

/// The cells of every board shape: 8x8 and 4x4x4 alike (a smaller
/// rectangle leaves the cells past its files and ranks empty).
pub const CELLS: usize = 64;

impl Shape {
    /// The length of a board's cell list: 64 for every shape.
    pub const fn cells(self) -> usize {
        CELLS
    }

    /// Files and ranks of one level: 8x8, 4x4 for each level of a cube.
    pub const fn size(self) -> (u8, u8) {
        match self {
            Shape::Square8 => (8, 8),
            Shape::Cube4 => (4, 4),
            Shape::Rect { files, ranks } => (files, ranks),
        }
    }

    /// Whether the shape is drawable: a rectangle has 1 to 8 files and
    /// ranks.
    pub const fn is_valid(self) -> bool {
        let (files, ranks) = self.size();
        files >= 1 && files <= 8 && ranks >= 1 && ranks <= 8
    }

    /// Whether `cell` is a cell of the board (its file and rank inside a
    /// rectangle).
    pub const fn contains(self, cell: u8) -> bool {
        match self {
            Shape::Square8 | Shape::Cube4 => (cell as usize) < CELLS,
            Shape::Rect { files, ranks } => {
                (cell as usize) < CELLS && cell % 8 < files && cell / 8 < ranks
            }
        }
    }
}

/// One board of a view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardView {
    /// How the cells are laid out.
    pub shape: Shape,
    /// The men on the cells, indexed as [`Shape`] says.
    #[serde(with = "cells_serde")]
    pub cells: [Option<Man>; CELLS],
    /// The board's name: "IV", "L3", "T2 move 7".
    pub label: Option<String>,
    /// A line under the board: a result ("1-0 checkmate") or a note. The side
    /// to move belongs in `to_move`, which the label line shows.
    pub caption: Option<String>,
    /// Place in a [`Layout::Timelines`] view: the row (branch or timeline).
    pub row: u32,
    /// Place in a [`Layout::Timelines`] view: the column (time step).
    pub column: u32,
    /// Cells marked on this board: the last move, a king in check.
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
    /// The board's timeline is inactive (5D's F-4): drawn shaded.
    #[serde(default)]
    pub inactive: bool,
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
            inactive: false,
        }
    }
}

/// The cells as a list in JSON (serde derives arrays up to 32 only); a
/// list of another length is refused.
mod cells_serde {
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{CELLS, Man};

    pub(super) fn serialize<S: Serializer>(
        cells: &[Option<Man>; CELLS],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        cells.as_slice().serialize(serializer)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
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
    /// The side the man belongs to.
    pub color: Color,
    /// What kind of man it is.
    pub figure: Figure,
    /// Time Traveler's Chess stage; `None` where stages do not exist.
    pub stage: Option<Stage>,
    /// Temporal Chess checkers on the man.
    pub counter: Option<Counter>,
    /// Present but not there: a disappeared man, drawn as a ghost.
    pub ghost: bool,
}

impl Man {
    /// A plain man of `color`: no stage, no checkers, not a ghost.
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
    /// The king.
    King,
    /// The queen.
    Queen,
    /// The rook.
    Rook,
    /// The bishop.
    Bishop,
    /// The knight.
    Knight,
    /// The pawn.
    Pawn,
    /// Temporal Chess's three-dimensional diagonal mover (and 5D's: three
    /// axes).
    Unicorn,
    /// 5D's brawn: a pawn that also captures across timelines.
    Brawn,
    /// 5D's four-axis diagonal mover.
    Dragon,
    /// 5D's princess: rook and bishop.
    Princess,
    /// 5D's royal queen: a queen that is royal, like a king.
    RoyalQueen,
    /// 5D's common king: moves as a king, not royal.
    CommonKing,
}

impl Figure {
    /// Every kind of man, in declaration order.
    pub const ALL: [Figure; 12] = [
        Figure::King,
        Figure::Queen,
        Figure::Rook,
        Figure::Bishop,
        Figure::Knight,
        Figure::Pawn,
        Figure::Unicorn,
        Figure::Brawn,
        Figure::Dragon,
        Figure::Princess,
        Figure::RoyalQueen,
        Figure::CommonKing,
    ];
}

/// Time Traveler's Chess stages (TT: every man has one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stage {
    /// Has not travelled in time: drawn plain.
    Untraveled,
    /// Waiting to be annihilated: drawn ghosted with a mark.
    Traveling,
    /// Came from the future: drawn with its own mark.
    Traveled,
}

/// Checkers on a man (Temporal Chess T-4, T-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Counter {
    /// Red (a warp from the future) or black (a warp into the future).
    pub kind: CounterKind,
    /// How many checkers are left, 1 to 6; one comes off a turn (T-6).
    pub count: u8,
}

/// The colour of Temporal Chess checkers, which says what kind of warp
/// they count down.
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
    /// The cell, indexed as the board's [`Shape`] says.
    pub cell: u8,
    /// Why the cell is marked.
    pub kind: HighlightKind,
}

/// Why a cell is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HighlightKind {
    /// The cell the last move left.
    LastMoveFrom,
    /// The cell the last move reached.
    LastMoveTo,
    /// A king in check.
    Check,
}

/// A cell of one board of the view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BoardCell {
    /// The board, as an index into [`View::boards`].
    pub board: usize,
    /// The cell, indexed as that board's [`Shape`] says.
    pub cell: u8,
}

/// Travel drawn between boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Arrow {
    /// Where the man left.
    pub from: BoardCell,
    /// Where the man arrived.
    pub to: BoardCell,
    /// What kind of travel it was.
    pub kind: ArrowKind,
}

/// What kind of travel an arrow shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ArrowKind {
    /// Travel into the past (opens a branch or timeline; 5D's `>>`).
    Travel,
    /// A jump that opens no timeline (5D's `>`: onto another timeline's
    /// last board).
    Jump,
    /// Multiverse trans-universe travel (E-7).
    TransUniverse,
}

/// Men of one colour in hand, with their counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    /// The side the men belong to.
    pub color: Color,
    /// Each kind of man in hand, with how many of it.
    pub men: Vec<(Man, u8)>,
}

/// A man away in time, due back later (Gifford's arrivals).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// The man that will return.
    pub man: Man,
    /// When and how it returns: "move 9", "move 5 · dark squares".
    pub label: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_stored_before_5d_still_read() {
        let mut view = View {
            boards: vec![BoardView::default()],
            ..View::default()
        };
        let mut json = serde_json::to_value(&view).unwrap();
        // What a view looked like before `present` and `inactive`.
        for field in ["present", "row_names", "column_names"] {
            json.as_object_mut().unwrap().remove(field);
        }
        json["boards"][0]
            .as_object_mut()
            .unwrap()
            .remove("inactive");
        let back: View = serde_json::from_value(json).unwrap();
        assert_eq!(back, view);

        view.present = Some(10);
        view.row_names = vec![(0, "L-1".into())];
        view.column_names = vec![(0, "T1".into()), (2, "T2".into())];
        view.boards[0].shape = Shape::Rect { files: 5, ranks: 5 };
        view.boards[0].inactive = true;
        view.boards[0].cells[36] = Some(Man::new(Color::Black, Figure::RoyalQueen));
        let json = serde_json::to_string(&view).unwrap();
        assert_eq!(serde_json::from_str::<View>(&json).unwrap(), view);
    }

    #[test]
    fn a_rectangle_holds_the_corner_of_the_8x8_numbering() {
        let five = Shape::Rect { files: 5, ranks: 5 };
        assert!(five.is_valid());
        assert_eq!(five.size(), (5, 5));
        // a1, e1, a5 and e5 are on it; f1 (5) and a6 (40) are not.
        for cell in [0, 4, 32, 36] {
            assert!(five.contains(cell), "{cell}");
        }
        for cell in [5, 40, 63, 64] {
            assert!(!five.contains(cell), "{cell}");
        }
        assert!(Shape::Square8.contains(63) && !Shape::Square8.contains(64));
        assert!(Shape::Cube4.contains(63));
        for bad in [(0, 5), (5, 0), (9, 8)] {
            let shape = Shape::Rect {
                files: bad.0,
                ranks: bad.1,
            };
            assert!(!shape.is_valid(), "{bad:?}");
        }
    }
}
