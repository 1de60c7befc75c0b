//! The multiverse (F-1 to F-5): timelines of boards, who is to move, the
//! present, and the boards owed a move.
//!
//! Inside, a board's place in time is its *step*, `2 * T + 1` for Black's
//! board and `2 * T` for White's, so a timeline's boards have consecutive
//! steps. Timelines are numbered by an integer L; in a game that starts
//! with two timelines, `-0` is L = -1 and `+0` is L = 0, and every other
//! negative timeline is one lower than its name (`-1` is L = -2), so that
//! neighbouring timelines always differ by one.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::board::{Board, Size};
use super::man::Piece;
use crate::{Color, Status};

/// A value shared between states (a board, the setup): cloning a game
/// copies pointers, not boards.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct Shared<T>(pub(crate) Arc<T>);

impl<T> std::ops::Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: fmt::Debug> fmt::Debug for Shared<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<T: Serialize> Serialize for Shared<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Shared<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Shared<T>, D::Error> {
        T::deserialize(deserializer).map(|t| Shared(Arc::new(t)))
    }
}

/// The step of turn `t`'s board of `color`.
pub const fn step(turn: i32, color: Color) -> i32 {
    2 * turn
        + match color {
            Color::White => 0,
            Color::Black => 1,
        }
}

/// The colour to move on a board at `step`.
pub const fn step_color(step: i32) -> Color {
    if step & 1 == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// The turn number T of a step.
pub const fn step_turn(step: i32) -> i32 {
    step >> 1
}

/// How a timeline is written in 5DFEN and 5DPGN: `0`, `-1`, `+2`, `-0`,
/// `+0`. The sign is kept because `-0` and `+0` differ (F-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineName {
    /// `3`: no sign.
    Bare(u32),
    /// `+3`.
    Plus(u32),
    /// `-3`.
    Minus(u32),
}

/// The largest timeline number notation may name.
const MAX_LINE: u32 = 1 << 20;

impl LineName {
    /// Reads `0`, `-1`, `+2`, `-0`, `+0`.
    pub fn parse(text: &str) -> Option<LineName> {
        let (make, digits): (fn(u32) -> LineName, &str) = if let Some(d) = text.strip_prefix('+') {
            (LineName::Plus, d)
        } else if let Some(d) = text.strip_prefix('-') {
            (LineName::Minus, d)
        } else {
            (LineName::Bare, text)
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 7 {
            return None;
        }
        let n: u32 = digits.parse().ok()?;
        (n <= MAX_LINE).then(|| make(n))
    }

    /// `-0` or `+0`: the name only games with two starting timelines use.
    pub const fn is_signed_zero(self) -> bool {
        matches!(self, LineName::Plus(0) | LineName::Minus(0))
    }

    /// The L number inside a game with an even (`even`) or odd number of
    /// starting timelines.
    pub const fn line(self, even: bool) -> i32 {
        match self {
            LineName::Bare(n) | LineName::Plus(n) => n as i32,
            LineName::Minus(n) if even => -(n as i32) - 1,
            LineName::Minus(n) => -(n as i32),
        }
    }

    /// How notation names timeline `line` of a game.
    pub const fn of(line: i32, even: bool) -> LineName {
        if even {
            // Signed throughout, as the game names them: ftxi's reader
            // takes a bare `1` for a different timeline than `+1`.
            if line >= 0 {
                LineName::Plus(line as u32)
            } else {
                LineName::Minus((-line - 1) as u32)
            }
        } else if line >= 0 {
            LineName::Bare(line as u32)
        } else {
            LineName::Minus((-line) as u32)
        }
    }
}

impl fmt::Display for LineName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineName::Bare(n) => write!(f, "{n}"),
            LineName::Plus(n) => write!(f, "+{n}"),
            LineName::Minus(n) => write!(f, "-{n}"),
        }
    }
}

/// Where a game starts and what it allows: fixed for the whole game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The size of every board.
    pub size: Size,
    /// The game starts with an even number of timelines (`-0` and `+0`).
    pub even: bool,
    /// The lowest and highest starting timeline.
    pub initial: (i32, i32),
    /// What pawns and brawns promote to; the first is the default.
    pub promotions: Vec<Piece>,
    /// The named board, or `None` for a custom 5DFEN start.
    pub name: Option<String>,
    /// The starting boards: timeline, step and men.
    pub start: Vec<(i32, i32, Board)>,
}

