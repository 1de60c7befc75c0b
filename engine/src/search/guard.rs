//! The guard: every move the rules list at the root, checked for one that
//! wins at once; then the move chosen, checked against every reply the
//! rules list.
//!
//! Where a state has more actions than the level's width, the search
//! weighs a sample of them, the captures first. A move that wins at once
//! without capturing (5D chess's mates are mostly quiet turns) can be left
//! out, at the root as among the replies: the search then plays on past
//! a mate it had, or scores a move that loses on the spot by its static
//! evaluation. Where the level watches (`Tuning::watch`: 5D chess, drawn
//! into [`super::Limits::guard`]), a root move that wins at once is
//! played ([`Search::finish`]), and the chosen move's replies are all made
//! ([`Domain::winning_move`]); a
//! move with a winning reply is scored as the loss it is, and the search's
//! next best is checked in its place. The replies found winning are tried
//! first against the next moves, which often share the flaw (in 5D chess
//! the moves listed together differ on one board). Where every move the
//! search weighed has such a reply, the domain's escapes
//! ([`Domain::escapes`]: moves it did not weigh) are tried the same way,
//! and the first without one is played. A move with no winning reply is
//! also asked for a net ([`Domain::net`]: a reply after which every
//! answer loses at once), where the domain looks for one; the next move
//! is tried in its place (as many as the domain looks at), and the first
//! move found netted is played where none of them holds.

use super::{Allowed, Domain, Found, RootMove, Search};
use crate::score::terminal;

/// How many moves the guard may check against every listed reply in one
/// search (up to 1,000 turns each in 5D chess). A move that a reply
/// already found wins against costs one reply, and does not count.
const FULL_CHECKS: usize = 8;

