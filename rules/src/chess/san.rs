//! Standard Algebraic Notation: `e4`, `Nbd2`, `exd5`, `e8=Q`, `O-O`, `Qh7#`.
//!
//! Written: the piece letter (none for a pawn), only as much of the start
//! square as tells the move apart from another of the same kind of man to
//! the same square (the file, else the rank, else both), `x` for a capture
//! (a pawn's capture names its file), the target square, `=` and the piece
//! a pawn becomes, and `+` for check or `#` for mate.
//!
//! Read leniently: `0-0` and `O-O`; `x` may be left out, or written for a
//! move that takes nothing; `e8Q`, `e8=Q`, `e8(Q)` and `e8/Q`; a full start
//! square (`Ng1f3`, `e2-e4`); lower-case `n`, `r`, `q`, `k` for pieces (but
//! `b` is the b-file); and trailing `+`, `#`, `!`, `?` in any mix.
//!
//! A pawn capture may be written by its files alone, as older texts do
//! (Time Traveler's Chess writes `1...gf`): `gf`, `gxf` or `g:f`, the
//! pawn's file and the file it takes on ([`San::FileCapture`]). It names
//! the one legal pawn capture between those files, en passant included;
//! when two fit (`gxf3` and `gxf6`), the player is asked which. No other
//! SAN ends in a file, so the form takes nothing from the others: `Bc4`
//! is a bishop, `bc` the b-pawn taking on the c-file, `b4` a push.
//!
//! Which legal move a SAN names, or why none does, is in the `resolve`
//! module ([`San::to_move`]).

use std::fmt;
use std::str::FromStr;

use super::{CastlingSide, Move, Position, Role};
use crate::geometry::{Bitboard, File, Rank, Square};

/// A move as SAN describes it, without check marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum San {
    /// Any move but castling and a pawn capture written by files: `Nbd2`,
    /// `exd5`, `e8=Q`.
    Normal {
        /// The kind of man that moves.
        role: Role,
        /// The start square's file, when written.
        file: Option<File>,
        /// The start square's rank, when written.
        rank: Option<Rank>,
        /// Whether `x` was written (read leniently: a move may take
        /// without it, or carry it and take nothing).
        capture: bool,
        /// The square the man lands on.
        to: Square,
        /// What the pawn becomes, when written.
        promotion: Option<Role>,
    },
    /// Castling: `O-O` or `O-O-O`.
    Castle(CastlingSide),
    /// A pawn capture written by files only: `gf`, `gxf`, `g:f`, with a
    /// promotion where the capture reaches the last rank (`gh=Q`). It
    /// names whichever legal pawn capture goes from file `from` to file
    /// `to`, when exactly one does; written back as `gxf`.
    FileCapture {
        /// The capturing pawn's file.
        from: File,
        /// The file it takes on.
        to: File,
        /// What the pawn becomes, when written.
        promotion: Option<Role>,
    },
}

/// Check or mate, as SAN marks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// `+`
    Check,
    /// `#`
    Checkmate,
}

/// A move in SAN with its check or mate mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SanPlus {
    /// The move.
    pub san: San,
    /// `+` or `#`, if the move gives check or mate.
    pub suffix: Option<Suffix>,
}

/// Why a text is not SAN.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SanError {
    /// Nothing is left once check marks and annotations are dropped.
    #[error("there is no move in it")]
    Empty,
    /// The text does not end on a square (nor is it a capture by files).
    #[error("a move ends on a square, like e4 or Nf3")]
    NoSquare,
    /// A promotion names a pawn or a king, or no man at all.
    #[error("a pawn promotes to a queen, rook, bishop or knight: write =Q, =R, =B or =N")]
    PromotionRole,
    /// The text starts like castling (`O`, `0`, `o`) but is neither `O-O`
    /// nor `O-O-O`.
    #[error("castling is written O-O (kingside) or O-O-O (queenside)")]
    Castling,
    /// A character that no part of SAN uses.
    #[error("{0:?} has no place in a move")]
    Unexpected(char),
}

