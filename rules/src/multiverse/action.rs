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
    Resign { branch: BranchId },
}

/// A FIDE move on the latest board of `branch`, with at most one travel of
/// another of the mover's men before or after it (E-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BoardMove {
    pub branch: BranchId,
    pub mv: Move,
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
    Before,
    After,
}

/// Where a traveller lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Destination {
    /// Time travel (E-5) to the board at time step `time` of the branch's
    /// own history: opens a new branch.
    Past { time: u32 },
    /// Trans-universe travel (E-7) to the latest board of `branch`.
    Branch { branch: BranchId },
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
