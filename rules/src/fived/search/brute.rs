//! The reference search: every order of every board move, kept when the
//! turn can be submitted, each distinct turn once. Slow; the tests hold
//! the fast search to it on small positions.

use std::collections::HashSet;

use super::super::action::{Action, Move};
use super::super::action::{MoveKind, standard_order};
use super::super::position::FiveD;
use crate::Status;

/// Every distinct legal turn of the side to move, each once, found by
/// trying every order of board moves. Two turns are distinct when their
/// moves in the standard order differ (`count_turns`).
///
/// The game's status is not trusted, as the fast search judged it: a
/// game ended in mate or stalemate is searched again, and has no turn
/// exactly when that verdict was right.
pub fn brute_force_turns(game: &FiveD) -> Vec<Action> {
    brute_force_some(game, usize::MAX)
}

/// The first `limit` distinct legal turns the reference search finds.
pub fn brute_force_some(game: &FiveD, limit: usize) -> Vec<Action> {
    let mut fresh = game.clone();
    fresh.status = Status::Ongoing;
    let mut walk = Walk {
        base: &fresh,
        moves: Vec::new(),
        kinds: Vec::new(),
        seen: HashSet::new(),
        out: Vec::new(),
        limit,
    };
    if limit > 0 {
        walk.from(&fresh);
    }
    walk.out
}

/// A depth-first walk over drafts, each reached once: two orders of the
/// same moves (the standard order equal) make the same draft.
struct Walk<'a> {
    base: &'a FiveD,
    moves: Vec<Move>,
    kinds: Vec<MoveKind>,
    seen: HashSet<Action>,
    out: Vec<Action>,
    limit: usize,
}

impl Walk<'_> {
    fn from(&mut self, draft: &FiveD) {
        let drafted = standard_order(self.base.to_move, &self.moves, &self.kinds);
        if self.out.len() >= self.limit || !self.seen.insert(drafted) {
            return;
        }
        if !self.moves.is_empty()
            && draft.submit_problem().is_none()
            && let Ok((_, ordered, _)) = self.base.drafted(&self.moves)
        {
            self.out.push(ordered);
        }
        for mv in draft.board_moves() {
            let mut next = draft.clone();
            let kind = next.apply_unchecked(&mv);
            self.moves.push(mv);
            self.kinds.push(kind);
            self.from(&next);
            self.moves.pop();
            self.kinds.pop();
        }
    }
}
