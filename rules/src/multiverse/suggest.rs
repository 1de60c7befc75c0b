//! Autocomplete without listing every travel of every branch.
//!
//! - Nothing typed, or no branch named: the owed branches' prefixes first
//!   (`(L1)`, `(L3)`), then each owed branch's board moves without travel,
//!   branch by branch, then resignations; a candidate fits when it, or its
//!   part after the prefix, starts with what was typed (those come first)
//!   or contains it. Branches are visited in order and the search stops
//!   once `limit` candidates start with the text.
//! - A branch named (`(L3)N`): that branch's board moves and resignation.
//! - A branch named and a travel begun (`(L3)Nf3 Bc4>`): that branch's
//!   board moves with travel, only for the traveller whose square was
//!   typed when it was.

use super::action::{Action, BranchId};
use super::notation::read_prefix;
use super::position::Multiverse;
use crate::geometry::{File, Rank, Square};

struct Picker {
    typed: String,
    limit: usize,
    prefix: Vec<String>,
    inner: Vec<String>,
}

impl Picker {
    fn offer(&mut self, candidate: String) {
        let lower = candidate.to_ascii_lowercase();
        let body = lower.split_once(')').map_or("", |(_, b)| b);
        if lower.starts_with(&self.typed) || body.starts_with(&self.typed) {
            self.prefix.push(candidate);
        } else if lower.contains(&self.typed) && self.inner.len() < self.limit {
            self.inner.push(candidate);
        }
    }

    fn full(&self) -> bool {
        self.prefix.len() >= self.limit
    }

    fn finish(mut self) -> Vec<String> {
        self.prefix.append(&mut self.inner);
        self.prefix.truncate(self.limit);
        self.prefix
    }
}

impl Multiverse {
    /// Up to `limit` actions fitting `typed` (see the module docs).
    pub(crate) fn suggestions(&self, typed: &str, limit: usize) -> Vec<String> {
        if self.status.is_over() || limit == 0 {
            return Vec::new();
        }
        let mut picker = Picker {
            typed: typed.trim().to_ascii_lowercase(),
            limit,
            prefix: Vec::new(),
            inner: Vec::new(),
        };
        let named = match read_prefix(typed.trim()) {
            Ok((Some((id, _)), rest)) => id
                .value::<BranchId>()
                .filter(|&id| self.index(id).is_some())
                .map(|id| (id, rest)),
            _ => None,
        };
        match named {
            Some((id, rest)) => {
                if let Some(at) = rest.find('>') {
                    let from = traveller_square(&rest[..at]);
                    for action in self.board_moves(id) {
                        if picker.full() {
                            break;
                        }
                        if let Action::Move(bm) = action
                            && let Some(t) = bm.travel
                            && from.is_none_or(|f| f == t.from)
                        {
                            picker.offer(self.write_action(&action));
                        }
                    }
                } else {
                    for action in self.plain_moves(id) {
                        picker.offer(self.write_action(&action));
                    }
                    if self.index(id).is_some_and(|i| self.branches[i].is_active()) {
                        picker.offer(self.write_action(&Action::Resign { branch: id }));
                    }
                }
            }
            None => {
                let owed = self.owed();
                if owed.len() > 1 {
                    for id in &owed {
                        picker.offer(format!("(L{id})"));
                    }
                }
                for id in owed {
                    if picker.full() {
                        break;
                    }
                    for action in self.plain_moves(id) {
                        picker.offer(self.write_action(&action));
                    }
                }
                for (i, branch) in self.branches.iter().enumerate() {
                    if picker.full() {
                        break;
                    }
                    if branch.is_active() {
                        picker.offer(self.write_action(&Action::Resign {
                            branch: i as BranchId + 1,
                        }));
                    }
                }
            }
        }
        picker.finish()
    }
}

/// The square written just before the arrow, if any.
fn traveller_square(left: &str) -> Option<Square> {
    let t = left.trim_end();
    let mut chars = t.chars().rev();
    let rank = Rank::from_char(chars.next()?)?;
    let file = File::from_char(chars.next()?.to_ascii_lowercase())?;
    Some(Square::new(file, rank))
}
