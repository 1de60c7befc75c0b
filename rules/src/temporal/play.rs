//! Playing a legal Temporal Chess turn: the action, then the mover's
//! countdown (T-6), then the judgement of the game (T-8, T-9).

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::cell::Cell;
use super::movement::Kind;
use super::notation::describe;
use super::position::{Last, Position, TemporalChess, Warp};
use crate::{ActionError, Color, Outcome, Reason, Status};

/// Plies without a capture, drop or warp that draw (T-9): fifty moves each.
pub const FIFTY_MOVES_PLIES: u32 = 100;

/// What happened at the end of a turn by itself (T-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Event {
    /// An original left the game with its last red checker.
    OriginalLeft {
        color: Color,
        kind: Kind,
        cell: Cell,
    },
    /// A disappeared man reappeared with its last black checker, capturing
    /// the man present on its cell, if any.
    Reappeared {
        color: Color,
        kind: Kind,
        cell: Cell,
        captured: Option<(Color, Kind)>,
    },
}

/// A whole turn worked out: the action and the mover's countdown.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Transition {
    /// The position after the turn, the other side to move.
    pub pos: Position,
    /// A man was captured (by the action or by a reappearance).
    pub captured: bool,
    /// An original of the opponent was captured: the mover wins (T-8). The
    /// countdown is not made: the game is over.
    pub paradox: bool,
    /// A king of the opponent that counts for check was captured by a
    /// reappearance. The rules prevent it; kept for robustness.
    pub king_captured: bool,
    /// A king of the mover that counts for check was captured by the mover's
    /// own reappearing man: such an action is illegal.
    pub own_king_lost: bool,
    /// What the countdown did.
    pub event: Option<Event>,
}

impl Position {
    /// Works out `action` by the side to move as a whole turn. The action
    /// must be pseudo-legal (see [`Position::pseudo_legal`]).
    pub(crate) fn transition(&self, action: Action) -> Transition {
        let me = self.to_move;
        let mut pos = *self;
        let mut captured = None;
        let mut warped = false;
        match action {
            Action::Drop { kind, to } => {
                let hand = &mut pos.hands[me.index()][kind.index()];
                *hand = hand.saturating_sub(1);
                pos.put(me, kind, to);
            }
            Action::Move { from, to } => {
                let (_, kind) = pos.take(from).unwrap_or((me, Kind::King));
                captured = pos.take(to).map(|m| (m, to));
                pos.put(me, kind, to);
                if let Some(Warp::Original { cell, count }) = pos.warps[me.index()]
                    && cell == from
                {
                    pos.warps[me.index()] = Some(Warp::Original { cell: to, count });
                }
            }
            Action::WarpFrom { from, to, count } => {
                let kind = pos.man_at(from).map_or(Kind::King, |m| m.1);
                captured = pos.take(to).map(|m| (m, to));
                pos.put(me, kind, to);
                pos.warps[me.index()] = Some(Warp::Original { cell: from, count });
                warped = true;
            }
            Action::WarpInto { at, count } => {
                let kind = pos.take(at).map_or(Kind::King, |m| m.1);
                pos.warps[me.index()] = Some(Warp::Away {
                    cell: at,
                    kind,
                    count,
                });
                warped = true;
            }
        }
        let mut t = Transition {
            pos,
            captured: captured.is_some(),
            paradox: false,
            king_captured: false,
            own_king_lost: false,
            event: None,
        };
        if let Some((_, cell)) = captured
            && self.original(!me) == Some(cell)
        {
            t.paradox = true;
            t.pos.warps[(!me).index()] = None;
            t.pos.to_move = !me;
            return t;
        }
        // T-6: the countdown, at the end of the turn, not in the warp's own.
        if !warped {
            t.countdown(me);
        }
        t.pos.to_move = !me;
        t
    }
}

impl Transition {
    /// T-6: at the end of `me`'s turn one checker comes off `me`'s warp. An
    /// original leaves the game with its last red checker; a disappeared man
    /// reappears with its last black checker and captures whatever man is
    /// present on its cell.
    fn countdown(&mut self, me: Color) {
        let Some(warp) = self.pos.warps[me.index()] else {
            return;
        };
        match warp {
            Warp::Original { cell, count } if count > 1 => {
                self.pos.warps[me.index()] = Some(Warp::Original {
                    cell,
                    count: count - 1,
                });
            }
            Warp::Original { cell, .. } => {
                self.pos.warps[me.index()] = None;
                let kind = self.pos.take(cell).map_or(Kind::King, |m| m.1);
                self.event = Some(Event::OriginalLeft {
                    color: me,
                    kind,
                    cell,
                });
            }
            Warp::Away { cell, kind, count } if count > 1 => {
                self.pos.warps[me.index()] = Some(Warp::Away {
                    cell,
                    kind,
                    count: count - 1,
                });
            }
            Warp::Away { cell, kind, .. } => {
                self.pos.warps[me.index()] = None;
                let victim_original = self.pos.original(!me) == Some(cell);
                let victim_king = self.pos.checkable_king_at(!me, cell);
                let own_king = self.pos.checkable_king_at(me, cell);
                let captured = self.pos.take(cell);
                self.pos.put(me, kind, cell);
                if captured.is_some() {
                    self.captured = true;
                }
                if victim_original {
                    self.paradox = true;
                    self.pos.warps[(!me).index()] = None;
                }
                self.king_captured |= victim_king;
                self.own_king_lost |= own_king;
                self.event = Some(Event::Reappeared {
                    color: me,
                    kind,
                    cell,
                    captured,
                });
            }
        }
    }
}

