//! What a player does on a turn (M-2).

use serde::{Deserialize, Serialize};

use super::Numeral;
use crate::chess::{Move, Role};
use crate::geometry::Square;

/// A turn of Many Worlds Chess (M-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// `(VII) Nxe4 (=XII) Bd2 (=XV)`: two different moves of the mover on
    /// one board; the board is replaced by the two results, the first
    /// written numbered first.
    Split {
        /// The board split.
        board: Numeral,
        /// The move on the first of the two results.
        first: Move,
        /// The other move, on the second.
        second: Move,
    },
    /// `Nc6 IV-VII`: a man of the mover other than a king goes from a board
    /// to the same, empty, square of another board.
    Transfer {
        /// The kind of man sent.
        role: Role,
        /// Its square, the same on both boards.
        square: Square,
        /// The board it leaves.
        from: Numeral,
        /// The board it goes to, where that square is empty.
        to: Numeral,
    },
}
