//! TT-7 kings and check, TT-7a the order of judging an action, TT-8
//! castling.
//!
//! - P is *kingless* iff P has no traveled king and (no untraveled king, or
//!   a traveling king). P is *resolved* iff P has no traveling man.
//! - P is *in check* iff the opponent O has an action (obeying TT-1..6 for
//!   O, ignoring O's own check) after which P is kingless and O resolved.
//!   An explosion always leaves O unresolved, and an annihilation takes no
//!   man of P, so only two kinds of action can do it, and [`in_check`]
//!   looks only for them: when O is resolved, a normal move taking one of
//!   P's kings that leaves P kingless (or any action at all, if P is
//!   kingless already); when O has exactly one traveling man, P being
//!   kingless and O able to annihilate it. With two or more traveling men O
//!   cannot resolve in one action.

use crate::chess::{CastlingSide, Move, Role};
use crate::geometry::{Bitboard, Square};
use crate::{ActionError, Color, Reason, Rule};

use super::grammar::is_correct;
use super::position::{Pos, Stage, TravelerChess};
use super::resonance::can_annihilate_onto;

impl TravelerChess {
    /// TT-7: whether `color` is in check now.
    pub fn is_check(&self, color: Color) -> bool {
        in_check(&self.pos, color)
    }

    /// TT-7: whether `color` is kingless now.
    pub fn is_kingless(&self, color: Color) -> bool {
        is_kingless(&self.pos, color)
    }

    /// TT-7: whether `color` is resolved (no traveling man) now.
    pub fn is_resolved(&self, color: Color) -> bool {
        is_resolved(&self.pos, color)
    }
}

/// TT-7: whether `color` is kingless.
pub(super) fn is_kingless(pos: &Pos, color: Color) -> bool {
    kingless_with(pos, color, Bitboard::EMPTY)
}

/// Whether `color` would be kingless with the men on `gone` removed.
fn kingless_with(pos: &Pos, color: Color, gone: Bitboard) -> bool {
    let kings = (pos.board.by_role(Role::King) & pos.board.by_color(color)) - gone;
    let traveled = (kings & pos.traveled).any();
    let traveling = (kings & pos.traveling).any();
    let untraveled = (kings - pos.traveled - pos.traveling).any();
    !traveled && (!untraveled || traveling)
}

/// TT-7: whether `color` is resolved (has no traveling man).
pub(super) fn is_resolved(pos: &Pos, color: Color) -> bool {
    (pos.traveling & pos.board.by_color(color)).is_empty()
}

/// TT-7: whether `color` is in check (see the module docs).
pub(super) fn in_check(pos: &Pos, color: Color) -> bool {
    let them = color.other();
    let their_traveling = pos.traveling & pos.board.by_color(them);
    match their_traveling.count() {
        0 => {
            if is_kingless(pos, color) {
                return true;
            }
            let occupied = pos.board.occupied();
            let their_movers = pos.movers(them);
            let kings = pos.board.by_role(Role::King) & pos.board.by_color(color);
            kings.into_iter().any(|k| {
                (pos.board.attackers_to(k, them, occupied) & their_movers).any()
                    && kingless_with(pos, color, k.bitboard())
            })
        }
        1 => {
            is_kingless(pos, color)
                && their_traveling
                    .first::<Square>()
                    .is_some_and(|t| can_annihilate_onto(pos, them, t))
        }
        _ => false,
    }
}

/// Why an action is refused by TT-6 or TT-7.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Refusal {
    /// TT-6: it would leave the mover grammatically incorrect.
    Incorrect,
    /// TT-7: it would leave the mover kingless while the opponent is
    /// resolved.
    Kingless,
    /// TT-7: it would leave the mover in check.
    Check,
}

impl Refusal {
    /// The refusal, with the rule it enforces.
    pub(super) fn error(self) -> ActionError {
        let rule = match self {
            Refusal::Incorrect => Rule::TT_6,
            Refusal::Kingless | Refusal::Check => Rule::TT_7,
        };
        ActionError::illegal(rule, self.words())
    }

    fn words(self) -> &'static str {
        match self {
            Refusal::Incorrect => {
                "it would leave you grammatically incorrect: one of your traveling men could no longer be annihilated by its own untraveled man (TT-6)"
            }
            Refusal::Kingless => {
                "it would leave you kingless while your opponent is resolved (TT-7)"
            }
            Refusal::Check => {
                "it would leave you in check: your opponent could then leave you kingless while resolved (TT-7)"
            }
        }
    }
}

/// TT-7a: how an action of the side that moved stands, judged on the
/// position after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    Refused(Refusal),
    /// The mover wins at once, for this reason.
    Wins(Reason),
    /// Play goes on.
    Continue,
}

/// TT-7a: judges the action of `mover` that led to `after`: (1) leaving
/// the mover incorrect is illegal; (2) leaving the opponent incorrect wins,
/// whatever the kings; (3) leaving the mover in check, or kingless while
/// the opponent is resolved, is illegal; (4) leaving the opponent kingless
/// while the mover is resolved wins; (5) otherwise play goes on.
pub(super) fn judge(after: &Pos, mover: Color) -> Verdict {
    let them = mover.other();
    if !is_correct(after, mover) {
        return Verdict::Refused(Refusal::Incorrect);
    }
    if !is_correct(after, them) {
        return Verdict::Wins(Reason::GrammaticalIncorrectness);
    }
    if is_kingless(after, mover) && is_resolved(after, them) {
        return Verdict::Refused(Refusal::Kingless);
    }
    if in_check(after, mover) {
        return Verdict::Refused(Refusal::Check);
    }
    if is_kingless(after, them) && is_resolved(after, mover) {
        return Verdict::Wins(Reason::KingCaptured);
    }
    Verdict::Continue
}

/// TT-8: why `color` cannot castle to `side` now, or the castling move.
/// King and rook must be untraveled on their squares with the right kept,
/// the squares between empty, and the king not in check (TT-7) now, on the
/// square it crosses, or where it lands (the last is judged with the whole
/// action by [`judge`]).
pub(super) fn castling(pos: &Pos, color: Color, side: CastlingSide) -> Result<Move, &'static str> {
    let king = CastlingSide::king_from(color);
    let rook = side.rook_from(color);
    let untraveled = pos.stage_of(color, Stage::Untraveled);
    if !pos.castling.has(color, side)
        || !(untraveled & pos.board.by_role(Role::King)).contains(king)
        || !(untraveled & pos.board.by_role(Role::Rook)).contains(rook)
    {
        return Err("the untraveled king and rook have moved or are gone (TT-8)");
    }
    if crate::geometry::attacks::between(king, rook).intersects(pos.board.occupied()) {
        return Err("the squares between king and rook are not empty");
    }
    if in_check(pos, color) {
        return Err("you may not castle out of check (TT-8)");
    }
    let crossed = CastlingSide::rook_to(side, color);
    let mut passing = *pos;
    if let Some(k) = passing.remove(king) {
        passing.put(crossed, k);
    }
    if in_check(&passing, color) {
        return Err("the king may not castle through check (TT-8)");
    }
    Ok(Move::Castle { king, rook })
}
