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
        /// The kind of both men that appear.
        role: Role,
        /// The empty square they appear on; the traveling man stays there.
        square: Square,
        /// Where the traveled man moves from there.
        to: Square,
        /// What the traveled man becomes, if it is a pawn reaching the
        /// last rank.
        promotion: Option<Role>,
    },
    /// TT-5: the untraveled man on `from` annihilates with the traveling
    /// man on `to`.
    Annihilation {
        /// The untraveled man's square.
        from: Square,
        /// The traveling man's square, which both leave.
        to: Square,
        /// For a pawn pushing onto the last rank, the traveling man's kind,
        /// which the pawn promotes to (`e7//e8=Q`).
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
