//! The position of a Temporal Chess game and what one action does to it.
//!
//! A [`Position`] holds the men present on the field (one bitboard per colour
//! and per kind), each side's warp in existence (T-7: at most one), the hands
//! and the side to move. Disappeared men (T-5) live in their side's warp, not
//! on the field, so they block nothing and cannot be captured.
//!
//! [`Position::transition`] is a whole turn: the action, then the mover's
//! countdown (T-6). Legality, check and the paradox (T-8) are judged on it.

use serde::{Deserialize, Serialize};

use super::cell::Cell;
use super::movement::{
    Kind, attacks, bishop_attacks, king_attacks, knight_attacks, rook_attacks, unicorn_attacks,
};
use crate::Color;
use crate::geometry::Bitboard;

/// Checkers a warp may take (T-4, T-5).
pub const MAX_CHECKERS: u8 = 6;

/// One action of a turn (T-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// A man from hand onto a vacant cell: `N@Bc3`.
    Drop { kind: Kind, to: Cell },
    /// A move, capturing what stands on `to`: `NAb1-Cc2`, `NAb1xCc2`.
    Move { from: Cell, to: Cell },
    /// Warp from the future (T-4): a duplicate of the man on `from` makes the
    /// move to `to`; the original stays with `count` red checkers:
    /// `NAb1~Cc2/3`.
    WarpFrom { from: Cell, to: Cell, count: u8 },
    /// Warp into the future (T-5): the man on `at` disappears under `count`
    /// black checkers: `NBb2^4`.
    WarpInto { at: Cell, count: u8 },
}

/// A warp in existence, with the checkers still on it (T-4, T-5, T-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Warp {
    /// T-4: the original of a warp from the future stands on `cell` with
    /// `count` red checkers. It moves like any man; the warp follows it.
    Original { cell: Cell, count: u8 },
    /// T-5: a man of `kind` disappeared on `cell` under `count` black
    /// checkers.
    Away { cell: Cell, kind: Kind, count: u8 },
}

impl Warp {
    pub const fn count(self) -> u8 {
        match self {
            Warp::Original { count, .. } | Warp::Away { count, .. } => count,
        }
    }

    pub const fn cell(self) -> Cell {
        match self {
            Warp::Original { cell, .. } | Warp::Away { cell, .. } => cell,
        }
    }
}

/// Everything that decides the future of the game except counters of the
/// record (the move number, the fifty-move clock, earlier positions).
/// Two equal positions are the same position for repetition (T-9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Position {
    /// Present men by colour.
    pub(crate) colors: [Bitboard; 2],
    /// Present men by kind.
    pub(crate) kinds: [Bitboard; 6],
    /// Each side's warp in existence (T-7).
    pub(crate) warps: [Option<Warp>; 2],
    /// Men in hand by colour and kind (T-2).
    pub(crate) hands: [[u8; 6]; 2],
    pub(crate) to_move: Color,
}

