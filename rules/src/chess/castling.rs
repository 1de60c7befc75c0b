//! Castling: the two sides of the board, and who may still castle where.

use std::fmt;

use crate::Color;
use crate::geometry::{File, Rank, Square};

/// Towards which rook a king castles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CastlingSide {
    /// With the h-file rook: O-O.
    KingSide,
    /// With the a-file rook: O-O-O.
    QueenSide,
}

impl CastlingSide {
    /// Both sides, kingside first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// Where the king lands: the g-file or the c-file.
    pub const fn king_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::G,
            CastlingSide::QueenSide => File::C,
        }
    }

    /// Where the rook lands: the f-file or the d-file, beside the king.
    pub const fn rook_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::F,
            CastlingSide::QueenSide => File::D,
        }
    }

    /// Where the rook starts: the h-file or the a-file.
    pub const fn rook_from_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::H,
            CastlingSide::QueenSide => File::A,
        }
    }

    /// The king's starting square for `color`: e1 or e8.
    pub const fn king_from(color: Color) -> Square {
        Square::new(File::E, back_rank(color))
    }

    /// Where `color`'s king lands: g1, c1, g8 or c8.
    pub const fn king_to(self, color: Color) -> Square {
        Square::new(self.king_to_file(), back_rank(color))
    }

    /// Where `color`'s rook starts: h1, a1, h8 or a8.
    pub const fn rook_from(self, color: Color) -> Square {
        Square::new(self.rook_from_file(), back_rank(color))
    }

    /// Where `color`'s rook lands: f1, d1, f8 or d8.
    pub const fn rook_to(self, color: Color) -> Square {
        Square::new(self.rook_to_file(), back_rank(color))
    }

    /// `kingside` or `queenside`.
    pub const fn name(self) -> &'static str {
        match self {
            CastlingSide::KingSide => "kingside",
            CastlingSide::QueenSide => "queenside",
        }
    }

    /// `O-O` or `O-O-O`.
    pub const fn san(self) -> &'static str {
        match self {
            CastlingSide::KingSide => "O-O",
            CastlingSide::QueenSide => "O-O-O",
        }
    }

    const fn bit(self, color: Color) -> u8 {
        1 << (color as u8 * 2 + self as u8)
    }
}

const fn back_rank(color: Color) -> Rank {
    Rank::First.relative_to(color)
}

/// Who may still castle, and to which side. A right is lost for good once
/// the king or that rook leaves its starting square, or the rook is taken
/// there; whether castling is possible now depends on the position too.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(u8);

impl CastlingRights {
    /// Nobody may castle.
    pub const NONE: CastlingRights = CastlingRights(0);
    /// Both sides, both ways: the rights at the start.
    pub const ALL: CastlingRights = CastlingRights(0b1111);

    /// Whether `color` may still castle to `side`.
    #[inline]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.0 & side.bit(color) != 0
    }

    /// Whether `color` may still castle to either side.
    #[inline]
    pub const fn has_any(self, color: Color) -> bool {
        self.has(color, CastlingSide::KingSide) || self.has(color, CastlingSide::QueenSide)
    }

    /// Whether nobody may castle any more.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The rights with `color` allowed to castle to `side`.
    #[must_use]
    pub const fn with(self, color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(self.0 | side.bit(color))
    }

    /// The rights without `color`'s right to castle to `side`.
    #[must_use]
    pub const fn without(self, color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(self.0 & !side.bit(color))
    }

    /// The rights without any of `color`'s.
    #[must_use]
    pub const fn without_color(self, color: Color) -> CastlingRights {
        self.without(color, CastlingSide::KingSide)
            .without(color, CastlingSide::QueenSide)
    }

    /// The rights left once a man has moved from or to `square`: a king
    /// leaving e1 ends both of White's, a rook leaving or taken on h1 ends
    /// White's kingside right, and so on.
    #[inline]
    #[must_use]
    pub const fn after_touching(self, square: Square) -> CastlingRights {
        CastlingRights(self.0 & KEEP[square as usize])
    }

    /// Every right held, as (colour, side) pairs: White's first, kingside
    /// first.
    pub fn iter(self) -> impl Iterator<Item = (Color, CastlingSide)> {
        Color::ALL
            .into_iter()
            .flat_map(|color| CastlingSide::ALL.map(|side| (color, side)))
            .filter(move |&(color, side)| self.has(color, side))
    }

    /// A number from 0 to 15 naming the rights (for hashing).
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }
}

/// For each square, the rights that survive a man moving from or to it.
static KEEP: [u8; 64] = {
    let mut keep = [0b1111u8; 64];
    let mut c = 0;
    while c < 2 {
        let color = Color::ALL[c];
        let kingside = CastlingSide::KingSide.bit(color);
        let queenside = CastlingSide::QueenSide.bit(color);
        keep[CastlingSide::king_from(color) as usize] &= !(kingside | queenside);
        keep[CastlingSide::KingSide.rook_from(color) as usize] &= !kingside;
        keep[CastlingSide::QueenSide.rook_from(color) as usize] &= !queenside;
        c += 1;
    }
    keep
};

impl fmt::Display for CastlingRights {
    /// As FEN writes them: `KQkq`, any subset of it, or `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (color, side) in self.iter() {
            let c = match side {
                CastlingSide::KingSide => 'K',
                CastlingSide::QueenSide => 'Q',
            };
            write!(f, "{}", color.fold(c, c.to_ascii_lowercase()))?;
        }
        Ok(())
    }
}

impl fmt::Debug for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CastlingRights({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rights_are_lost_by_touching_king_or_rook_squares() {
        let all = CastlingRights::ALL;
        assert_eq!(all.to_string(), "KQkq");
        assert_eq!(all.after_touching(Square::E1).to_string(), "kq");
        assert_eq!(all.after_touching(Square::H8).to_string(), "KQq");
        assert_eq!(all.after_touching(Square::A1).to_string(), "Kkq");
        assert_eq!(all.after_touching(Square::E4), all);
        assert_eq!(CastlingRights::NONE.to_string(), "-");
        assert!(all.without_color(Color::White).has_any(Color::Black));
        assert!(!all.without_color(Color::White).has_any(Color::White));
    }

    #[test]
    fn castling_squares() {
        assert_eq!(CastlingSide::king_from(Color::Black), Square::E8);
        assert_eq!(CastlingSide::KingSide.king_to(Color::White), Square::G1);
        assert_eq!(CastlingSide::QueenSide.rook_to(Color::Black), Square::D8);
        assert_eq!(CastlingSide::QueenSide.rook_from(Color::White), Square::A1);
    }
}