/// One timeline: consecutive boards from its first step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Timeline {
    pub start: i32,
    /// Shared between the states a game and its drafts pass through: a
    /// search clones a state for every turn it tries, and a turn adds to
    /// a few timelines only, so the others are never copied
    /// ([`Timeline::push`]).
    pub boards: Shared<Vec<Shared<Board>>>,
}

impl Timeline {
    /// A timeline of one board, at `start`.
    pub(crate) fn new(start: i32, board: Board) -> Timeline {
        Timeline {
            start,
            boards: Shared(Arc::new(vec![Shared(Arc::new(board))])),
        }
    }

    /// Adds `board` after the last: in place where no other state shares
    /// the boards, else into a copy of the list (a few boards of room
    /// spare, as the next turns add more).
    pub(crate) fn push(&mut self, board: Board) {
        let board = Shared(Arc::new(board));
        match Arc::get_mut(&mut self.boards.0) {
            Some(boards) => boards.push(board),
            None => {
                let mut boards = Vec::with_capacity(self.boards.len() + 4);
                boards.extend(self.boards.iter().cloned());
                boards.push(board);
                self.boards = Shared(Arc::new(boards));
            }
        }
    }

    /// The step of its last board.
    pub(crate) fn end(&self) -> i32 {
        self.start + self.boards.len() as i32 - 1
    }

    pub(crate) fn board(&self, step: i32) -> Option<&Board> {
        let i = usize::try_from(step.checked_sub(self.start)?).ok()?;
        self.boards.get(i).map(|b| &**b)
    }
}

/// A move of the last turn, for the picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Mark {
    pub from: (i32, i32, u8),
    pub to: (i32, i32, u8),
    /// The timeline it opened, for a branching jump.
    pub opened: Option<i32>,
}

/// A game of 5D chess with multiverse time travel.
///
/// Created through [`crate::Rules::new`] from the options (a named board
/// or a 5DFEN start); played a whole turn at a time through
/// [`crate::Rules`], or a move at a time through the drafting methods.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FiveD {
    pub(crate) setup: Shared<Setup>,
    /// The L of `lines[0]`.
    pub(crate) first: i32,
    pub(crate) lines: Vec<Timeline>,
    pub(crate) to_move: Color,
    pub(crate) status: Status,
    /// The moves of the last turn.
    pub(crate) last: Vec<Mark>,
    /// Whole turns played so far.
    pub(crate) turns: u32,
}

impl FiveD {
    /// A game from its setup, the side to move the present's (F-5), the
    /// status judged at once (a start may already be mate or stalemate).
    pub fn from_setup(setup: Setup) -> FiveD {
        let lo = setup.initial.0;
        let mut lines: Vec<Timeline> = Vec::new();
        for (line, step, board) in &setup.start {
            let i = (line - lo) as usize;
            match lines.get_mut(i) {
                Some(t) => t.push(board.clone()),
                None => lines.push(Timeline::new(*step, board.clone())),
            }
        }
        let mut game = FiveD {
            setup: Shared(Arc::new(setup)),
            first: lo,
            lines,
            to_move: Color::White,
            status: Status::Ongoing,
            last: Vec::new(),
            turns: 0,
        };
        game.to_move = step_color(game.present());
        game.status = game.judge();
        game
    }

