//! Whose turn it is, and on which boards: [`Turn`] and [`BoardLabel`].

use std::fmt;

use serde::{Serialize, Serializer};

use crate::Color;
use crate::fived::{LineName, step_turn};
use crate::manyworlds::Numeral;
use crate::multiverse::BranchId;

/// Whose turn it is, and where.
///
/// Serialized with each board as the text it is written as (`L3`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Turn {
    /// The side that acts next.
    pub color: Color,
    /// Where that side still owes an action this turn (the multiverse's
    /// branches, 5D's present boards, Many Worlds' boards when each board
    /// knows whose move it is). Empty for single-board play.
    pub boards: Vec<BoardLabel>,
}

impl Turn {
    /// The turn of a variant played on one board (or one field).
    pub fn single(color: Color) -> Turn {
        Turn {
            color,
            boards: Vec::new(),
        }
    }
}

/// A board a side owes an action on, named as its variant names it. Its
/// text ([`fmt::Display`]) is how players and records write it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardLabel {
    /// A multiverse branch, by its number: `L3`.
    Branch(BranchId),
    /// A Many Worlds board, by its numeral: `XII` (M-1).
    World(Numeral),
    /// A 5D board: timeline `line` (its L number) at `step` (a half-move
    /// count, F-1), written `(0T5)` with the timeline named as the game
    /// names it (`+0` and `-0` where two timelines start, F-1).
    Timeline {
        /// The timeline's L number.
        line: i32,
        /// The board's step on that timeline.
        step: i32,
        /// How notation names the timeline.
        name: LineName,
    },
}

impl BoardLabel {
    /// The multiverse branch this label names, if it names one.
    pub fn branch(self) -> Option<BranchId> {
        match self {
            BoardLabel::Branch(branch) => Some(branch),
            _ => None,
        }
    }
}

impl fmt::Display for BoardLabel {
    /// `L3`, `XII`, `(0T5)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardLabel::Branch(branch) => write!(f, "L{branch}"),
            BoardLabel::World(numeral) => write!(f, "{numeral}"),
            BoardLabel::Timeline { step, name, .. } => write!(f, "({name}T{})", step_turn(*step)),
        }
    }
}

impl Serialize for BoardLabel {
    /// As its text: `L3`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A label equals the text it is written as.
impl PartialEq<str> for BoardLabel {
    fn eq(&self, text: &str) -> bool {
        self.to_string().as_str() == text
    }
}

/// A label equals the text it is written as.
impl PartialEq<String> for BoardLabel {
    fn eq(&self, text: &String) -> bool {
        self == text.as_str()
    }
}

/// A label equals the text it is written as.
impl PartialEq<&str> for BoardLabel {
    fn eq(&self, text: &&str) -> bool {
        self == *text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_written_as_players_write_them() {
        assert_eq!(BoardLabel::Branch(3).to_string(), "L3");
        assert_eq!(BoardLabel::World(Numeral(12)).to_string(), "XII");
        assert_eq!(BoardLabel::World(Numeral(0)).to_string(), "0");
        let board = |line, step, even| BoardLabel::Timeline {
            line,
            step,
            name: LineName::of(line, even),
        };
        assert_eq!(board(0, 2, false).to_string(), "(0T1)");
        assert_eq!(board(-1, 3, true).to_string(), "(-0T1)");
        assert_eq!(board(1, 10, false), "(1T5)");
        assert_eq!(
            serde_json::to_string(&Turn {
                color: Color::Black,
                boards: vec![BoardLabel::Branch(1), BoardLabel::Branch(4)],
            })
            .unwrap(),
            r#"{"color":"black","boards":["L1","L4"]}"#
        );
        assert_eq!(BoardLabel::Branch(2).branch(), Some(2));
        assert_eq!(BoardLabel::World(Numeral(2)).branch(), None);
    }
}