impl Default for Position {
    /// The empty field, every man in hand, White to place its king.
    fn default() -> Position {
        let hand = Kind::ALL.map(Kind::initial);
        Position {
            colors: [Bitboard::EMPTY; 2],
            kinds: [Bitboard::EMPTY; 6],
            warps: [None, None],
            hands: [hand, hand],
            to_move: Color::White,
        }
    }
}

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
    /// The men present on the field.
    #[inline]
    pub(crate) fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    /// The colour and kind of the man present on `cell`.
    pub(crate) fn man_at(&self, cell: Cell) -> Option<(Color, Kind)> {
        let color = if self.colors[0].contains(cell) {
            Color::White
        } else if self.colors[1].contains(cell) {
            Color::Black
        } else {
            return None;
        };
        let kind = Kind::ALL
            .into_iter()
            .find(|k| self.kinds[k.index()].contains(cell))?;
        Some((color, kind))
    }

    /// The men of `color` of `kind` present.
    #[inline]
    pub(crate) fn men(&self, color: Color, kind: Kind) -> Bitboard {
        self.colors[color.index()] & self.kinds[kind.index()]
    }

    /// The cell of `color`'s original (T-4), if that side has one.
    pub(crate) fn original(&self, color: Color) -> Option<Cell> {
        match self.warps[color.index()] {
            Some(Warp::Original { cell, .. }) => Some(cell),
            _ => None,
        }
    }

    /// `color`'s disappeared man (T-5): its cell, kind and checkers.
    pub(crate) fn away(&self, color: Color) -> Option<(Cell, Kind, u8)> {
        match self.warps[color.index()] {
            Some(Warp::Away { cell, kind, count }) => Some((cell, kind, count)),
            _ => None,
        }
    }

    /// Whether `color` still has its king in hand (the opening placements).
    #[inline]
    pub(crate) fn placing_king(&self, color: Color) -> bool {
        self.hands[color.index()][Kind::King.index()] > 0
    }

    /// `color`'s kings that count for check (T-8): present, and not the
    /// original of a warp from the future. A disappeared king is not present.
    pub(crate) fn checkable_kings(&self, color: Color) -> Bitboard {
        let mut kings = self.men(color, Kind::King);
        if let Some(cell) = self.original(color) {
            kings.remove(cell);
        }
        kings
    }

    pub(crate) fn put(&mut self, color: Color, kind: Kind, cell: Cell) {
        self.colors[color.index()].insert(cell);
        self.kinds[kind.index()].insert(cell);
    }

    /// Removes whatever is present on `cell`, saying what it was.
    fn take(&mut self, cell: Cell) -> Option<(Color, Kind)> {
        let man = self.man_at(cell)?;
        self.colors[man.0.index()].remove(cell);
        self.kinds[man.1.index()].remove(cell);
        Some(man)
    }

    /// Whether a man of `by` present on the field attacks `cell`.
    pub(crate) fn attacked_by(&self, cell: Cell, by: Color) -> bool {
        let occ = self.occupied();
        let them = self.colors[by.index()];
        let queens = self.kinds[Kind::Queen.index()];
        let k = |kind: Kind| self.kinds[kind.index()];
        (knight_attacks(cell) & k(Kind::Knight) & them).any()
            || (king_attacks(cell) & k(Kind::King) & them).any()
            || (rook_attacks(cell, occ) & (k(Kind::Rook) | queens) & them).any()
            || (bishop_attacks(cell, occ) & (k(Kind::Bishop) | queens) & them).any()
            || (unicorn_attacks(cell, occ) & (k(Kind::Unicorn) | queens) & them).any()
    }

    /// Whether `color`'s king on `king` would be captured by a reappearance
    /// of `owner`'s disappeared man (one black checker left), when that side
    /// next ends a turn (T-6).
    fn due_under(&self, king: Cell, owner: Color) -> bool {
        matches!(self.away(owner), Some((cell, _, 1)) if cell == king)
    }

    /// After `color`'s turn: a king of `color` that counts for check is
    /// attacked by a present enemy man, or stands where an enemy man will
    /// reappear at the end of the enemy's next turn. Such a turn is illegal.
    pub(crate) fn exposed(&self, color: Color) -> Option<Cell> {
        self.checkable_kings(color)
            .cells::<Cell>()
            .find(|&k| self.attacked_by(k, !color) || self.due_under(k, !color))
    }

    /// `color`, to move, is in check: a king of `color` that counts for check
    /// (T-8) is attacked by a present enemy man, or stands on a cell where a
    /// disappeared man of either side reappears before `color` could move it
    /// away (at the end of this turn for `color`'s own man, at the end of the
    /// enemy's next turn for an enemy man). A disappeared king cannot be
    /// checked.
    pub(crate) fn in_check(&self, color: Color) -> Option<Cell> {
        self.checkable_kings(color).cells::<Cell>().find(|&k| {
            self.attacked_by(k, !color) || self.due_under(k, !color) || self.due_under(k, color)
        })
    }

    /// Works out `action` by the side to move as a whole turn. The action
    /// must be pseudo-legal (see [`Position::pseudo_legal`]).
    pub(crate) fn transition(&self, action: Action) -> Transition {
        let me = self.to_move;
        let mut pos = *self;
        let mut captured = None;
        let mut warped = false;
        match action {
            Action::Drop { kind, to } => {
                pos.hands[me.index()][kind.index()] -= 1;
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

    /// Whether `cell` holds a man of `color` that counts for check.
    fn checkable_king_at(&self, color: Color, cell: Cell) -> bool {
        self.checkable_kings(color).contains(cell)
    }

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
