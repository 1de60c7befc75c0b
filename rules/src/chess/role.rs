//! The kinds of chessmen, and a man of a given colour.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::Color;
use crate::geometry::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use crate::geometry::{Bitboard, Square};
use crate::view::Figure;

/// A kind of chessman.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[repr(u8)]
pub enum Role {
    /// Steps forward, captures diagonally forward, promotes on the last rank.
    Pawn,
    /// Leaps two squares one way and one the other.
    Knight,
    /// Slides diagonally.
    Bishop,
    /// Slides along files and ranks.
    Rook,
    /// Slides as a rook or a bishop.
    Queen,
    /// Steps one square any way; the royal man.
    King,
}

impl Role {
    /// Every kind, weakest first: the order of [`Role::index`].
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// What a pawn may promote to, strongest first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// 0 for the pawn to 5 for the king: an index into per-kind tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter SAN uses for the piece: `N`, `B`, `R`, `Q`, `K`, and `P`
    /// for a pawn (which SAN leaves out).
    pub const fn upper_char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The lower-case letter, as UCI writes promotions: `q`.
    pub const fn char(self) -> char {
        self.upper_char().to_ascii_lowercase()
    }

    /// The kind named by its letter, either case.
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'P' => Some(Role::Pawn),
            'N' => Some(Role::Knight),
            'B' => Some(Role::Bishop),
            'R' => Some(Role::Rook),
            'Q' => Some(Role::Queen),
            'K' => Some(Role::King),
            _ => None,
        }
    }

    /// `knight`.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    /// `knights`.
    pub const fn plural(self) -> &'static str {
        match self {
            Role::Pawn => "pawns",
            Role::Knight => "knights",
            Role::Bishop => "bishops",
            Role::Rook => "rooks",
            Role::Queen => "queens",
            Role::King => "kings",
        }
    }

    /// How the renderer draws it.
    pub const fn figure(self) -> Figure {
        match self {
            Role::Pawn => Figure::Pawn,
            Role::Knight => Figure::Knight,
            Role::Bishop => Figure::Bishop,
            Role::Rook => Figure::Rook,
            Role::Queen => Figure::Queen,
            Role::King => Figure::King,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A chessman: a kind and a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// The side the man belongs to.
    pub color: Color,
    /// What kind of man it is.
    pub role: Role,
}

impl Piece {
    /// A man of `color` and `role`.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The FEN letter: upper case for White (`N`), lower case for Black.
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// The man a FEN letter names.
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece {
                color: if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                },
                role,
            }),
            None => None,
        }
    }

    /// The squares this man attacks from `from` when `occupied` are taken.
    /// A pawn attacks only diagonally forward, whatever stands there.
    #[inline]
    pub fn attacks(self, from: Square, occupied: Bitboard) -> Bitboard {
        match self.role {
            Role::Pawn => pawn_attacks(self.color, from),
            Role::Knight => knight_attacks(from),
            Role::Bishop => bishop_attacks(from, occupied),
            Role::Rook => rook_attacks(from, occupied),
            Role::Queen => queen_attacks(from, occupied),
            Role::King => king_attacks(from),
        }
    }
}

impl fmt::Display for Piece {
    /// `white knight`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.role)
    }
}
