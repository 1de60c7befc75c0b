//! Which Temporal Chess actions are legal: the list of them (a whole turn
//! judged on what it leads to), and the checks that refuse the others, each
//! naming the rule it enforces (T-2 … T-8).

use super::action::{Action, MAX_CHECKERS};
use super::cell::Cell;
use super::movement::{Kind, attacks, between};
use super::position::{Position, TemporalChess, Warp};
use super::turn::Transition;
use crate::geometry::Bitboard;
use crate::{ActionError, Color, Rule};

impl Position {
    /// Whether the man of `kind` dropped on `to` by `me` would give check:
    /// attack an enemy king that counts for check (T-2, T-8).
    pub(crate) fn drop_gives_check(&self, kind: Kind, to: Cell) -> Option<Cell> {
        let me = self.to_move;
        let occ = self.occupied().with(to);
        (attacks(kind, to, occ) & self.checkable_kings(!me)).first()
    }

    /// Whether `action` is pseudo-legal for the side to move: the man, the
    /// geometry, the hand, the vacancy, the checkers and T-7, everything but
    /// what the turn leads to (check, the drop rule).
    pub(crate) fn pseudo_legal(&self, action: Action) -> bool {
        let me = self.to_move;
        let mine = self.colors[me.index()];
        let placing = self.placing_king(me);
        match action {
            Action::Drop { kind, to } => {
                (!placing || kind == Kind::King)
                    && self.hands[me.index()][kind.index()] > 0
                    && !self.occupied().contains(to)
            }
            Action::Move { from, to } | Action::WarpFrom { from, to, .. } => {
                if placing || !mine.contains(from) {
                    return false;
                }
                if let Action::WarpFrom { count, .. } = action
                    && (self.warps[me.index()].is_some() || !(1..=MAX_CHECKERS).contains(&count))
                {
                    return false;
                }
                let kind = self.man_at(from).map_or(Kind::King, |m| m.1);
                (attacks(kind, from, self.occupied()) - mine).contains(to)
            }
            Action::WarpInto { at, count } => {
                !placing
                    && mine.contains(at)
                    && self.warps[me.index()].is_none()
                    && (1..=MAX_CHECKERS).contains(&count)
                    && self.away(!me).is_none_or(|(cell, _, _)| cell != at)
            }
        }
    }

    /// Whether a pseudo-legal action is legal, judged on its transition:
    /// capturing an enemy original wins at once (T-8); otherwise the mover's
    /// king may not be left in check nor captured by its own reappearing man,
    /// and a drop may not give check.
    pub(crate) fn legal_transition(&self, action: Action) -> Option<Transition> {
        if let Action::Drop { kind, to } = action
            && self.drop_gives_check(kind, to).is_some()
        {
            return None;
        }
        let t = self.transition(action);
        if t.paradox {
            return Some(t);
        }
        if t.own_king_lost || t.pos.exposed(self.to_move).is_some() {
            return None;
        }
        Some(t)
    }

    /// Every legal action of the side to move, in a fixed order: drops,
    /// moves, warps from the future, warps into the future.
    pub(crate) fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::with_capacity(256);
        self.for_each_legal(|a| {
            out.push(a);
            true
        });
        out
    }

    /// Whether the side to move has any legal action.
    pub(crate) fn has_legal_action(&self) -> bool {
        let mut any = false;
        self.for_each_legal(|_| {
            any = true;
            false
        });
        any
    }

    /// Calls `f` with each legal action until it returns false.
    fn for_each_legal(&self, mut f: impl FnMut(Action) -> bool) {
        let me = self.to_move;
        let hand = self.hands[me.index()];
        let vacant = !self.occupied();
        let legal = |a: Action| self.legal_transition(a).is_some();
        if self.placing_king(me) {
            for to in vacant.cells::<Cell>() {
                let a = Action::Drop {
                    kind: Kind::King,
                    to,
                };
                if legal(a) && !f(a) {
                    return;
                }
            }
            return;
        }
        for kind in Kind::ALL {
            if hand[kind.index()] == 0 {
                continue;
            }
            for to in vacant.cells::<Cell>() {
                let a = Action::Drop { kind, to };
                if legal(a) && !f(a) {
                    return;
                }
            }
        }
        let mine = self.colors[me.index()];
        let occ = self.occupied();
        let can_warp = self.warps[me.index()].is_none();
        let mut warp_moves: Vec<(Cell, Cell)> = Vec::new();
        for from in mine.cells::<Cell>() {
            let kind = self.man_at(from).map_or(Kind::King, |m| m.1);
            for to in (attacks(kind, from, occ) - mine).cells::<Cell>() {
                let a = Action::Move { from, to };
                if legal(a) && !f(a) {
                    return;
                }
                if can_warp && legal(Action::WarpFrom { from, to, count: 1 }) {
                    warp_moves.push((from, to));
                }
            }
        }
        // The number of checkers does not change what the warp's own turn
        // leads to: a warp is not counted down in the turn it is made (T-6).
        for (from, to) in warp_moves {
            for count in 1..=MAX_CHECKERS {
                if !f(Action::WarpFrom { from, to, count }) {
                    return;
                }
            }
        }
        if can_warp {
            let ghost = self.away(!me).map(|(cell, _, _)| cell);
            for at in mine.cells::<Cell>() {
                if Some(at) == ghost || !legal(Action::WarpInto { at, count: 1 }) {
                    continue;
                }
                for count in 1..=MAX_CHECKERS {
                    if !f(Action::WarpInto { at, count }) {
                        return;
                    }
                }
            }
        }
    }
}

