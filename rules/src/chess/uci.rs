//! UCI notation: the start and target squares and a promotion letter,
//! `e2e4`, `e7e8q`. Castling is the king's two-square move, `e1g1`; the
//! king taking its own rook, `e1h1`, is read as castling too.

use std::fmt;
use std::str::FromStr;

use super::illegal::{IllegalMove, castling_refusal, en_passant_san, en_passant_too_late};
use super::movegen::{MoveGen, keeps_kings_safe};
use super::{CastlingRefusal, CastlingSide, Move, Position, Role, San};
use crate::geometry::Square;

/// A move in UCI notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Uci {
    /// The square the man leaves (the king's, for castling).
    pub from: Square,
    /// The square the man lands on (for castling, the king's landing
    /// square, or its own rook's square).
    pub to: Square,
    /// What the pawn becomes, if it promotes.
    pub promotion: Option<Role>,
}

/// Why a text is not a UCI move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a UCI move is two squares and maybe a promotion letter, like e2e4 or e7e8q")]
pub struct UciError;

impl Uci {
    /// Reads `e2e4` or `e7e8q` (the promotion letter in either case; the
    /// files in lower case, so `B1e2` stays SAN).
    pub fn from_ascii(text: &str) -> Result<Uci, UciError> {
        let text = text.trim();
        if text.bytes().take(4).any(|b| b.is_ascii_uppercase()) {
            return Err(UciError);
        }
        let (from, to, promotion) = match text.len() {
            4 => (text.get(0..2), text.get(2..4), None),
            5 => (text.get(0..2), text.get(2..4), text.chars().nth(4)),
            _ => return Err(UciError),
        };
        let square = |s: Option<&str>| s.and_then(|s| s.parse::<Square>().ok()).ok_or(UciError);
        let promotion = match promotion {
            None => None,
            Some(c) => match Role::from_char(c) {
                Some(role) if Role::PROMOTIONS.contains(&role) => Some(role),
                _ => return Err(UciError),
            },
        };
        Ok(Uci {
            from: square(from)?,
            to: square(to)?,
            promotion,
        })
    }

    /// The UCI of `mv`.
    pub fn from_move(mv: &Move) -> Uci {
        Uci {
            from: mv.from(),
            to: mv.to(),
            promotion: mv.promotion(),
        }
    }

    /// The legal move of `pos` this UCI names, or why there is none.
    pub fn to_move(&self, pos: &Position) -> Result<Move, IllegalMove> {
        let mut candidates = Vec::new();
        pos.for_each_legal_move(|mv| {
            if self.names(&mv) {
                candidates.push(mv);
            }
        });
        if candidates.is_empty() {
            return Err(self.why_not(pos));
        }
        match self.promotion {
            None if candidates.iter().any(|mv| mv.promotion().is_some()) => {
                Err(IllegalMove::MustPromote {
                    example: Uci {
                        promotion: Some(Role::Queen),
                        ..*self
                    }
                    .to_string(),
                })
            }
            None => candidates
                .first()
                .copied()
                .ok_or(IllegalMove::CannotPromote),
            Some(role) => candidates
                .into_iter()
                .find(|mv| mv.promotion() == Some(role))
                .ok_or(IllegalMove::CannotPromote),
        }
    }

    /// Whether `mv` goes from this start square to this target (for
    /// castling: the king's target or the rook's square).
    fn names(&self, mv: &Move) -> bool {
        mv.from() == self.from
            && (mv.to() == self.to || matches!(*mv, Move::Castle { rook, .. } if rook == self.to))
    }

    fn castling_side(&self, pos: &Position) -> Option<CastlingSide> {
        let us = pos.turn();
        if self.from != CastlingSide::king_from(us)
            || pos.board().role_at(self.from) != Some(Role::King)
        {
            return None;
        }
        CastlingSide::ALL
            .into_iter()
            .find(|side| self.to == side.king_to(us) || self.to == side.rook_from(us))
    }

    fn why_not(&self, pos: &Position) -> IllegalMove {
        let board = pos.board();
        let us = pos.turn();
        let Some(role) = board
            .by_color(us)
            .contains(self.from)
            .then(|| board.role_at(self.from))
            .flatten()
        else {
            return IllegalMove::NoManOn(self.from);
        };
        if let Some(side) = self.castling_side(pos) {
            return IllegalMove::CannotCastle {
                side,
                reason: castling_refusal(pos, side).unwrap_or(CastlingRefusal::NoRight),
            };
        }
        let mut unsafe_move = None;
        MoveGen::new(board, us)
            .movers(self.from.bitboard())
            .en_passant(Some(self.to))
            .for_each(|mv| {
                if unsafe_move.is_none() && self.names(&mv) && !keeps_kings_safe(board, us, &mv) {
                    unsafe_move = Some(mv);
                }
            });
        match unsafe_move {
            Some(mv) => IllegalMove::LeavesKingInCheck {
                san: San::from_move(pos, &mv).to_string(),
            },
            None if en_passant_too_late(pos, self.from, self.to) => IllegalMove::EnPassantTooLate {
                san: en_passant_san(self.from, self.to),
            },
            None => IllegalMove::CannotMoveTo {
                role,
                from: self.from,
                to: self.to,
            },
        }
    }
}

impl Move {
    /// The move in UCI notation.
    pub fn uci(&self) -> Uci {
        Uci::from_move(self)
    }
}

impl fmt::Display for Uci {
    /// `e2e4`, `e7e8q`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(role) = self.promotion {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

impl FromStr for Uci {
    type Err = UciError;
    fn from_str(text: &str) -> Result<Uci, UciError> {
        Uci::from_ascii(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes() {
        for text in ["e2e4", "e7e8q", "a7b8n", "e1g1"] {
            assert_eq!(Uci::from_ascii(text).unwrap().to_string(), text);
        }
        assert_eq!(Uci::from_ascii("e7e8Q").unwrap().to_string(), "e7e8q");
        for bad in [
            "", "e2", "e2e", "e2e9", "e7e8k", "e7e8qq", "é2e4", "e2e4 x", "B1e2", "b1E2",
        ] {
            assert_eq!(Uci::from_ascii(bad), Err(UciError), "{bad}");
        }
    }

    #[test]
    fn castling_by_king_target_or_by_rook_square() {
        let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let short = Move::Castle {
            king: Square::E1,
            rook: Square::H1,
        };
        assert_eq!(Uci::from_ascii("e1g1").unwrap().to_move(&pos), Ok(short));
        assert_eq!(Uci::from_ascii("e1h1").unwrap().to_move(&pos), Ok(short));
        assert_eq!(short.uci().to_string(), "e1g1");
    }

    #[test]
    fn refusals() {
        let pos = Position::new();
        let refuse = |text: &str| {
            Uci::from_ascii(text)
                .unwrap()
                .to_move(&pos)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(refuse("e3e4"), "you have no man on e3");
        assert_eq!(refuse("e7e5"), "you have no man on e7");
        assert_eq!(refuse("e2e5"), "your pawn on e2 cannot move to e5");
        assert_eq!(
            refuse("e1g1"),
            "you cannot castle kingside: there are men between your king and the rook"
        );
    }
}
