//! The reference search: every order of every board move, kept when the
//! turn can be submitted, turns that leave the same multiverse counted
//! once. Slow; the tests hold the fast search to it on small positions.

use std::collections::HashSet;

use super::super::action::{Action, Move};
use super::super::board::Board;
use super::super::position::FiveD;

/// The boards a draft added: per timeline, its first step and new boards.
type Key = Vec<(i32, i32, Vec<Board>)>;

fn key(base: &FiveD, draft: &FiveD) -> Key {
    let mut out = Vec::new();
    for (line, t) in draft.timelines() {
        let skip = base.timeline(line).map_or(0, |b| b.boards.len());
        if t.boards.len() > skip {
            let start = t.start + skip as i32;
            out.push((
                line,
                start,
                t.boards[skip..].iter().map(|b| (**b).clone()).collect(),
            ));
        }
    }
    out
}

/// Every distinct legal turn of the side to move, each once, found by
/// trying every order of board moves.
pub fn brute_force_turns(game: &FiveD) -> Vec<Action> {
    brute_force_some(game, usize::MAX)
}

/// The first `limit` distinct legal turns the reference search finds.
pub fn brute_force_some(game: &FiveD, limit: usize) -> Vec<Action> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut moves = Vec::new();
    if !game.status.is_over() && limit > 0 {
        walk(game, game, &mut moves, &mut seen, &mut out, limit);
    }
    out
}

fn walk(
    base: &FiveD,
    draft: &FiveD,
    moves: &mut Vec<Move>,
    seen: &mut HashSet<Key>,
    out: &mut Vec<Action>,
    limit: usize,
) {
    if out.len() >= limit || !seen.insert(key(base, draft)) {
        return;
    }
    if draft.submit_problem().is_none()
        && let Ok((_, ordered, _)) = base.drafted(moves)
    {
        out.push(ordered);
    }
    for mv in draft.board_moves() {
        let mut next = draft.clone();
        next.apply_unchecked(&mv);
        moves.push(mv);
        walk(base, &next, moves, seen, out, limit);
        moves.pop();
    }
}