impl San {
    /// Reads SAN, leniently (see the module docs). Check marks and
    /// annotations are read and dropped.
    pub fn from_ascii(text: &str) -> Result<San, SanError> {
        let text = strip_annotations(text);
        if text.is_empty() {
            return Err(SanError::Empty);
        }
        if text.starts_with(['O', 'o', '0']) {
            return match text.replace(['0', 'o'], "O").as_str() {
                "O-O" | "OO" => Ok(San::Castle(CastlingSide::KingSide)),
                "O-O-O" | "OOO" => Ok(San::Castle(CastlingSide::QueenSide)),
                _ => Err(SanError::Castling),
            };
        }
        let chars: Vec<char> = text.chars().collect();
        let (role, mut start) = match chars[0] {
            'N' | 'B' | 'R' | 'Q' | 'K' | 'P' | 'n' | 'r' | 'q' | 'k' => {
                (Role::from_char(chars[0]).unwrap_or(Role::Pawn), 1)
            }
            _ => (Role::Pawn, 0),
        };
        let mut end = chars.len();
        let promotion = read_promotion(&chars, start, &mut end)?;
        if start == 0
            && let Some(capture) = file_capture(&chars[..end], promotion)
        {
            return Ok(capture);
        }
        if end < start + 2 {
            return Err(SanError::NoSquare);
        }
        let to = match (
            File::from_char(chars[end - 2]),
            Rank::from_char(chars[end - 1]),
        ) {
            (Some(file), Some(rank)) => Square::new(file, rank),
            _ => return Err(SanError::NoSquare),
        };
        end -= 2;
        let mut capture = false;
        if end > start && matches!(chars[end - 1], 'x' | 'X' | ':' | '-') {
            capture = chars[end - 1] != '-';
            end -= 1;
        }
        let file = chars[start..end].first().and_then(|&c| File::from_char(c));
        if file.is_some() {
            start += 1;
        }
        let rank = chars[start..end].first().and_then(|&c| Rank::from_char(c));
        if rank.is_some() {
            start += 1;
        }
        if let Some(&c) = chars[start..end].first() {
            return Err(SanError::Unexpected(c));
        }
        Ok(San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        })
    }

    /// The SAN of `mv`, a legal move of `pos`, with exact disambiguation.
    pub fn from_move(pos: &Position, mv: &Move) -> San {
        let mut rivals = Bitboard::EMPTY;
        if mv.castling_side().is_none() && mv.role() != Role::Pawn {
            pos.for_each_legal_move(|other| {
                if is_rival(mv, &other) {
                    rivals.insert(other.from());
                }
            });
        }
        San::from_move_among(mv, rivals)
    }

    /// The SAN of `mv` when `rivals` are the start squares of the other men
    /// of its kind that may also go to its square (each variant decides what
    /// "may" means): the start square's file, else its rank, else both, tell
    /// them apart. A pawn capture always names its file.
    pub fn from_move_among(mv: &Move, rivals: Bitboard) -> San {
        if let Some(side) = mv.castling_side() {
            return San::Castle(side);
        }
        let role = mv.role();
        let from = mv.from();
        let (file, rank) = if role == Role::Pawn {
            (mv.is_capture().then_some(from.file()), None)
        } else if rivals.is_empty() {
            (None, None)
        } else if rivals.is_disjoint(from.file().bitboard()) {
            (Some(from.file()), None)
        } else if rivals.is_disjoint(from.rank().bitboard()) {
            (None, Some(from.rank()))
        } else {
            (Some(from.file()), Some(from.rank()))
        };
        San::Normal {
            role,
            file,
            rank,
            capture: mv.is_capture(),
            to: mv.to(),
            promotion: mv.promotion(),
        }
    }
}

/// A pawn capture written by files only, `gf`, `gxf` or `g:f` (the
/// promotion already read off): two different files. Files that are not
/// neighbours are read too, so that the refusal can say no pawn takes so.
fn file_capture(chars: &[char], promotion: Option<Role>) -> Option<San> {
    let (from, to) = match *chars {
        [from, to] | [from, 'x' | 'X' | ':', to] => (File::from_char(from)?, File::from_char(to)?),
        _ => return None,
    };
    (from != to).then_some(San::FileCapture {
        from,
        to,
        promotion,
    })
}

/// Drops trailing check marks, annotations and `e.p.`.
fn strip_annotations(text: &str) -> &str {
    let mut text = text.trim();
    loop {
        let stripped = text
            .trim_end_matches(['+', '#', '!', '?'])
            .trim_end()
            .trim_end_matches("e.p.")
            .trim_end();
        if stripped.len() == text.len() {
            return text;
        }
        text = stripped;
    }
}

/// Reads a promotion at the end of `chars[start..end]` (`=Q`, `Q` after a
/// rank, `(Q)`, `/Q`), moving `end` before it.
fn read_promotion(chars: &[char], start: usize, end: &mut usize) -> Result<Option<Role>, SanError> {
    let body = &chars[start..*end];
    let (letter, used) = match body {
        [.., '(', letter, ')'] => (*letter, 3),
        [.., '=' | '/', letter] => (*letter, 2),
        [.., '=' | '/'] => return Err(SanError::PromotionRole),
        [.., digit, letter] if digit.is_ascii_digit() && letter.is_alphabetic() => (*letter, 1),
        _ => return Ok(None),
    };
    *end -= used;
    match Role::from_char(letter) {
        Some(role) if Role::PROMOTIONS.contains(&role) => Ok(Some(role)),
        _ => Err(SanError::PromotionRole),
    }
}

