//! Many Worlds Chess by Adrian King (1999), with the house rules M-1 … M-6
//! of the players' page, `docs/variants/manyworlds.md`.
//!
//! # The game
//!
//! - M-1 A set of boards ([`World`]), numbered 0, I, II, ... in creation
//!   order ([`Numeral`]). A board holds placement, castling rights and an
//!   en passant square; it does not know whose move it is. Two boards are
//!   identical when all three match. Boards are found by their Zobrist key,
//!   so duplicates are detected without comparing all pairs.
//! - M-2 A turn is a split (`(VII) Nxe4 (=XII) Bd2 (=XV)`): two different
//!   moves of the mover on one board; the board is replaced by the two
//!   results; a result identical to a live board merges into it (and is
//!   written with that board's numeral); a new result gets the next
//!   numeral, the first written first. Or a transfer (`Nc6 IV-VII`): a man
//!   of the mover other than a king moves to the same square of another
//!   board where that square is empty. After any action no two boards are
//!   identical.
//! - M-3 Moves follow FIDE movement; a king may move into or stay in
//!   check; castling needs unmoved king and rook and empty squares between
//!   them, nothing about check. Promotion and en passant as FIDE, board by
//!   board.
//! - M-4 Capturing a king on any board wins at once
//!   ([`Reason::KingCaptured`](crate::Reason::KingCaptured)). A player
//!   with no split and no transfer available loses
//!   ([`Reason::NoActionLeft`](crate::Reason::NoActionLeft)).
//! - M-5 The third occurrence of the whole set of boards (numerals aside)
//!   with the same player to act draws
//!   ([`Reason::Repetition`](crate::Reason::Repetition)).
//! - M-6 Option `turns`: each board knows whose move it is (the two results
//!   of a split are the other side's to move), only splits are allowed,
//!   and a player may split only boards where it is their move. Players
//!   still alternate.
//!
//! # Where the rules are silent, Chronomate decides
//!
//! 1. A transfer that leaves a board identical to another live board
//!    merges it into that board, as a split's result does: the board the
//!    transfer did not change keeps its numeral, the changed board's
//!    numeral is gone, and the notation still names the boards as they
//!    were (`Nc6 IV-VII`). The rule text's "the game never contains two
//!    identical boards" is kept without refusing a move the rules allow.
//! 2. A transfer carries no castling right: a king or rook that leaves its
//!    home square by transfer loses its rights there, and a man arriving
//!    by transfer brings none (it has moved).
//! 3. An en passant square lasts until the board is next split, and is kept
//!    only while a pawn could take en passant onto it; a transfer may end
//!    the chance (taking the capturing pawn away), never create it.
//!    Identity (M-1) compares the en passant square so kept.
//! 4. With `turns`, a board's side to move is part of the board: two boards
//!    with the same men but different sides to move are not identical.
//! 5. The order of a split's two moves is the player's and decides which
//!    new board is numbered first; `legal_actions` lists both orders.
//! 6. No fifty-move rule, no insufficient material, no check or mate:
//!    M-5 names only repetition, and the goal is to capture a king (M-4).
//!    When an action both repeats a set of boards the third time and
//!    leaves the opponent without an action, the loss (M-4) comes first.
//! 7. Splits are written without check marks (there is no check to mark);
//!    SAN disambiguates against the board's moves as M-3 allows them.
//!
//! # Refusals
//!
//! A refused action names the rule it breaks ([`crate::ActionError::rule`]):
//! M-1 for a board that is not live or a numeral beyond any board, M-2 for
//! a split or transfer that is not one (one move only, the same move twice,
//! a wrong result written, a king, the opponent's man, an occupied
//! square), M-3 for a move or castling the board does not have, M-6 for a
//! board that is not the player's or a transfer under `turns`, and FIDE
//! 3.7.5 for a promotion missing or misplaced.
//!
//! # Notation
//!
//! See [`notation`]: `(0) e4 (=I) d4 (=II)`, `Nf6 III-IV`, lenient input.

mod action;
mod event;
mod face;
mod families;
mod fen;
mod legality;
pub mod notation;
mod numeral;
mod options;
mod play;
mod position;
mod view;
mod world;

pub use action::Action;
pub use event::Event;
pub use numeral::{MAX_NUMERAL, Numeral, NumeralError};
pub use options::ManyWorldsOptions;
pub use position::{Last, ManyWorlds, Mark};
pub use world::World;