impl<D: Domain> Search<'_, D> {
    /// A move that wins at once among those the rules list at the root
    /// and the `sample` the search weighs left out, where the guard is on:
    /// a sample can leave out a quiet mate as it leaves out a quiet reply
    /// (one in it, the search's first iteration finds). It looks for a
    /// quarter of the time left at most, as the mate in two does: in 5D
    /// multiverses of 26 to 177 timelines the look took up to 5 s, and the
    /// search, which sees a mate among its sample too, needs the rest.
    pub(super) fn finish(
        &mut self,
        root: &D::State,
        sample: &[D::Move],
        allowed: Option<Allowed<'_, D::Move>>,
    ) -> Option<Found<D::Move>> {
        if !self.limits.guard {
            return None;
        }
        let until = super::quarter_of_time_left(self.limits.deadline);
        let best = self.domain.winning_move(root, &[], sample, until)?;
        if allowed.is_some_and(|allowed| !allowed(&best)) {
            return None;
        }
        let side = self.domain.side(root);
        Some(Found {
            best,
            score: terminal(Some(side), side, 1),
            depth: 1,
            nodes: self.nodes,
        })
    }

    /// The root move to play in place of `best` where `best` has a reply
    /// that wins at once (`scores` then marks it lost), `None` where it
    /// stands.
    pub(super) fn guard(
        &mut self,
        root: &D::State,
        root_moves: &mut Vec<RootMove<D>>,
        scores: &mut Vec<i32>,
        order: &[usize],
        best: usize,
    ) -> Option<usize> {
        if !self.limits.guard {
            return None;
        }
        self.start_guard();
        let until = self.guard_deadline;
        let side = self.domain.side(root);
        let lost = terminal(Some(side.other()), side, 2);
        let mut known: Vec<D::Move> = Vec::new();
        // The wins found closing nets ([`Domain::net`]), and the first
        // move found walking into one.
        let mut caught: Vec<D::Move> = Vec::new();
        let mut netted: Option<usize> = None;
        let mut net_checks = self.domain.net_checks();
        let mut full_checks = 0;
        let mut chosen = best;
        // The chosen move first, then the search's order (its last
        // iteration's moves first, by their scores).
        let candidates = std::iter::once(best).chain(order.iter().copied().filter(|&i| i != best));
        for i in candidates {
            chosen = i;
            // Each full check lists up to 1,000 turns: past the deadline
            // (or a stop) the move in hand stands.
            if full_checks == FULL_CHECKS || (full_checks > 0 && self.guard_out_of_time()) {
                break;
            }
            // A move found netted stands over one that cannot be looked at.
            let can_look = net_checks > 0 && !self.guard_out_of_time();
            if netted.is_some() && !can_look {
                break;
            }
            let child = match root_moves[i].1.take() {
                Some(child) => child,
                None => match self.domain.play(root, &root_moves[i].0) {
                    Some(child) => child,
                    None => continue,
                },
            };
            let reply = self.domain.winning_move(&child, &known, &[], until);
            let net = match reply {
                None if can_look => {
                    net_checks -= 1;
                    self.domain.net(&child, &mut caught, until)
                }
                _ => None,
            };
            root_moves[i].1 = Some(child);
            let Some(reply) = reply else {
                if net.is_none() {
                    return (chosen != best).then_some(chosen);
                }
                // Not lost at once, but into a net: the next may hold.
                netted.get_or_insert(i);
                continue;
            };
            scores[i] = lost;
            // A reply not known before took a check of the whole list.
            if !known.contains(&reply) {
                known.push(reply);
                full_checks += 1;
            }
        }
        // A move that walks into a net still loses later than one lost at
        // once, and was searched.
        if let Some(i) = netted {
            return (i != best).then_some(i);
        }
        // Every move checked has a winning reply (or the checks ran out
        // with the one in hand unchecked): a defence among the domain's
        // escapes, each proved, is better.
        if let Some(escape) = self.escape(root, root_moves, &mut known) {
            scores.push(escape.2);
            root_moves.push(escape);
            return Some(root_moves.len() - 1);
        }
        (chosen != best).then_some(chosen)
    }

    /// The first of the domain's escapes, not searched already, that has
    /// no reply winning at once (the replies found so far tried first,
    /// [`FULL_CHECKS`] more at most), with its child and its evaluation.
    fn escape(
        &mut self,
        root: &D::State,
        searched: &[RootMove<D>],
        known: &mut Vec<D::Move>,
    ) -> Option<RootMove<D>> {
        if self.guard_out_of_time() {
            return None;
        }
        let side = self.domain.side(root);
        let mut full_checks = 0;
        for m in self.domain.escapes(root) {
            if full_checks == FULL_CHECKS || self.guard_out_of_time() {
                return None;
            }
            if searched.iter().any(|r| r.0 == m) {
                continue;
            }
            self.nodes += 1;
            let Some(child) = self.domain.play(root, &m) else {
                continue;
            };
            match self
                .domain
                .winning_move(&child, known, &[], self.guard_deadline)
            {
                None => {
                    let eval = self.child_eval(side, &child);
                    return Some((m, Some(child), eval));
                }
                Some(reply) => {
                    if !known.contains(&reply) {
                        known.push(reply);
                        full_checks += 1;
                    }
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use crate::search::fived::Turns;
    use crate::search::{Limits, Search, Table};

    #[test]
    fn the_guard_keeps_the_time_the_search_left_it() {
        // On a clock the search's deadline is brought forward to leave the
        // guard its time; the guard keeps to the limits' own. Kept to the
        // search's, already passed when the guard began, a timed turn was
        // checked once for a mate at once and never for a net, nor for an
        // escape where it lost (5DUCI's `go movetime`).
        let settings = crate::level::FIVED[7];
        let deadline = Instant::now() + Duration::from_secs(600);
        let limits = Limits {
            guard: true,
            deadline: Some(deadline),
            ..Limits::to_depth(settings.depth)
        };
        let domain = Turns::new(&settings, 1, Some(deadline));
        let mut search = Search::new(domain, limits, Table::new(8), Vec::new());
        search.leave_time_to_guard(Duration::from_secs(400));
        assert!(search.out_of_time());
        assert!(!search.guard_out_of_time());
    }
}
