//! A position of FIDE chess: the board and everything else the rules need
//! to know to say which moves are legal. The legal moves themselves
//! ([`Position::legal_moves`], [`Position::is_legal`], mate, stalemate)
//! are worked out in `legal.rs`.

use std::fmt;

use super::{Board, CastlingRights, CastlingSide, Move, Piece, Role, zobrist};
use crate::Color;
use crate::geometry::{Bitboard, DARK_SQUARES, LIGHT_SQUARES, Rank, Square};

/// A position: the men, the side to move, the castling rights, the square
/// an en passant capture may land on, and the two move counters.
///
/// The en passant square is kept only while an en passant capture is
/// legal, so positions the repetition rule calls the same differ at most in
/// their move counters.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    turn: Color,
    castling: CastlingRights,
    ep_square: Option<Square>,
    halfmoves: u32,
    fullmoves: u32,
}

impl Default for Position {
    /// The starting position, White to move.
    fn default() -> Position {
        Position {
            board: Board::standard(),
            turn: Color::White,
            castling: CastlingRights::ALL,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }
}

/// The parts of a position, as read from a FEN, before they are checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The men on the squares.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// Who may still castle, and to which side.
    pub castling: CastlingRights,
    /// The square a pawn has just passed over with a double step.
    pub ep_square: Option<Square>,
    /// Half-moves since the last capture or pawn move.
    pub halfmoves: u32,
    /// The number of the move being played, from 1; it goes up after
    /// Black moves.
    pub fullmoves: u32,
}

/// Why a setup is not a position of chess.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A side has no king.
    #[error("{0} has no king")]
    NoKing(Color),
    /// A side has more than one king; the side and how many.
    #[error("{0} has {1} kings; chess has one a side")]
    TooManyKings(Color, u32),
    /// A pawn stands on the first or the eighth rank.
    #[error("a pawn stands on {0}, a back rank")]
    PawnOnBackRank(Square),
    /// The side that just moved is in check: its king could be taken.
    #[error("{0} is in check but it is {mover}'s move", mover = .0.other())]
    OpponentInCheck(Color),
    /// A right to castle is given though the king or that rook has left
    /// its starting square.
    #[error("{color} cannot have the right to castle {side}: the king or the rook is not on its starting square", side = .side.name())]
    CastlingRights {
        /// The side given the right.
        color: Color,
        /// Where it would castle.
        side: CastlingSide,
    },
    /// The en passant square is not just behind a pawn that double-stepped.
    #[error("{0} cannot be the en passant square: no pawn has just passed over it")]
    EnPassant(Square),
    /// The move number is 0; moves count from 1.
    #[error("the move number must be at least 1")]
    FullmoveZero,
}

impl Setup {
    /// Checks the setup is a position chess can reach the rules of: one
    /// king a side, no pawn on a back rank, the side not to move not in
    /// check, castling rights only with king and rook at home, and an en
    /// passant square only just behind a pawn that has double-stepped.
    pub fn position(self) -> Result<Position, PositionError> {
        let board = &self.board;
        for color in Color::ALL {
            let kings = board.by_piece(Piece::new(color, Role::King)).count();
            match kings {
                0 => return Err(PositionError::NoKing(color)),
                1 => {}
                n => return Err(PositionError::TooManyKings(color, n)),
            }
        }
        let back_ranks = Rank::First.bitboard() | Rank::Eighth.bitboard();
        if let Some(square) = (board.by_role(Role::Pawn) & back_ranks).first() {
            return Err(PositionError::PawnOnBackRank(square));
        }
        if self.fullmoves == 0 {
            return Err(PositionError::FullmoveZero);
        }
        for (color, side) in self.castling.iter() {
            if !castling_pieces_at_home(board, color, side) {
                return Err(PositionError::CastlingRights { color, side });
            }
        }
        if let Some(square) = self.ep_square
            && !en_passant_square_is_possible(board, self.turn, square)
        {
            return Err(PositionError::EnPassant(square));
        }
        let them = self.turn.other();
        if let Some(king) = board.king_of(them)
            && board.is_attacked(king, self.turn, board.occupied())
        {
            return Err(PositionError::OpponentInCheck(them));
        }
        Ok(self.position_lenient())
    }

    /// The setup as a position without the checks of [`Setup::position`]:
    /// any number of kings and any placement. Castling rights without king
    /// and rook at home are dropped, and so is an en passant square no pawn
    /// has just passed. Legal moves of a side without exactly one king come
    /// from the general generator: no king of the mover may be attacked
    /// after the move.
    pub fn position_lenient(self) -> Position {
        let mut castling = self.castling;
        for (color, side) in self.castling.iter() {
            if !castling_pieces_at_home(&self.board, color, side) {
                castling = castling.without(color, side);
            }
        }
        let mut pos = Position {
            board: self.board,
            turn: self.turn,
            castling,
            ep_square: None,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves.max(1),
        };
        pos.ep_square = self
            .ep_square
            .filter(|&sq| en_passant_square_is_possible(&self.board, self.turn, sq))
            .filter(|&sq| pos.has_legal_en_passant(sq));
        pos
    }
}

