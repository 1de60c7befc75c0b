//! FIDE-legal moves of a position, fast: check and pin masks instead of
//! trying each move.
//!
//! With one king per side, a move is legal when it does not leave that king
//! attacked. So: the king may step only to squares the enemy does not
//! attack once the king has left its square; against two checkers only the
//! king moves; against one, the other men must take the checker or block
//! between it and the king; a man pinned to its king moves only along the
//! pin. En passant removes two men from one rank, so it is tried on the
//! board (this catches the pawn pinned along the rank). Castling needs no
//! check now and no attacked square on the king's way.
//!
//! Positions without exactly one king of the side to move use the general
//! generator with [`keeps_kings_safe`](super::movegen::keeps_kings_safe).

use super::movegen::{
    CastlingRule, MoveGen, emit, en_passant_capturers, keeps_kings_safe, pawn_targets,
};
use super::{Board, CastlingSide, Move, Piece, Position, Role};
use crate::Color;
use crate::geometry::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks_all, queen_attacks,
    rook_attacks,
};
use crate::geometry::{Bitboard, Rank, Square};

impl Position {
    /// Every legal move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.for_each_legal_move(|mv| moves.push(mv));
        moves
    }

    /// Calls `f` with every legal move, making no list.
    #[inline]
    pub fn for_each_legal_move(&self, f: impl FnMut(Move)) {
        generate(self, &mut Expand(f));
    }

    /// Calls `f` with every legal capture (en passant too) and every
    /// legal promotion (each promoted role), making no other move: the
    /// moves a quiescence search looks at.
    #[inline]
    pub fn for_each_legal_capture_or_promotion(&self, f: impl FnMut(Move)) {
        generate(self, &mut Tactical(f));
    }

    /// How many legal moves there are, counted without making them.
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        let mut count = Count::default();
        generate(self, &mut count);
        count.0
    }

    /// Whether `mv` is legal here. Only the moves of `mv`'s man are made.
    pub fn is_legal(&self, mv: &Move) -> bool {
        let mut find = Find {
            wanted: *mv,
            found: false,
        };
        generate(self, &mut find);
        find.found
    }

    /// Checkmate: in check with no legal move.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.count_legal_moves() == 0
    }

    /// Stalemate: not in check, with no legal move.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && self.count_legal_moves() == 0
    }

    /// Whether the side to move has a legal en passant capture onto
    /// `square` (assumed just passed by an enemy pawn).
    pub(super) fn has_legal_en_passant(&self, square: Square) -> bool {
        let us = self.turn();
        let capturers = en_passant_capturers(self.board(), us, square);
        if capturers.is_empty() {
            return false;
        }
        match self.board().king_of(us) {
            // Trying the capture on the board also catches pinned pawns.
            Some(king) => capturers
                .into_iter()
                .any(|from| en_passant_is_safe(self.board(), us, king, from, square)),
            None => capturers.into_iter().any(|from| {
                keeps_kings_safe(self.board(), us, &Move::EnPassant { from, to: square })
            }),
        }
    }
}

/// Receives the legal moves: a man's target squares at once, or a single
/// special move.
pub(super) trait Sink {
    /// The `role` on `from` may move to each of `targets` (a pawn reaching
    /// the last rank: once per promotion).
    fn targets(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard);
    /// One move: en passant, castling, or any move of the general path.
    fn one(&mut self, mv: Move);
}

/// Turns target sets into moves.
pub(super) struct Expand<F>(pub F);

impl<F: FnMut(Move)> Sink for Expand<F> {
    #[inline]
    fn targets(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard) {
        emit(board, role, from, targets, &mut self.0);
    }

    #[inline]
    fn one(&mut self, mv: Move) {
        (self.0)(mv);
    }
}

/// Turns only the target sets' captures and promotions into moves.
pub(super) struct Tactical<F>(pub F);

impl<F: FnMut(Move)> Sink for Tactical<F> {
    #[inline]
    fn targets(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard) {
        // Targets hold no man of the mover's, so an occupied one is a
        // capture.
        let mut wanted = targets & board.occupied();
        if role == Role::Pawn {
            wanted |= targets & BACK_RANKS;
        }
        emit(board, role, from, wanted, &mut self.0);
    }

    #[inline]
    fn one(&mut self, mv: Move) {
        if mv.is_capture() || mv.promotion().is_some() {
            (self.0)(mv);
        }
    }
}

/// Looks for one move, expanding only the targets of its man.
pub(super) struct Find {
    pub wanted: Move,
    pub found: bool,
}

impl Sink for Find {
    #[inline]
    fn targets(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard) {
        let to = self.wanted.to();
        if from == self.wanted.from() && role == self.wanted.role() && targets.contains(to) {
            let wanted = self.wanted;
            let mut found = false;
            emit(board, role, from, to.bitboard(), &mut |mv| {
                found |= mv == wanted
            });
            self.found |= found;
        }
    }

    #[inline]
    fn one(&mut self, mv: Move) {
        self.found |= mv == self.wanted;
    }
}

/// Counts moves without making them.
#[derive(Default)]
pub(super) struct Count(pub u64);

const BACK_RANKS: Bitboard = Bitboard(Rank::First.bitboard().0 | Rank::Eighth.bitboard().0);

impl Sink for Count {
    #[inline]
    fn targets(&mut self, _: &Board, role: Role, _: Square, targets: Bitboard) {
        let promotions = if role == Role::Pawn {
            (targets & BACK_RANKS).count() * 3
        } else {
            0
        };
        self.0 += u64::from(targets.count() + promotions);
    }

    #[inline]
    fn one(&mut self, _: Move) {
        self.0 += 1;
    }
}