/// Applies `action` if it is legal now; the events the countdown caused
/// come back in words.
pub(super) fn apply(game: &mut TemporalChess, action: Action) -> Result<Vec<String>, ActionError> {
    if game.status.is_over() {
        return Err(ActionError::GameOver);
    }
    let t = game.legal_turn(action)?;
    Ok(apply_turn(game, action, &t))
}

/// Applies the legal `action`, whose whole turn is `t`.
pub(super) fn apply_turn(game: &mut TemporalChess, action: Action, t: &Transition) -> Vec<String> {
    // T-9: a capture, a drop or a warp resets the fifty-move clock, and
    // no position before it can come back.
    let irreversible = t.captured || !matches!(action, Action::Move { .. });
    if irreversible {
        game.quiet = 0;
        game.seen.clear();
    } else {
        game.quiet = game.quiet.saturating_add(1);
    }
    let repeated = 1 + game.seen.iter().filter(|p| **p == t.pos).count();
    let status = game.judge_end(t, repeated, game.quiet);
    game.pos = t.pos;
    game.ply = game.ply.saturating_add(1);
    game.seen.push(t.pos);
    game.last = Some(Last {
        action,
        event: t.event,
    });
    game.status = status;
    t.event.map(event_words).into_iter().collect()
}

impl TemporalChess {
    /// The result at the start of a turn, after `t`.
    fn judge_end(&self, t: &Transition, repeated: usize, quiet: u32) -> Status {
        let mover = self.pos.to_move;
        if t.paradox {
            return Status::Finished(Outcome::win(mover, Reason::Paradox));
        }
        if t.king_captured {
            return Status::Finished(Outcome::win(mover, Reason::KingCaptured));
        }
        let next = &t.pos;
        if !next.has_legal_action() {
            return Status::Finished(if next.in_check(next.to_move).is_some() {
                Outcome::win(mover, Reason::Checkmate)
            } else {
                Outcome::draw(Reason::Stalemate)
            });
        }
        if repeated >= 3 {
            return Status::Finished(Outcome::draw(Reason::Repetition));
        }
        if quiet >= FIFTY_MOVES_PLIES {
            return Status::Finished(Outcome::draw(Reason::FiftyMoves));
        }
        Status::Ongoing
    }
}

/// Words for what the countdown did (T-6).
fn event_words(e: Event) -> String {
    match e {
        Event::OriginalLeft { color, kind, cell } => format!(
            "the {color} {kind} on {cell}, an original, left the game with its last red checker"
        ),
        Event::Reappeared {
            color,
            kind,
            cell,
            captured,
        } => match captured {
            Some(man) => format!(
                "the {color} {kind} reappeared on {cell} and captured the {}",
                describe(man)
            ),
            None => format!("the {color} {kind} reappeared on {cell}"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;

    fn cell(s: &str) -> Cell {
        s.parse().unwrap()
    }

    /// Black: king Aa1, a unicorn away on Dd4 (3 black checkers), nothing
    /// in hand. White: king Ac1, queen Ac2. White to move.
    fn lone_king(black_warp: bool) -> TemporalChess {
        let mut pos = Position {
            hands: [[0; 6]; 2],
            ..Position::default()
        };
        for (color, kind, c) in [
            (Color::White, Kind::King, "Ac1"),
            (Color::White, Kind::Queen, "Ac2"),
            (Color::Black, Kind::King, "Aa1"),
        ] {
            pos.put(color, kind, cell(c));
        }
        if black_warp {
            pos.warps[1] = Some(Warp::Away {
                cell: cell("Dd4"),
                kind: Kind::Unicorn,
                count: 3,
            });
        }
        TemporalChess::at(pos)
    }

    #[test]
    fn t9_stalemate_draws() {
        let mut g = lone_king(true);
        let a = g.parse("QCa2").unwrap();
        assert_eq!(g.play(&a).unwrap().notation, "QAc2-Ca2");
        assert_eq!(g.status, Status::Finished(Outcome::draw(Reason::Stalemate)));
        assert_eq!(g.in_check(), None);
        assert!(g.legal_actions().is_empty());
        // With no warp of its own running, Black's king can warp away.
        let mut g = lone_king(false);
        let a = g.parse("QCa2").unwrap();
        g.play(&a).unwrap();
        assert_eq!(g.status, Status::Ongoing);
        let names: Vec<String> = g.legal_actions().iter().map(|a| g.notation(a)).collect();
        assert_eq!(
            names,
            ["KAa1^1", "KAa1^2", "KAa1^3", "KAa1^4", "KAa1^5", "KAa1^6"]
        );
    }

    #[test]
    fn the_state_survives_serde() {
        let mut g = lone_king(true);
        let a = g.parse("KAc1-Bc1").unwrap();
        g.play(&a).unwrap();
        let json = serde_json::to_string(&g).unwrap();
        let back: TemporalChess = serde_json::from_str(&json).unwrap();
        assert_eq!(back, g);
        assert!(json.contains("\"Dd4\""), "{json}");
    }
}