fn castling_pieces_at_home(board: &Board, color: Color, side: CastlingSide) -> bool {
    board
        .by_piece(Piece::new(color, Role::King))
        .contains(CastlingSide::king_from(color))
        && board
            .by_piece(Piece::new(color, Role::Rook))
            .contains(side.rook_from(color))
}

/// Whether a pawn of the side not to move can just have passed over
/// `square` with a double step.
fn en_passant_square_is_possible(board: &Board, turn: Color, square: Square) -> bool {
    let them = turn.other();
    let (Some(pawn), Some(start)) = (
        square.offset(0, turn.fold(-1, 1)),
        square.offset(0, turn.fold(1, -1)),
    ) else {
        return false;
    };
    square.rank() == Rank::Sixth.relative_to(turn)
        && board.by_piece(Piece::new(them, Role::Pawn)).contains(pawn)
        && !board.occupied().contains(square)
        && !board.occupied().contains(start)
}

impl Position {
    /// The starting position.
    pub fn new() -> Position {
        Position::default()
    }

    /// The parts of the position.
    pub fn setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
            castling: self.castling,
            ep_square: self.ep_square,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The men on the squares.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Who may still castle, and to which side.
    #[inline]
    pub fn castling(&self) -> CastlingRights {
        self.castling
    }

