//! The state of a Gifford game: the present, every timeline that has
//! arisen (G-4), and the plain questions about them.
//!
//! A [`Node`] is one moment of a line of play: the FIDE position (any
//! number of kings a side, G-5) and the men away in time (G-1). A
//! [`Gifford`] game is the present moment plus every timeline's actions
//! with the moment before each, which is what a king going back (G-4),
//! repetition (G-7) and the history table need.

use serde::{Deserialize, Serialize};

use super::action::{Action, Arrival, Shade};
use crate::chess::{Board, Piece, Position, Role};
use crate::geometry::{Bitboard, Square};
use crate::{Color, Status};

/// G-1: a man travels forward at most ten of its owner's moves.
pub const MAX_AHEAD: u32 = 10;
/// G-4: a king travels back at most five of its owner's moves.
pub const MAX_BACK: u32 = 5;
/// G-4: backward travels per player per game.
pub const BACK_TRAVELS: u8 = 2;
/// G-4: at most five timelines arise.
pub const MAX_TIMELINES: usize = 5;

/// The index of the half-move in which `color` makes its move `number`:
/// White's move 1 is 0, Black's move 1 is 1, White's move 2 is 2.
pub const fn ply_of(number: u32, color: Color) -> u32 {
    number
        .saturating_sub(1)
        .saturating_mul(2)
        .saturating_add(color as u32)
}

/// A moment of a timeline: the position (men, side to move, castling, en
/// passant, move counters) and the men away in time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Node {
    #[serde(with = "lenient")]
    pub(super) pos: Position,
    /// Sorted by move number, then colour.
    pub(super) pending: Vec<Arrival>,
}

/// One action of a timeline, with the moment before it. Its notation is
/// not kept: it follows from the two ([`Ply::notation`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Ply {
    pub(super) before: Node,
    pub(super) action: Action,
    /// What the rules did by themselves after it (a man lost in time),
    /// in words: as the history tells it and the game's snapshot keeps it.
    pub(super) events: Vec<String>,
}

/// A timeline: the line of play it branched from, where it begins, and
/// its actions. Timeline 1 begins at White's first move; a timeline opened
/// by a king going back to its owner's move n begins with that move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Timeline {
    /// The timeline it branched from (an index into the list).
    pub(super) parent: Option<usize>,
    /// The half-move index ([`ply_of`]) of its first action.
    pub(super) start: u32,
    pub(super) plies: Vec<Ply>,
    /// The moment after its last action, once a king has left it (G-4).
    pub(super) end: Option<Node>,
}

/// A game of Gifford's Time Travel Chess. [`Default`] is a new game from
/// the starting position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gifford {
    /// Every timeline, in the order they arose; the last holds the present.
    pub(super) timelines: Vec<Timeline>,
    /// The present.
    pub(super) node: Node,
    /// A king has just come back from the future: its owner must place it
    /// (`K [FTF] f8`) before anything else (G-4).
    pub(super) placing: bool,
    /// Backward travels made by White and Black; never rolled back (G-4).
    pub(super) backs_used: [u8; 2],
    pub(super) status: Status,
}

impl Default for Gifford {
    fn default() -> Gifford {
        Gifford {
            timelines: vec![Timeline {
                parent: None,
                start: 0,
                plies: Vec::new(),
                end: None,
            }],
            node: Node::start(),
            placing: false,
            backs_used: [0; 2],
            status: Status::Ongoing,
        }
    }
}

/// Positions with any number of kings (G-5, none too), (de)serialised as
/// FEN: the state is kept with its moments written so.
mod lenient {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::chess::{Position, Setup};

    pub(super) fn serialize<S: Serializer>(
        pos: &Position,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&pos.fen())
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Position, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Setup::from_fen(&text)
            .map(Setup::position_lenient)
            .map_err(serde::de::Error::custom)
    }
}

// ---------------------------------------------------------------- kings

/// The squares of `color`'s kings.
pub(super) fn kings(board: &Board, color: Color) -> Bitboard {
    board.by_piece(Piece::new(color, Role::King))
}

/// Whether none of `color`'s kings is attacked (G-5; true with no king).
pub(super) fn kings_safe(board: &Board, color: Color) -> bool {
    attacked_king(board, color).is_none()
}

/// The first of `color`'s kings that is attacked (G-5).
pub(super) fn attacked_king(board: &Board, color: Color) -> Option<Square> {
    let occupied = board.occupied();
    kings(board, color)
        .into_iter()
        .find(|&k: &Square| board.is_attacked(k, color.other(), occupied))
}

/// Whether `color` has a pawn or piece (not a king) on the board.
pub(super) fn has_man(board: &Board, color: Color) -> bool {
    (board.by_color(color) - kings(board, color)).any()
}

