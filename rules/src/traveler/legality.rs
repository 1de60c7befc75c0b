//! Which actions are legal: generating them (TT-1 … TT-9, judged in
//! TT-7a's order) and refusing the others, each refusal naming the
//! [`Rule`] it enforces.

use std::ops::ControlFlow;

use crate::chess::{CastlingSide, Move, MoveGen, Role};
use crate::geometry::attacks::pawn_attacks;
use crate::geometry::{Rank, Square};
use crate::{ActionError, Rule};

use super::action::Action;
use super::explosion;
use super::kings::{Verdict, castling, judge};
use super::matching::explosion_allowed;
use super::position::{Pos, Supports, TravelerChess};
use super::resonance::{annihilation, for_each_annihilation};
use super::support::supports;

/// The pseudo-legal normal moves of the side to move: its untraveled and
/// traveled men, en passant (with the TT-9 undo), castling by TT-8.
pub(super) fn normal_moves(pos: &Pos, mut f: impl FnMut(Move)) {
    let us = pos.turn;
    MoveGen::new(&pos.board, us)
        .movers(pos.movers(us))
        .for_each(&mut f);
    if let Some(ep) = pos.ep {
        let pawns = pos.movers(us) & pos.board.by_role(Role::Pawn);
        let victim_ok = match ep.undo {
            Some(_) => !pos.board.occupied().contains(ep.victim),
            None => {
                (pos.board.by_color(us.other()) & pos.board.by_role(Role::Pawn)).contains(ep.victim)
            }
        };
        if victim_ok && !pos.board.occupied().contains(ep.square) {
            for from in pawn_attacks(us.other(), ep.square) & pawns {
                f(Move::EnPassant {
                    from,
                    to: ep.square,
                });
            }
        }
    }
    for side in CastlingSide::ALL {
        if let Ok(mv) = castling(pos, us, side) {
            f(mv);
        }
    }
}

/// Every action of the side to move that TT-1..6 and TT-7a allow; `f`
/// may stop the walk. Explosions come last and
/// need the supports, computed only if the walk gets that far; only the
/// (kind, square) pairs `want` accepts are expanded.
pub(super) fn walk_legal(
    pos: &Pos,
    sup: Option<&Supports>,
    mut want: impl FnMut(Role, Square) -> bool,
    mut f: impl FnMut(Action) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let us = pos.turn;
    let mut flow = ControlFlow::Continue(());
    let mut take = |action: Action, after: Pos, flow: &mut ControlFlow<()>| {
        if flow.is_break() {
            return;
        }
        if !matches!(judge(&after, us), Verdict::Refused(_)) {
            *flow = f(action);
        }
    };
    normal_moves(pos, |mv| {
        take(Action::Move(mv), pos.after_move(&mv), &mut flow)
    });
    for_each_annihilation(pos, us, |from, to, promotion| {
        take(
            Action::Annihilation {
                from,
                to,
                promotion,
            },
            pos.after_annihilation(from, to),
            &mut flow,
        )
    });
    flow?;
    let computed;
    let sup = match sup {
        Some(s) => s,
        None => {
            computed = supports(pos, us);
            &computed
        }
    };
    explosion::for_each(pos, sup, &mut want, |role, square, to, promotion, set| {
        take(
            Action::Explosion {
                role,
                square,
                to,
                promotion,
            },
            pos.after_explosion(role, square, to, promotion, set),
            &mut flow,
        )
    });
    flow
}

/// Whether the side to move has any legal action.
pub(super) fn has_legal_action(pos: &Pos) -> bool {
    walk_legal(pos, None, |_, _| true, |_| ControlFlow::Break(())).is_break()
}

impl TravelerChess {
    /// Every legal action now; none once the game is over.
    pub(super) fn collect_legal(&self) -> Vec<Action> {
        let mut out = Vec::new();
        if self.status.is_over() {
            return out;
        }
        let _ = walk_legal(
            &self.pos,
            Some(self.sup()),
            |_, _| true,
            |action| {
                out.push(action);
                ControlFlow::Continue(())
            },
        );
        out
    }

