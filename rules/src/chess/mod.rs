//! FIDE chess mechanics on the 8x8 board, shared by every 8x8 variant.
//!
//! - [`Role`] and [`Piece`] name the men; [`Board`] says where they stand.
//! - [`Move`] is a move of one side: normal, en passant or castling.
//! - [`Position`] adds the side to move, [`CastlingRights`], the en passant
//!   square and the move counters: FIDE's legal moves
//!   ([`Position::legal_moves`]), check, mate, stalemate, insufficient
//!   material, and a Zobrist key for repetition.
//! - [`MoveGen`] gives pseudo-legal moves on any [`Board`] for a chosen set
//!   of men, with castling by FIDE's rule or ignoring check, and
//!   [`keeps_kings_safe`] filters them for boards with any number of kings:
//!   what Many Worlds, Time Traveler's Chess, Gifford and the multiverse
//!   build on.
//! - Notation: FEN ([`Position::from_fen`], [`Position::fen`]), SAN
//!   ([`San`], [`SanPlus`], including pawn captures written by files
//!   alone, `gf`) and UCI ([`Uci`]); a move that cannot be played is
//!   refused with an [`IllegalMove`] that says why and names the FIDE
//!   article it breaks ([`IllegalMove::rule`]).
//! - [`perft`] and [`perft_divide`] count move sequences.

mod board;
mod castling;
mod fen;
mod illegal;
mod legal;
mod movegen;
mod moves;
mod perft;
mod position;
mod resolve;
mod role;
mod san;
mod uci;
pub mod zobrist;

pub use board::Board;
pub use castling::{CastlingRights, CastlingSide};
pub use fen::FenError;
pub use illegal::{CastlingRefusal, IllegalMove, Origin, Target, castling_refusal};
pub use movegen::{CastlingRule, MoveGen, keeps_kings_safe};
pub use moves::Move;
pub use perft::{perft, perft_divide};
pub use position::{Position, PositionError, Setup};
pub use role::{Piece, Role};
pub use san::{San, SanError, SanPlus, Suffix, is_rival};
pub use uci::{Uci, UciError};
