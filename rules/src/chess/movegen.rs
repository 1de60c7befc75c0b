//! Pseudo-legal moves on any board: how the men move, before anyone asks
//! whether a king survives the move.
//!
//! This is the generator the 8x8 variants build on. It takes a bare
//! [`Board`] with any number of kings, the side to move, and says which of
//! that side's men may move; castling and en passant are offered only when
//! asked for. [`keeps_kings_safe`] is FIDE's legality condition for boards
//! with any number of kings. Standard chess uses the faster
//! [`Position::legal_moves`](super::Position::legal_moves) instead.
//!
//! - Many Worlds (M-3): all men move, kings may move into or stay in check,
//!   castling with [`CastlingRule::IgnoreCheck`]; no filter.
//! - Time Traveler's Chess hypotheticals (TT-1): [`MoveGen::movers`] names
//!   the untraveled and traveled men; traveling men stay on the board, so
//!   they block; no castling and no en passant (the defaults).
//! - Gifford (G-5): up to three kings a side; filter with
//!   [`keeps_kings_safe`], which checks every king.
//! - Multiverse (E-3): FIDE moves on each board, the same way.

use super::{Board, CastlingRights, CastlingSide, Move, Piece, Role};
use crate::Color;
use crate::geometry::attacks::{between, pawn_attacks};
use crate::geometry::{Bitboard, Rank, Square};

/// How castling is judged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CastlingRule {
    /// FIDE: king and rook on their starting squares with the right kept,
    /// the squares between them empty, and the king neither in check nor
    /// passing over or landing on a square the enemy attacks.
    #[default]
    Fide,
    /// Only the right and the empty squares between king and rook count;
    /// check plays no part (Many Worlds, M-3).
    IgnoreCheck,
}

/// The pseudo-legal moves of one side on a board.
///
/// Build it with [`MoveGen::new`], then narrow or widen it: by default
/// every man of the side may move, and there is neither castling nor en
/// passant.
#[derive(Clone, Copy, Debug)]
pub struct MoveGen<'a> {
    board: &'a Board,
    turn: Color,
    movers: Bitboard,
    castling: CastlingRights,
    castling_rule: CastlingRule,
    ep_square: Option<Square>,
}

impl<'a> MoveGen<'a> {
    /// The moves of `turn`'s men on `board`, without castling or en passant.
    pub fn new(board: &'a Board, turn: Color) -> MoveGen<'a> {
        MoveGen {
            board,
            turn,
            movers: board.by_color(turn),
            castling: CastlingRights::NONE,
            castling_rule: CastlingRule::Fide,
            ep_square: None,
        }
    }

    /// Only the men on `movers` may move. The side's other men stay where
    /// they are and still block and guard squares.
    #[must_use]
    pub fn movers(mut self, movers: Bitboard) -> MoveGen<'a> {
        self.movers = movers & self.board.by_color(self.turn);
        self
    }

    /// Castling as `rights` allow, judged by `rule`.
    #[must_use]
    pub fn castling(mut self, rights: CastlingRights, rule: CastlingRule) -> MoveGen<'a> {
        self.castling = rights;
        self.castling_rule = rule;
        self
    }

    /// En passant onto `square`, the square an enemy pawn has just passed
    /// over with a double step.
    #[must_use]
    pub fn en_passant(mut self, square: Option<Square>) -> MoveGen<'a> {
        self.ep_square = square;
        self
    }

    /// Every pseudo-legal move, in a list.
    pub fn moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.for_each(|mv| moves.push(mv));
        moves
    }

    /// The pseudo-legal moves after which no king of the mover is attacked
    /// ([`keeps_kings_safe`]): FIDE-legal moves for any number of kings.
    pub fn moves_keeping_kings_safe(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.for_each(|mv| {
            if keeps_kings_safe(self.board, self.turn, &mv) {
                moves.push(mv);
            }
        });
        moves
    }

    /// Calls `f` with every pseudo-legal move: pawns first, then knights,
    /// bishops, rooks, queens, kings; each man's moves by target square
    /// (promotions queen, rook, bishop, knight); en passant, then castling.
    pub fn for_each(&self, mut f: impl FnMut(Move)) {
        let board = self.board;
        let us = self.turn;
        let occupied = board.occupied();
        let theirs = board.by_color(us.other());
        for role in Role::ALL {
            for from in self.movers & board.by_role(role) {
                let targets = match role {
                    Role::Pawn => pawn_targets(us, from, occupied, theirs),
                    _ => Piece::new(us, role).attacks(from, occupied) - board.by_color(us),
                };
                emit(board, role, from, targets, &mut f);
            }
        }
        if let Some(to) = self.ep_square {
            for from in en_passant_capturers(self.board, self.turn, to) & self.movers {
                f(Move::EnPassant { from, to });
            }
        }
        for side in CastlingSide::ALL {
            if let Some(mv) = self.castle(side) {
                f(mv);
            }
        }
    }

    fn castle(&self, side: CastlingSide) -> Option<Move> {
        let board = self.board;
        let us = self.turn;
        if !self.castling.has(us, side) {
            return None;
        }
        let king = CastlingSide::king_from(us);
        let rook = side.rook_from(us);
        if !self.movers.contains(king)
            || !board.by_piece(Piece::new(us, Role::King)).contains(king)
            || !board.by_piece(Piece::new(us, Role::Rook)).contains(rook)
            || between(king, rook).intersects(board.occupied())
        {
            return None;
        }
        if self.castling_rule == CastlingRule::Fide {
            let king_to = side.king_to(us);
            let path = between(king, king_to).with(king).with(king_to);
            let occupied = board.occupied().without(king);
            if path
                .into_iter()
                .any(|square| board.is_attacked(square, us.other(), occupied))
            {
                return None;
            }
        }
        Some(Move::Castle { king, rook })
    }
}

