//! The actions of Time Traveler's Chess: a normal move, an explosion
//! (TT-4) or an annihilation (TT-5).

use serde::{Deserialize, Serialize};

use crate::chess::{Move, Role};
use crate::geometry::Square;

/// An action of Time Traveler's Chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// A normal move of an untraveled or traveled man: a move, castling
    /// (TT-8) or en passant (TT-9).
    Move(Move),
    /// TT-4: a traveling and a traveled `role` appear on `square`; the
    /// traveled one moves to `to`.
    Explosion {
        role: Role,
        square: Square,
        to: Square,
        promotion: Option<Role>,
    },
    /// TT-5: the untraveled man on `from` annihilates with the traveling
    /// man on `to`.
    Annihilation {
        from: Square,
        to: Square,
        promotion: Option<Role>,
    },
}

impl Action {
    /// Where the action starts and ends, for highlights.
    pub fn squares(&self) -> (Square, Square) {
        match *self {
            Action::Move(mv) => (mv.from(), mv.to()),
            Action::Explosion { square, to, .. } => (square, to),
            Action::Annihilation { from, to, .. } => (from, to),
        }
    }
}
