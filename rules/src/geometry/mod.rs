//! Board geometry: sets of cells, and the 8x8 chessboard's squares and
//! attack patterns shared by every 8x8 variant.
//!
//! [`Bitboard`] knows only that a board has 64 cells, so the 4x4x4 Temporal
//! field uses it too.

mod bitboard;

pub use bitboard::{Bitboard, Cell, Cells, Subsets};
