//! Autocomplete: a few legal actions matching what a player typed, without
//! printing the hundreds of explosions a middlegame has.

use std::ops::ControlFlow;

use crate::filter_suggestions;

use super::action::Action;
use super::legality::{normal_moves, walk_legal};
use super::notation;
use super::position::TravelerChess;
use super::resonance::for_each_annihilation;

/// No action's notation is longer than this (`Nf6/xe8=Q+` and the like,
/// with room to spare): longer text matches nothing.
const LONGEST_ACTION: usize = 24;

impl TravelerChess {
    /// Up to `limit` legal actions matching `typed`. Normal moves and
    /// annihilations are few and all printed; explosions are expanded only
    /// for the (kind, square) pairs whose notation can start with what was
    /// typed, and printing stops once `limit` prefix matches are found.
    pub(super) fn suggestions(&self, typed: &str, limit: usize) -> Vec<String> {
        if self.status.is_over() || limit == 0 || typed.len() > 4 * LONGEST_ACTION {
            return Vec::new();
        }
        let lower: String = typed
            .trim()
            .to_ascii_lowercase()
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        if lower.len() > LONGEST_ACTION {
            return Vec::new();
        }
        let pos = &self.pos;
        let mut prefix = Vec::new();
        let mut inner = Vec::new();
        let add = |s: String, prefix: &mut Vec<String>, inner: &mut Vec<String>| {
            let l = s.to_ascii_lowercase();
            if l.starts_with(&lower) {
                prefix.push(s);
            } else if l.contains(&lower) {
                inner.push(s);
            }
        };
        let mut cheap = Vec::new();
        normal_moves(pos, |mv| cheap.push(Action::Move(mv)));
        for_each_annihilation(pos, pos.turn, |from, to, promotion| {
            cheap.push(Action::Annihilation {
                from,
                to,
                promotion,
            })
        });
        for a in cheap {
            if let Ok((after, verdict)) = self.judged(&a) {
                add(
                    self.written_judged(&a, &after, verdict),
                    &mut prefix,
                    &mut inner,
                );
            }
        }
        if prefix.len() < limit {
            let mut found = Vec::new();
            let _ = walk_legal(
                pos,
                Some(self.sup()),
                |role, square| {
                    let head = notation::explosion(role, square, false, square, None);
                    let head =
                        head[..head.find('/').map_or(head.len(), |i| i + 1)].to_ascii_lowercase();
                    head.starts_with(&lower) || lower.starts_with(&head)
                },
                |j| {
                    if matches!(j.action, Action::Explosion { .. }) {
                        let s = self.written_judged(&j.action, &j.after, j.verdict);
                        if s.to_ascii_lowercase().starts_with(&lower) {
                            found.push(s);
                            if prefix.len() + found.len() >= limit {
                                return ControlFlow::Break(());
                            }
                        }
                    }
                    ControlFlow::Continue(())
                },
            );
            prefix.extend(found);
        }
        prefix.extend(inner);
        filter_suggestions(prefix, typed, limit)
    }
}
