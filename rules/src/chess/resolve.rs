//! Which legal move a SAN names, and why none does: the man would leave
//! its king in check (FIDE 3.9), an en passant capture comes too late
//! (3.7.3), a promotion is missing or misplaced (3.7.5), castling is not
//! possible (3.8.2), or no such man can get there (3); several men that
//! fit make the move ambiguous.
//!
//! [`San::to_move`] resolves against a [`Position`]'s legal moves; a
//! variant with its own list of moves uses [`San::describes`] and
//! [`San::choose`], or [`San::narrowed`] for a capture written by files.

use super::illegal::{
    IllegalMove, Origin, Target, castling_refusal, en_passant_san, en_passant_too_late,
};
use super::movegen::{MoveGen, keeps_kings_safe};
use super::{CastlingRefusal, Move, Position, Role, San, SanPlus};
use crate::geometry::attacks::pawn_attacks;
use crate::geometry::{Bitboard, Rank, Square};

impl San {
    /// The legal move of `pos` this SAN describes, or why there is none.
    pub fn to_move(&self, pos: &Position) -> Result<Move, IllegalMove> {
        if let San::Castle(side) = *self {
            let mut found = None;
            pos.for_each_legal_move(|mv| {
                if mv.castling_side() == Some(side) {
                    found = Some(mv);
                }
            });
            return found.ok_or_else(|| IllegalMove::CannotCastle {
                side,
                reason: castling_refusal(pos, side).unwrap_or(CastlingRefusal::NoRight),
            });
        }
        let mut candidates = Vec::new();
        pos.for_each_legal_move(|mv| {
            if self.describes(&mv) {
                candidates.push(mv);
            }
        });
        if candidates.is_empty() {
            return Err(self.why_not(pos));
        }
        self.choose(candidates, |mv| SanPlus::from_move(pos, mv).to_string())
    }

    /// The one move among `candidates` (the moves this SAN describes, at
    /// least one) that it names: `Kg1` is castling only when no king
    /// steps there; several men fitting is ambiguous (the options written
    /// by `write`); a pawn reaching the last rank must say what it
    /// becomes. A variant with its own list of moves resolves SAN with
    /// [`San::describes`] and this.
    pub fn choose(
        &self,
        mut candidates: Vec<Move>,
        write: impl Fn(&Move) -> String,
    ) -> Result<Move, IllegalMove> {
        let (role, to, promotion) = match *self {
            San::Castle(_) => {
                return candidates
                    .first()
                    .copied()
                    .ok_or(IllegalMove::CannotPromote);
            }
            San::Normal {
                role,
                to,
                promotion,
                ..
            } => (role, Target::Square(to), promotion),
            San::FileCapture {
                from,
                to,
                promotion,
            } => (Role::Pawn, Target::Files { from, to }, promotion),
        };
        if promotion.is_some() && !self.may_promote() {
            return Err(IllegalMove::CannotPromote);
        }
        // `Kg1` may be read as castling, but only when no king can
        // simply step there: with a second king beside g1 (the variants
        // allow several), it is that king's move.
        if candidates.iter().any(|mv| mv.castling_side().is_none()) {
            candidates.retain(|mv| mv.castling_side().is_none());
        }
        // Men on different squares, or (written by files) captures on
        // different squares: the player must say which.
        let key = |mv: &Move| match self {
            San::FileCapture { .. } => mv.to(),
            _ => mv.from(),
        };
        let keys: Bitboard = candidates.iter().map(key).collect();
        if keys.more_than_one() {
            let options = keys
                .into_iter()
                .filter_map(|k| candidates.iter().find(|mv| key(mv) == k))
                .map(&write)
                .collect();
            return Err(IllegalMove::Ambiguous { role, to, options });
        }
        if candidates.iter().any(|mv| mv.promotion().is_some()) {
            let Some(promotion) = promotion else {
                let queen = candidates
                    .iter()
                    .find(|mv| mv.promotion() == Some(Role::Queen))
                    .or(candidates.first());
                return Err(IllegalMove::MustPromote {
                    example: queen.map(promoting_san).unwrap_or_default(),
                });
            };
            candidates.retain(|mv| mv.promotion() == Some(promotion));
        }
        candidates
            .first()
            .copied()
            .ok_or(IllegalMove::CannotPromote)
    }

