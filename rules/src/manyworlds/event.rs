//! What Many Worlds' rules do by themselves: [`Event`].

use std::fmt;

use super::Numeral;
use crate::chess::San;

/// Something Many Worlds' rules did by themselves after an action: boards
/// that became identical merge into one (M-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// One of a split's two moves gives a board identical to a live one.
    SplitMerged {
        /// The move, as SAN writes it on the board it was made on.
        san: San,
        /// The board that split.
        board: Numeral,
        /// The live board the new one merged with.
        with: Numeral,
    },
    /// A transfer leaves a board identical to a live one (house rule 1).
    TransferMerged {
        /// The board the transfer changed.
        board: Numeral,
        /// The live board it merged with.
        with: Numeral,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::SplitMerged { san, board, with } => write!(
                f,
                "{san} on board {board} gives a board identical to board {with}: they merge"
            ),
            Event::TransferMerged { board, with } => write!(
                f,
                "board {board} is now identical to board {with}: they merge"
            ),
        }
    }
}
