//! [`Chess`]: the game in progress: the position, the positions since the
//! last capture or pawn move (for repetition), the last move and whether
//! play goes on.

use serde::{Deserialize, Serialize};

use super::Move;
use crate::Status;
use crate::chess::Position;

/// A game of chess.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Chess {
    pub(super) position: Position,
    /// Zobrist keys of the positions since the last capture or pawn move,
    /// the current one last. Earlier positions can never recur.
    pub(super) history: Vec<u64>,
    pub(super) last_move: Option<Move>,
    pub(super) status: Status,
}

impl Chess {
    /// The position now: the board, the side to move, castling rights,
    /// the en passant square and the move counters.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The move that led here, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.last_move
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Rules};

    #[test]
    fn a_lone_king_cannot_win_on_time() {
        let chess = Chess::from_fen("4k3/8/8/8/8/8/8/R3K3 b - - 0 1").unwrap();
        assert!(chess.can_win(Color::White));
        assert!(!chess.can_win(Color::Black));
    }

    #[test]
    fn apply_checks_legality_and_names_the_rule() {
        use crate::Rule;
        use crate::chess::Role;
        use crate::geometry::Square;
        let mut chess = Chess::default();
        let mv = chess.parse("e4").unwrap();
        assert_eq!(chess.apply(&mv), Ok(Vec::new()));
        assert_eq!(chess.last_move(), Some(mv));
        // White's move again: the man on e4 is White's, but it is Black's turn.
        let again = Move::Normal {
            role: Role::Pawn,
            from: Square::E4,
            capture: None,
            to: Square::E5,
            promotion: None,
        };
        let err = chess.apply(&again).unwrap_err();
        assert_eq!(err.rule(), Some(Rule::FIDE_MOVEMENT), "{err}");
        // A made-up knight move from a square the pawn stands on.
        let fake = Move::Normal {
            role: Role::Knight,
            from: Square::E7,
            capture: None,
            to: Square::E5,
            promotion: None,
        };
        assert_eq!(
            chess.apply(&fake).unwrap_err().rule(),
            Some(Rule::FIDE_MOVEMENT)
        );
        // The pawn on e7 may go to e5: only the real move is legal.
        assert!(chess.apply(&chess.parse("e5").unwrap()).is_ok());
    }
}
