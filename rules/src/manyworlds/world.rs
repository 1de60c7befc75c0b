//! One board of the many (M-1): placement, castling rights and en passant
//! square, and, with the `turns` option (M-6), the side to move on it.

use std::hash::{Hash, Hasher};

use crate::Color;
use crate::chess::{Board, CastlingRights, CastlingRule, Move, MoveGen, Piece, Role, zobrist};
use crate::geometry::attacks::pawn_attacks;
use crate::geometry::{Rank, Square};

/// A board of Many Worlds Chess (M-1).
///
/// Two boards are identical when placement, castling rights and en passant
/// square all match (and, with `turns`, the side to move: a board that
/// knows whose move it is is a different board for the other side). The
/// en passant square is kept only while some pawn could take en passant
/// onto it, so boards that play the same are the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct World {
    board: Board,
    castling: CastlingRights,
    ep_square: Option<Square>,
    to_move: Option<Color>,
}

impl Hash for World {
    /// The Zobrist key: equal boards have equal keys.
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.key());
    }
}

impl World {
    /// The starting position, with `to_move` White when boards know it.
    pub fn start(turns: bool) -> World {
        World {
            board: Board::standard(),
            castling: CastlingRights::ALL,
            ep_square: None,
            to_move: turns.then_some(Color::White),
        }
    }

    /// A board from its parts, the en passant square kept only while a
    /// pawn could take onto it.
    pub(super) fn new(
        board: Board,
        castling: CastlingRights,
        ep_square: Option<Square>,
        to_move: Option<Color>,
    ) -> World {
        let mut world = World {
            board,
            castling,
            ep_square,
            to_move,
        };
        world.normalize_ep();
        world
    }

    /// The men on the board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Who may still castle on this board, and to which side.
    pub fn castling(&self) -> CastlingRights {
        self.castling
    }

    /// The square an en passant capture may land on, on this board.
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// The side to move on this board, with `turns` (M-6); else `None`.
    pub fn to_move(&self) -> Option<Color> {
        self.to_move
    }

    /// The Zobrist key of the board: men, castling rights, en passant file,
    /// and the side to move when the board knows it.
    pub fn key(&self) -> u64 {
        let mut key = zobrist::castling_key(self.castling);
        if let Some(square) = self.ep_square {
            key ^= zobrist::en_passant_key(square.file());
        }
        if let Some(color) = self.to_move {
            // Distinct from "not known": White gets a number of its own.
            key ^= zobrist::turn_key(color) ^ 0x2545_f491_4f6c_dd1d;
        }
        for (square, piece) in self.board.pieces() {
            key ^= zobrist::piece_key(piece, square);
        }
        key
    }

    /// `color`'s moves here (M-3): FIDE movement, kings may move into or
    /// stay in check, castling needs only the right (king and rook unmoved)
    /// and empty squares between them; en passant as FIDE.
    pub fn moves(&self, color: Color) -> Vec<Move> {
        self.generator(color).moves()
    }

    /// Whether `color` has at least two different moves here: what a split
    /// needs (M-2).
    pub fn can_split(&self, color: Color) -> bool {
        let mut n = 0;
        self.generator(color).for_each(|_| n += 1);
        n >= 2
    }

    fn generator(&self, color: Color) -> MoveGen<'_> {
        MoveGen::new(&self.board, color)
            .castling(self.castling, CastlingRule::IgnoreCheck)
            .en_passant(self.ep_square)
    }

    /// The board after `color` plays `mv`, a move of [`World::moves`].
    pub fn after(&self, color: Color, mv: &Move) -> World {
        let mut next = *self;
        next.board.play(color, mv);
        next.castling = next
            .castling
            .after_touching(mv.from())
            .after_touching(match *mv {
                Move::Castle { rook, .. } => rook,
                _ => mv.to(),
            });
        next.ep_square = mv
            .is_double_step()
            .then(|| Square::from_index((mv.from() as u32 + mv.to() as u32) / 2));
        next.to_move = self.to_move.map(Color::other);
        next.normalize_ep();
        next
    }

    /// The board with the man on `square` taken away by a transfer. A king
    /// or rook that leaves its home square loses its castling rights.
    pub fn without(&self, square: Square) -> World {
        let mut next = *self;
        next.board.discard(square);
        next.castling = next.castling.after_touching(square);
        next.normalize_ep();
        next
    }

    /// The board with `piece` brought onto the empty `square` by a
    /// transfer. A man that arrives has moved: it brings no castling right.
    pub fn with(&self, square: Square, piece: Piece) -> World {
        let mut next = *self;
        next.board.set(square, piece);
        next.castling = next.castling.after_touching(square);
        next.normalize_ep();
        next
    }

    /// Keeps the en passant square only while a pawn could take onto it:
    /// the pawn that passed it still just beyond it, the square empty, and
    /// an enemy pawn beside.
    fn normalize_ep(&mut self) {
        let Some(ep) = self.ep_square else {
            return;
        };
        let (passer, beyond) = match ep.rank() {
            Rank::Third => (Color::White, ep.offset(0, 1)),
            Rank::Sixth => (Color::Black, ep.offset(0, -1)),
            _ => (Color::White, None),
        };
        let capturer = passer.other();
        let ok = beyond.is_some_and(|beyond| {
            self.board.piece_at(beyond) == Some(Piece::new(passer, Role::Pawn))
                && !self.board.occupied().contains(ep)
                && (pawn_attacks(passer, ep)
                    & self.board.by_piece(Piece::new(capturer, Role::Pawn)))
                .any()
                && self.to_move.is_none_or(|c| c == capturer)
        });
        if !ok {
            self.ep_square = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn en_passant_is_kept_only_when_possible() {
        let w = World::start(false);
        let e4 = w
            .moves(Color::White)
            .into_iter()
            .find(|m| m.to() == Square::E4)
            .unwrap();
        let after = w.after(Color::White, &e4);
        assert_eq!(after.ep_square(), None);
        let fen = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR w KQkq e3";
        let w = World::from_fen(fen, false).unwrap();
        assert_eq!(w.ep_square(), Some(Square::E3));
        assert!(
            w.moves(Color::Black)
                .iter()
                .any(|m| matches!(m, Move::EnPassant { .. }))
        );
        assert_eq!(World::from_fen(&w.fen(), false), Ok(w));
        // Taking the capturing pawn away ends the chance.
        assert_eq!(w.without(Square::D4).ep_square(), None);
    }
}
