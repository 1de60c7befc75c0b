//! The quiescence search: past the horizon, the side to act may stand pat
//! on the static evaluation or play a capture (a forcing action), so that
//! a capture at the horizon is not counted as won when it can be taken
//! back. FIDE chess searches every capture, by most valuable victim; where
//! children are made to be ordered (the time-travel variants), each
//! capture's child is judged first and only the best few are searched.

use super::{Domain, INFINITY, MAX_PLY, Search};
use crate::score::terminal;

impl<D: Domain> Search<'_, D> {
    /// The quiescence search: standing pat on the static evaluation, or
    /// the best capture (`depth` plies into it).
    pub(super) fn quiesce(
        &mut self,
        s: &D::State,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        depth: usize,
    ) -> i32 {
        let stand = self.static_eval(s);
        if ply >= MAX_PLY {
            return stand;
        }
        let in_check = self.domain.in_check(s);
        // Standing pat holds beta: no capture needs listing.
        if !in_check && stand >= beta {
            return stand;
        }
        let mut captures = self.spare.moves.pop().unwrap_or_default();
        if !self.domain.captures(s, depth, &mut captures) {
            self.spare.moves.push(captures);
            return stand;
        }
        let mut best = stand;
        if in_check {
            // In check there is no standing pat: every evasion is tried.
            captures.clear();
            self.domain.moves(s, ply, &mut captures);
            if captures.is_empty() {
                self.spare.moves.push(captures);
                return self.domain.no_moves(s, ply);
            }
            best = -INFINITY;
        } else {
            alpha = alpha.max(stand);
        }
        if self.domain.order_by_evaluation() && !in_check {
            return self.quiesce_made(s, captures, best, alpha, beta, ply, depth);
        }
        captures.sort_by_cached_key(|m| {
            std::cmp::Reverse(self.domain.capture_order(s, m).unwrap_or(0))
        });
        for mv in captures.drain(..) {
            if !in_check && self.domain.futile(s, &mv, stand, alpha) {
                continue;
            }
            self.tick();
            if self.aborted {
                return 0;
            }
            let Some(child) = self.domain.play(s, &mv) else {
                continue;
            };
            let score = if let Some(result) = self.domain.outcome(&child) {
                terminal(result, self.domain.side(s), ply + 1)
            } else if self.domain.side(&child) == self.domain.side(s) {
                self.quiesce(&child, alpha, beta, ply + 1, depth + 1)
            } else {
                -self.quiesce(&child, -beta, -alpha, ply + 1, depth + 1)
            };
            if raise(&mut best, &mut alpha, beta, score) {
                break;
            }
        }
        captures.clear();
        self.spare.moves.push(captures);
        best
    }

    /// The quiescence search where children are made to be ordered (the
    /// time-travel variants): every capture's child is made and judged
    /// statically first. Where the turn passes, the opponent may stand pat
    /// in the child, so a capture whose child's evaluation does not beat
    /// alpha cannot raise it and is skipped; the best
    /// [`Domain::quiescence_width`] of the rest are searched, best first.
    #[allow(clippy::too_many_arguments)] // the quiescence search's own, and the captures
    fn quiesce_made(
        &mut self,
        s: &D::State,
        captures: Vec<D::Move>,
        mut best: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        depth: usize,
    ) -> i32 {
        let side = self.domain.side(s);
        let mut made = Vec::with_capacity(captures.len());
        for mv in captures {
            self.tick();
            if self.aborted {
                return 0;
            }
            let Some(child) = self.domain.play(s, &mv) else {
                continue;
            };
            let judged = match self.domain.outcome(&child) {
                Some(result) => terminal(result, side, ply + 1),
                None => self.child_eval(side, &child),
            };
            let turn_passes = self.domain.side(&child) != side;
            if turn_passes && judged <= alpha {
                continue;
            }
            made.push((judged, child));
        }
        made.sort_by_key(|(judged, _)| std::cmp::Reverse(*judged));
        made.truncate(self.domain.quiescence_width());
        for (judged, child) in made {
            let score = if self.domain.outcome(&child).is_some() {
                judged
            } else if self.domain.side(&child) == side {
                self.quiesce(&child, alpha, beta, ply + 1, depth + 1)
            } else {
                if judged <= alpha {
                    // The window rose since this child was judged.
                    continue;
                }
                -self.quiesce(&child, -beta, -alpha, ply + 1, depth + 1)
            };
            if self.aborted {
                return 0;
            }
            if raise(&mut best, &mut alpha, beta, score) {
                break;
            }
        }
        best
    }
}

/// Takes `score` into a node's best and alpha; whether it reaches beta (a
/// cut: the opponent will not allow this line).
fn raise(best: &mut i32, alpha: &mut i32, beta: i32, score: i32) -> bool {
    if score > *best {
        *best = score;
        if score > *alpha {
            *alpha = score;
        }
    }
    *alpha >= beta
}
