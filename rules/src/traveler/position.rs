//! The state of a game of Time Traveler's Chess: [`TravelerChess`], the
//! game in progress, and [`Pos`], its position with stages and identities;
//! their plain queries. The rules' questions about a position are answered
//! by the mechanisms above this file, each with its [`TravelerChess`]
//! methods: TT-1 supports in `support.rs` (cached here as [`Supports`]),
//! TT-3 resonators in `resonance.rs`, TT-6 in `grammar.rs`, TT-7 in
//! `kings.rs`. How each kind of action changes a position, and a game's
//! beginning, are in `play.rs`, what is legal in `legality.rs`.
//!
//! Every man has a stage ([`Stage`]) and an identity that lasts the whole
//! game: the 32 men of the start are numbered 0-15 (White, a1..h2) and
//! 16-31 (Black, a7..h8); a promoted pawn keeps its number. An explosion
//! makes two new men with fresh numbers from 32 on. Only the men of the
//! start can be untraveled, so explosion supports (TT-1) and the men that
//! can annihilate (TT-3) are always among them: a side's 16 originals are
//! named by a 16-bit mask of their *local* numbers (identity mod 16).

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::chess::{Board, CastlingRights, CastlingSide, Piece, Role};
use crate::geometry::{Bitboard, Rank, Square};
pub use crate::view::Stage;
use crate::{Color, Inconsistency, Status};

use super::action::Action;

/// A game of Time Traveler's Chess.
#[derive(Debug, Serialize, Deserialize)]
pub struct TravelerChess {
    pub(super) pos: Box<Pos>,
    /// Repetition keys since the last irreversible action, current last.
    pub(super) history: Vec<u64>,
    pub(super) last: Option<Action>,
    pub(super) status: Status,
    /// TT-1 supports of the side to move, computed on first use.
    #[serde(skip)]
    pub(super) supports: OnceLock<Box<Supports>>,
}

/// One explosion as the history shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExplosionInfo {
    /// The side that exploded.
    pub color: Color,
    /// The kind of man that exploded.
    pub role: Role,
    /// The square the two men appeared on.
    pub square: Square,
    /// The candidate supports recorded (TT-2), by the square each started
    /// the game on.
    pub supports: Vec<Square>,
}

impl Clone for TravelerChess {
    /// A copy without the cached supports (they are recomputed on use).
    fn clone(&self) -> TravelerChess {
        TravelerChess {
            pos: self.pos.clone(),
            history: self.history.clone(),
            last: self.last,
            status: self.status,
            supports: OnceLock::new(),
        }
    }
}

impl TravelerChess {
    /// Actions since the last pawn move, capture, explosion or
    /// annihilation (TT-10).
    pub fn halfmove_clock(&self) -> u32 {
        self.pos.halfmove
    }

    /// The action that led here, if any.
    pub fn last_action(&self) -> Option<Action> {
        self.last
    }

    /// The man on `square`: kind, colour, stage and identity.
    pub fn man_at(&self, square: Square) -> Option<TtMan> {
        self.pos.man_at(square)
    }

    /// Every man on the board, of every stage, as FIDE pieces.
    pub fn board(&self) -> &Board {
        &self.pos.board
    }

    /// The squares of the men at `stage`.
    pub fn stage_squares(&self, stage: Stage) -> Bitboard {
        match stage {
            Stage::Untraveled => self.pos.board.occupied() - self.pos.traveling - self.pos.traveled,
            Stage::Traveling => self.pos.traveling,
            Stage::Traveled => self.pos.traveled,
        }
    }

    /// `color`'s explosions so far with their recorded supports (TT-2).
    pub fn explosions(&self, color: Color) -> Vec<ExplosionInfo> {
        self.pos
            .records(color)
            .iter()
            .map(|r| ExplosionInfo {
                color,
                role: r.role,
                square: r.square,
                supports: (0..16u8)
                    .filter(|m| r.supports & (1 << m) != 0)
                    .map(|m| self.pos.home(color, m))
                    .collect(),
            })
            .collect()
    }
}

