//! The files, ranks and squares of the 8x8 chessboard.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{Bitboard, Cell, Cells};
use crate::Color;

/// A column of the chessboard, `a` (White's left) to `h`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum File {
    /// The a-file, White's left.
    A,
    /// The b-file.
    B,
    /// The c-file.
    C,
    /// The d-file.
    D,
    /// The e-file.
    E,
    /// The f-file.
    F,
    /// The g-file.
    G,
    /// The h-file, White's right.
    H,
}

impl File {
    /// Every file, `a` first.
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// The file numbered `index` (low three bits): `a` is 0.
    #[inline]
    pub const fn new(index: u32) -> File {
        File::ALL[(index & 7) as usize]
    }

    /// 0 for `a` to 7 for `h`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file's letter, `a` to `h`.
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// The file written `c` (`a` to `h`).
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => Some(File::new(c as u32 - 'a' as u32)),
            _ => None,
        }
    }

    /// The file `delta` files to the right (towards `h`), if on the board.
    pub const fn offset(self, delta: i32) -> Option<File> {
        let index = self as i32 + delta;
        if 0 <= index && index < 8 {
            Some(File::new(index as u32))
        } else {
            None
        }
    }

    /// Every square of the file.
    #[inline]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << self as u32)
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A row of the chessboard, the first (White's back rank) to the eighth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Rank {
    /// The first rank: White's back rank.
    First,
    /// The second rank: White's pawns start here.
    Second,
    /// The third rank.
    Third,
    /// The fourth rank.
    Fourth,
    /// The fifth rank.
    Fifth,
    /// The sixth rank.
    Sixth,
    /// The seventh rank: Black's pawns start here.
    Seventh,
    /// The eighth rank: Black's back rank.
    Eighth,
}

impl Rank {
    /// Every rank, the first first.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank numbered `index` (low three bits): the first rank is 0.
    #[inline]
    pub const fn new(index: u32) -> Rank {
        Rank::ALL[(index & 7) as usize]
    }

    /// 0 for the first rank to 7 for the eighth.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank's digit, `1` to `8`.
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// The rank written `c` (`1` to `8`).
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Some(Rank::new(c as u32 - '1' as u32)),
            _ => None,
        }
    }

    /// The rank `delta` ranks up (towards the eighth), if on the board.
    pub const fn offset(self, delta: i32) -> Option<Rank> {
        let index = self as i32 + delta;
        if 0 <= index && index < 8 {
            Some(Rank::new(index as u32))
        } else {
            None
        }
    }

    /// The rank as `color` counts it: its own back rank is the first, so the
    /// eighth rank is Black's first.
    #[inline]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank::new(7 - self as u32),
        }
    }

    /// Every square of the rank.
    #[inline]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(0xff << (8 * self as u32))
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// The light squares (h1 is light).
pub const LIGHT_SQUARES: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);
/// The dark squares (a1 is dark).
pub const DARK_SQUARES: Bitboard = Bitboard(!0x55aa_55aa_55aa_55aa);

/// A square of the chessboard, numbered rank by rank from White's side:
/// a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[rustfmt::skip]
// Each variant is its square's name in capitals (`E4` is e4): a doc line on
// each of the 64 would say nothing more.
#[allow(missing_docs)]
pub enum Square {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    /// Every square, a1 first, h8 last.
    #[rustfmt::skip]
    pub const ALL: [Square; 64] = {
        use Square::*;
        [
            A1, B1, C1, D1, E1, F1, G1, H1,
            A2, B2, C2, D2, E2, F2, G2, H2,
            A3, B3, C3, D3, E3, F3, G3, H3,
            A4, B4, C4, D4, E4, F4, G4, H4,
            A5, B5, C5, D5, E5, F5, G5, H5,
            A6, B6, C6, D6, E6, F6, G6, H6,
            A7, B7, C7, D7, E7, F7, G7, H7,
            A8, B8, C8, D8, E8, F8, G8, H8,
        ]
    };