/// Whether `other` is another man of `mv`'s kind going to the same square:
/// a move SAN must tell apart from `mv`.
pub fn is_rival(mv: &Move, other: &Move) -> bool {
    matches!(other, Move::Normal { .. })
        && other.role() == mv.role()
        && other.to() == mv.to()
        && other.from() != mv.from()
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            San::Castle(side) => f.write_str(side.san()),
            San::FileCapture {
                from,
                to,
                promotion,
            } => {
                write!(f, "{from}x{to}")?;
                if let Some(promotion) = promotion {
                    write!(f, "={}", promotion.upper_char())?;
                }
                Ok(())
            }
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if role != Role::Pawn {
                    write!(f, "{}", role.upper_char())?;
                }
                if let Some(file) = file {
                    write!(f, "{file}")?;
                }
                if let Some(rank) = rank {
                    write!(f, "{rank}")?;
                }
                if capture {
                    f.write_str("x")?;
                }
                write!(f, "{to}")?;
                if let Some(promotion) = promotion {
                    write!(f, "={}", promotion.upper_char())?;
                }
                Ok(())
            }
        }
    }
}

impl FromStr for San {
    type Err = SanError;
    fn from_str(text: &str) -> Result<San, SanError> {
        San::from_ascii(text)
    }
}

impl SanPlus {
    /// The SAN of `mv`, a legal move of `pos`, marked `+` if it gives check
    /// and `#` if it mates.
    pub fn from_move(pos: &Position, mv: &Move) -> SanPlus {
        let san = San::from_move(pos, mv);
        let mut after = *pos;
        after.play_unchecked(mv);
        let suffix = if after.is_checkmate() {
            Some(Suffix::Checkmate)
        } else if after.is_check() {
            Some(Suffix::Check)
        } else {
            None
        };
        SanPlus { san, suffix }
    }

    /// Reads SAN, keeping a `+` or `#` mark.
    pub fn from_ascii(text: &str) -> Result<SanPlus, SanError> {
        let san = San::from_ascii(text)?;
        let marks = &text.trim()[strip_annotations(text).len()..];
        let suffix = if marks.contains('#') {
            Some(Suffix::Checkmate)
        } else if marks.contains('+') {
            Some(Suffix::Check)
        } else {
            None
        };
        Ok(SanPlus { san, suffix })
    }
}

impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.san)?;
        match self.suffix {
            Some(Suffix::Check) => f.write_str("+"),
            Some(Suffix::Checkmate) => f.write_str("#"),
            None => Ok(()),
        }
    }
}

impl FromStr for SanPlus {
    type Err = SanError;
    fn from_str(text: &str) -> Result<SanPlus, SanError> {
        SanPlus::from_ascii(text)
    }
}

impl Position {
    /// `mv`, a legal move here, in SAN with its check or mate mark.
    pub fn san(&self, mv: &Move) -> String {
        SanPlus::from_move(self, mv).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn normal(
        role: Role,
        file: Option<File>,
        rank: Option<Rank>,
        capture: bool,
        to: Square,
        promotion: Option<Role>,
    ) -> San {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        }
    }