    /// The game's size, start and promotions.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The size of every board.
    pub fn size(&self) -> Size {
        self.setup.size
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The lowest and highest timeline.
    pub fn line_range(&self) -> (i32, i32) {
        (self.first, self.first + self.lines.len() as i32 - 1)
    }

    pub(crate) fn timeline(&self, line: i32) -> Option<&Timeline> {
        let i = usize::try_from(line.checked_sub(self.first)?).ok()?;
        self.lines.get(i)
    }

    /// The board of timeline `line` at `step`, if it exists.
    pub fn board(&self, line: i32, step: i32) -> Option<&Board> {
        self.timeline(line)?.board(step)
    }

    /// The step of timeline `line`'s last board.
    pub fn end(&self, line: i32) -> Option<i32> {
        self.timeline(line).map(Timeline::end)
    }

    /// Every timeline with its L, lowest first.
    pub(crate) fn timelines(&self) -> impl Iterator<Item = (i32, &Timeline)> {
        self.lines
            .iter()
            .enumerate()
            .map(|(i, t)| (self.first + i as i32, t))
    }

    /// Feeds `state` everything that decides play from here: the side to
    /// move, and every timeline's boards (where it starts, and each
    /// board's men). Equal positions feed the same; what only shows (the
    /// last turn's marks) is left out. For a search's keys, where making
    /// the game's view to hash it would cost more than the search's own
    /// work at a node.
    pub fn hash_position<H: Hasher>(&self, state: &mut H) {
        self.to_move.hash(state);
        self.first.hash(state);
        self.lines.len().hash(state);
        for timeline in &self.lines {
            timeline.start.hash(state);
            timeline.boards.len().hash(state);
            for board in timeline.boards.iter() {
                Board::hash(board, state);
            }
        }
    }

    /// Timelines created by White and by Black so far.
    pub fn created(&self) -> (i32, i32) {
        let (lo, hi) = self.line_range();
        let (a, b) = self.setup.initial;
        ((hi - b).max(0), (a - lo).max(0))
    }

    /// The active timelines, lowest and highest (F-4): the starting ones,
    /// and the n-th a player created while the opponent created n - 1.
    pub fn active_range(&self) -> (i32, i32) {
        active_range(self.setup.initial, self.line_range())
    }

    /// Whether timeline `line` is active (F-4).
    pub fn is_active(&self, line: i32) -> bool {
        let (lo, hi) = self.active_range();
        (lo..=hi).contains(&line)
    }

    /// The present (F-5): the earliest last board among active timelines,
    /// as a step.
    pub fn present(&self) -> i32 {
        let (lo, hi) = self.active_range();
        (lo..=hi).filter_map(|l| self.end(l)).min().unwrap_or(0)
    }

    /// The timelines whose last board is `color`'s: where `color` may move.
    pub fn playable(&self, color: Color) -> Vec<i32> {
        self.timelines()
            .filter(|(_, t)| step_color(t.end()) == color)
            .map(|(l, _)| l)
            .collect()
    }

    /// The timelines that must get a move this turn (F-5): active, with
    /// their last board the mover's and in the present.
    pub fn owed(&self) -> Vec<i32> {
        let present = self.present();
        if step_color(present) != self.to_move {
            return Vec::new();
        }
        let (lo, hi) = self.active_range();
        (lo..=hi)
            .filter(|&l| self.end(l) == Some(present))
            .collect()
    }

    /// How notation names timeline `line`: `0`, `-1`, `+0`.
    pub fn line_name(&self, line: i32) -> LineName {
        LineName::of(line, self.setup.even)
    }

    /// `(0T5)`: how notation names the board of `line` at `step`.
    pub fn board_name(&self, line: i32, step: i32) -> String {
        self.board_label(line, step).to_string()
    }

    /// The label of the board of `line` at `step`, as a turn lists it.
    pub fn board_label(&self, line: i32, step: i32) -> crate::BoardLabel {
        crate::BoardLabel::Timeline {
            line,
            step,
            name: self.line_name(line),
        }
    }

    /// The L the next timeline `color` creates gets (F-3).
    pub fn next_line(&self, color: Color) -> i32 {
        let (lo, hi) = self.line_range();
        match color {
            Color::White => hi + 1,
            Color::Black => lo - 1,
        }
    }
}

/// The active timelines of a game that started with timelines `initial`
/// and now spans `range` (F-4).
pub(crate) fn active_range(initial: (i32, i32), range: (i32, i32)) -> (i32, i32) {
    let white = (range.1 - initial.1).max(0);
    let black = (initial.0 - range.0).max(0);
    (
        initial.0 - black.min(white + 1),
        initial.1 + white.min(black + 1),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_names_keep_signed_zeros() {
        for even in [false, true] {
            for line in -5..=5 {
                let name = LineName::of(line, even);
                assert_eq!(name.line(even), line);
                assert_eq!(LineName::parse(&name.to_string()), Some(name));
            }
        }
        assert_eq!(LineName::of(-1, true).to_string(), "-0");
        assert_eq!(LineName::of(0, true).to_string(), "+0");
        assert_eq!(LineName::of(-2, true).to_string(), "-1");
        assert_eq!(LineName::parse("-1").map(|n| n.line(true)), Some(-2));
        for bad in ["", "+", "--1", "1a", "99999999999", " 1"] {
            assert_eq!(LineName::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_nth_timeline_is_active_while_the_opponent_made_n_minus_one() {
        // One starting timeline; White made 3, Black 1: White's third is
        // inactive.
        assert_eq!(active_range((0, 0), (-1, 3)), (-1, 2));
        assert_eq!(active_range((0, 0), (-2, 3)), (-2, 3));
        assert_eq!(active_range((0, 0), (0, 1)), (0, 1));
        assert_eq!(active_range((0, 0), (0, 2)), (0, 1));
        // Two starting timelines, -0 and +0 (L -1 and 0).
        assert_eq!(active_range((-1, 0), (-3, 0)), (-2, 0));
    }
}
