//! Forsyth-Edwards Notation: a position in one line of text.
//!
//! `rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1`: the men rank
//! by rank from the eighth (letters, upper case for White, digits for runs
//! of empty squares), the side to move, castling rights, the en passant
//! square, the half-moves since the last capture or pawn move, and the move
//! number. The two counters may be left out (they are then 0 and 1).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{Board, CastlingRights, CastlingSide, Piece, Position, PositionError, Setup};
use crate::geometry::{File, Rank, Square};
use crate::{Color, quote};

/// Why a text is not a FEN of a chess position. The texts it quotes are
/// cut short ([`crate::quote`]): a 3-million-digit move number is not
/// echoed back.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// The text has fewer than 4 or more than 6 space-separated fields; the
    /// count it has.
    #[error(
        "a FEN has 4 to 6 fields separated by spaces (placement, side to move, castling, en passant, half-move clock, move number), not {0}"
    )]
    FieldCount(usize),
    /// The placement has not 8 ranks; the count it has.
    #[error("the placement must have 8 ranks separated by '/', not {0}")]
    RankCount(usize),
    /// A rank of the placement covers more or fewer than 8 squares.
    #[error("rank {rank} of the placement covers {squares} squares, not 8")]
    RankWidth {
        /// The rank whose row is too short or too long.
        rank: Rank,
        /// How many squares its men and digits cover.
        squares: usize,
    },
    #[error(
        "{0:?} is not a piece letter (PNBRQK for White, pnbrqk for Black) nor a count of empty squares (1-8)"
    )]
    /// The placement holds a character that is no man and no run of 1 to 8
    /// empty squares.
    PieceLetter(char),
    /// The side to move is neither `w` nor `b`.
    #[error("the side to move is w or b, not {0:?}")]
    Turn(String),
    /// The castling field is not `-` nor letters of `KQkq`, each once.
    #[error("castling rights are - or letters from KQkq, each at most once, not {0:?}")]
    Castling(String),
    /// The en passant field is not `-` nor a square.
    #[error("the en passant square is - or a square like e3, not {0:?}")]
    EnPassant(String),
    /// The half-move clock is not a whole number.
    #[error("the half-move clock is a number from 0, not {0:?}")]
    HalfmoveClock(String),
    /// The move number is not a whole number.
    #[error("the move number is a number from 1, not {0:?}")]
    FullmoveNumber(String),
    /// The text reads, but the position it describes breaks the rules of
    /// chess.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// Time Traveler's Chess: a stage mark (`*` traveling, `^` traveled)
    /// that does not follow a piece letter.
    #[error(
        "{0:?} marks the stage of the man just before it (* traveling, ^ traveled), so it must follow a piece letter"
    )]
    StageMark(char),
    /// Time Traveler's Chess: more untraveled men than a side starts with.
    #[error("{0} has more than 16 untraveled men: only the men of the start can be untraveled")]
    Untraveled(Color),
    /// A game of several boards (Many Worlds, M-1) was given none.
    #[error("a game needs at least one board")]
    NoBoard,
    /// A game of several boards was given two identical ones (M-1); the
    /// FENs are counted from 1 as given.
    #[error("FENs {first} and {second} give identical boards, and no two boards may be (M-1)")]
    IdenticalBoards {
        /// The first of the two, counted from 1.
        first: usize,
        /// The second of the two, counted from 1.
        second: usize,
    },
}

impl Board {
    /// Reads the placement field of a FEN.
    pub fn from_placement(text: &str) -> Result<Board, FenError> {
        let ranks: Vec<&str> = text.split('/').collect();
        if ranks.len() != 8 {
            return Err(FenError::RankCount(ranks.len()));
        }
        let mut board = Board::empty();
        for (row, rank_text) in ranks.into_iter().enumerate() {
            let rank = Rank::new(7 - row as u32);
            let mut file = 0usize;
            for c in rank_text.chars() {
                if let Some(run) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    file += run as usize;
                } else if let Some(piece) = Piece::from_char(c) {
                    if file < 8 {
                        board.set(Square::new(File::new(file as u32), rank), piece);
                    }
                    file += 1;
                } else {
                    return Err(FenError::PieceLetter(c));
                }
            }
            if file != 8 {
                return Err(FenError::RankWidth {
                    rank,
                    squares: file,
                });
            }
        }
        Ok(board)
    }

    /// The placement field of a FEN.
    pub fn placement(&self) -> String {
        let mut text = String::with_capacity(64);
        for rank in Rank::ALL.into_iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_at(Square::new(file, rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            text.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        text.push(piece.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                text.push(char::from(b'0' + empty));
            }
            if rank != Rank::First {
                text.push('/');
            }
        }
        text
    }
}