    #[test]
    fn reads_leniently() {
        use Role::*;
        let cases = [
            ("e4", normal(Pawn, None, None, false, Square::E4, None)),
            ("Nf3", normal(Knight, None, None, false, Square::F3, None)),
            ("nf3", normal(Knight, None, None, false, Square::F3, None)),
            ("Nxf3", normal(Knight, None, None, true, Square::F3, None)),
            (
                "exd5",
                normal(Pawn, Some(File::E), None, true, Square::D5, None),
            ),
            (
                "bxc4",
                normal(Pawn, Some(File::B), None, true, Square::C4, None),
            ),
            ("Bxc4", normal(Bishop, None, None, true, Square::C4, None)),
            (
                "Nbd2",
                normal(Knight, Some(File::B), None, false, Square::D2, None),
            ),
            (
                "R1a3",
                normal(Rook, None, Some(Rank::First), false, Square::A3, None),
            ),
            (
                "Qh4xe1+",
                normal(
                    Queen,
                    Some(File::H),
                    Some(Rank::Fourth),
                    true,
                    Square::E1,
                    None,
                ),
            ),
            (
                "e8=Q",
                normal(Pawn, None, None, false, Square::E8, Some(Queen)),
            ),
            (
                "e8Q",
                normal(Pawn, None, None, false, Square::E8, Some(Queen)),
            ),
            (
                "e8q",
                normal(Pawn, None, None, false, Square::E8, Some(Queen)),
            ),
            (
                "e8(N)",
                normal(Pawn, None, None, false, Square::E8, Some(Knight)),
            ),
            (
                "dxe8=R#",
                normal(Pawn, Some(File::D), None, true, Square::E8, Some(Rook)),
            ),
            (
                "e2-e4",
                normal(
                    Pawn,
                    Some(File::E),
                    Some(Rank::Second),
                    false,
                    Square::E4,
                    None,
                ),
            ),
            (
                "Ng1f3!?",
                normal(
                    Knight,
                    Some(File::G),
                    Some(Rank::First),
                    false,
                    Square::F3,
                    None,
                ),
            ),
            (
                "exd6 e.p.",
                normal(Pawn, Some(File::E), None, true, Square::D6, None),
            ),
            (
                " Kd2 ?! ",
                normal(King, None, None, false, Square::D2, None),
            ),
        ];
        for (text, san) in cases {
            assert_eq!(San::from_ascii(text), Ok(san), "{text}");
        }
        for text in ["O-O", "0-0", "o-o", "O-O+", "OO"] {
            assert_eq!(
                San::from_ascii(text),
                Ok(San::Castle(CastlingSide::KingSide)),
                "{text}"
            );
        }
        assert_eq!(
            San::from_ascii("0-0-0#"),
            Ok(San::Castle(CastlingSide::QueenSide))
        );
    }

    #[test]
    fn refuses_what_is_not_san() {
        assert_eq!(San::from_ascii(""), Err(SanError::Empty));
        assert_eq!(San::from_ascii("+!"), Err(SanError::Empty));
        assert_eq!(San::from_ascii("N"), Err(SanError::NoSquare));
        assert_eq!(San::from_ascii("Nf"), Err(SanError::NoSquare));
        assert_eq!(San::from_ascii("e9"), Err(SanError::NoSquare));
        assert_eq!(San::from_ascii("e8=K"), Err(SanError::PromotionRole));
        assert_eq!(San::from_ascii("e8="), Err(SanError::PromotionRole));
        assert_eq!(San::from_ascii("O-O-O-O"), Err(SanError::Castling));
        assert_eq!(San::from_ascii("Nzf3"), Err(SanError::Unexpected('z')));
        assert_eq!(San::from_ascii("Ng1g1f3"), Err(SanError::Unexpected('g')));
    }

    #[test]
    fn writes_the_canonical_form() {
        let san = normal(
            Role::Pawn,
            Some(File::D),
            None,
            true,
            Square::E8,
            Some(Role::Queen),
        );
        assert_eq!(san.to_string(), "dxe8=Q");
        let plus = SanPlus {
            san: San::Castle(CastlingSide::QueenSide),
            suffix: Some(Suffix::Check),
        };
        assert_eq!(plus.to_string(), "O-O-O+");
        assert_eq!(
            SanPlus::from_ascii("Qh7#").unwrap().suffix,
            Some(Suffix::Checkmate)
        );
        assert_eq!(
            SanPlus::from_ascii("Qh7+!").unwrap().suffix,
            Some(Suffix::Check)
        );
    }

    #[test]
    fn pawn_captures_read_by_files() {
        let capture = |from, to, promotion| San::FileCapture {
            from,
            to,
            promotion,
        };
        for text in [
            "gf", "gxf", "g:f", "gXf", "gf+", "gxf#", " gf!? ", "gf e.p.",
        ] {
            assert_eq!(
                San::from_ascii(text),
                Ok(capture(File::G, File::F, None)),
                "{text}"
            );
        }
        assert_eq!(
            San::from_ascii("gh=Q"),
            Ok(capture(File::G, File::H, Some(Role::Queen)))
        );
        assert_eq!(capture(File::G, File::F, None).to_string(), "gxf");
        // Nothing else ends in a file: these keep their meaning.
        assert!(matches!(
            San::from_ascii("Bc4"),
            Ok(San::Normal {
                role: Role::Bishop,
                ..
            })
        ));
        assert!(matches!(
            San::from_ascii("bc4"),
            Ok(San::Normal {
                role: Role::Pawn,
                file: Some(File::B),
                ..
            })
        ));
        for text in ["Bc", "ee", "e", "gfx", "gxxf", "Ngf"] {
            assert!(San::from_ascii(text).is_err(), "{text}");
        }
    }
}
