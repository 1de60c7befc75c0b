//! What a Gifford player can do, and the men away in time.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::Color;
use crate::chess::{Move, Role};
use crate::geometry::Square;

/// One action of a player: a move of a man, a departure into time, an
/// arrival, or the placing of a king come back from the future.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// A FIDE move (`Nf3`, `O-O`, `exd5`).
    Move {
        /// The move, as on a FIDE board.
        mv: Move,
    },
    /// G-1, G-3: the man on `from` leaves the board and arrives on its
    /// owner's move `arrival` (`d2// to 8`, `Bf8// to 5`, `Ke1// to 17`).
    Forward {
        /// The square the man leaves.
        from: Square,
        /// The owner's move number on which it must arrive.
        arrival: u32,
    },
    /// G-2: the man due now is dropped on `to` (`[P] e6`, `[Bb] a5+`,
    /// `[K] f1`). `role` is the man's kind.
    Arrive {
        /// The kind of man arriving.
        role: Role,
        /// The empty square it is dropped on.
        to: Square,
    },
    /// G-4: the king on `from` goes back to its owner's move `to_move`
    /// (`K// back to 2`, `Kf3// back to 6`).
    Back {
        /// The king's square.
        from: Square,
        /// The owner's earlier move number it goes back to.
        to_move: u32,
    },
    /// G-4: the king from the future is placed on `to`, as the move of the
    /// new timeline (`K [FTF] f8`).
    Place {
        /// The square the king is placed on.
        to: Square,
    },
}

/// The squares a time-travelling bishop keeps to (it never changes
/// diagonals, however far it travels).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Shade {
    /// `[Bw]`: white (light) squares.
    Light,
    /// `[Bb]`: black (dark) squares.
    Dark,
}

impl Shade {
    /// The shade of `square`.
    pub const fn of(square: Square) -> Shade {
        if square.is_light() {
            Shade::Light
        } else {
            Shade::Dark
        }
    }

    /// `w` or `b`, as in `[Bw]` and `[Bb]`.
    pub const fn letter(self) -> char {
        match self {
            Shade::Light => 'w',
            Shade::Dark => 'b',
        }
    }

    /// `light squares` or `dark squares`.
    pub const fn words(self) -> &'static str {
        match self {
            Shade::Light => "light squares",
            Shade::Dark => "dark squares",
        }
    }
}

/// A man away in time: whose, what, and on which of its owner's moves it
/// must be placed (G-1, G-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Arrival {
    /// The owner's move number on which it arrives.
    pub due: u32,
    /// The man's owner.
    pub color: Color,
    /// The kind of man.
    pub role: Role,
    /// For a bishop, the squares it keeps to.
    pub shade: Option<Shade>,
    /// Where it left the board (shown in histories, not a rule).
    pub from: Square,
}

impl Arrival {
    /// The bracketed tag the score sheet shows: `[P]`, `[N]`, `[Bw]`,
    /// `[Bb]`, `[R]`, `[Q]`, `[K]`.
    pub fn tag(&self) -> String {
        tag(self.role, self.shade)
    }

    /// `black's bishop (dark squares)`, for messages.
    pub fn describe(&self) -> String {
        match self.shade {
            Some(shade) => format!("{}'s {} ({})", self.color, self.role, shade.words()),
            None => format!("{}'s {}", self.color, self.role),
        }
    }
}

/// `[P]`, `[Bw]`, `[Bb]`, `[K]`...
pub(super) fn tag(role: Role, shade: Option<Shade>) -> String {
    match shade {
        Some(shade) => format!("[{}{}]", role.upper_char(), shade.letter()),
        None => format!("[{}]", role.upper_char()),
    }
}

impl fmt::Display for Shade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.words())
    }
}
