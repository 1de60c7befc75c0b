//! Where the men stand, and nothing else.

use std::fmt;

use super::{CastlingSide, Move, Piece, Role};
use crate::Color;
use crate::geometry::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use crate::geometry::{Bitboard, Rank, Square};

/// The placement of the men on an 8x8 board: one set of squares per colour
/// and one per kind. Any placement can be held, kings or none; whether it
/// can arise in a game is for [`super::Position`] to judge.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    by_color: [Bitboard; 2],
    by_role: [Bitboard; 6],
    occupied: Bitboard,
}

impl Default for Board {
    /// The starting position.
    fn default() -> Board {
        Board::standard()
    }
}

impl Board {
    /// No man on the board.
    pub const fn empty() -> Board {
        Board {
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 6],
            occupied: Bitboard::EMPTY,
        }
    }

    /// The men where a game of chess starts.
    pub const fn standard() -> Board {
        Board {
            by_color: [Bitboard(0xffff), Bitboard(0xffff << 48)],
            by_role: [
                Bitboard(0x00ff_0000_0000_ff00),
                Bitboard(0x4200_0000_0000_0042),
                Bitboard(0x2400_0000_0000_0024),
                Bitboard(0x8100_0000_0000_0081),
                Bitboard(0x0800_0000_0000_0008),
                Bitboard(0x1000_0000_0000_0010),
            ],
            occupied: Bitboard(0xffff_0000_0000_ffff),
        }
    }

    /// Every occupied square.
    #[inline]
    pub const fn occupied(&self) -> Bitboard {
        self.occupied
    }

    /// The squares of `color`'s men.
    #[inline]
    pub const fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color as usize]
    }

    /// The squares of men of kind `role`, both colours.
    #[inline]
    pub const fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role as usize]
    }

    /// The squares of `piece`s.
    #[inline]
    pub const fn by_piece(&self, piece: Piece) -> Bitboard {
        Bitboard(self.by_color(piece.color).0 & self.by_role(piece.role).0)
    }

    /// Rooks and queens: the men that attack along ranks and files.
    #[inline]
    pub const fn rooks_and_queens(&self) -> Bitboard {
        Bitboard(self.by_role(Role::Rook).0 | self.by_role(Role::Queen).0)
    }

    /// Bishops and queens: the men that attack along diagonals.
    #[inline]
    pub const fn bishops_and_queens(&self) -> Bitboard {
        Bitboard(self.by_role(Role::Bishop).0 | self.by_role(Role::Queen).0)
    }

    /// The square of `color`'s king, if it has exactly one.
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.by_piece(Piece::new(color, Role::King)).single()
    }

    /// The colour of the man on `square`.
    #[inline]
    pub fn color_at(&self, square: Square) -> Option<Color> {
        if self.by_color[0].contains(square) {
            Some(Color::White)
        } else if self.by_color[1].contains(square) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The kind of the man on `square`.
    #[inline]
    pub fn role_at(&self, square: Square) -> Option<Role> {
        if !self.occupied.contains(square) {
            return None;
        }
        Role::ALL
            .into_iter()
            .find(|&role| self.by_role(role).contains(square))
    }

    /// The man on `square`.
    #[inline]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        Some(Piece::new(self.color_at(square)?, self.role_at(square)?))
    }

    /// Puts `piece` on `square`, replacing whatever stood there.
    #[inline]
    pub fn set(&mut self, square: Square, piece: Piece) {
        self.clear(square);
        self.put(square, piece);
    }

    /// Takes the man off `square`, returning it.
    #[inline]
    pub fn discard(&mut self, square: Square) -> Option<Piece> {
        let piece = self.piece_at(square)?;
        self.clear(square);
        Some(piece)
    }

    /// Empties `square`, whatever stood there.
    #[inline]
    fn clear(&mut self, square: Square) {
        let keep = !square.bitboard();
        for set in &mut self.by_color {
            *set &= keep;
        }
        for set in &mut self.by_role {
            *set &= keep;
        }
        self.occupied &= keep;
    }

    /// Puts `piece` on `square`, which must be empty.
    #[inline]
    fn put(&mut self, square: Square, piece: Piece) {
        let bit = square.bitboard();
        self.by_color[piece.color.index()] |= bit;
        self.by_role[piece.role.index()] |= bit;
        self.occupied |= bit;
    }

    /// Every man with its square, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied
            .into_iter()
            .filter_map(|square| Some((square, self.piece_at(square)?)))
    }

    /// The squares the man on `square` attacks, if any stands there.
    pub fn attacks_from(&self, square: Square) -> Bitboard {
        self.piece_at(square).map_or(Bitboard::EMPTY, |piece| {
            piece.attacks(square, self.occupied)
        })
    }

    /// The men of `by` attacking `square` when `occupied` are the taken
    /// squares (pass [`Board::occupied`], or less to see through men).
    #[inline]
    pub fn attackers_to(&self, square: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let theirs = self.by_color(by);
        theirs
            & ((rook_attacks(square, occupied) & self.rooks_and_queens())
                | (bishop_attacks(square, occupied) & self.bishops_and_queens())
                | (knight_attacks(square) & self.by_role(Role::Knight))
                | (king_attacks(square) & self.by_role(Role::King))
                | (pawn_attacks(by.other(), square) & self.by_role(Role::Pawn)))
    }

    /// Whether any man of `by` attacks `square` with `occupied` taken.
    #[inline]
    pub fn is_attacked(&self, square: Square, by: Color, occupied: Bitboard) -> bool {
        let theirs = self.by_color(by);
        (knight_attacks(square) & self.by_role(Role::Knight) & theirs).any()
            || (pawn_attacks(by.other(), square) & self.by_role(Role::Pawn) & theirs).any()
            || (king_attacks(square) & self.by_role(Role::King) & theirs).any()
            || (rook_attacks(square, occupied) & self.rooks_and_queens() & theirs).any()
            || (bishop_attacks(square, occupied) & self.bishops_and_queens() & theirs).any()
    }

    /// Moves the men as `mv` says, for the side `color`; nothing is checked.
    /// A capture removes the man taken; a promotion replaces the pawn;
    /// castling moves king and rook; en passant removes the pawn passed.
    pub fn play(&mut self, color: Color, mv: &Move) {
        match *mv {
            Move::Normal {
                role,
                from,
                to,
                promotion,
                ..
            } => {
                self.clear(from);
                self.clear(to);
                self.put(to, Piece::new(color, promotion.unwrap_or(role)));
            }
            Move::EnPassant { from, to } => {
                self.clear(from);
                self.clear(Square::new(to.file(), from.rank()));
                self.clear(to);
                self.put(to, Piece::new(color, Role::Pawn));
            }
            Move::Castle { king, rook } => {
                let side = if rook > king {
                    CastlingSide::KingSide
                } else {
                    CastlingSide::QueenSide
                };
                let rank = king.rank();
                let king_to = Square::new(side.king_to_file(), rank);
                let rook_to = Square::new(side.rook_to_file(), rank);
                for square in [king, rook, king_to, rook_to] {
                    self.clear(square);
                }
                self.put(king_to, Piece::new(color, Role::King));
                self.put(rook_to, Piece::new(color, Role::Rook));
            }
        }
    }
}