/// TT-1 supports of one side, as `support.rs` works them out: for each
/// original man of the mover (by local number), for each kind, the
/// explosion squares it supports (empty squares only, never a pawn
/// explosion on the first or last rank).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Supports {
    pub(crate) reach: [[Bitboard; 6]; 16],
}

impl std::fmt::Debug for Supports {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut list = f.debug_map();
        for (m, roles) in self.reach.iter().enumerate() {
            for role in Role::ALL {
                if roles[role.index()].any() {
                    list.entry(&(m, role), &roles[role.index()]);
                }
            }
        }
        list.finish()
    }
}

impl Supports {
    /// The mover's men (local numbers, as a mask) supporting an explosion
    /// of `role` on `square`.
    pub(super) fn set_for(&self, role: Role, square: Square) -> u16 {
        let mut set = 0;
        for (m, roles) in self.reach.iter().enumerate() {
            if roles[role.index()].contains(square) {
                set |= 1 << m;
            }
        }
        set
    }

    /// Every square some man supports an explosion of `role` on.
    pub(super) fn squares(&self, role: Role) -> Bitboard {
        self.reach
            .iter()
            .fold(Bitboard::EMPTY, |acc, roles| acc | roles[role.index()])
    }

    /// The squares man `local` supports for `role`.
    pub(super) fn of(&self, local: u8, role: Role) -> Bitboard {
        self.reach[(local & 15) as usize][role.index()]
    }
}

/// No man stands here.
pub(crate) const NO_ID: u8 = u8::MAX;

/// At most this many explosions per side: each needs its own support among
/// the side's 16 original men (TT-2).
pub(crate) const MAX_EXPLOSIONS: usize = 16;

/// A man on the board: identity, colour, kind and stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TtMan {
    /// Which man it is, kept as it moves: 0-15 White's untraveled men (the
    /// men of the start), 16-31 Black's, 32 and up the traveling and
    /// traveled men explosions bring.
    pub id: u8,
    /// The side the man belongs to.
    pub color: Color,
    /// What kind of man it is.
    pub role: Role,
    /// Untraveled, traveling or traveled.
    pub stage: Stage,
}

/// One side's explosion, as recorded when it was made (TT-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ExplosionRecord {
    /// The kind of man that exploded.
    pub role: Role,
    /// The explosion square.
    pub square: Square,
    /// The candidate supports at the time, by local number (bit `m` is the
    /// side's original man number `m`).
    pub supports: u16,
}

/// The en passant chance the last action left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(crate) struct EnPassant {
    /// The square passed over: where the capturing pawn lands.
    pub square: Square,
    /// Where the double-stepping pawn stands (or stood, for an
    /// annihilation).
    pub victim: Square,
    /// TT-9: after a double-step annihilation, the identity of the
    /// traveling pawn that comes back on `victim` when the resonator is
    /// taken en passant.
    pub undo: Option<u8>,
}

/// The position: the men with their stages and identities, whose turn it
/// is, castling rights, en passant, each side's explosion records, whether
/// a side ever lost a traveling man to capture, and the move counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "PosSerde", try_from = "PosSerde")]
pub(crate) struct Pos {
    pub board: Board,
    pub traveling: Bitboard,
    pub traveled: Bitboard,
    pub ids: [u8; 64],
    pub turn: Color,
    pub castling: CastlingRights,
    pub ep: Option<EnPassant>,
    pub records: [[ExplosionRecord; MAX_EXPLOSIONS]; 2],
    pub record_len: [u8; 2],
    /// TT-6: the side lost a traveling man to capture.
    pub lost: [bool; 2],
    pub next_id: u8,
    pub halfmove: u32,
    pub fullmove: u32,
    /// Where each original man (by identity) stood when the game began.
    pub homes: [Square; 32],
}

const EMPTY_RECORD: ExplosionRecord = ExplosionRecord {
    role: Role::Pawn,
    square: Square::A1,
    supports: 0,
};

