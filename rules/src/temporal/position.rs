//! The state of a Temporal Chess game: the [`Position`] on the field and
//! the [`TemporalChess`] game around it, with their plain queries.
//!
//! The two live here together because they are one state seen at two
//! depths. A [`Position`] is everything that decides the future (T-9 calls
//! two positions the same when all of it is): the men present on the field
//! (one bitboard per colour and per kind), each side's warp in existence
//! (T-7: at most one), the hands and the side to move. Disappeared men
//! (T-5) live in their side's warp, not on the field, so they block nothing
//! and cannot be captured. A [`TemporalChess`] game is its position plus
//! what the record adds: the number of actions, the fifty-move clock, the
//! positions that may repeat, the last action, the result.

use serde::{Deserialize, Serialize};

use super::action::{Action, MAX_CHECKERS};
use super::cell::Cell;
use super::movement::{
    Kind, bishop_attacks, king_attacks, knight_attacks, rook_attacks, unicorn_attacks,
};
use crate::geometry::Bitboard;
use crate::{Color, Inconsistency, Status};

/// A warp in existence, with the checkers still on it (T-4, T-5, T-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Warp {
    /// T-4: the original of a warp from the future stands on `cell` with
    /// `count` red checkers. It moves like any man; the warp follows it.
    Original {
        /// Where the original stands now.
        cell: Cell,
        /// Red checkers left, 1 to 6.
        count: u8,
    },
    /// T-5: a man of `kind` disappeared on `cell` under `count` black
    /// checkers.
    Away {
        /// Where the man disappeared, and will reappear.
        cell: Cell,
        /// The kind of man away.
        kind: Kind,
        /// Black checkers left, 1 to 6.
        count: u8,
    },
}

/// Everything that decides the future of the game except counters of the
/// record (the move number, the fifty-move clock, earlier positions).
/// Two equal positions are the same position for repetition (T-9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(super) struct Position {
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
    pub(super) fn take(&mut self, cell: Cell) -> Option<(Color, Kind)> {
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

    /// Whether `cell` holds a man of `color` that counts for check.
    pub(super) fn checkable_king_at(&self, color: Color, cell: Cell) -> bool {
        self.checkable_kings(color).contains(cell)
    }
}

/// A game of Temporal Chess: the position plus what the record adds (the
/// number of actions, the fifty-move clock, the positions that may repeat,
/// the last action for highlights, the result). [`Default`] is a new game:
/// the empty field, every man in hand, White to place its king (T-2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TemporalChess {
    pub(super) pos: Position,
    /// Actions played so far.
    pub(super) ply: u32,
    /// Plies since the last capture, drop or warp (T-9).
    pub(super) quiet: u32,
    /// Positions since the last capture, drop or warp, this one included
    /// (T-9 repetition).
    pub(super) seen: Vec<Position>,
    pub(super) last: Option<Last>,
    pub(super) status: Status,
}

/// What happened at the end of a turn by itself (T-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Event {
    /// An original left the game with its last red checker.
    OriginalLeft {
        /// The side the original belonged to.
        color: Color,
        /// The kind of man.
        kind: Kind,
        /// The cell it left.
        cell: Cell,
    },
    /// A disappeared man reappeared with its last black checker, capturing
    /// the man present on its cell, if any.
    Reappeared {
        /// The side the man belongs to.
        color: Color,
        /// The kind of man.
        kind: Kind,
        /// The cell it reappeared on.
        cell: Cell,
        /// The man it captured there, yours or your opponent's (T-6).
        captured: Option<(Color, Kind)>,
    },
}

/// The last action and what the countdown did after it, for highlights.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Last {
    pub(super) action: Action,
    pub(super) event: Option<Event>,
}

impl Default for TemporalChess {
    fn default() -> TemporalChess {
        TemporalChess::at(Position::default())
    }
}

