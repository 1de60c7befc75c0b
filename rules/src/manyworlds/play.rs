//! Applying a legal action (M-2) and judging the game after it (M-4,
//! M-5).

use super::event::Event as ManyWorldsEvent;
use super::notation;
use super::{Action, Last, ManyWorlds, Mark};
use crate::chess::Role;
use crate::{ActionError, Event, Outcome, Reason, Rule, Status};

/// Applies `action` if it is legal now, then judges the game; returns the
/// merges it caused.
pub(super) fn apply(game: &mut ManyWorlds, action: &Action) -> Result<Vec<Event>, ActionError> {
    game.check(action)?;
    game.act(action)
}

impl ManyWorlds {
    /// Applies `action`, checked legal.
    fn act(&mut self, action: &Action) -> Result<Vec<Event>, ActionError> {
        let us = self.to_move;
        let mut events = Vec::new();
        let mut king_captured = false;
        let marks = match *action {
            Action::Split {
                board,
                first,
                second,
            } => {
                let world = self.remove(board).ok_or_else(|| self.no_board(board))?;
                let mut marks = Vec::with_capacity(2);
                for mv in [first, second] {
                    king_captured |= mv.capture() == Some(Role::King);
                    let (n, merged) = self.place_new(world.after(us, &mv));
                    if merged {
                        events.push(
                            ManyWorldsEvent::SplitMerged {
                                san: notation::san(&world.moves(us), &mv),
                                board,
                                with: n,
                            }
                            .into(),
                        );
                    }
                    marks.push(Mark {
                        board: n,
                        from: Some(mv.from()),
                        to: Some(mv.to()),
                    });
                }
                marks
            }
            Action::Transfer {
                square, from, to, ..
            } => {
                // Checked: both boards are live and the man stands there.
                let (Some(source), Some(target)) = (self.board(from), self.board(to)) else {
                    return Err(self.no_board(from));
                };
                let (source, target) = (*source, *target);
                let Some(man) = source.board().piece_at(square) else {
                    return Err(ActionError::illegal(Rule::M_2, "nothing to transfer"));
                };
                self.remove(from);
                self.remove(to);
                let (s, s_merged) = self.place_changed(from, source.without(square));
                let (t, t_merged) = self.place_changed(to, target.with(square, man));
                for (before, after, merged) in [(from, s, s_merged), (to, t, t_merged)] {
                    if merged {
                        events.push(
                            ManyWorldsEvent::TransferMerged {
                                board: before,
                                with: after,
                            }
                            .into(),
                        );
                    }
                }
                vec![
                    Mark {
                        board: s,
                        from: Some(square),
                        to: None,
                    },
                    Mark {
                        board: t,
                        from: None,
                        to: Some(square),
                    },
                ]
            }
        };
        self.ply += 1;
        self.to_move = us.other();
        *self.seen.entry(self.repetition_key()).or_insert(0) += 1;
        self.last = Some(Last {
            action: *action,
            marks,
        });
        self.status = self.judge(king_captured);
        Ok(events)
    }

    /// M-4: a king captured wins at once; a side with no split and no
    /// transfer loses. M-5: the third occurrence of the same set of boards
    /// with the same side to act draws. The loss comes first (decision 6).
    pub(super) fn judge(&self, king_captured: bool) -> Status {
        let mover = self.to_move.other();
        if king_captured {
            return Status::Finished(Outcome::win(mover, Reason::KingCaptured));
        }
        if !self.has_action(self.to_move) {
            return Status::Finished(Outcome::win(mover, Reason::NoActionLeft));
        }
        if self.seen.get(&self.repetition_key()).copied().unwrap_or(0) >= 3 {
            return Status::Finished(Outcome::draw(Reason::Repetition));
        }
        Status::Ongoing
    }
}
