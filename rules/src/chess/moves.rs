//! A chess move, described fully enough to be played on a bare board.

use serde::{Deserialize, Serialize};

use super::{CastlingSide, Role};
use crate::geometry::{Rank, Square};

/// A move of one side. Whether it is legal depends on the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Move {
    /// A man moves from one square to another, taking whatever enemy man
    /// stood there; a pawn reaching the last rank becomes `promotion`.
    Normal {
        /// The kind of man that moves.
        role: Role,
        /// The square the man leaves.
        from: Square,
        /// The kind of man taken on `to`, if any.
        capture: Option<Role>,
        /// The square the man lands on.
        to: Square,
        /// What the pawn becomes on the last rank, if it promotes.
        promotion: Option<Role>,
    },
    /// A pawn takes an enemy pawn that has just passed it with a double
    /// step, moving to the square that pawn passed over.
    EnPassant {
        /// The square the capturing pawn leaves.
        from: Square,
        /// The square the enemy pawn passed over, where the capturing pawn
        /// lands.
        to: Square,
    },
    /// The king castles with the rook on `rook`: the king goes two squares
    /// towards the rook, which lands on the square the king crossed.
    Castle {
        /// The king's square before castling.
        king: Square,
        /// The castling rook's square before castling.
        rook: Square,
    },
}

impl Move {
    /// The kind of man that moves (the king, for castling).
    pub const fn role(&self) -> Role {
        match *self {
            Move::Normal { role, .. } => role,
            Move::EnPassant { .. } => Role::Pawn,
            Move::Castle { .. } => Role::King,
        }
    }

    /// Where the moving man starts (the king's square, for castling).
    pub const fn from(&self) -> Square {
        match *self {
            Move::Normal { from, .. } | Move::EnPassant { from, .. } => from,
            Move::Castle { king, .. } => king,
        }
    }

    /// Where the moving man lands (the king's landing square, for castling).
    pub const fn to(&self) -> Square {
        match *self {
            Move::Normal { to, .. } | Move::EnPassant { to, .. } => to,
            Move::Castle { king, rook } => {
                let side = if (rook as u8) > (king as u8) {
                    CastlingSide::KingSide
                } else {
                    CastlingSide::QueenSide
                };
                Square::new(side.king_to_file(), king.rank())
            }
        }
    }

    /// The kind of man taken, if any.
    pub const fn capture(&self) -> Option<Role> {
        match *self {
            Move::Normal { capture, .. } => capture,
            Move::EnPassant { .. } => Some(Role::Pawn),
            Move::Castle { .. } => None,
        }
    }

    /// Whether a man is taken (en passant included).
    pub const fn is_capture(&self) -> bool {
        self.capture().is_some()
    }

    /// What a pawn becomes, if it promotes.
    pub const fn promotion(&self) -> Option<Role> {
        match *self {
            Move::Normal { promotion, .. } => promotion,
            _ => None,
        }
    }

    /// Towards which side the king castles, for castling moves.
    pub const fn castling_side(&self) -> Option<CastlingSide> {
        match *self {
            Move::Castle { king, rook } => Some(if (rook as u8) > (king as u8) {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            }),
            _ => None,
        }
    }

    /// Whether the move restarts the fifty-move count: a pawn move or a
    /// capture.
    pub const fn is_zeroing(&self) -> bool {
        matches!(self.role(), Role::Pawn) || self.is_capture()
    }

    /// Whether a pawn moves two squares from its starting rank.
    pub const fn is_double_step(&self) -> bool {
        match *self {
            Move::Normal {
                role: Role::Pawn,
                from,
                to,
                ..
            } => (from as u8).abs_diff(to as u8) == 16,
            _ => false,
        }
    }

    /// Whether a pawn move reaches the last rank of either side (and so
    /// must promote).
    pub(crate) const fn reaches_back_rank(to: Square) -> bool {
        matches!(to.rank(), Rank::First | Rank::Eighth)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn castling_moves_know_their_side_and_landing_square() {
        let short = Move::Castle {
            king: Square::E1,
            rook: Square::H1,
        };
        let long = Move::Castle {
            king: Square::E8,
            rook: Square::A8,
        };
        assert_eq!(short.to(), Square::G1);
        assert_eq!(long.to(), Square::C8);
        assert_eq!(short.castling_side(), Some(CastlingSide::KingSide));
        assert_eq!(long.castling_side(), Some(CastlingSide::QueenSide));
        assert_eq!(short.role(), Role::King);
        assert!(!short.is_zeroing());
    }

    #[test]
    fn serde_names_squares_and_roles() {
        let mv = Move::Normal {
            role: Role::Pawn,
            from: Square::E7,
            capture: Some(Role::Rook),
            to: Square::D8,
            promotion: Some(Role::Queen),
        };
        let json = serde_json::to_string(&mv).unwrap();
        assert_eq!(
            json,
            r#"{"normal":{"role":"pawn","from":"e7","capture":"rook","to":"d8","promotion":"queen"}}"#
        );
        assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv);
        assert!(mv.is_zeroing());
        assert!(!mv.is_double_step());
    }
}
