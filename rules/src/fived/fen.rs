//! 5DFEN (F-12): a starting board as `[pieces:L:T:w|b]`.
//!
//! The pieces field lists ranks from the top, `/` between them, men as
//! letters (upper case White, lower case Black, an optional `+` before the
//! letter), empty runs as numbers, and `*` after a man that has not moved
//! (pawns, brawns, kings, rooks: 5dchess-notation's `fen.ebnf`).

use super::board::{Board, Size, cell};
use super::man::{Man, Piece};
use super::position::LineName;
use crate::Color;

/// The most boards one 5DFEN start may give: far more than any named
/// board, small enough that a hostile text cannot make a huge game.
pub const MAX_START_BOARDS: usize = 256;
/// The highest turn a 5DFEN board may be on.
pub const MAX_START_TURN: i32 = 10_000;

/// One starting board as 5DFEN gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartBoard {
    /// The timeline, as 5DFEN names it (`-0`, `+0`, `1`).
    pub line: LineName,
    /// The turn number T.
    pub turn: i32,
    /// The side to move on the board.
    pub color: Color,
    /// The men on the board.
    pub board: Board,
}

/// Why a 5DFEN board could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// The pieces field has more or fewer ranks than the board.
    #[error("{found} ranks where the board has {ranks}")]
    Ranks {
        /// The ranks written.
        found: usize,
        /// The board's ranks.
        ranks: u8,
    },
    /// A rank is narrower or wider than the board.
    #[error("rank {rank} has {found} cells where the board has {files}")]
    Files {
        /// The rank, counted from 1 at the bottom.
        rank: usize,
        /// The cells written.
        found: usize,
        /// The board's files.
        files: u8,
    },
    /// A `+` ends the rank: no man follows it.
    #[error("a + with no letter after it")]
    PlusAlone,
    /// A letter that names no man.
    #[error("no man is written {0:?}")]
    Letter(char),
    /// A rank runs past 8 cells.
    #[error("a rank of more than 8 cells")]
    LongRank,
    /// The board is not 1x1 to 8x8.
    #[error("boards are 1x1 to 8x8, not {files}x{ranks}")]
    Size {
        /// The files of the first rank.
        files: usize,
        /// The ranks.
        ranks: usize,
    },
    /// The board is not in brackets.
    #[error("a 5DFEN board is written [pieces:L:T:w]")]
    Brackets,
    /// The board has more or fewer than four fields.
    #[error("a 5DFEN board has four fields: [pieces:L:T:w]")]
    Fields,
    /// The L field names no timeline.
    #[error("{0:?} is no timeline")]
    Timeline(String),
    /// The T field is no turn from 0 to [`MAX_START_TURN`].
    #[error("{0:?} is no turn (0 to {MAX_START_TURN})")]
    Turn(String),
    /// The side to move is neither `w` nor `b`.
    #[error("{0:?} is no colour: write w or b")]
    Color(String),
    /// A board's `[` is never closed.
    #[error("a 5DFEN board has no closing ]")]
    Unclosed,
    /// Boards of several sizes.
    #[error("the 5DFEN boards are of different sizes")]
    Sizes,
    /// More than [`MAX_START_BOARDS`] boards.
    #[error("more than {MAX_START_BOARDS} 5DFEN boards")]
    TooMany,
    /// No board at all.
    #[error("no 5DFEN board")]
    NoBoard,
}

/// Reads the pieces field for boards of `size`.
///
/// # Errors
/// A field that does not describe a board of `size`: ranks or files
/// miscounted, a letter that names no man.
pub fn read_pieces(text: &str, size: Size) -> Result<Board, FenError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != usize::from(size.ranks) {
        return Err(FenError::Ranks {
            found: rows.len(),
            ranks: size.ranks,
        });
    }
    let mut board = Board::empty();
    for (i, row) in rows.iter().enumerate() {
        let rank = size.ranks as usize - 1 - i;
        let files = read_row(row, |file, man| {
            if file < usize::from(size.files) {
                board.put(cell(file as u8, rank as u8), Some(man));
            }
        })?;
        if files != usize::from(size.files) {
            return Err(FenError::Files {
                rank: rank + 1,
                found: files,
                files: size.files,
            });
        }
    }
    Ok(board)
}

/// Reads one rank, calling `place` for each man; returns its width.
fn read_row(row: &str, mut place: impl FnMut(usize, Man)) -> Result<usize, FenError> {
    let mut file = 0usize;
    let mut chars = row.chars().peekable();
    while let Some(c) = chars.next() {
        if let Some(d) = c.to_digit(10) {
            let mut n = d as usize;
            while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                n = n * 10 + d as usize;
                chars.next();
                if n > 8 {
                    break;
                }
            }
            file += n;
        } else {
            let c = if c == '+' {
                chars.next().ok_or(FenError::PlusAlone)?
            } else {
                c
            };
            let piece = Piece::from_letter(c).ok_or(FenError::Letter(c))?;
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let unmoved = chars.next_if_eq(&'*').is_some();
            place(
                file,
                Man {
                    color,
                    piece,
                    unmoved: unmoved && piece.keeps_unmoved(),
                },
            );
            file += 1;
        }
        if file > 8 {
            return Err(FenError::LongRank);
        }
    }
    Ok(file)
}

