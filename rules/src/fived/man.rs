//! The men of 5D chess (F-6, F-7) and the directions they move in.
//!
//! Directions are 4D vectors `(L, T, file, rank)`; one step along T is one
//! whole turn, so travel always lands on a board of the mover's colour.

use serde::{Deserialize, Serialize};

use crate::Color;

/// A kind of man.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Piece {
    /// `P`: steps forward on its board or across timelines (F-7).
    Pawn,
    /// `W`: a pawn with more captures across timelines and turns (F-7).
    Brawn,
    /// `N`: two along one axis and one along another, leaping (F-6).
    Knight,
    /// `B`: any distance along two axes at once, equally (F-6).
    Bishop,
    /// `R`: any distance along one axis (F-6).
    Rook,
    /// `U`: any distance along three axes at once, equally (F-6).
    Unicorn,
    /// `D`: any distance along all four axes at once, equally (F-6).
    Dragon,
    /// `Q`: any distance along any number of axes at once, equally (F-6).
    Queen,
    /// `Y`: moves as a queen and is royal (F-6).
    RoyalQueen,
    /// `S`: moves as a rook or a bishop (F-6).
    Princess,
    /// `K`: one step along any combination of axes; royal (F-6).
    King,
    /// `C`: moves as a king but is not royal (F-6).
    CommonKing,
}

impl Piece {
    /// Every kind, in declaration order.
    pub const ALL: [Piece; 12] = [
        Piece::Pawn,
        Piece::Brawn,
        Piece::Knight,
        Piece::Bishop,
        Piece::Rook,
        Piece::Unicorn,
        Piece::Dragon,
        Piece::Queen,
        Piece::RoyalQueen,
        Piece::Princess,
        Piece::King,
        Piece::CommonKing,
    ];

    /// The letter 5DPGN and 5DFEN write (White's; Black's is lower case).
    pub const fn letter(self) -> char {
        match self {
            Piece::Pawn => 'P',
            Piece::Brawn => 'W',
            Piece::Knight => 'N',
            Piece::Bishop => 'B',
            Piece::Rook => 'R',
            Piece::Unicorn => 'U',
            Piece::Dragon => 'D',
            Piece::Queen => 'Q',
            Piece::RoyalQueen => 'Y',
            Piece::Princess => 'S',
            Piece::King => 'K',
            Piece::CommonKing => 'C',
        }
    }

    /// Reads a letter, either case.
    pub fn from_letter(c: char) -> Option<Piece> {
        let upper = c.to_ascii_uppercase();
        Piece::ALL.into_iter().find(|p| p.letter() == upper)
    }

    /// The king and the royal queen (F-6): the men a legal turn keeps
    /// from capture (F-10).
    pub const fn is_royal(self) -> bool {
        matches!(self, Piece::King | Piece::RoyalQueen)
    }

    /// Pawns and brawns: they step, double-step and promote (F-7, F-9).
    pub const fn is_pawnlike(self) -> bool {
        matches!(self, Piece::Pawn | Piece::Brawn)
    }

    /// Whether 5DFEN marks this man unmoved with `*`: the ones whose first
    /// move matters (double steps, castling).
    pub const fn keeps_unmoved(self) -> bool {
        matches!(self, Piece::Pawn | Piece::Brawn | Piece::King | Piece::Rook)
    }

    /// The English name, for refusals: `royal queen`.
    pub const fn name(self) -> &'static str {
        match self {
            Piece::Pawn => "pawn",
            Piece::Brawn => "brawn",
            Piece::Knight => "knight",
            Piece::Bishop => "bishop",
            Piece::Rook => "rook",
            Piece::Unicorn => "unicorn",
            Piece::Dragon => "dragon",
            Piece::Queen => "queen",
            Piece::RoyalQueen => "royal queen",
            Piece::Princess => "princess",
            Piece::King => "king",
            Piece::CommonKing => "common king",
        }
    }

    const fn code(self) -> u8 {
        match self {
            Piece::Pawn => 1,
            Piece::Brawn => 2,
            Piece::Knight => 3,
            Piece::Bishop => 4,
            Piece::Rook => 5,
            Piece::Unicorn => 6,
            Piece::Dragon => 7,
            Piece::Queen => 8,
            Piece::RoyalQueen => 9,
            Piece::Princess => 10,
            Piece::King => 11,
            Piece::CommonKing => 12,
        }
    }

    const fn from_code(code: u8) -> Option<Piece> {
        Some(match code {
            1 => Piece::Pawn,
            2 => Piece::Brawn,
            3 => Piece::Knight,
            4 => Piece::Bishop,
            5 => Piece::Rook,
            6 => Piece::Unicorn,
            7 => Piece::Dragon,
            8 => Piece::Queen,
            9 => Piece::RoyalQueen,
            10 => Piece::Princess,
            11 => Piece::King,
            12 => Piece::CommonKing,
            _ => return None,
        })
    }

    /// How the man slides (F-6): the number of axes each step changes, as
    /// a set of bits (bit n: n axes at once). Leapers and pawns slide
    /// nowhere.
    pub(crate) const fn slide_axes(self) -> u8 {
        match self {
            Piece::Rook => 1 << 1,
            Piece::Bishop => 1 << 2,
            Piece::Unicorn => 1 << 3,
            Piece::Dragon => 1 << 4,
            Piece::Princess => (1 << 1) | (1 << 2),
            Piece::Queen | Piece::RoyalQueen => 0b11110,
            _ => 0,
        }
    }
}

