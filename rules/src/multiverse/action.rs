//! What a player does in the multiverse: board moves, with or without a
//! travel, and branch resignations.

use serde::{Deserialize, Serialize};

use crate::chess::Move;
use crate::geometry::Square;

/// A branch by its number: 1 for L1, the original (E-1).
pub type BranchId = u16;

/// One action of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// A board move on a branch (E-3).
    Move(BoardMove),
    /// The side to move gives up one branch (E-10): `(L3) resign`.
    Resign {
        /// The branch given to the opponent.
        branch: BranchId,
    },
}

/// A FIDE move on the latest board of `branch`, with at most one travel of
/// another of the mover's men before or after it (E-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BoardMove {
    /// The branch moved on.
    pub branch: BranchId,
    /// The FIDE move on its latest board.
    pub mv: Move,
    /// The travel of another man, if any (E-5, E-7).
    pub travel: Option<Travel>,
}

/// A man sent from the branch's latest board to another board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Travel {
    /// Before or after the FIDE move.
    pub when: When,
    /// The traveller's square on the board it leaves.
    pub from: Square,
    /// Where it goes.
    pub to: Destination,
    /// The square it lands on.
    pub square: Square,
}

/// When the travel happens, relative to the board move's FIDE move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum When {
    /// The man travels first; the FIDE move is made on the board it left.
    Before,
    /// The FIDE move is made first; a man that moved in it may not travel.
    After,
}

/// Where a traveller lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Destination {
    /// Time travel (E-5) to the board at time step `time` of the branch's
    /// own history: opens a new branch.
    Past {
        /// The time step of the past board, one on which the mover had
        /// just moved.
        time: u32,
    },
    /// Trans-universe travel (E-7) to the latest board of `branch`.
    Branch {
        /// The branch reached.
        branch: BranchId,
    },
}

impl Action {
    /// The branch the action is on.
    pub fn branch(&self) -> BranchId {
        match self {
            Action::Move(m) => m.branch,
            Action::Resign { branch } => *branch,
        }
    }
}