impl TemporalChess {
    /// A game at `pos`, as if it had just begun there.
    pub(super) fn at(pos: Position) -> TemporalChess {
        TemporalChess {
            pos,
            ply: 0,
            quiet: 0,
            seen: vec![pos],
            last: None,
            status: Status::Ongoing,
        }
    }

    /// Feeds `state` the position: everything that decides play from here
    /// (the men present, the warps with their checkers, the hands, the side
    /// to move) and nothing else (the move counters, earlier positions, the
    /// last action's marks). Equal positions feed the same: the rules
    /// count two positions as the same for repetition (T-9) exactly when
    /// they are equal. For a search's keys, which the game's view would
    /// cost more to make.
    pub fn hash_position<H: std::hash::Hasher>(&self, state: &mut H) {
        std::hash::Hash::hash(&self.pos, state);
    }

    /// Actions played so far.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The present man on `cell`: colour and kind.
    pub fn man_at(&self, cell: Cell) -> Option<(Color, Kind)> {
        self.pos.man_at(cell)
    }

    /// How many men of `kind` `color` holds in hand.
    pub fn in_hand(&self, color: Color, kind: Kind) -> u8 {
        self.pos.hands[color.index()][kind.index()]
    }

    /// `color`'s warp in existence, with its checkers (T-7: at most one).
    pub fn warp(&self, color: Color) -> Option<Warp> {
        self.pos.warps[color.index()]
    }

    /// The cell of the king in check, if the side to move is in check
    /// (T-8, decision 5).
    pub fn in_check(&self) -> Option<Cell> {
        self.pos.in_check(self.pos.to_move)
    }

    /// Checks that the state is consistent: every man on one cell, counts
    /// within the initial set, warps where their men are, a king for each
    /// side once placed, the side that just moved not in check. For tests;
    /// says what is wrong.
    pub fn consistency(&self) -> Result<(), Inconsistency> {
        let p = &self.pos;
        if p.colors[0].intersects(p.colors[1]) {
            return Err("a cell holds men of both colours".into());
        }
        let mut all = Bitboard::EMPTY;
        for k in Kind::ALL {
            if p.kinds[k.index()].intersects(all) {
                return Err(format!("a {k} shares a cell with another kind").into());
            }
            all |= p.kinds[k.index()];
        }
        if all != p.occupied() {
            return Err("kinds and colours disagree".into());
        }
        for color in Color::ALL {
            let away = p.away(color);
            for kind in Kind::ALL {
                let field = p.men(color, kind).count() as u8;
                let ghost = u8::from(away.is_some_and(|a| a.1 == kind));
                let hand = p.hands[color.index()][kind.index()];
                let limit = kind.initial() + u8::from(p.original(color).is_some());
                if field + ghost + hand > limit {
                    return Err(format!("{color} has too many {kind}s").into());
                }
            }
            match p.warps[color.index()] {
                Some(Warp::Original { cell, count }) => {
                    if !p.colors[color.index()].contains(cell) {
                        return Err(format!("{color}'s original is not on {cell}").into());
                    }
                    if !(1..=MAX_CHECKERS).contains(&count) {
                        return Err(format!("{color}'s original has {count} checkers").into());
                    }
                }
                Some(Warp::Away { cell, count, .. }) => {
                    if !(1..=MAX_CHECKERS).contains(&count) {
                        return Err(
                            format!("{color}'s disappeared man has {count} checkers").into()
                        );
                    }
                    if p.away(!color).is_some_and(|a| a.0 == cell) {
                        return Err(format!("two disappeared men on {cell}").into());
                    }
                }
                None => {}
            }
            let kings = p.men(color, Kind::King).count()
                + u32::from(away.is_some_and(|a| a.1 == Kind::King));
            if !p.placing_king(color) && kings == 0 && !self.status.is_over() {
                return Err(format!("{color} has no king").into());
            }
        }
        if !self.status.is_over() && p.exposed(!p.to_move).is_some() {
            return Err("the side that just moved is in check".into());
        }
        Ok(())
    }
}
