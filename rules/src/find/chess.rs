//! Chess moves as parts, for every 8x8 variant.

use std::fmt::Write;

use super::parts::{Kind, Man, Part};
use super::text::{Line, Spot};
use crate::chess::{Move, San};
use crate::geometry::Square;

/// A square as a word: `e4`.
pub fn square(sq: Square) -> Spot {
    let mut w = Spot::default();
    w.push(sq.file().char() as u8);
    w.push(sq.rank().char() as u8);
    w
}

/// The kind of a chess move.
pub fn move_kind(mv: &Move) -> Kind {
    if mv.castling_side().is_some() {
        Kind::Castle
    } else if mv.promotion().is_some() {
        Kind::Promotion
    } else if mv.is_capture() {
        Kind::Capture
    } else {
        Kind::Move
    }
}

/// The part of a chess move written `text` (SAN without check marks, or
/// however the variant writes it): its man with the key `Ng1-` (`e2-` for
/// a pawn, `Ke1-` for castling), where it goes (the king's square when
/// castling), and its kind.
pub fn move_part(text: &str, mv: &Move) -> Part {
    let man = Man::at(mv.role().upper_char(), square(mv.from()).as_str(), "-");
    Part::moving(text, move_kind(mv), man, square(mv.to()).as_str())
}

/// The SAN of `mv` among `moves` (every move of its position that SAN
/// must tell it apart from), without check marks.
pub fn san_among(moves: &[Move], mv: &Move) -> Line {
    let mut rivals = crate::geometry::Bitboard::EMPTY;
    for other in moves {
        if crate::chess::is_rival(mv, other) {
            rivals.insert(other.from());
        }
    }
    let mut text = Line::default();
    let _ = write!(text, "{}", San::from_move_among(mv, rivals));
    text
}