/// Sends every legal move of `pos` to `sink`.
#[inline]
pub(super) fn generate<S: Sink>(pos: &Position, sink: &mut S) {
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(us) else {
        return generate_any_kings(pos, sink);
    };
    let them = us.other();
    let occupied = board.occupied();
    let ours = board.by_color(us);
    let theirs = board.by_color(them);

    // The king steps where no enemy man attacks, seen without the king
    // itself, which would otherwise hide squares behind it.
    let without_king = occupied.without(king);
    let steps = king_attacks(king) - ours;
    let may_castle = pos.castling().has_any(us);
    let danger = if steps.any() || may_castle {
        attacked_by(board, them, without_king)
    } else {
        Bitboard::EMPTY
    };
    sink.targets(board, Role::King, king, steps - danger);

    let checkers = board.attackers_to(king, them, occupied);
    if checkers.more_than_one() {
        return;
    }
    // Against one checker: take it or block between it and the king.
    let target = match checkers.single::<Square>() {
        Some(checker) => between(king, checker).with(checker),
        None => !ours,
    };
    let pinned = pinned(board, us, king);

    for from in board.by_role(Role::Pawn) & ours {
        let mut to = pawn_targets(us, from, occupied, theirs) & target;
        if pinned.contains(from) {
            to &= line(king, from);
        }
        sink.targets(board, Role::Pawn, from, to);
    }
    for from in (board.by_role(Role::Knight) & ours) - pinned {
        sink.targets(board, Role::Knight, from, knight_attacks(from) & target);
    }
    sliders(
        board,
        sink,
        Role::Bishop,
        ours,
        king,
        pinned,
        target,
        bishop_attacks,
    );
    sliders(
        board,
        sink,
        Role::Rook,
        ours,
        king,
        pinned,
        target,
        rook_attacks,
    );
    sliders(
        board,
        sink,
        Role::Queen,
        ours,
        king,
        pinned,
        target,
        queen_attacks,
    );

    if let Some(to) = pos.ep_square() {
        for from in en_passant_capturers(board, us, to) {
            if en_passant_is_safe(board, us, king, from, to) {
                sink.one(Move::EnPassant { from, to });
            }
        }
    }

    if checkers.is_empty() && may_castle && king == CastlingSide::king_from(us) {
        for side in CastlingSide::ALL {
            if pos.castling().has(us, side) && can_castle(board, us, side, danger) {
                sink.one(Move::Castle {
                    king,
                    rook: side.rook_from(us),
                });
            }
        }
    }
}

/// Every square a man of `by` attacks when `occupied` are taken.
#[inline]
fn attacked_by(board: &Board, by: Color, occupied: Bitboard) -> Bitboard {
    let theirs = board.by_color(by);
    let mut attacked = pawn_attacks_all(by, board.by_role(Role::Pawn) & theirs);
    for square in board.by_role(Role::Knight) & theirs {
        attacked |= knight_attacks(square);
    }
    for square in board.by_role(Role::King) & theirs {
        attacked |= king_attacks(square);
    }
    for square in board.bishops_and_queens() & theirs {
        attacked |= bishop_attacks(square, occupied);
    }
    for square in board.rooks_and_queens() & theirs {
        attacked |= rook_attacks(square, occupied);
    }
    attacked
}

#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn sliders<S: Sink>(
    board: &Board,
    sink: &mut S,
    role: Role,
    ours: Bitboard,
    king: Square,
    pinned: Bitboard,
    target: Bitboard,
    attacks: fn(Square, Bitboard) -> Bitboard,
) {
    for from in board.by_role(role) & ours {
        let mut to = attacks(from, board.occupied()) & target;
        if pinned.contains(from) {
            to &= line(king, from);
        }
        sink.targets(board, role, from, to);
    }
}

/// The men of `us` that alone stand between their king and an enemy
/// slider aiming at it.
#[inline]
pub(super) fn pinned(board: &Board, us: Color, king: Square) -> Bitboard {
    let theirs = board.by_color(us.other());
    let snipers = ((rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
        | (bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens()))
        & theirs;
    let mut pinned = Bitboard::EMPTY;
    for sniper in snipers {
        let blockers = between(king, sniper) & board.occupied();
        if !blockers.more_than_one() {
            pinned |= blockers;
        }
    }
    pinned & board.by_color(us)
}

/// Whether taking en passant leaves the king on `king` unattacked: the
/// capture empties two squares of one rank at once, so try it.
#[inline]
pub(super) fn en_passant_is_safe(
    board: &Board,
    us: Color,
    king: Square,
    from: Square,
    to: Square,
) -> bool {
    let passed = Square::new(to.file(), from.rank());
    let occupied = board.occupied().without(from).without(passed).with(to);
    let attackers = board.attackers_to(king, us.other(), occupied) - passed.bitboard();
    attackers.is_empty()
}

/// Whether `us` (not in check, king and right in place) may castle to
/// `side`: rook there, squares between empty, no square of the king's way
/// in `danger`.
fn can_castle(board: &Board, us: Color, side: CastlingSide, danger: Bitboard) -> bool {
    let king = CastlingSide::king_from(us);
    let rook = side.rook_from(us);
    let king_to = side.king_to(us);
    board.by_piece(Piece::new(us, Role::Rook)).contains(rook)
        && !between(king, rook).intersects(board.occupied())
        && !between(king, king_to).with(king_to).intersects(danger)
}

/// The general path, for a side with no king or several.
fn generate_any_kings<S: Sink>(pos: &Position, sink: &mut S) {
    let board = pos.board();
    let us = pos.turn();
    MoveGen::new(board, us)
        .castling(pos.castling(), CastlingRule::Fide)
        .en_passant(pos.ep_square())
        .for_each(|mv| {
            if keeps_kings_safe(board, us, &mv) {
                sink.one(mv);
            }
        });
}