/// A man on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Man {
    /// The side the man belongs to.
    pub color: Color,
    /// What kind of man it is.
    pub piece: Piece,
    /// Never moved yet (5DFEN `*`): pawns and brawns may double-step,
    /// kings and rooks may castle.
    pub unmoved: bool,
}

const BLACK_BIT: u8 = 0x10;
const UNMOVED_BIT: u8 = 0x20;
const PIECE_BITS: u8 = 0x0f;

impl Man {
    /// A man of `color` and `piece`, not marked unmoved.
    pub const fn new(color: Color, piece: Piece) -> Man {
        Man {
            color,
            piece,
            unmoved: false,
        }
    }

    /// The byte a board stores: 0 for an empty square.
    pub(crate) const fn code(self) -> u8 {
        let mut c = self.piece.code();
        if let Color::Black = self.color {
            c |= BLACK_BIT;
        }
        if self.unmoved && self.piece.keeps_unmoved() {
            c |= UNMOVED_BIT;
        }
        c
    }

    pub(crate) const fn from_code(code: u8) -> Option<Man> {
        match Piece::from_code(code & PIECE_BITS) {
            None => None,
            Some(piece) => Some(Man {
                color: if code & BLACK_BIT == 0 {
                    Color::White
                } else {
                    Color::Black
                },
                piece,
                unmoved: code & UNMOVED_BIT != 0,
            }),
        }
    }

    /// The same man once it has moved.
    pub(crate) const fn moved(self) -> Man {
        Man {
            unmoved: false,
            ..self
        }
    }

    /// The 5DFEN letter: upper case for White.
    pub fn letter(self) -> char {
        match self.color {
            Color::White => self.piece.letter(),
            Color::Black => self.piece.letter().to_ascii_lowercase(),
        }
    }
}

/// The colour bit of a stored man, without decoding it.
pub(crate) const fn code_color(code: u8) -> Color {
    if code & BLACK_BIT == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// Whether a stored byte is a royal man of `color`.
pub(crate) const fn code_is_royal_of(code: u8, color: Color) -> bool {
    let piece = code & PIECE_BITS;
    (piece == 9 || piece == 11) && code_color(code) as u8 == color as u8
}

/// A 4D step: `(L, T, file, rank)`.
pub(crate) type Vector = [i8; 4];

/// Every step of -1, 0 or 1 on each axis, not all zero (80 of them),
/// ordered by the number of axes they change.
const fn unit_steps() -> [Vector; 80] {
    let mut out = [[0i8; 4]; 80];
    let mut n = 0;
    let mut axes = 1;
    while axes <= 4 {
        let mut i = 0;
        while i < 81 {
            let v = [
                (i % 3) as i8 - 1,
                (i / 3 % 3) as i8 - 1,
                (i / 9 % 3) as i8 - 1,
                (i / 27 % 3) as i8 - 1,
            ];
            if axes_changed(v) as i32 == axes {
                out[n] = v;
                n += 1;
            }
            i += 1;
        }
        axes += 1;
    }
    out
}

/// The 80 unit steps.
pub(crate) const UNIT_STEPS: [Vector; 80] = unit_steps();

/// Where the unit steps changing 1, 2, 3 and 4 axes start in
/// [`UNIT_STEPS`] (8, 24, 32 and 16 of them), and where they end.
const UNIT_STEPS_BY_AXES: [usize; 5] = [0, 8, 32, 64, 80];

/// The unit steps along which a slider of `piece` moves
/// ([`Piece::slide_axes`]), in [`UNIT_STEPS`]' order: whole runs of that
/// table, so the 80 steps need not each be tested.
pub(crate) fn slide_steps(piece: Piece) -> impl Iterator<Item = &'static Vector> {
    let axes = piece.slide_axes();
    (1..=4)
        .filter(move |n| axes & (1 << n) != 0)
        .flat_map(|n| &UNIT_STEPS[UNIT_STEPS_BY_AXES[n - 1]..UNIT_STEPS_BY_AXES[n]])
}