    /// For a capture written by files (`gf`), the same capture written in
    /// full (`gxf6`): the one target square among `moves` (the variant's
    /// moves now) that a pawn capture between those files reaches. Any
    /// other SAN comes back as it is. For variants that resolve
    /// [`San::Normal`] with their own rules.
    pub fn narrowed(self, moves: &[Move]) -> Result<San, IllegalMove> {
        let San::FileCapture {
            from,
            to,
            promotion,
        } = self
        else {
            return Ok(self);
        };
        let fits: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| self.describes(m))
            .collect();
        let squares: Bitboard = fits.iter().map(Move::to).collect();
        let full = |square| San::Normal {
            role: Role::Pawn,
            file: Some(from),
            rank: None,
            capture: true,
            to: square,
            promotion,
        };
        match squares.single::<Square>() {
            Some(square) => Ok(full(square)),
            None if squares.is_empty() => Err(IllegalMove::NoneCanReach {
                role: Role::Pawn,
                origin: Origin::Anywhere,
                to: Target::Files { from, to },
                hint: None,
            }),
            None => Err(IllegalMove::Ambiguous {
                role: Role::Pawn,
                to: Target::Files { from, to },
                options: squares
                    .into_iter()
                    .map(|square| full(square).to_string())
                    .collect(),
            }),
        }
    }

    /// Whether a promotion may be written: a pawn going to the last rank
    /// (or a pawn capture by files, whose rank is not written).
    fn may_promote(&self) -> bool {
        match *self {
            San::Normal { role, to, .. } => role == Role::Pawn && Move::reaches_back_rank(to),
            San::FileCapture { .. } => true,
            San::Castle(_) => false,
        }
    }

    /// Whether `mv` fits what was written: castling to that side; or the
    /// kind of man, the target, the start square's file and rank where
    /// given (a pawn written without its file pushes, or after `x` takes);
    /// or (written by files) a pawn capture between those files. A
    /// variant that keeps its own list of moves picks with this, then
    /// [`San::choose`].
    pub fn describes(&self, mv: &Move) -> bool {
        let from = mv.from();
        match *self {
            San::Castle(side) => mv.castling_side() == Some(side),
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                ..
            } => {
                mv.role() == role
                    && mv.to() == to
                    && file.is_none_or(|f| from.file() == f)
                    && rank.is_none_or(|r| from.rank() == r)
                    && (role != Role::Pawn
                        || file.is_some()
                        || (from.file() != to.file()) == capture)
            }
            San::FileCapture {
                from: from_file,
                to: to_file,
                ..
            } => {
                mv.role() == Role::Pawn
                    && mv.is_capture()
                    && from.file() == from_file
                    && mv.to().file() == to_file
            }
        }
    }

    /// Why no legal move fits: the man would leave its king in check, an
    /// en passant capture comes too late, or no such man can get there at
    /// all.
    fn why_not(&self, pos: &Position) -> IllegalMove {
        let (role, file, rank, capture, to) = match *self {
            San::Castle(side) => {
                return IllegalMove::CannotCastle {
                    side,
                    reason: castling_refusal(pos, side).unwrap_or(CastlingRefusal::NoRight),
                };
            }
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                ..
            } => (role, file, rank, capture, Target::Square(to)),
            San::FileCapture { from, to, .. } => (
                Role::Pawn,
                Some(from),
                None,
                true,
                Target::Files { from, to },
            ),
        };
        let board = pos.board();
        let us = pos.turn();
        // Where an en passant capture would land: the square written, or
        // (by files) the one square of the file a double step passes.
        let ep_target = match to {
            Target::Square(square) => square,
            Target::Files { to, .. } => Square::new(to, Rank::Sixth.relative_to(us)),
        };
        // Taking en passant may be what was meant, pinned or not.
        let mut unsafe_move = None;
        MoveGen::new(board, us)
            .en_passant(Some(ep_target))
            .for_each(|mv| {
                if unsafe_move.is_none() && self.describes(&mv) && !keeps_kings_safe(board, us, &mv)
                {
                    unsafe_move = Some(mv);
                }
            });
        if let Some(mv) = unsafe_move {
            return IllegalMove::LeavesKingInCheck {
                san: San::from_move(pos, &mv).to_string(),
            };
        }
        let takes_sideways = file.is_some_and(|f| f != ep_target.file()) || capture;
        if role == Role::Pawn && takes_sideways {
            let late = pawn_attacks(us.other(), ep_target)
                .into_iter()
                .filter(|&from| file.is_none_or(|f| from.file() == f))
                .find(|&from| en_passant_too_late(pos, from, ep_target));
            if let Some(from) = late {
                return IllegalMove::EnPassantTooLate {
                    san: en_passant_san(from, ep_target),
                };
            }
        }
        let mut hint = None;
        if role == Role::Pawn && file.is_none() && !capture {
            pos.for_each_legal_move(|mv| {
                if hint.is_none()
                    && mv.role() == Role::Pawn
                    && mv.to() == ep_target
                    && mv.is_capture()
                {
                    // Promotions come queen first.
                    hint = Some(format!("to capture, write {}", San::from_move(pos, &mv)));
                }
            });
        }
        // Written by files, the target already names the pawn's file.
        let origin = match to {
            Target::Square(_) => Origin::new(file, rank),
            Target::Files { .. } => Origin::Anywhere,
        };
        IllegalMove::NoneCanReach {
            role,
            origin,
            to,
            hint,
        }
    }
}