impl Setup {
    /// Reads a FEN without judging whether the position is one of chess.
    pub fn from_fen(text: &str) -> Result<Setup, FenError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        let board = Board::from_placement(fields[0])?;
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::Turn(quote(other))),
        };
        let castling = parse_castling(fields[2])?;
        let ep_square = match fields[3] {
            "-" => None,
            square => Some(
                square
                    .parse::<Square>()
                    .map_err(|_| FenError::EnPassant(quote(square)))?,
            ),
        };
        let halfmoves = match fields.get(4) {
            None => 0,
            Some(n) => n.parse().map_err(|_| FenError::HalfmoveClock(quote(n)))?,
        };
        let fullmoves = match fields.get(5) {
            None => 1,
            Some(n) => n
                .parse()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| FenError::FullmoveNumber(quote(n)))?,
        };
        Ok(Setup {
            board,
            turn,
            castling,
            ep_square,
            halfmoves,
            fullmoves,
        })
    }
}

fn parse_castling(text: &str) -> Result<CastlingRights, FenError> {
    if text == "-" {
        return Ok(CastlingRights::NONE);
    }
    let mut rights = CastlingRights::NONE;
    for c in text.chars() {
        let side = match c.to_ascii_uppercase() {
            'K' => CastlingSide::KingSide,
            'Q' => CastlingSide::QueenSide,
            _ => return Err(FenError::Castling(quote(text))),
        };
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        if rights.has(color, side) {
            return Err(FenError::Castling(quote(text)));
        }
        rights = rights.with(color, side);
    }
    Ok(rights)
}

impl Position {
    /// Reads a FEN, checking that it is a position of chess
    /// ([`Setup::position`]). An en passant square is kept only if an en
    /// passant capture is legal.
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        Ok(Setup::from_fen(text)?.position()?)
    }

    /// The position as FEN, all six fields.
    pub fn fen(&self) -> String {
        self.to_string()
    }
}

impl FromStr for Position {
    type Err = FenError;
    fn from_str(text: &str) -> Result<Position, FenError> {
        Position::from_fen(text)
    }
}

impl fmt::Display for Position {
    /// The FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} ",
            self.board().placement(),
            self.turn().char(),
            self.castling()
        )?;
        match self.ep_square() {
            Some(square) => write!(f, "{square}")?,
            None => f.write_str("-")?,
        }
        write!(f, " {} {}", self.halfmove_clock(), self.fullmove_number())
    }
}

impl Serialize for Position {
    /// As its FEN.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Position {
    /// From a FEN, checked as [`Position::from_fen`] does.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Position::from_fen(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn the_start_reads_and_writes() {
        let pos = Position::from_fen(START).unwrap();
        assert_eq!(pos, Position::new());
        assert_eq!(pos.fen(), START);
        assert_eq!(
            Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").unwrap(),
            pos
        );
    }

    #[test]
    fn round_trips() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "4k3/8/8/8/8/8/8/4K3 b - - 99 140",
        ] {
            assert_eq!(Position::from_fen(fen).unwrap().fen(), fen);
        }
    }

    #[test]
    fn serde_writes_the_fen() {
        let pos = Position::new();
        let json = serde_json::to_string(&pos).unwrap();
        assert_eq!(json, format!("\"{START}\""));
        assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
        assert!(serde_json::from_str::<Position>("\"8/8 w\"").is_err());
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let error = |fen: &str| Position::from_fen(fen).unwrap_err();
        assert_eq!(error(""), FenError::FieldCount(0));
        assert_eq!(error("8/8/8 w - -"), FenError::RankCount(3));
        assert_eq!(
            error("8/8/8/8/8/8/8/4K2 w - -"),
            FenError::RankWidth {
                rank: Rank::First,
                squares: 7
            }
        );
        assert_eq!(
            error("8/8/8/8/8/8/8/4K2kk w - -"),
            FenError::RankWidth {
                rank: Rank::First,
                squares: 9
            }
        );
        assert_eq!(error("8/8/8/8/8/8/8/4X3 w - -"), FenError::PieceLetter('X'));
        assert_eq!(
            error("8/8/8/8/8/8/8/40K3 w - -"),
            FenError::PieceLetter('0')
        );
        assert_eq!(
            error(&START.replace(" w ", " x ")),
            FenError::Turn("x".into())
        );
        assert_eq!(
            error(&START.replace("KQkq", "KK")),
            FenError::Castling("KK".into())
        );
        assert_eq!(
            error(&START.replace(" - ", " e9 ")),
            FenError::EnPassant("e9".into())
        );
        assert_eq!(
            error(&START.replace(" 0 1", " -1 1")),
            FenError::HalfmoveClock("-1".into())
        );
        assert_eq!(
            error(&START.replace(" 0 1", " 0 0")),
            FenError::FullmoveNumber("0".into())
        );
        assert!(matches!(
            error("8/8/8/8/8/8/8/8 w - -"),
            FenError::Position(_)
        ));
        let huge = "9".repeat(3_000_000);
        for fen in [
            START.replace(" 0 1", &format!(" {huge} 1")),
            START.replace(" 0 1", &format!(" 0 {huge}")),
            START.replace("KQkq", &"K".repeat(5_000_000)),
        ] {
            assert!(error(&fen).to_string().len() < 300);
        }
    }
}