/// The size a pieces field describes: its number of ranks and the width
/// of its first rank.
///
/// # Errors
/// A first rank that cannot be read, or a board larger than 8x8.
pub fn size_of(pieces: &str) -> Result<Size, FenError> {
    let rows: Vec<&str> = pieces.split('/').collect();
    let first = rows.first().copied().unwrap_or_default();
    let files = read_row(first, |_, _| {})?;
    let ranks = rows.len();
    u8::try_from(files)
        .ok()
        .zip(u8::try_from(ranks).ok())
        .and_then(|(f, r)| Size::new(f, r))
        .ok_or(FenError::Size { files, ranks })
}

/// Writes the pieces field, `*` after unmoved pawns, brawns, kings, rooks.
pub fn write_pieces(board: &Board, size: Size) -> String {
    let mut out = String::new();
    for rank in (0..size.ranks).rev() {
        let mut empty = 0;
        for file in 0..size.files {
            match board.man(cell(file, rank)) {
                None => empty += 1,
                Some(man) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(man.letter());
                    if man.unmoved {
                        out.push('*');
                    }
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// Reads one `[pieces:L:T:c]` board string (brackets included); the size
/// comes from the pieces.
///
/// # Errors
/// Anything not written `[pieces:L:T:w]` with fields that read.
pub fn read_board_string(text: &str) -> Result<(StartBoard, Size), FenError> {
    let inner = text
        .trim()
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or(FenError::Brackets)?;
    let fields: Vec<&str> = inner.split(':').collect();
    let [pieces, line, turn, color] = fields[..] else {
        return Err(FenError::Fields);
    };
    let size = size_of(pieces)?;
    let board = read_pieces(pieces, size)?;
    let line = LineName::parse(line).ok_or_else(|| FenError::Timeline(line.to_owned()))?;
    let turn: i32 = turn
        .parse()
        .ok()
        .filter(|t| (0..=MAX_START_TURN).contains(t))
        .ok_or_else(|| FenError::Turn(turn.to_owned()))?;
    let color = match color {
        "w" | "W" => Color::White,
        "b" | "B" => Color::Black,
        _ => return Err(FenError::Color(color.to_owned())),
    };
    Ok((
        StartBoard {
            line,
            turn,
            color,
            board,
        },
        size,
    ))
}

/// Reads several board strings written one after another (`[..][..]`,
/// spaces between them allowed); all must be of one size.
///
/// # Errors
/// A board that does not read, boards of several sizes, none, or more
/// than [`MAX_START_BOARDS`].
pub fn read_board_strings(text: &str) -> Result<(Vec<StartBoard>, Size), FenError> {
    let mut boards = Vec::new();
    let mut size = None;
    let mut rest = text.trim();
    while !rest.is_empty() {
        let end = rest.find(']').ok_or(FenError::Unclosed)?;
        let (one, more) = rest.split_at(end + 1);
        let (board, s) = read_board_string(one)?;
        if *size.get_or_insert(s) != s {
            return Err(FenError::Sizes);
        }
        if boards.len() == MAX_START_BOARDS {
            return Err(FenError::TooMany);
        }
        boards.push(board);
        rest = more.trim_start();
    }
    let size = size.ok_or(FenError::NoBoard)?;
    Ok((boards, size))
}

/// Writes one board string.
pub fn write_board_string(b: &StartBoard, size: Size) -> String {
    format!(
        "[{}:{}:{}:{}]",
        write_pieces(&b.board, size),
        b.line,
        b.turn,
        b.color.char()
    )
}

// A board's Debug and serde forms are its 5DFEN pieces: they live with
// the 5DFEN reader and writer, which the board module does not import.
impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&write_pieces(self, Size::STANDARD))
    }
}

/// A board is written as its 5DFEN pieces on 8x8 (cells beyond a smaller
/// board are empty).
impl serde::Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&write_pieces(self, Size::STANDARD))
    }
}

impl<'de> serde::Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Board, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(deserializer)?;
        read_pieces(&text, Size::STANDARD).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_board_round_trips() {
        let text = "[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:0:1:w]";
        let (b, size) = read_board_string(text).unwrap();
        assert_eq!(size, Size::STANDARD);
        assert_eq!(b.turn, 1);
        assert_eq!(write_board_string(&b, size), text);
        let king = b.board.man(cell(4, 0)).unwrap();
        assert!(king.unmoved && king.piece == Piece::King);
        assert!(!b.board.man(cell(1, 0)).unwrap().unmoved);
    }

    #[test]
    fn bad_strings_are_refused() {
        for bad in [
            "",
            "[8:x:1:w]",
            "[9/9:0:1:w]",
            "[4k/5/5/5/K1R2:0:1:x]",
            "[4k/5/5/5/K1R2:x:1:w]",
            "[4k/5/5/5/K1R2:0:-1:w]",
            "[4k/5/5/5/K1R2:0:1]",
            "[4k/5/5/5/K1R:0:1:w]",
            "[4z/5/5/5/K1R2:0:1:w]",
            "[+:0:1:w]",
            "[99999999999999999999/1:0:1:w]",
        ] {
            assert!(read_board_strings(bad).is_err(), "{bad}");
        }
        let (boards, size) =
            read_board_strings("[4k/5/5/5/K1R2:0:1:w] [4+k/5/5/5/K1R2:-0:1:b]").unwrap();
        assert_eq!((boards.len(), size.files), (2, 5));
    }
}
