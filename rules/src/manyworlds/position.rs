//! [`ManyWorlds`]: the set of live boards (M-1), whose turn it is, and the
//! bookkeeping that finds identical boards and repeated sets of boards at
//! once (M-2, M-5).

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use super::{Action, Numeral, World};
use crate::geometry::Square;
use crate::rng::SplitMix64;
use crate::{Color, Inconsistency, Status};

/// A game of Many Worlds Chess.
///
/// The live boards are kept by numeral, and indexed by their contents
/// (hashed by Zobrist key) so that a board identical to a new one is found
/// at once, however many boards there are. The whole set of boards has a
/// key too, the sum of its boards' mixed keys, kept up to date as boards
/// come and go, for the repetition rule (M-5).
///
/// It is kept (serde) in a stored form of its own, its boards as FEN
/// fields (`fen.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ManyWorlds {
    /// The `turns` option (M-6).
    pub(super) turns: bool,
    /// The side to act.
    pub(super) to_move: Color,
    pub(super) boards: BTreeMap<Numeral, World>,
    pub(super) index: HashMap<World, Numeral>,
    /// The numeral the next new board gets.
    pub(super) next: u32,
    /// Actions played.
    pub(super) ply: u32,
    /// The key of the set of boards (without the side to move).
    pub(super) set_key: u64,
    /// How often each (set of boards, side to act) has occurred (M-5).
    pub(super) seen: BTreeMap<u64, u8>,
    pub(super) last: Option<Last>,
    pub(super) status: Status,
}

/// What the last action did, for the view: the boards it left changed and
/// where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Last {
    /// The action.
    pub action: Action,
    /// The boards it left changed, with the squares it touched there.
    pub marks: Vec<Mark>,
}

/// A board the last action touched, with the squares a man left and
/// reached there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mark {
    /// The board.
    pub board: Numeral,
    /// The square a man left there, if one did.
    pub from: Option<Square>,
    /// The square a man reached there, if one did.
    pub to: Option<Square>,
}

/// A bijective mix of a board key, so that the set key (a sum) is not
/// linear in the men: moving a man from one board to another changes it.
fn mix(key: u64) -> u64 {
    SplitMix64::new(key).next_u64()
}

fn side_key(color: Color) -> u64 {
    color.fold(0, 0x6a09_e667_f3bc_c909)
}

impl ManyWorlds {
    /// No board yet.
    pub(super) fn empty(turns: bool, to_move: Color) -> ManyWorlds {
        ManyWorlds {
            turns,
            to_move,
            boards: BTreeMap::new(),
            index: HashMap::new(),
            next: 0,
            ply: 0,
            set_key: 0,
            seen: BTreeMap::new(),
            last: None,
            status: Status::Ongoing,
        }
    }

    /// A new game: board 0 in the starting position, White to act.
    pub(super) fn start(turns: bool) -> ManyWorlds {
        let mut game = ManyWorlds::empty(turns, Color::White);
        game.insert_new(World::start(turns));
        game.seen.insert(game.repetition_key(), 1);
        game
    }

    /// Whether the `turns` option is on (M-6).
    pub fn turns(&self) -> bool {
        self.turns
    }

    /// The side to act.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Actions played so far.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The numeral the next new board will get.
    pub fn next_numeral(&self) -> Numeral {
        Numeral(self.next)
    }

    /// The live boards, by numeral.
    pub fn boards(&self) -> impl Iterator<Item = (Numeral, &World)> + '_ {
        self.boards.iter().map(|(n, w)| (*n, w))
    }

    /// How many boards are live.
    pub fn board_count(&self) -> usize {
        self.boards.len()
    }

    /// The board numbered `n`, if live.
    pub fn board(&self, n: Numeral) -> Option<&World> {
        self.boards.get(&n)
    }

    /// The live board identical to `world`, found by its key.
    pub fn find(&self, world: &World) -> Option<Numeral> {
        self.index.get(world).copied()
    }

    /// What the last action did.
    pub fn last(&self) -> Option<&Last> {
        self.last.as_ref()
    }

    /// M-5: the key of the position as repetitions count it, which the
    /// rules keep as boards come and go: the set of live boards (each by
    /// [`World::key`]: men, castling rights, en passant, with `turns` its
    /// side to move), numerals aside, and the side to act. Equal for
    /// positions the rules count as the same; a third occurrence draws.
    pub fn repetition_key(&self) -> u64 {
        self.set_key ^ side_key(self.to_move)
    }

    /// Adds a board not identical to any live one under the next numeral.
    pub(super) fn insert_new(&mut self, world: World) -> Numeral {
        let n = Numeral(self.next);
        self.next += 1;
        self.insert_as(n, world);
        n
    }

    pub(super) fn insert_as(&mut self, n: Numeral, world: World) {
        self.set_key = self.set_key.wrapping_add(mix(world.key()));
        self.index.insert(world, n);
        self.boards.insert(n, world);
    }

    pub(super) fn remove(&mut self, n: Numeral) -> Option<World> {
        let world = self.boards.remove(&n)?;
        self.index.remove(&world);
        self.set_key = self.set_key.wrapping_sub(mix(world.key()));
        Some(world)
    }

    /// A new board: it merges into a live identical board (M-2), whose
    /// numeral it takes, or gets the next numeral.
    pub(super) fn place_new(&mut self, world: World) -> (Numeral, bool) {
        match self.index.get(&world) {
            Some(&n) => (n, true),
            None => (self.insert_new(world), false),
        }
    }

    /// A changed board keeping its numeral `n`, unless it is now identical
    /// to another live board: then it merges into that one (decision 1).
    pub(super) fn place_changed(&mut self, n: Numeral, world: World) -> (Numeral, bool) {
        match self.index.get(&world) {
            Some(&m) => (m, true),
            None => {
                self.insert_as(n, world);
                (n, false)
            }
        }
    }

    /// The numerals the two results of a split get (merged into a live
    /// board, or new), before it is played (M-1, M-2).
    pub(super) fn results(
        &self,
        board: Numeral,
        first: &crate::chess::Move,
        second: &crate::chess::Move,
    ) -> Option<(Numeral, Numeral)> {
        let world = self.boards.get(&board)?;
        let us = self.to_move;
        let (r1, r2) = (world.after(us, first), world.after(us, second));
        let (n1, new1) = match self.index.get(&r1) {
            Some(&n) => (n, false),
            None => (Numeral(self.next), true),
        };
        let n2 = match self.index.get(&r2) {
            Some(&n) => n,
            None if r2 == r1 => n1,
            None => Numeral(self.next + u32::from(new1)),
        };
        Some((n1, n2))
    }

    /// Checks the invariants (for tests and benches): no two live boards
    /// identical, the index and the set key match the boards, numerals
    /// below the next one.
    pub fn consistency(&self) -> Result<(), Inconsistency> {
        if self.index.len() != self.boards.len() {
            return Err("two live boards are identical".into());
        }
        let mut key = 0u64;
        for (n, w) in &self.boards {
            if self.index.get(w) != Some(n) {
                return Err(format!("board {n} is not indexed").into());
            }
            if n.0 >= self.next {
                return Err(format!("board {n} is numbered beyond {}", self.next).into());
            }
            if w.to_move().is_some() != self.turns {
                return Err(format!("board {n} does not match the turns option").into());
            }
            key = key.wrapping_add(mix(w.key()));
        }
        if key != self.set_key {
            return Err("the set key is stale".into());
        }
        Ok(())
    }
}