    /// The square on `file` and `rank`.
    #[inline]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square::ALL[rank as usize * 8 + file as usize]
    }

    /// The square numbered `index` (low six bits).
    #[inline]
    pub const fn from_index(index: u32) -> Square {
        Square::ALL[(index & 63) as usize]
    }

    /// The square numbered `index`, if it is below 64.
    pub const fn try_from_index(index: usize) -> Option<Square> {
        if index < 64 {
            Some(Square::ALL[index])
        } else {
            None
        }
    }

    /// The square's number, 0 (a1) to 63 (h8).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The square's file.
    #[inline]
    pub const fn file(self) -> File {
        File::new(self as u32 & 7)
    }

    /// The square's rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::new(self as u32 >> 3)
    }

    /// The square `files` to the right and `ranks` up, if on the board.
    pub const fn offset(self, files: i32, ranks: i32) -> Option<Square> {
        match (self.file().offset(files), self.rank().offset(ranks)) {
            (Some(file), Some(rank)) => Some(Square::new(file, rank)),
            _ => None,
        }
    }

    /// The square mirrored across the middle of the board, a1 <-> a8: where
    /// the other side's man of the same standing would be.
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square::from_index(self as u32 ^ 56)
    }

    /// The square as `color` sees it: unchanged for White, mirrored for
    /// Black, so e1 is each side's king square.
    #[inline]
    pub const fn relative_to(self, color: Color) -> Square {
        match color {
            Color::White => self,
            Color::Black => self.flip_vertical(),
        }
    }

    /// Whether the square is light (h1 is, a1 is not).
    #[inline]
    pub const fn is_light(self) -> bool {
        LIGHT_SQUARES.contains_index(self as u32)
    }

    /// The number of king steps between the two squares.
    pub const fn distance(self, other: Square) -> u32 {
        let files = (self.file() as i32 - other.file() as i32).unsigned_abs();
        let ranks = (self.rank() as i32 - other.rank() as i32).unsigned_abs();
        if files > ranks { files } else { ranks }
    }

    /// The set holding only this square.
    #[inline]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(1 << self as u32)
    }
}

impl Cell for Square {
    #[inline]
    fn index(self) -> u32 {
        self as u32
    }

    #[inline]
    fn from_index(index: u32) -> Square {
        Square::from_index(index)
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(square: Square) -> Bitboard {
        square.bitboard()
    }
}

/// `for square in bitboard` visits the squares a1 first.
impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Cells<Square>;

    #[inline]
    fn into_iter(self) -> Cells<Square> {
        self.cells()
    }
}

impl fmt::Display for Square {
    /// `e4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

/// Text that names no square.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a square: write a file a-h and a rank 1-8, like e4")]
pub struct SquareError(pub String);

impl FromStr for Square {
    type Err = SquareError;

    /// Reads `e4` (the file's letter may be a capital).
    fn from_str(s: &str) -> Result<Square, SquareError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => {
                match (File::from_char(f.to_ascii_lowercase()), Rank::from_char(r)) {
                    (Some(file), Some(rank)) => Ok(Square::new(file, rank)),
                    _ => Err(SquareError(s.to_owned())),
                }
            }
            _ => Err(SquareError(s.to_owned())),
        }
    }
}

impl Serialize for Square {
    /// As its name, `"e4"`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Square, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_numbered_rank_by_rank_from_a1() {
        assert_eq!(Square::A1.index(), 0);
        assert_eq!(Square::H1.index(), 7);
        assert_eq!(Square::A2.index(), 8);
        assert_eq!(Square::H8.index(), 63);
        for (i, sq) in Square::ALL.into_iter().enumerate() {
            assert_eq!(sq.index(), i);
            assert_eq!(Square::new(sq.file(), sq.rank()), sq);
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert_eq!(Square::E4.to_string(), "e4");
        assert_eq!(Square::E4.file(), File::E);
        assert_eq!(Square::E4.rank(), Rank::Fourth);
    }

    #[test]
    fn parse_refuses_what_is_not_a_square() {
        for bad in ["", "e", "e9", "i1", "e44", "4e", "é4", "e0"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
        assert_eq!("E4".parse::<Square>(), Ok(Square::E4));
    }

    #[test]
    fn colours_offsets_and_masks() {
        assert!(!Square::A1.is_light());
        assert!(Square::H1.is_light());
        assert!(Square::D1.is_light());
        assert!(!Square::D8.is_light());
        assert_eq!(Square::E2.offset(0, 2), Some(Square::E4));
        assert_eq!(Square::H2.offset(1, 0), None);
        assert_eq!(Square::E1.relative_to(Color::Black), Square::E8);
        assert_eq!(Rank::Second.relative_to(Color::Black), Rank::Seventh);
        assert_eq!(File::C.bitboard().count(), 8);
        assert!(Rank::Eighth.bitboard().contains(Square::F8));
        assert_eq!(Square::A1.distance(Square::H8), 7);
        assert_eq!(LIGHT_SQUARES.count(), 32);
    }

    #[test]
    fn serde_writes_square_names() {
        let json = serde_json::to_string(&Square::G7).unwrap();
        assert_eq!(json, "\"g7\"");
        assert_eq!(serde_json::from_str::<Square>(&json).unwrap(), Square::G7);
        assert!(serde_json::from_str::<Square>("\"z9\"").is_err());
    }
}
