//! The multiverse in progress (E-1, E-2, E-6) and its plain queries.

use serde::{Deserialize, Serialize};

use super::action::BranchId;
use super::history::{Branch, Record, owner, record_at};
use crate::chess::Position;
use crate::geometry::{Bitboard, Square};
use crate::{Color, Outcome, Status};

/// A travel drawn as an arrow in the snapshot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TravelMark {
    pub from_branch: u16,
    pub from_time: u32,
    pub from: Square,
    pub to_branch: u16,
    pub to_time: u32,
    pub square: Square,
    pub trans: bool,
}

/// A game of multiverse time travel chess.
///
/// Created through [`crate::Rules::new`] (the branch limit from the
/// options) or [`Multiverse::with_limit`]; played through
/// [`crate::Rules`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Multiverse {
    pub(crate) limit: u16,
    pub(crate) seed: u64,
    pub(crate) branches: Vec<Branch>,
    pub(crate) to_move: Color,
    /// The turn number, from 1; a turn is one side's board moves.
    pub(crate) turn: u32,
    /// Collapse draws made so far (E-9): draw `n` depends only on the seed
    /// and `n`.
    pub(crate) draws: u64,
    /// The collapse owed before the next board move has been made.
    pub(crate) collapsed: bool,
    pub(crate) travels: Vec<TravelMark>,
    /// The latest collapse, in words.
    pub(crate) last_collapse: Option<String>,
    /// The branch the last action was on (index).
    pub(crate) touched: Option<u16>,
    pub(crate) status: Status,
}

/// `L3` for branch index 2.
pub(crate) fn label(index: usize) -> String {
    format!("L{}", index + 1)
}

impl Multiverse {
    /// A new game with branch limit `limit` (E-6; at least 1) and collapse
    /// seed `seed` (E-9). With a limit of 1 the first collapse is made at
    /// once ([`crate::Rules::opening_events`] says what it took).
    pub fn with_limit(limit: u16, seed: u64) -> Multiverse {
        Multiverse::created(limit, seed).0
    }

    /// The game before anything happened in it: one branch, White to move.
    pub(crate) fn blank(limit: u16, seed: u64) -> Multiverse {
        Multiverse {
            limit: limit.max(1),
            seed,
            branches: vec![Branch::original()],
            to_move: Color::White,
            turn: 1,
            draws: 0,
            collapsed: false,
            travels: Vec::new(),
            last_collapse: None,
            touched: None,
            status: Status::Ongoing,
        }
    }

    /// The branch limit (E-6).
    pub fn limit(&self) -> u16 {
        self.limit
    }

    /// How many branches exist, ended or not.
    pub fn branch_count(&self) -> usize {
        self.branches.len()
    }

    /// The numbers of the branches still owed a board move this turn
    /// (E-2); [`crate::Rules::turn`] names them.
    pub fn owed(&self) -> Vec<BranchId> {
        self.branches
            .iter()
            .enumerate()
            .filter(|(_, b)| b.owed)
            .map(|(i, _)| i as BranchId + 1)
            .collect()
    }

    /// The numbers of the branches not yet ended.
    pub fn active(&self) -> Vec<BranchId> {
        self.branches
            .iter()
            .enumerate()
            .filter(|(_, b)| b.is_active())
            .map(|(i, _)| i as BranchId + 1)
            .collect()
    }

    /// How branch `id` ended, if it has.
    pub fn branch_result(&self, id: BranchId) -> Option<Outcome> {
        self.index(id).and_then(|i| self.branches[i].ended)
    }

    /// The time step of branch `id`'s latest board.
    pub fn branch_now(&self, id: BranchId) -> Option<u32> {
        self.index(id).map(|i| self.branches[i].now())
    }

    /// The board at time step `time` of branch `id`'s history.
    pub fn board_at(&self, id: BranchId, time: u32) -> Option<Position> {
        let index = self.index(id)?;
        record_at(&self.branches, index, time).map(|r| r.position(time))
    }

    /// The latest board of branch `id`.
    pub fn latest(&self, id: BranchId) -> Option<Position> {
        self.index(id).map(|i| self.position(i))
    }

    /// The squares of the men that arrived by travel on branch `id`'s
    /// latest board (E-4).
    pub fn arrived(&self, id: BranchId) -> Bitboard {
        self.index(id)
            .map_or(Bitboard::EMPTY, |i| self.branches[i].latest().arrived())
    }

    /// The number of collapse draws made (two a collapse).
    pub fn draws(&self) -> u64 {
        self.draws
    }

    /// Boards stored, over all branches (shared boards once).
    pub fn stored_boards(&self) -> usize {
        self.branches.iter().map(|b| b.boards.len()).sum()
    }

    /// Bytes the state holds on the heap and inline, roughly.
    pub fn footprint(&self) -> usize {
        std::mem::size_of::<Multiverse>()
            + self.branches.capacity() * std::mem::size_of::<Branch>()
            + self
                .branches
                .iter()
                .map(|b| b.boards.capacity() * std::mem::size_of::<Record>())
                .sum::<usize>()
            + self.travels.capacity() * std::mem::size_of::<TravelMark>()
    }

    /// The index of branch `id`, if it exists.
    pub(crate) fn index(&self, id: BranchId) -> Option<usize> {
        let index = usize::from(id).checked_sub(1)?;
        (index < self.branches.len()).then_some(index)
    }

    /// The latest board of branch `index`.
    pub(crate) fn position(&self, index: usize) -> Position {
        let branch = &self.branches[index];
        branch.latest().position(branch.now())
    }

    pub(crate) fn limit_reached(&self) -> bool {
        self.branches.len() >= usize::from(self.limit)
    }

    /// The branch that owns time step `time` of branch `index`'s history.
    pub(crate) fn owner_of(&self, index: usize, time: u32) -> Option<usize> {
        owner(&self.branches, index, time)
    }
}
