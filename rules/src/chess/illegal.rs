//! Why a move that was read cannot be played, in words for the player,
//! and the FIDE article it breaks ([`IllegalMove::rule`]).

use std::fmt;

use super::{CastlingSide, Move, Piece, Position, Role};
use crate::geometry::attacks::{between, pawn_attacks};
use crate::geometry::{File, Rank, Square};
use crate::{ActionError, Rule};

/// A move read from SAN or UCI that is not a legal move now.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// No man of the mover matching the description moves there, even
    /// ignoring check.
    #[error("no {role}{origin} can {to}{}", hint.as_ref().map_or(String::new(), |h| format!(": {h}")))]
    NoneCanReach {
        /// The kind of man the move named.
        role: Role,
        /// Where the move said the man comes from.
        origin: Origin,
        /// Where the move said the man goes.
        to: Target,
        /// What the player may have meant, such as `to capture, write exd5`.
        hint: Option<String>,
    },
    /// Several men match the description (the options are their moves in
    /// SAN). Not a refusal by the rules: the player says which.
    #[error("{} {} can {to}: write {}", count_word(options.len()), role.plural(), or_list(options))]
    Ambiguous {
        /// The kind of man the move named.
        role: Role,
        /// Where the move said the man goes.
        to: Target,
        /// Each matching man's move, in SAN that says which.
        options: Vec<String>,
    },
    /// A pawn capture en passant written too late: the enemy pawn's double
    /// step was not the last move (FIDE 3.7.3.2).
    #[error(
        "{san} would take en passant, which is allowed only right after the pawn's double step"
    )]
    EnPassantTooLate {
        /// The capture as SAN writes it (`exd6`).
        san: String,
    },
    /// A pawn reaching the last rank was not told what to become.
    #[error("the pawn must promote: write {example}")]
    MustPromote {
        /// The move with a promotion added, in SAN (`e8=Q`).
        example: String,
    },
    /// A promotion was written for a move that is not a pawn reaching the
    /// last rank.
    #[error("only a pawn reaching the last rank promotes")]
    CannotPromote,
    /// The man could move there, but its king would be in check after.
    #[error("{san} leaves your king in check")]
    LeavesKingInCheck {
        /// The move, in SAN.
        san: String,
    },
    /// The mover has no man on the square a UCI move starts from.
    #[error("you have no man on {0}")]
    NoManOn(Square),
    /// The man on the starting square of a UCI move cannot go there.
    #[error("your {role} on {from} cannot move to {to}")]
    CannotMoveTo {
        /// The kind of man on the starting square.
        role: Role,
        /// The square the move starts from.
        from: Square,
        /// The square the man cannot reach.
        to: Square,
    },
    /// Castling was written, but FIDE 3.8.2 forbids it now.
    #[error("you cannot castle {}: {reason}", side.name())]
    CannotCastle {
        /// Where the king would castle.
        side: CastlingSide,
        /// Which condition of castling fails.
        reason: CastlingRefusal,
    },
}

impl IllegalMove {
    /// The FIDE article the move breaks: how men move (FIDE 3), check
    /// (3.9), castling (3.8.2), promotion (3.7.5) or en passant (3.7.3).
    /// An ambiguous move breaks none; it says FIDE 3 (how men move), for
    /// the variants that would refuse it.
    pub fn rule(&self) -> Rule {
        match self {
            IllegalMove::NoneCanReach { .. }
            | IllegalMove::Ambiguous { .. }
            | IllegalMove::NoManOn(_)
            | IllegalMove::CannotMoveTo { .. } => Rule::FIDE_MOVEMENT,
            IllegalMove::EnPassantTooLate { .. } => Rule::FIDE_EN_PASSANT,
            IllegalMove::MustPromote { .. } | IllegalMove::CannotPromote => Rule::FIDE_PROMOTION,
            IllegalMove::LeavesKingInCheck { .. } => Rule::FIDE_CHECK,
            IllegalMove::CannotCastle { .. } => Rule::FIDE_CASTLING,
        }
    }
}

impl From<IllegalMove> for ActionError {
    /// An ambiguous move asks the player to say which; any other is
    /// refused with its rule ([`IllegalMove::rule`]).
    fn from(error: IllegalMove) -> ActionError {
        match error {
            IllegalMove::Ambiguous { .. } => ActionError::Ambiguous(error.to_string()),
            _ => ActionError::illegal(error.rule(), error.to_string()),
        }
    }
}

