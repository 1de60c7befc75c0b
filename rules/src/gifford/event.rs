//! What Gifford's rules do by themselves: [`Event`].

use std::fmt;

use super::action::Arrival;
use crate::Color;
use crate::chess::Role;

/// Something Gifford's rules did by themselves after an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// A king went back to one of its owner's earlier moves: a new
    /// timeline begins there, where the king is placed (G-4).
    KingBack {
        /// The king's owner.
        color: Color,
        /// The owner's move the king went back to.
        to_move: u32,
        /// The new timeline's number, counted from 1.
        timeline: usize,
    },
    /// A side has no man on the board while its king is away in time: it
    /// loses (G-6).
    NoManLeft {
        /// The side left without a man.
        color: Color,
    },
    /// A man due now cannot be placed: it is lost in time (G-2); a king so
    /// lost loses the game for its owner.
    LostInTime {
        /// The man that was due, with the move it was due at.
        man: Arrival,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::KingBack {
                color,
                to_move,
                timeline,
            } => write!(
                f,
                "{color}'s king goes back to move {to_move}: timeline {timeline} begins, and {color} places the king there (K [FTF] square)"
            ),
            Event::NoManLeft { color } => write!(
                f,
                "{color} has no man on the board while its king is away in time: {color} loses (G-6)"
            ),
            Event::LostInTime { man } if man.role == Role::King => write!(
                f,
                "{color}'s king due at move {at} cannot be placed: it is lost in time, and {color} loses (G-2)",
                color = man.color,
                at = man.due,
            ),
            Event::LostInTime { man } => write!(
                f,
                "{} due at move {} cannot be placed: it is lost in time (G-2)",
                man.describe(),
                man.due
            ),
        }
    }
}