/// The number of axes a step changes.
pub(crate) const fn axes_changed(v: Vector) -> u8 {
    (v[0] != 0) as u8 + (v[1] != 0) as u8 + (v[2] != 0) as u8 + (v[3] != 0) as u8
}

/// The knight's 48 leaps: 2 along one axis and 1 along another.
const fn knight_leaps() -> [Vector; 48] {
    let mut out = [[0i8; 4]; 48];
    let mut n = 0;
    let mut a = 0;
    while a < 4 {
        let mut b = 0;
        while b < 4 {
            if a != b {
                let mut s = 0;
                while s < 4 {
                    let mut v = [0i8; 4];
                    v[a] = if s & 1 == 0 { 2 } else { -2 };
                    v[b] = if s & 2 == 0 { 1 } else { -1 };
                    out[n] = v;
                    n += 1;
                    s += 1;
                }
            }
            b += 1;
        }
        a += 1;
    }
    out
}

/// The knight's 48 leaps.
pub(crate) const KNIGHT_LEAPS: [Vector; 48] = knight_leaps();

/// Which way a pawn or brawn of `color` goes across timelines (F-7):
/// toward lower L for White.
pub(crate) const fn line_forward(color: Color) -> i8 {
    match color {
        Color::White => -1,
        Color::Black => 1,
    }
}

/// Which way a pawn or brawn of `color` goes up the board (F-7).
pub(crate) const fn rank_forward(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// The captures of a pawn of `color` off its board (F-7): one timeline
/// forward and one turn back or forward.
pub(crate) const fn pawn_time_captures(color: Color) -> [Vector; 2] {
    let l = line_forward(color);
    [[l, 1, 0, 0], [l, -1, 0, 0]]
}

/// The extra captures of a brawn (F-7): one timeline forward with one
/// file sideways or one rank forward, and one rank forward one turn back
/// (the direction two of the three engines agree on).
pub(crate) const fn brawn_captures(color: Color) -> [Vector; 4] {
    let l = line_forward(color);
    let r = rank_forward(color);
    [[l, 0, 1, 0], [l, 0, -1, 0], [l, 0, 0, r], [0, -1, 0, r]]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for piece in Piece::ALL {
            for color in Color::ALL {
                for unmoved in [false, true] {
                    let man = Man {
                        color,
                        piece,
                        unmoved: unmoved && piece.keeps_unmoved(),
                    };
                    assert_ne!(man.code(), 0);
                    assert_eq!(Man::from_code(man.code()), Some(man));
                }
            }
            assert_eq!(Piece::from_letter(piece.letter()), Some(piece));
        }
        assert_eq!(Man::from_code(0), None);
    }

    #[test]
    fn the_step_tables_have_their_sizes() {
        let count = |n| UNIT_STEPS.iter().filter(|v| axes_changed(**v) == n).count();
        for piece in [
            Piece::Rook,
            Piece::Bishop,
            Piece::Unicorn,
            Piece::Dragon,
            Piece::Princess,
            Piece::Queen,
            Piece::RoyalQueen,
            Piece::Knight,
        ] {
            let axes = piece.slide_axes();
            let filtered: Vec<Vector> = UNIT_STEPS
                .into_iter()
                .filter(|v| axes & (1 << axes_changed(*v)) != 0)
                .collect();
            let runs: Vec<Vector> = slide_steps(piece).copied().collect();
            assert_eq!(runs, filtered, "{piece:?}");
        }
        assert_eq!([count(1), count(2), count(3), count(4)], [8, 24, 32, 16]);
        let mut leaps = KNIGHT_LEAPS.to_vec();
        leaps.sort_unstable();
        leaps.dedup();
        assert_eq!(leaps.len(), 48);
        assert_eq!(
            KNIGHT_LEAPS
                .iter()
                .filter(|v| v[0] == 0 && v[1] == 0)
                .count(),
            8
        );
    }
}
