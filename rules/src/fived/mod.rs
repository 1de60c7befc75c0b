//! 5D Chess With Multiverse Time Travel: timelines of boards, men that
//! travel in time and across timelines, whole turns of several board
//! moves (house rules F-1 to F-12 in `docs/variants/fived.md`).
//!
//! - F-1 A square is (L, T, file, rank) on White's or Black's board;
//!   boards of up to 8x8 ([`board`]); `-0` and `+0` are kept apart
//!   (`position`).
//! - F-2 A side moves only from the last board of a timeline when that
//!   board is its own, to a cell of that board or of another board of its
//!   colour.
//! - F-3 A jump onto a timeline's last board (`>`) adds a board there; onto
//!   an earlier board (`>>`) opens a timeline numbered next for its side.
//! - F-4 The n-th timeline a side opens is active while the other side has
//!   opened n - 1.
//! - F-5 The present is the earliest last board among active timelines; a
//!   turn moves on every active timeline whose last board is the mover's
//!   and in the present, and is submitted only when the present passes to
//!   the opponent ([`crate::Turn::boards`] lists the boards owed).
//! - F-6 to F-9 The men ([`man`], `movegen`): rook, bishop, unicorn,
//!   dragon, queen, royal queen, princess, king, common king, knight in
//!   four axes; pawns and brawns forward on the board and across
//!   timelines, en passant and castling on one board, promotion.
//! - F-10 A legal turn leaves no royal man capturable by any man on the
//!   opponent's playable boards (`attack`); no legal turn is checkmate
//!   in check and stalemate out of it, found exactly ([`search`]).
//! - F-11 No other draw but agreement.
//! - F-12 Named boards ([`boards`]), 5DFEN ([`fen`]) and 5DPGN
//!   (`notation`, [`pgn`]).
//!
//! An action is a whole turn ([`Action`]); [`crate::Rules::draft_move`]
//! and its siblings build one a board move at a time.
//!
//! Files: `face` (the face), `action`, `draft` (a turn a program drafts), `position` (the multiverse and its
//! queries), `movegen` (the men's moves), `attack` (check), `play`
//! (moves, submitting, judging), `notation`, `view`, and the mechanisms
//! `board`, `man`, `fen`, `boards` (named boards), `pgn` (records) and
//! `search` (legal turns).

mod action;
mod attack;
pub mod board;
pub mod boards;
mod draft;
mod exposure;
mod face;
pub mod fen;
pub mod man;
mod movegen;
mod notation;
mod options;
pub mod pgn;
mod pick;
mod play;
mod position;
pub mod search;
mod view;

pub use action::{Action, Move, MoveKind, Spot};
pub use draft::Draft;
pub use exposure::Exposure;
pub use face::LISTED_TURNS;
pub use options::{FiveDOptions, Start};
pub use position::{FiveD, LineName, Setup, step, step_color, step_turn};
