//! What the multiverse's rules do by themselves: [`Event`].

use std::fmt;

use super::BranchId;
use crate::Outcome;
use crate::chess::Piece;
use crate::geometry::Square;

/// Something the multiverse's rules did by themselves, after an action or
/// as the game was created.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// A branch ended, with its result (E-10, E-8).
    BranchEnded {
        /// The branch's number.
        branch: BranchId,
        /// How it ended.
        outcome: Outcome,
    },
    /// A collapse took a man other than a king from a branch's latest
    /// board (E-9).
    Collapsed {
        /// The branch's number.
        branch: BranchId,
        /// The square the man stood on.
        square: Square,
        /// The man, as the board held it.
        man: Option<Piece>,
    },
    /// A collapse fell on a branch with only kings: nothing is lost (E-9).
    Spared {
        /// The branch's number.
        branch: BranchId,
    },
}

impl fmt::Display for Event {
    /// `L3 ends 1-0 (checkmate)`, `collapse: L3 loses the black knight on
    /// f6`, `collapse: L3 has only kings, nothing is lost`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::BranchEnded { branch, outcome } => write!(f, "L{branch} ends {outcome}"),
            Event::Collapsed {
                branch,
                square,
                man: Some(man),
            } => write!(f, "collapse: L{branch} loses the {man} on {square}"),
            Event::Collapsed {
                branch,
                square,
                man: None,
            } => write!(f, "collapse: L{branch} loses the man on {square}"),
            Event::Spared { branch } => {
                write!(f, "collapse: L{branch} has only kings, nothing is lost")
            }
        }
    }
}
