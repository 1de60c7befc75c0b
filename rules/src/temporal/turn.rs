//! A whole Temporal Chess turn worked out: the action, then the mover's
//! countdown (T-6). Legality judges an action on the turn it makes
//! (`legality.rs`); play applies it (`play.rs`).

use super::action::Action;
use super::movement::Kind;
use super::position::{Event, Position, Warp};
use crate::Color;

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
