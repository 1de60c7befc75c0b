//! What a Temporal Chess player can do in a turn (T-2): drop, move, or warp.

use serde::{Deserialize, Serialize};

use super::cell::Cell;
use super::movement::Kind;

/// Checkers a warp may take (T-4, T-5): 1 to 6.
pub const MAX_CHECKERS: u8 = 6;

/// One action of a turn (T-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// A man from hand onto a vacant cell: `N@Bc3`.
    Drop {
        /// The kind of man taken from hand.
        kind: Kind,
        /// The vacant cell it is placed on.
        to: Cell,
    },
    /// A move, capturing what stands on `to`: `NAb1-Cc2`, `NAb1xCc2`.
    Move {
        /// The cell the man leaves.
        from: Cell,
        /// The cell it lands on.
        to: Cell,
    },
    /// Warp from the future (T-4): a duplicate of the man on `from` makes the
    /// move to `to`; the original stays with `count` red checkers:
    /// `NAb1~Cc2/3`.
    WarpFrom {
        /// The original's cell, where it stays.
        from: Cell,
        /// Where the duplicate appears.
        to: Cell,
        /// Red checkers on the original, 1 to [`MAX_CHECKERS`].
        count: u8,
    },
    /// Warp into the future (T-5): the man on `at` disappears under `count`
    /// black checkers: `NBb2^4`.
    WarpInto {
        /// The cell of the man that disappears.
        at: Cell,
        /// Black checkers on it, 1 to [`MAX_CHECKERS`].
        count: u8,
    },
}