/// `e8 and f8`, `a1, b2 and c3`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

// ---------------------------------------------------------------- moments

impl Node {
    fn start() -> Node {
        Node {
            pos: Position::new(),
            pending: Vec::new(),
        }
    }

    /// The side to act.
    pub(super) fn mover(&self) -> Color {
        self.pos.turn()
    }

    /// The mover's move number (FIDE's full-move number).
    pub(super) fn number(&self) -> u32 {
        self.pos.fullmove_number()
    }

    /// The half-move index of the action about to be made.
    pub(super) fn ply(&self) -> u32 {
        ply_of(self.number(), self.mover())
    }

    pub(super) fn board(&self) -> &Board {
        self.pos.board()
    }

    /// Whether any of the mover's kings is attacked (G-5).
    pub(super) fn in_check(&self) -> bool {
        !kings_safe(self.board(), self.mover())
    }

    /// The man of `color` due on that side's move `n`, if any.
    pub(super) fn arrival(&self, color: Color, n: u32) -> Option<&Arrival> {
        self.pending.iter().find(|a| a.color == color && a.due == n)
    }

    /// The man the mover must place now, if one is due (G-2).
    pub(super) fn due(&self) -> Option<&Arrival> {
        self.arrival(self.mover(), self.number())
    }
}

// ---------------------------------------------------------------- the game

impl Gifford {
    /// The present position (several kings a side are possible).
    pub fn position(&self) -> &Position {
        &self.node.pos
    }

    /// The present board.
    pub fn board(&self) -> &Board {
        self.node.board()
    }

    /// The mover's move number in the present timeline.
    pub fn move_number(&self) -> u32 {
        self.node.number()
    }

    /// The men away in time, by move number.
    pub fn pending(&self) -> &[Arrival] {
        &self.node.pending
    }

    /// The man the mover must place now, if any (G-2).
    pub fn due(&self) -> Option<Arrival> {
        self.node.due().copied()
    }

    /// G-7 (decision 5): the present position's key for repetitions:
    /// equal for positions the rules count as the same, which have the
    /// same men, side to move, castling rights and en passant (their
    /// Zobrist key) and the same men away in time (each with its owner,
    /// kind, shade, due move and the square it left). The move counters
    /// and the timelines are left out.
    pub fn repetition_key(&self) -> u64 {
        const K: u64 = 0x9e37_79b9_7f4a_7c15;
        let node = &self.node;
        let mut key = node.pos.zobrist_hash();
        for a in &node.pending {
            let shade = match a.shade {
                None => 0,
                Some(Shade::Light) => 1,
                Some(Shade::Dark) => 2,
            };
            let packed = u64::from(a.due)
                | (a.color as u64) << 32
                | (a.role as u64) << 33
                | shade << 36
                | (a.from as u64) << 40;
            key = (key.rotate_left(5) ^ packed).wrapping_mul(K);
        }
        key
    }

    /// Whether the mover must now place a king come back from the future.
    pub fn placing(&self) -> bool {
        self.placing
    }

    /// Backward travels `color` has made (G-4: at most two).
    pub fn backward_travels(&self, color: Color) -> u8 {
        self.backs_used[color.index()]
    }

    /// How many timelines have arisen (G-4: at most five).
    pub fn timeline_count(&self) -> usize {
        self.timelines.len()
    }

    /// Whether any of the mover's kings is attacked (G-5).
    pub fn in_check(&self) -> bool {
        self.node.in_check()
    }

    /// Whether `color` can still travel backward, as G-7 asks: travels
    /// left, a timeline left, and a pawn or piece on the board (the only
    /// other way to get one, an arrival, is pending and counts already).
    pub fn can_travel_back(&self, color: Color) -> bool {
        self.backs_used[color.index()] < BACK_TRAVELS
            && self.timelines.len() < MAX_TIMELINES
            && has_man(self.board(), color)
    }

    /// The moment of the present line of play at half-move `ply`: the
    /// state when the side to move was to make that move.
    pub(super) fn line_node(&self, ply: u32) -> Option<&Node> {
        let last = self.timelines.len().checked_sub(1)?;
        let mut t = last;
        loop {
            let tl = self.timelines.get(t)?;
            if ply >= tl.start {
                let i = (ply - tl.start) as usize;
                return match tl.plies.get(i) {
                    Some(p) => Some(&p.before),
                    None if i == tl.plies.len() && t == last => Some(&self.node),
                    None => None,
                };
            }
            t = tl.parent?;
        }
    }

    /// Describes the kings of `color` on the board: `e8 and f8`.
    pub(super) fn king_squares(&self, color: Color) -> String {
        let squares: Vec<String> = kings(self.board(), color)
            .into_iter()
            .map(|s: Square| s.to_string())
            .collect();
        and_list(&squares)
    }
}