impl fmt::Debug for Board {
    /// The board as eight lines of FEN letters, the eighth rank first and
    /// `.` for an empty square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.into_iter().rev() {
            for file in crate::geometry::File::ALL {
                let c = self
                    .piece_at(Square::new(file, rank))
                    .map_or('.', Piece::char);
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_starting_position() {
        let board = Board::standard();
        assert_eq!(board.occupied().count(), 32);
        assert_eq!(
            board.piece_at(Square::E1),
            Some(Piece::new(Color::White, Role::King))
        );
        assert_eq!(
            board.piece_at(Square::D8),
            Some(Piece::new(Color::Black, Role::Queen))
        );
        assert_eq!(board.piece_at(Square::E4), None);
        assert_eq!(board.king_of(Color::Black), Some(Square::E8));
        assert_eq!(
            board.by_piece(Piece::new(Color::White, Role::Pawn)).count(),
            8
        );
        for (square, piece) in board.pieces() {
            assert_eq!(
                board.by_color(piece.color) & square.bitboard(),
                square.bitboard()
            );
        }
    }

    #[test]
    fn set_discard_and_attackers() {
        let mut board = Board::empty();
        board.set(Square::E4, Piece::new(Color::White, Role::Queen));
        board.set(Square::E4, Piece::new(Color::Black, Role::Knight));
        assert_eq!(board.occupied().count(), 1);
        assert_eq!(board.by_color(Color::White), Bitboard::EMPTY);
        board.set(Square::E8, Piece::new(Color::White, Role::Rook));
        board.set(Square::D3, Piece::new(Color::White, Role::Pawn));
        let attackers = board.attackers_to(Square::E4, Color::White, board.occupied());
        assert_eq!(attackers, Square::E8.bitboard() | Square::D3.bitboard());
        assert!(board.is_attacked(Square::E4, Color::White, board.occupied()));
        assert!(!board.is_attacked(Square::E4, Color::Black, board.occupied()));
        assert_eq!(
            board.discard(Square::E4),
            Some(Piece::new(Color::Black, Role::Knight))
        );
        assert_eq!(board.discard(Square::E4), None);
    }
}