/// What a SAN move said its man goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// A square: `Nf3`, `exd5`.
    Square(Square),
    /// A pawn capture written by files only (`gf`, `gxf`): from one file
    /// to the next, on whatever rank the capture is.
    Files {
        /// The file the pawn leaves.
        from: File,
        /// The file the pawn takes on.
        to: File,
    },
}

impl fmt::Display for Target {
    /// What the man can do, after `can`: `reach d5`, `take from the g-file
    /// onto the f-file`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Square(square) => write!(f, "reach {square}"),
            Target::Files { from, to } => {
                write!(f, "take from the {from}-file onto the {to}-file")
            }
        }
    }
}

/// Whether a pawn of the side to move on `from` would take en passant on
/// `to` had the enemy pawn beyond `to` just double-stepped, but may not
/// now (FIDE 3.7.3.2: only right after the double step). `to` is empty,
/// on the rank a double step passes, with an enemy pawn just beyond it.
pub(super) fn en_passant_too_late(pos: &Position, from: Square, to: Square) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let Some(beyond) = to.offset(0, us.fold(-1, 1)) else {
        return false;
    };
    pos.ep_square() != Some(to)
        && to.rank() == Rank::Sixth.relative_to(us)
        && board.by_piece(Piece::new(us, Role::Pawn)).contains(from)
        && pawn_attacks(us, from).contains(to)
        && !board.occupied().contains(to)
        && board
            .by_piece(Piece::new(us.other(), Role::Pawn))
            .contains(beyond)
}

/// The en passant capture from `from` to `to`, as SAN writes it (`exd6`).
pub(super) fn en_passant_san(from: Square, to: Square) -> String {
    super::San::from_move_among(
        &Move::EnPassant { from, to },
        crate::geometry::Bitboard::EMPTY,
    )
    .to_string()
}

/// Where a SAN move said the man comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// Nothing said: `Nf3`.
    Anywhere,
    /// Only the file: `Nbd2`.
    File(File),
    /// Only the rank: `R1a3`.
    Rank(Rank),
    /// The whole square: `Qh4e1`.
    Square(Square),
}

impl Origin {
    /// The origin a SAN move gives by its file and rank letters, either
    /// of which may be missing.
    pub(crate) fn new(file: Option<File>, rank: Option<Rank>) -> Origin {
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
    /// The king or that rook has moved: the right is lost.
    #[error("your king or that rook has already moved")]
    NoRight,
    /// A man stands between the king and the rook.
    #[error("there are men between your king and the rook")]
    Blocked,
    /// The king is in check: one may not castle out of check.
    #[error("your king is in check")]
    InCheck,
    /// The square the king crosses is attacked.
    #[error("your king would pass through {0}, which is attacked")]
    ThroughCheck(Square),
    /// The square the king lands on is attacked.
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
            to: Target::Square(Square::D2),
            options: vec!["Nbd2".into(), "Nfd2".into()],
        };
        assert_eq!(
            ambiguous.to_string(),
            "two knights can reach d2: write Nbd2 or Nfd2"
        );
        let three = IllegalMove::Ambiguous {
            role: Role::Queen,
            to: Target::Square(Square::E4),
            options: vec!["Qa4e4".into(), "Qh4e4".into(), "Qe1e4".into()],
        };
        assert_eq!(
            three.to_string(),
            "three queens can reach e4: write Qa4e4, Qh4e4 or Qe1e4"
        );
        let none = IllegalMove::NoneCanReach {
            role: Role::Knight,
            origin: Origin::new(Some(File::B), None),
            to: Target::Square(Square::F6),
            hint: None,
        };
        assert_eq!(none.to_string(), "no knight on the b-file can reach f6");
        assert_eq!(none.rule(), Rule::FIDE_MOVEMENT);
        let files = IllegalMove::Ambiguous {
            role: Role::Pawn,
            to: Target::Files {
                from: File::G,
                to: File::F,
            },
            options: vec!["gxf3".into(), "gxf6".into()],
        };
        assert_eq!(
            files.to_string(),
            "two pawns can take from the g-file onto the f-file: write gxf3 or gxf6"
        );
        assert!(matches!(
            ActionError::from(files),
            ActionError::Ambiguous(_)
        ));
        let castle = IllegalMove::CannotCastle {
            side: CastlingSide::KingSide,
            reason: CastlingRefusal::ThroughCheck(Square::F1),
        };
        assert_eq!(
            castle.to_string(),
            "you cannot castle kingside: your king would pass through f1, which is attacked"
        );
        assert_eq!(castle.rule(), Rule::FIDE_CASTLING);
        assert_eq!(ActionError::from(castle).rule(), Some(Rule::FIDE_CASTLING));
    }
}
