//! TT-6 grammatical correctness.
//!
//! A player who never exploded is correct. Otherwise a player who ever lost
//! a traveling man to capture is incorrect; else the player is correct iff
//! the traveling men can be matched to distinct untraveled men that could
//! annihilate them (TT-3 geometry). No action may leave its mover
//! incorrect; an action that leaves the opponent incorrect wins at once
//! (TT-7a).

use crate::Color;

use super::matching::all_matched;
use super::position::{Pos, Stage, TravelerChess};
use super::resonance::could_annihilate;

impl TravelerChess {
    /// TT-6: whether `color` is grammatically correct now.
    pub fn is_correct(&self, color: Color) -> bool {
        is_correct(&self.pos, color)
    }
}

/// TT-6: whether `color` is grammatically correct.
pub(super) fn is_correct(pos: &Pos, color: Color) -> bool {
    if pos.records(color).is_empty() {
        return true;
    }
    if pos.lost[color.index()] {
        return false;
    }
    let traveling = pos.stage_of(color, Stage::Traveling);
    if traveling.is_empty() {
        return true;
    }
    if traveling.count() > 16 {
        return false;
    }
    let untraveled = pos.stage_of(color, Stage::Untraveled);
    let mut sets = [0u16; 16];
    let mut n = 0;
    for t in traveling {
        let Some(t_role) = pos.board.role_at(t) else {
            continue;
        };
        let mut set = 0u16;
        for r in untraveled {
            if let Some(r_role) = pos.board.role_at(r)
                && could_annihilate(color, r_role, r, t_role, t)
            {
                set |= 1 << (pos.ids[r.index()] & 15);
            }
        }
        sets[n] = set;
        n += 1;
    }
    all_matched(&sets[..n])
}