/// Whether, after `color` plays `mv` on `board`, none of `color`'s kings is
/// attacked. With no king on the board this always holds.
pub fn keeps_kings_safe(board: &Board, color: Color, mv: &Move) -> bool {
    let mut after = *board;
    after.play(color, mv);
    let occupied = after.occupied();
    after
        .by_piece(Piece::new(color, Role::King))
        .into_iter()
        .all(|king| !after.is_attacked(king, color.other(), occupied))
}

/// The pawns of `us` placed to take en passant onto `to`: `to` must be
/// empty, on `us`'s sixth rank, with an enemy pawn just beyond it.
#[inline]
pub(super) fn en_passant_capturers(board: &Board, us: Color, to: Square) -> Bitboard {
    let Some(passed) = to.offset(0, us.fold(-1, 1)) else {
        return Bitboard::EMPTY;
    };
    let enemy_pawns = board.by_piece(Piece::new(us.other(), Role::Pawn));
    if board.occupied().contains(to)
        || !enemy_pawns.contains(passed)
        || to.rank() != Rank::Sixth.relative_to(us)
    {
        return Bitboard::EMPTY;
    }
    pawn_attacks(us.other(), to) & board.by_piece(Piece::new(us, Role::Pawn))
}

/// Where a pawn of `color` on `from` may go, promotions aside: one step
/// forward to an empty square, two from its starting rank over an empty
/// square, or diagonally forward onto a man of `theirs`.
#[inline]
pub(super) fn pawn_targets(
    color: Color,
    from: Square,
    occupied: Bitboard,
    theirs: Bitboard,
) -> Bitboard {
    let single = forward(color, from.bitboard()) - occupied;
    let double = forward(color, single & Rank::Third.relative_to(color).bitboard()) - occupied;
    (pawn_attacks(color, from) & theirs) | single | double
}

/// Every square one rank forward for `color`.
#[inline]
pub(super) fn forward(color: Color, squares: Bitboard) -> Bitboard {
    match color {
        Color::White => squares << 8,
        Color::Black => squares >> 8,
    }
}

/// Calls `f` with the moves of the `role` on `from` to each of `targets`,
/// naming what each takes; a pawn reaching the last rank promotes to each
/// of queen, rook, bishop and knight.
#[inline]
pub(super) fn emit(
    board: &Board,
    role: Role,
    from: Square,
    targets: Bitboard,
    f: &mut impl FnMut(Move),
) {
    for to in targets {
        let capture = board.role_at(to);
        if role == Role::Pawn && Move::reaches_back_rank(to) {
            for promotion in Role::PROMOTIONS {
                f(Move::Normal {
                    role,
                    from,
                    capture,
                    to,
                    promotion: Some(promotion),
                });
            }
        } else {
            f(Move::Normal {
                role,
                from,
                capture,
                to,
                promotion: None,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Position;

    fn board(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn twenty_moves_at_the_start() {
        let start = Board::standard();
        assert_eq!(MoveGen::new(&start, Color::White).moves().len(), 20);
        assert_eq!(MoveGen::new(&start, Color::Black).moves().len(), 20);
    }

    #[test]
    fn only_the_movers_move_but_the_others_block() {
        let start = Board::standard();
        let knights = start.by_role(Role::Knight);
        let moves = MoveGen::new(&start, Color::White).movers(knights).moves();
        assert_eq!(moves.len(), 4);
        assert!(moves.iter().all(|m| m.role() == Role::Knight));
    }

    #[test]
    fn castling_ignoring_check_allows_castling_through_attacks() {
        // The black rook on f8 guards f1: FIDE forbids O-O, Many Worlds not.
        let pos = board("k4r2/8/8/8/8/8/8/4K2R w K - 0 1");
        let castles = |rule| {
            MoveGen::new(pos.board(), Color::White)
                .castling(pos.castling(), rule)
                .moves()
                .into_iter()
                .filter(|m| matches!(m, Move::Castle { .. }))
                .count()
        };
        assert_eq!(castles(CastlingRule::Fide), 0);
        assert_eq!(castles(CastlingRule::IgnoreCheck), 1);
    }

    #[test]
    fn every_king_must_be_safe() {
        // Two white kings: moving the rook off the first rank exposes e1.
        let mut b = Board::empty();
        b.set(Square::E1, Piece::new(Color::White, Role::King));
        b.set(Square::A5, Piece::new(Color::White, Role::King));
        b.set(Square::D1, Piece::new(Color::White, Role::Rook));
        b.set(Square::A1, Piece::new(Color::Black, Role::Rook));
        b.set(Square::H8, Piece::new(Color::Black, Role::King));
        let generator = MoveGen::new(&b, Color::White);
        let legal = generator.moves_keeping_kings_safe();
        assert!(
            legal
                .iter()
                .all(|m| m.from() != Square::D1 || m.to().rank() == Rank::First)
        );
        assert!(legal.len() < generator.moves().len());
    }
}
