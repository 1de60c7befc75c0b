//! Standard chess: all of FIDE's rules, with draws claimed by the game
//! itself as on lichess. It is the base every 8x8 variant builds on; the
//! FIDE mechanics themselves live in [`crate::chess`].
//!
//! # The game
//!
//! - FIDE 3: each man moves as the laws say ([`Rule::FIDE_MOVEMENT`]),
//!   with castling (3.8.2, [`Rule::FIDE_CASTLING`]), en passant only right
//!   after the double step (3.7.3, [`Rule::FIDE_EN_PASSANT`]) and
//!   promotion (3.7.5, [`Rule::FIDE_PROMOTION`]); no move may leave the
//!   mover's king in check (3.9, [`Rule::FIDE_CHECK`]).
//! - The game ends at once on checkmate, stalemate, insufficient material
//!   (king against king, king and one minor piece against king, or kings
//!   and bishops all on squares of one colour), the third occurrence of a
//!   position (same men on the same squares, same side to move, same
//!   castling and en passant captures possible), or after 100 half-moves
//!   without a capture or a pawn move.
//! - On time (FIDE 6.9), a player whose opponent cannot mate by any series
//!   of legal moves draws instead of losing ([`Rules::can_win`]).
//!
//! # Where the rules are silent, Chronomate decides
//!
//! 1. Threefold repetition and the fifty-move rule draw at once, without a
//!    claim, as on lichess; a move that mates on the 100th half-move wins.
//! 2. An en passant square counts for repetition only while an en passant
//!    capture is legal.
//!
//! # Notation
//!
//! Moves are read as SAN, leniently (`0-0`, `Ng1f3`, `e8Q`, `exd6 e.p.`,
//! a pawn capture by files alone, `ef`), or UCI (`e2e4`); they are written
//! as SAN with check and mate marks. See [`crate::chess::San`].
//!
//! [`Rule::FIDE_MOVEMENT`]: crate::Rule::FIDE_MOVEMENT
//! [`Rule::FIDE_CASTLING`]: crate::Rule::FIDE_CASTLING
//! [`Rule::FIDE_EN_PASSANT`]: crate::Rule::FIDE_EN_PASSANT
//! [`Rule::FIDE_PROMOTION`]: crate::Rule::FIDE_PROMOTION
//! [`Rule::FIDE_CHECK`]: crate::Rule::FIDE_CHECK
//! [`Rules::can_win`]: crate::Rules::can_win

mod face;
mod legality;
mod notation;
mod play;
mod position;
mod view;

pub use crate::chess::Move;
pub use position::Chess;