impl TemporalChess {
    /// The whole turn `action` makes for the side to move, if it is legal;
    /// otherwise the refusal, with the rule that refuses it.
    pub(super) fn legal_turn(&self, action: Action) -> Result<Transition, ActionError> {
        let p = &self.pos;
        let me = p.to_move;
        let refuse = |rule: Rule, why: String| Err(ActionError::illegal(rule, why));
        if p.placing_king(me)
            && !matches!(
                action,
                Action::Drop {
                    kind: Kind::King,
                    ..
                }
            )
        {
            return Err(placement_first(me));
        }
        match action {
            Action::Drop { kind, to } => {
                if p.hands[me.index()][kind.index()] == 0 {
                    return refuse(
                        Rule::T_2,
                        if kind == Kind::King {
                            "your king is already on the field".into()
                        } else {
                            format!("you have no {kind} left in hand")
                        },
                    );
                }
                if let Some(man) = p.man_at(to) {
                    return refuse(
                        Rule::T_2,
                        format!(
                            "a man is dropped on a vacant cell (T-2): {to} holds the {}",
                            describe(man)
                        ),
                    );
                }
                if let Some(king) = p.drop_gives_check(kind, to) {
                    return refuse(
                        Rule::T_2,
                        format!(
                            "a drop may not give check (T-2): a {kind} on {to} would attack the {} king on {king}",
                            !me
                        ),
                    );
                }
            }
            Action::Move { from, to } | Action::WarpFrom { from, to, .. } => {
                // T-4: a warp from the future picks one of the mover's men
                // and a legal move of its kind (T-3).
                let whose = if let Action::WarpFrom { count, .. } = action {
                    self.may_warp(u32::from(count), Rule::T_4)?;
                    Rule::T_4
                } else {
                    Rule::T_3
                };
                let kind = match p.man_at(from) {
                    Some((c, k)) if c == me => k,
                    Some(man) => {
                        return refuse(whose, format!("the {} is not yours", describe(man)));
                    }
                    None => return refuse(whose, format!("there is no man of yours on {from}")),
                };
                if from == to {
                    return refuse(
                        Rule::T_3,
                        "a man cannot move to the cell it stands on".into(),
                    );
                }
                if let Some((c, k)) = p.man_at(to)
                    && c == me
                {
                    return refuse(Rule::T_3, format!("{to} holds your own {k}"));
                }
                let occ = p.occupied();
                if !attacks(kind, from, Bitboard::EMPTY).contains(to) {
                    return refuse(
                        Rule::T_3,
                        format!(
                            "a {kind} cannot go from {from} to {to}: it moves {} (T-3)",
                            kind.movement()
                        ),
                    );
                }
                if !attacks(kind, from, occ).contains(to) {
                    let block = (between(from, to) & occ).first::<Cell>();
                    let at = block.map(|c| format!(" at {c}")).unwrap_or_default();
                    return refuse(Rule::T_3, format!("the {kind} on {from} is blocked{at}"));
                }
            }
            Action::WarpInto { at, count } => {
                self.may_warp(u32::from(count), Rule::T_5)?;
                match p.man_at(at) {
                    Some((c, _)) if c == me => {}
                    Some(man) => {
                        return refuse(Rule::T_5, format!("the {} is not yours", describe(man)));
                    }
                    None => return refuse(Rule::T_5, format!("there is no man of yours on {at}")),
                }
                // Decision 6.
                if let Some((_, kind, _)) = p.away(!me).filter(|a| a.0 == at) {
                    return refuse(
                        Rule::T_5,
                        format!(
                            "{at} already holds a disappeared {} {kind}: two men cannot reappear on one cell",
                            !me
                        ),
                    );
                }
            }
        }
        debug_assert!(p.pseudo_legal(action));
        let t = p.transition(action);
        // Decision 7: capturing an enemy original wins at once.
        if t.paradox {
            return Ok(t);
        }
        if t.own_king_lost {
            return refuse(
                Rule::T_6,
                "your man reappearing this turn would capture your own king (T-6)".into(),
            );
        }
        // Decisions 4 and 5: judged after the countdown.
        if let Some(king) = t.pos.exposed(me) {
            let due = t.pos.away(!me).filter(|a| a.0 == king && a.2 == 1);
            return match due {
                Some((_, kind, _)) => refuse(
                    Rule::T_6,
                    format!(
                        "your king on {king} would be captured when the {} {kind} reappears there (T-6)",
                        !me
                    ),
                ),
                None => refuse(
                    Rule::T_8,
                    format!("that would leave your king on {king} in check"),
                ),
            };
        }
        Ok(t)
    }

