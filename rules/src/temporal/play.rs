//! Playing a legal Temporal Chess turn: the whole turn as `turn.rs` works
//! it out (the action, then the mover's countdown, T-6), then the
//! judgement of the game (T-8, T-9).

use std::fmt;

use super::action::Action;
use super::legality::describe;
use super::position::{Event, Last, TemporalChess};
use super::turn::Transition;
use crate::{ActionError, Outcome, Reason, Status};

/// Plies without a capture, drop or warp that draw (T-9): fifty moves each.
pub const FIFTY_MOVES_PLIES: u32 = 100;

/// Applies `action` if it is legal now; returns the events the countdown
/// caused.
pub(super) fn apply(
    game: &mut TemporalChess,
    action: Action,
) -> Result<Vec<crate::Event>, ActionError> {
    if game.status.is_over() {
        return Err(ActionError::GameOver);
    }
    let t = game.legal_turn(action)?;
    Ok(apply_turn(game, action, &t))
}

/// Applies the legal `action`, whose whole turn is `t`.
pub(super) fn apply_turn(
    game: &mut TemporalChess,
    action: Action,
    t: &Transition,
) -> Vec<crate::Event> {
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
    t.event.map(crate::Event::from).into_iter().collect()
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

impl fmt::Display for Event {
    /// What the countdown did, in words (T-6).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::OriginalLeft { color, kind, cell } => write!(
                f,
                "the {color} {kind} on {cell}, an original, left the game with its last red checker"
            ),
            Event::Reappeared {
                color,
                kind,
                cell,
                captured,
            } => match captured {
                Some(man) => write!(
                    f,
                    "the {color} {kind} reappeared on {cell} and captured the {}",
                    describe(man)
                ),
                None => write!(f, "the {color} {kind} reappeared on {cell}"),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::temporal::position::{Position, Warp};
    use crate::temporal::{Cell, Kind};
    use crate::{Color, Rules};

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