/// A promoting pawn move as SAN writes it, without check marks (a pawn
/// move never needs telling apart from another by more than its file).
fn promoting_san(mv: &Move) -> String {
    San::from_move_among(mv, Bitboard::EMPTY).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::CastlingSide;

    #[test]
    fn a_capture_by_files_narrows_to_its_square() {
        let pos = Position::from_fen("4k3/8/5p2/6P1/5p2/6P1/8/4K3 w - - 0 1").unwrap();
        let moves = pos.legal_moves();
        let gf = San::from_ascii("gf").unwrap();
        assert!(matches!(
            gf.narrowed(&moves),
            Err(IllegalMove::Ambiguous { .. })
        ));
        let only_g5: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| m.from() == Square::G5)
            .collect();
        assert_eq!(
            gf.narrowed(&only_g5).map(|s| s.to_string()),
            Ok("gxf6".to_owned())
        );
        assert!(matches!(
            San::from_ascii("hg").unwrap().narrowed(&moves),
            Err(IllegalMove::NoneCanReach { .. })
        ));
        let push = San::from_ascii("g4").unwrap();
        assert_eq!(push.narrowed(&moves), Ok(push));
    }

    #[test]
    fn a_king_stepping_to_g1_is_not_read_as_castling() {
        // Two white kings, as multiverse travel allows: the one on h2 can
        // step to g1 and the one on e1 can still castle.
        let setup = crate::chess::Setup::from_fen("4k3/8/8/8/8/8/7K/4K2R w K - 0 1").unwrap();
        let pos = setup.position_lenient();
        let step = San::from_ascii("Kg1").unwrap().to_move(&pos).unwrap();
        assert_eq!(step.castling_side(), None);
        assert_eq!(step.from(), Square::H2);
        let castle = San::from_ascii("O-O").unwrap().to_move(&pos).unwrap();
        assert_eq!(castle.castling_side(), Some(CastlingSide::KingSide));
        // With one king, Kg1 still castles, as players often write it.
        let one = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        let mv = San::from_ascii("Kg1").unwrap().to_move(&one).unwrap();
        assert_eq!(mv.castling_side(), Some(CastlingSide::KingSide));
    }
}