    /// Why `action` is refused (it is, or this is a fallback).
    pub(super) fn refusal(&self, action: Action) -> ActionError {
        match self.legal_turn(action) {
            Err(e) => e,
            Ok(_) => ActionError::illegal(Rule::T_3, "that action is not possible here"),
        }
    }

    /// T-4, T-5, T-7: the checkers are 1 to 6 (`rule` says which warp) and
    /// the mover has no warp in existence.
    pub(super) fn may_warp(&self, count: u32, rule: Rule) -> Result<(), ActionError> {
        if !(1..=u32::from(MAX_CHECKERS)).contains(&count) {
            // A count of many digits is not repeated back.
            let not = if count < 1000 {
                format!("not {count}")
            } else {
                "that number is out of range".to_owned()
            };
            return Err(ActionError::illegal(
                rule,
                format!("a warp takes 1 to {MAX_CHECKERS} checkers, {not} ({rule})"),
            ));
        }
        let me = self.pos.to_move;
        match self.pos.warps[me.index()] {
            None => Ok(()),
            Some(Warp::Original { cell, count }) => Err(ActionError::illegal(
                Rule::T_7,
                format!(
                    "one warp at a time (T-7): your original on {cell} still carries {count} red checker{}",
                    plural(count)
                ),
            )),
            Some(Warp::Away { cell, kind, count }) => Err(ActionError::illegal(
                Rule::T_7,
                format!(
                    "one warp at a time (T-7): your {kind} that disappeared on {cell} is away for {count} more turn{}",
                    plural(count)
                ),
            )),
        }
    }
}

/// `black knight`.
pub(super) fn describe((color, kind): (Color, Kind)) -> String {
    format!("{color} {kind}")
}

/// `s` after a count other than one.
pub(super) fn plural(n: u8) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// T-2: while `me`'s king is in hand, placing it is the only action
/// (decision 10).
pub(super) fn placement_first(me: Color) -> ActionError {
    ActionError::illegal(
        Rule::T_2,
        format!("first {me} places its king on a vacant cell (T-2), like K@Bb2"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(s: &str) -> Cell {
        s.parse().unwrap()
    }

    #[test]
    fn the_game_opens_with_king_placements_only() {
        let pos = Position::default();
        let actions = pos.legal_actions();
        assert_eq!(actions.len(), 64);
        assert!(actions.iter().all(|a| matches!(
            a,
            Action::Drop {
                kind: Kind::King,
                ..
            }
        )));
        let t = pos.transition(Action::Drop {
            kind: Kind::King,
            to: cell("Bb2"),
        });
        // Black may not place its king next to White's: 64 - 1 - 26.
        assert_eq!(t.pos.legal_actions().len(), 37);
    }
}
