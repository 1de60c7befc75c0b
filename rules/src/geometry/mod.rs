//! Board geometry: sets of cells, and the 8x8 chessboard's squares and
//! attack patterns shared by every 8x8 variant.
//!
//! - [`Bitboard`] knows only that a board has 64 cells (numbered by a
//!   [`Cell`] type), so the 4x4x4 Temporal field uses it too.
//! - [`Square`], [`File`] and [`Rank`] name the 8x8 board's squares,
//!   a1 = 0 to h8 = 63.
//! - [`attacks`] says which squares each kind of man attacks, and gives the
//!   rays [`between`](attacks::between) and [`line`](attacks::line)
//!   through two squares. Sliders look up magic bitboard tables (the
//!   private `magic` module), built from the rays walked square by square
//!   (the private `rays` module): `attacks` uses `magic`, `magic` uses
//!   `rays`, and nothing goes back the other way.

pub mod attacks;
mod bitboard;
mod magic;
mod rays;
mod square;

pub use bitboard::{Bitboard, Cell, Cells, Subsets};
pub use square::{DARK_SQUARES, File, LIGHT_SQUARES, Rank, Square, SquareError};