    /// Judges `action` now: the position after it and TT-7a's verdict
    /// (never a refusal), or why it is refused.
    pub(super) fn judged(&self, action: &Action) -> Result<(Pos, Verdict), ActionError> {
        let pos = &self.pos;
        let us = pos.turn;
        let after = match *action {
            Action::Move(mv) => {
                let mut found = false;
                normal_moves(pos, |m| found |= m == mv);
                if !found {
                    if let Move::Castle { king, rook } = mv {
                        let side = if rook > king {
                            CastlingSide::KingSide
                        } else {
                            CastlingSide::QueenSide
                        };
                        if let Err(why) = castling(pos, us, side) {
                            return Err(ActionError::illegal(
                                Rule::TT_8,
                                format!("cannot castle: {why}"),
                            ));
                        }
                    }
                    return Err(ActionError::illegal(
                        Rule::FIDE_MOVEMENT,
                        "that move is not possible now",
                    ));
                }
                pos.after_move(&mv)
            }
            Action::Annihilation {
                from,
                to,
                promotion,
            } => {
                if annihilation(pos, us, from, to) != Some(promotion) {
                    return Err(ActionError::illegal(
                        Rule::TT_5,
                        format!("the man on {from} cannot annihilate on {to} now (TT-5)"),
                    ));
                }
                pos.after_annihilation(from, to)
            }
            Action::Explosion {
                role,
                square,
                to,
                promotion,
            } => {
                let set = self.explosion_support(role, square)?;
                let mut found = None;
                explosion::traveled_moves(pos, us, role, square, |t, p, ep| {
                    if t == to && p == promotion {
                        found = Some(if ep {
                            pos.ep.map_or(t, |e| e.victim)
                        } else {
                            t
                        });
                    }
                });
                let Some(victim) = found else {
                    return Err(self.no_traveled_move(role, square, to, promotion));
                };
                if explosion::protected(pos, us).contains(victim) {
                    let what = if pos.traveling.contains(victim) {
                        "an enemy traveling man"
                    } else {
                        "an enemy resonator"
                    };
                    return Err(ActionError::illegal(
                        Rule::TT_4,
                        format!(
                            "in an explosion the traveled man may not capture {what}, as on {victim} (TT-4)"
                        ),
                    ));
                }
                pos.after_explosion(role, square, to, promotion, set)
            }
        };
        match judge(&after, us) {
            Verdict::Refused(refusal) => Err(refusal.error()),
            verdict => Ok((after, verdict)),
        }
    }

    /// TT-1 and TT-2 for an explosion of `role` on `square`: the candidate
    /// supports, or the refusal.
    fn explosion_support(&self, role: Role, square: Square) -> Result<u16, ActionError> {
        let pos = &self.pos;
        let us = pos.turn;
        if pos.board.occupied().contains(square) {
            return Err(ActionError::illegal(
                Rule::TT_4,
                format!("{square} is not empty: an explosion square must be empty (TT-4)"),
            ));
        }
        if role == Role::Pawn && matches!(square.rank(), Rank::First | Rank::Eighth) {
            return Err(ActionError::illegal(
                Rule::TT_4,
                "a pawn explosion square is never on the first or last rank (TT-4)",
            ));
        }
        let set = self.sup().set_for(role, square);
        if set == 0 {
            let or_pawn = if Role::PROMOTIONS.contains(&role) {
                format!(" (nor a pawn promoting to a {role})")
            } else {
                String::new()
            };
            return Err(ActionError::illegal(
                Rule::TT_1,
                format!(
                    "no untraveled {role} of yours{or_pawn} can reach {square} within three moves, so nothing supports the explosion (TT-1)"
                ),
            ));
        }
        let mut records = [0u16; 16];
        let list = pos.records(us);
        for (r, out) in list.iter().zip(records.iter_mut()) {
            *out = r.supports;
        }
        if !explosion_allowed(&records[..list.len()], set) {
            let names: Vec<String> = (0..16u8)
                .filter(|m| set & (1 << m) != 0)
                .map(|m| format!("the man from {}", pos.home(us, m)))
                .collect();
            return Err(ActionError::illegal(
                Rule::TT_2,
                format!(
                    "the supports for a {role} explosion on {square} ({}) are already needed for your earlier explosions (TT-2)",
                    names.join(", ")
                ),
            ));
        }
        Ok(set)
    }

    /// Why the traveled man of an explosion of `role` on `square` cannot
    /// make the move to `to` (TT-4).
    fn no_traveled_move(
        &self,
        role: Role,
        square: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> ActionError {
        let pos = &self.pos;
        let us = pos.turn;
        let mut to_ok = false;
        let mut needs_promotion = false;
        explosion::traveled_moves(pos, us, role, square, |t, p, _| {
            if t == to {
                to_ok = true;
                needs_promotion |= p.is_some();
            }
        });
        let why = if to_ok && needs_promotion && promotion.is_none() {
            format!("the traveled pawn promotes on {to}: write {square}/{to}=Q (or =R, =B, =N)")
        } else if to_ok {
            format!("a traveled {role} moving from {square} to {to} does not promote")
        } else if let Some(ep) = pos.ep
            && ep.undo.is_some()
            && role == Role::Pawn
            && to == ep.square
            && pawn_attacks(us, square).contains(to)
        {
            // Chronomate's decision (TT-4 with TT-9): what the traveled
            // pawn would take en passant is the pawn that just annihilated,
            // a resonator of the opponent.
            format!(
                "en passant on {to} is not open to an explosion: after a double-step annihilation it would capture the annihilating pawn, an enemy resonator (TT-4, TT-9)"
            )
        } else {
            format!("a traveled {role} on {square} cannot move to {to} (TT-4)")
        };
        ActionError::illegal(Rule::TT_4, why)
    }
}