impl Pos {
    /// The starting position: every man untraveled.
    pub(super) fn start() -> Pos {
        let board = Board::standard();
        let mut ids = [NO_ID; 64];
        for sq in board.occupied() {
            let i = sq.index();
            ids[i] = if i < 16 { i as u8 } else { (i - 48 + 16) as u8 };
        }
        Pos {
            board,
            traveling: Bitboard::EMPTY,
            traveled: Bitboard::EMPTY,
            ids,
            turn: Color::White,
            castling: CastlingRights::ALL,
            ep: None,
            records: [[EMPTY_RECORD; MAX_EXPLOSIONS]; 2],
            record_len: [0; 2],
            lost: [false; 2],
            next_id: 32,
            halfmove: 0,
            fullmove: 1,
            homes: std::array::from_fn(|id| Pos::original_square(id as u8).unwrap_or(Square::A1)),
        }
    }

    /// A board with no man on it, otherwise as at the start.
    pub(super) fn empty() -> Pos {
        let mut p = Pos::start();
        for sq in Square::ALL {
            p.remove(sq);
        }
        p
    }

    /// Where the original man `local` of `color` began the game.
    pub(super) fn home(&self, color: Color, local: u8) -> Square {
        self.homes[(color.index() * 16 + (local as usize & 15)) & 31]
    }

    /// The square an original man (identity below 32) started on.
    pub(super) fn original_square(id: u8) -> Option<Square> {
        match id {
            0..16 => Square::try_from_index(id as usize),
            16..32 => Square::try_from_index(id as usize - 16 + 48),
            _ => None,
        }
    }

    #[inline]
    pub(super) fn untraveled(&self) -> Bitboard {
        self.board.occupied() - self.traveling - self.traveled
    }

    /// `color`'s men of the given stage.
    #[inline]
    pub(super) fn stage_of(&self, color: Color, stage: Stage) -> Bitboard {
        let set = match stage {
            Stage::Untraveled => self.untraveled(),
            Stage::Traveling => self.traveling,
            Stage::Traveled => self.traveled,
        };
        set & self.board.by_color(color)
    }

    /// The men of `color` that may move: untraveled and traveled.
    #[inline]
    pub(super) fn movers(&self, color: Color) -> Bitboard {
        self.board.by_color(color) - self.traveling
    }

    #[inline]
    pub(super) fn stage_at(&self, sq: Square) -> Option<Stage> {
        if !self.board.occupied().contains(sq) {
            None
        } else if self.traveling.contains(sq) {
            Some(Stage::Traveling)
        } else if self.traveled.contains(sq) {
            Some(Stage::Traveled)
        } else {
            Some(Stage::Untraveled)
        }
    }

    pub(super) fn man_at(&self, sq: Square) -> Option<TtMan> {
        let piece = self.board.piece_at(sq)?;
        Some(TtMan {
            id: self.ids[sq.index()],
            color: piece.color,
            role: piece.role,
            stage: self.stage_at(sq)?,
        })
    }

    pub(super) fn put(&mut self, sq: Square, man: TtMan) {
        self.remove(sq);
        self.board.set(sq, Piece::new(man.color, man.role));
        self.ids[sq.index()] = man.id;
        match man.stage {
            Stage::Untraveled => {}
            Stage::Traveling => self.traveling.insert(sq),
            Stage::Traveled => self.traveled.insert(sq),
        }
    }

    pub(super) fn remove(&mut self, sq: Square) -> Option<TtMan> {
        let man = self.man_at(sq)?;
        self.board.discard(sq);
        self.ids[sq.index()] = NO_ID;
        self.traveling.remove(sq);
        self.traveled.remove(sq);
        Some(man)
    }

    /// `color`'s explosion records so far.
    pub(super) fn records(&self, color: Color) -> &[ExplosionRecord] {
        let len = (self.record_len[color.index()] as usize).min(MAX_EXPLOSIONS);
        &self.records[color.index()][..len]
    }