    /// The square an en passant capture can land on now, if one is legal.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Half-moves since the last capture or pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmoves
    }

    /// The number of the move being played, from 1.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmoves
    }

    /// The square of `color`'s king, if it has exactly one.
    pub fn king(&self, color: Color) -> Option<Square> {
        self.board.king_of(color)
    }

    /// The enemy men giving check to the side to move (to any of its
    /// kings, should it have several).
    pub fn checkers(&self) -> Bitboard {
        let them = self.turn.other();
        let occupied = self.board.occupied();
        self.board
            .by_piece(Piece::new(self.turn, Role::King))
            .into_iter()
            .fold(Bitboard::EMPTY, |all, king| {
                all | self.board.attackers_to(king, them, occupied)
            })
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Whether neither side has the men to mate: king against king, king
    /// and one knight or bishop against king, or kings and bishops only
    /// with every bishop on squares of one colour.
    pub fn is_insufficient_material(&self) -> bool {
        let board = &self.board;
        let heavy = board.by_role(Role::Pawn) | board.rooks_and_queens();
        if heavy.any() {
            return false;
        }
        let knights = board.by_role(Role::Knight);
        let bishops = board.by_role(Role::Bishop);
        let minors = knights | bishops;
        if minors.count() <= 1 {
            return true;
        }
        knights.is_empty() && (bishops.is_subset(LIGHT_SQUARES) || bishops.is_subset(DARK_SQUARES))
    }

    /// Whether `color` could still checkmate by some series of legal moves,
    /// however unlikely (FIDE 6.9: a player whose flag falls draws instead
    /// of losing when the opponent cannot). A lone king never mates; a
    /// single knight or bishop, or bishops all on one square colour, mate
    /// only against men the defender can block its own king with, which a
    /// lone king, or only bishops on that same colour, cannot.
    pub fn can_mate(&self, color: Color) -> bool {
        let board = &self.board;
        let ours = board.by_color(color);
        let theirs = board.by_color(color.other());
        let kings = board.by_role(Role::King);
        if (ours & (board.by_role(Role::Pawn) | board.rooks_and_queens())).any() {
            return true;
        }
        let our_minors = ours & !kings;
        if our_minors.is_empty() {
            return false;
        }
        let bishops = board.by_role(Role::Bishop);
        let one_colour = |b: Bitboard| b.is_subset(LIGHT_SQUARES) || b.is_subset(DARK_SQUARES);
        if (theirs & !kings).is_empty() {
            // Against a lone king: two minors mate unless both are bishops
            // on one colour.
            return our_minors.count() >= 2
                && !(our_minors.is_subset(bishops) && one_colour(our_minors));
        }
        // The defender has men to block with; only when every man but the
        // kings is a bishop, all on one colour, is mate impossible.
        let men = (ours | theirs) & !kings;
        !(men.is_subset(bishops) && one_colour(men))
    }

    /// The position's Zobrist key: equal keys mean the same position for
    /// the repetition rule (but for an astronomically rare collision).
    pub fn zobrist_hash(&self) -> u64 {
        let mut key = zobrist::turn_key(self.turn) ^ zobrist::castling_key(self.castling);
        if let Some(square) = self.ep_square {
            key ^= zobrist::en_passant_key(square.file());
        }
        for (square, piece) in self.board.pieces() {
            key ^= zobrist::piece_key(piece, square);
        }
        key
    }

    /// Plays `mv`, which must be legal here (or at least pseudo-legal:
    /// the right man on `from`, `capture` naming what stands on `to`).
    /// Nothing is checked; an illegal move leaves a position no game can
    /// reach, but never panics.
    pub fn play_unchecked(&mut self, mv: &Move) {
        let us = self.turn;
        self.board.play(us, mv);
        self.castling = self
            .castling
            .after_touching(mv.from())
            .after_touching(match *mv {
                Move::Castle { rook, .. } => rook,
                _ => mv.to(),
            });
        self.halfmoves = if mv.is_zeroing() {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = us.other();
        self.ep_square = None;
        if mv.is_double_step() {
            let passed = Square::from_index((mv.from() as u32 + mv.to() as u32) / 2);
            if self.has_legal_en_passant(passed) {
                self.ep_square = Some(passed);
            }
        }
    }

    /// Plays `mv` if it is legal, giving the position after it.
    pub fn play(&self, mv: &Move) -> Option<Position> {
        self.is_legal(mv).then(|| {
            let mut after = *self;
            after.play_unchecked(mv);
            after
        })
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn insufficient_material() {
        for fen in [
            "8/8/4k3/8/8/8/8/4K3 w - - 0 1",
            "8/8/4k3/8/8/8/8/4KN2 w - - 0 1",
            "8/8/4k3/8/8/8/8/4KB2 b - - 0 1",
            // Bishops all on dark squares, both sides.
            "8/8/3bk3/8/8/8/8/2B1K1B1 w - - 0 1",
        ] {
            assert!(pos(fen).is_insufficient_material(), "{fen}");
        }
        for fen in [
            "8/8/4k3/8/8/8/8/2B1KB2 w - - 0 1",
            "8/8/4k3/8/8/8/8/4KNN1 w - - 0 1",
            "8/8/4kn2/8/8/8/8/4KB2 w - - 0 1",
            "8/8/4k3/8/8/8/4P3/4K3 w - - 0 1",
            "8/8/4k3/8/8/8/8/4K2R w - - 0 1",
        ] {
            assert!(!pos(fen).is_insufficient_material(), "{fen}");
        }
    }

    #[test]
    fn en_passant_square_kept_only_when_the_capture_is_legal() {
        let mut p = Position::new();
        for uci in ["e2e4", "a7a6", "e4e5", "d7d5"] {
            let mv = crate::chess::Uci::from_ascii(uci)
                .unwrap()
                .to_move(&p)
                .unwrap();
            p.play_unchecked(&mv);
        }
        assert_eq!(p.ep_square(), Some(Square::D6));
        // 1. e4: no black pawn can take on e3.
        let mut q = Position::new();
        q.play_unchecked(&Move::Normal {
            role: Role::Pawn,
            from: Square::E2,
            capture: None,
            to: Square::E4,
            promotion: None,
        });
        assert_eq!(q.ep_square(), None);
        // The horizontally pinned pawn may not take: the square is dropped.
        let pinned = pos("8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 1");
        assert_eq!(pinned.ep_square(), None);
    }

    #[test]
    fn setups_that_are_not_chess_are_refused() {
        let refused = |fen: &str| Position::from_fen(fen).unwrap_err().to_string();
        assert_eq!(refused("8/8/8/8/8/8/8/4K3 w - - 0 1"), "black has no king");
        assert_eq!(
            refused("4k3/8/8/8/8/8/8/3KK3 w - - 0 1"),
            "white has 2 kings; chess has one a side"
        );
        assert_eq!(
            refused("P3k3/8/8/8/8/8/8/4K3 w - - 0 1"),
            "a pawn stands on a8, a back rank"
        );
        assert_eq!(
            refused("4k3/8/8/8/8/8/8/4K2R w Q - 0 1"),
            "white cannot have the right to castle queenside: the king or the rook is not on its starting square"
        );
        assert_eq!(
            refused("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"),
            "black is in check but it is white's move"
        );
        assert_eq!(
            refused("4k3/8/8/8/8/8/8/4K3 w - e6 0 1"),
            "e6 cannot be the en passant square: no pawn has just passed over it"
        );
    }

    #[test]
    fn who_can_still_mate() {
        let can = |fen: &str, color: Color| Position::from_fen(fen).unwrap().can_mate(color);
        // A lone king never mates.
        assert!(!can("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", Color::Black));
        assert!(can("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", Color::White));
        // One knight or bishop against a lone king: never.
        assert!(!can("4k3/8/8/8/8/8/8/2N1K3 w - - 0 1", Color::White));
        assert!(!can("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", Color::White));
        // Against a king with a pawn to block with, a bishop or a knight can.
        assert!(can("7k/7p/8/8/8/8/8/2B1K3 w - - 0 1", Color::White));
        assert!(can("7k/7p/8/8/8/8/8/2N1K3 w - - 0 1", Color::White));
        // Two knights, or bishops of both colours, can (with help).
        assert!(can("4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", Color::White));
        assert!(can("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", Color::White));
        // Bishops all on one colour, on both sides: never.
        assert!(!can("4k3/8/8/8/8/4b3/8/2B1K3 w - - 0 1", Color::White));
        assert!(can("4k3/8/8/8/8/3b4/8/2B1K3 w - - 0 1", Color::White));
    }
}
