//! The two sides.

use std::fmt;
use std::ops::Not;

use serde::{Deserialize, Serialize};

/// A side of the game. White moves first in every variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// The side that moves first.
    White,
    /// The side that moves second.
    Black,
}

impl Color {
    /// Both sides, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// `w` or `b`, as FEN writes the side to move.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// 0 for White, 1 for Black: an index into per-side arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `white` or `black`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// The other side.
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// Picks `white` or `black` by colour.
    pub fn fold<T>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Color {
    type Err = UnknownColor;
    fn from_str(s: &str) -> Result<Color, UnknownColor> {
        match s.trim().to_ascii_lowercase().as_str() {
            "white" | "w" => Ok(Color::White),
            "black" | "b" => Ok(Color::Black),
            _ => Err(UnknownColor(s.to_owned())),
        }
    }
}

/// A colour name that is neither white nor black.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown colour {0:?}: write white or black")]
pub struct UnknownColor(pub String);