    /// Where the original man `local` of `color` stands now, if on the board.
    pub(super) fn square_of_original(&self, color: Color, local: u8) -> Option<Square> {
        let id = color.index() as u8 * 16 + local;
        (self.board.by_color(color) - self.traveling - self.traveled)
            .into_iter()
            .chain(self.traveled & self.board.by_color(color))
            .find(|sq| self.ids[sq.index()] == id)
    }

    /// Checks that the parts of the state agree; for tests.
    pub(super) fn consistency(&self) -> Result<(), Inconsistency> {
        let occ = self.board.occupied();
        if !(self.traveling | self.traveled).is_subset(occ)
            || self.traveling.intersects(self.traveled)
        {
            return Err("stage sets disagree with the board".into());
        }
        let mut seen = [false; 256];
        for sq in Square::ALL {
            let id = self.ids[sq.index()];
            if occ.contains(sq) != (id != NO_ID) {
                return Err(format!("identity on {sq} disagrees with the board").into());
            }
            if id == NO_ID {
                continue;
            }
            if seen[id as usize] {
                return Err(format!("identity {id} twice").into());
            }
            seen[id as usize] = true;
            let Some(man) = self.man_at(sq) else {
                continue;
            };
            if man.stage == Stage::Untraveled && id >= 32 {
                return Err(format!("untraveled man on {sq} is not an original").into());
            }
            if id < 32 && man.color.index() as u8 != id / 16 {
                return Err(format!("man on {sq} changed colour").into());
            }
            if man.stage == Stage::Traveling
                && man.role == Role::Pawn
                && matches!(sq.rank(), Rank::First | Rank::Eighth)
            {
                return Err(format!("traveling pawn on {sq}").into());
            }
            if man.role == Role::Pawn && matches!(sq.rank(), Rank::First | Rank::Eighth) {
                return Err(format!("pawn on the last rank at {sq}").into());
            }
        }
        Ok(())
    }
}

/// The serialized form of [`Pos`]: the men as a list.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct PosSerde {
    men: Vec<(Square, TtMan)>,
    turn: Color,
    castling: u8,
    ep: Option<EnPassant>,
    records: [Vec<ExplosionRecord>; 2],
    lost: [bool; 2],
    next_id: u8,
    halfmove: u32,
    fullmove: u32,
    homes: Vec<Square>,
}

impl From<Pos> for PosSerde {
    fn from(p: Pos) -> PosSerde {
        PosSerde {
            men: p
                .board
                .occupied()
                .into_iter()
                .filter_map(|sq| Some((sq, p.man_at(sq)?)))
                .collect(),
            turn: p.turn,
            castling: p.castling.bits(),
            ep: p.ep,
            records: [
                p.records(Color::White).to_vec(),
                p.records(Color::Black).to_vec(),
            ],
            lost: p.lost,
            next_id: p.next_id,
            halfmove: p.halfmove,
            fullmove: p.fullmove,
            homes: p.homes.to_vec(),
        }
    }
}

impl TryFrom<PosSerde> for Pos {
    type Error = String;
    fn try_from(s: PosSerde) -> Result<Pos, String> {
        let mut p = Pos::empty();
        for (sq, man) in s.men {
            p.put(sq, man);
        }
        p.turn = s.turn;
        let mut castling = CastlingRights::NONE;
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if CastlingRights::ALL.without(color, side).bits() & s.castling
                    != s.castling & 0b1111
                {
                    castling = castling.with(color, side);
                }
            }
        }
        p.castling = castling;
        p.ep = s.ep;
        for color in Color::ALL {
            let list = &s.records[color.index()];
            if list.len() > MAX_EXPLOSIONS {
                return Err("too many explosions".into());
            }
            for (i, r) in list.iter().enumerate() {
                p.records[color.index()][i] = *r;
            }
            p.record_len[color.index()] = list.len() as u8;
        }
        p.lost = s.lost;
        p.next_id = s.next_id;
        p.halfmove = s.halfmove;
        p.fullmove = s.fullmove;
        p.homes = s
            .homes
            .try_into()
            .map_err(|_| "32 home squares".to_owned())?;
        p.consistency().map_err(|e| e.to_string())?;
        Ok(p)
    }
}
