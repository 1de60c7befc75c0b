//! Why a move that was read cannot be played, in words for the player.

use std::fmt;

use super::{CastlingSide, Piece, Position, Role};
use crate::geometry::attacks::between;
use crate::geometry::{File, Rank, Square};

/// A move read from SAN or UCI that is not a legal move now.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// No man of the mover matching the description moves there, even
    /// ignoring check.
    #[error("no {role}{origin} can reach {to}{}", hint.as_ref().map_or(String::new(), |h| format!(": {h}")))]
    NoneCanReach {
        role: Role,
        origin: Origin,
        to: Square,
        /// What the player may have meant, such as `to capture, write exd5`.
        hint: Option<String>,
    },
    /// Several men match the description (the options are their moves in
    /// SAN).
    #[error("{} {} can reach {to}: write {}", count_word(options.len()), role.plural(), or_list(options))]
    Ambiguous {
        role: Role,
        to: Square,
        options: Vec<String>,
    },
    /// A pawn reaching the last rank was not told what to become.
    #[error("the pawn must promote: write {example}")]
    MustPromote { example: String },
    /// A promotion was written for a move that is not a pawn reaching the
    /// last rank.
    #[error("only a pawn reaching the last rank promotes")]
    CannotPromote,
    /// The man could move there, but its king would be in check after.
    #[error("{san} leaves your king in check")]
    LeavesKingInCheck { san: String },
    /// The mover has no man on the square a UCI move starts from.
    #[error("you have no man on {0}")]
    NoManOn(Square),
    /// The man on the starting square of a UCI move cannot go there.
    #[error("your {role} on {from} cannot move to {to}")]
    CannotMoveTo {
        role: Role,
        from: Square,
        to: Square,
    },
    #[error("you cannot castle {}: {reason}", side.name())]
    CannotCastle {
        side: CastlingSide,
        reason: CastlingRefusal,
    },
}

/// Where a SAN move said the man comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    Anywhere,
    File(File),
    Rank(Rank),
    Square(Square),
}

impl Origin {
    pub fn new(file: Option<File>, rank: Option<Rank>) -> Origin {
        match (file, rank) {
            (None, None) => Origin::Anywhere,
            (Some(file), None) => Origin::File(file),
            (None, Some(rank)) => Origin::Rank(rank),
            (Some(file), Some(rank)) => Origin::Square(Square::new(file, rank)),
        }
    }
}

impl fmt::Display for Origin {
    /// ` on the b-file`, ` on rank 1`, ` on b1`, or nothing.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Anywhere => Ok(()),
            Origin::File(file) => write!(f, " on the {file}-file"),
            Origin::Rank(rank) => write!(f, " on rank {rank}"),
            Origin::Square(square) => write!(f, " on {square}"),
        }
    }
}

/// Why castling is impossible now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum CastlingRefusal {
    #[error("your king or that rook has already moved")]
    NoRight,
    #[error("there are men between your king and the rook")]
    Blocked,
    #[error("your king is in check")]
    InCheck,
    #[error("your king would pass through {0}, which is attacked")]
    ThroughCheck(Square),
    #[error("your king would land in check on {0}")]
    IntoCheck(Square),
}

/// Why the side to move cannot castle to `side`, or `None` if it can.
pub fn castling_refusal(pos: &Position, side: CastlingSide) -> Option<CastlingRefusal> {
    let board = pos.board();
    let us = pos.turn();
    let king = CastlingSide::king_from(us);
    let rook = side.rook_from(us);
    let king_to = side.king_to(us);
    if !pos.castling().has(us, side)
        || !board.by_piece(Piece::new(us, Role::King)).contains(king)
        || !board.by_piece(Piece::new(us, Role::Rook)).contains(rook)
    {
        return Some(CastlingRefusal::NoRight);
    }
    if between(king, rook).intersects(board.occupied()) {
        return Some(CastlingRefusal::Blocked);
    }
    let them = us.other();
    let without_king = board.occupied().without(king);
    if board.is_attacked(king, them, board.occupied()) {
        return Some(CastlingRefusal::InCheck);
    }
    if let Some(square) = between(king, king_to)
        .into_iter()
        .find(|&sq| board.is_attacked(sq, them, without_king))
    {
        return Some(CastlingRefusal::ThroughCheck(square));
    }
    if board.is_attacked(king_to, them, without_king) {
        return Some(CastlingRefusal::IntoCheck(king_to));
    }
    None
}

/// `two`, `three`, ... for small counts.
fn count_word(n: usize) -> String {
    const WORDS: [&str; 11] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| (*w).to_owned())
}

/// `a`, `a or b`, `a, b or c`.
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_read_well() {
        let ambiguous = IllegalMove::Ambiguous {
            role: Role::Knight,
            to: Square::D2,
            options: vec!["Nbd2".into(), "Nfd2".into()],
        };
        assert_eq!(
            ambiguous.to_string(),
            "two knights can reach d2: write Nbd2 or Nfd2"
        );
        let three = IllegalMove::Ambiguous {
            role: Role::Queen,
            to: Square::E4,
            options: vec!["Qa4e4".into(), "Qh4e4".into(), "Qe1e4".into()],
        };
        assert_eq!(
            three.to_string(),
            "three queens can reach e4: write Qa4e4, Qh4e4 or Qe1e4"
        );
        let none = IllegalMove::NoneCanReach {
            role: Role::Knight,
            origin: Origin::new(Some(File::B), None),
            to: Square::F6,
            hint: None,
        };
        assert_eq!(none.to_string(), "no knight on the b-file can reach f6");
        let castle = IllegalMove::CannotCastle {
            side: CastlingSide::KingSide,
            reason: CastlingRefusal::ThroughCheck(Square::F1),
        };
        assert_eq!(
            castle.to_string(),
            "you cannot castle kingside: your king would pass through f1, which is attacked"
        );
    }
}
