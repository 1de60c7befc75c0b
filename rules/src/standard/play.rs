//! Playing a move and judging the game after it. The engine's hot path:
//! a legality check that makes only the moving man's moves, the move, the
//! repetition key, and one count of the replies. A game set up from a
//! position is judged the same way.

use super::{Chess, Move, legality};
use crate::chess::{FenError, Position};
use crate::{ActionError, Color, Outcome, Reason, Status};

impl Default for Chess {
    /// A new game from the starting position.
    fn default() -> Chess {
        Chess::from_position(Position::new())
    }
}

impl Chess {
    /// A game going on from `position` (already finished if it is mate,
    /// stalemate, insufficient material, or past the fifty-move limit).
    pub fn from_position(position: Position) -> Chess {
        let mut chess = Chess {
            position,
            history: vec![position.zobrist_hash()],
            last_move: None,
            status: Status::Ongoing,
        };
        chess.status = judge(&chess);
        chess
    }

    /// A game going on from the position in `fen`.
    pub fn from_fen(fen: &str) -> Result<Chess, FenError> {
        Ok(Chess::from_position(Position::from_fen(fen)?))
    }
}

/// Plays `mv` if it is legal now, and judges the game after it.
pub(super) fn apply(game: &mut Chess, mv: &Move) -> Result<(), ActionError> {
    legality::check(game, mv)?;
    game.position.play_unchecked(mv);
    if mv.is_zeroing() {
        game.history.clear();
    }
    game.history.push(game.position.zobrist_hash());
    game.last_move = Some(*mv);
    game.status = judge(game);
    Ok(())
}

/// How the game stands after the last move: mate or stalemate (FIDE 5),
/// insufficient material, the third occurrence of the position, or the
/// 100th half-move without a capture or pawn move; the first that
/// applies, so a move that mates on the 100th half-move wins.
pub(super) fn judge(game: &Chess) -> Status {
    let pos = &game.position;
    let mover = pos.turn();
    if pos.count_legal_moves() == 0 {
        return Status::Finished(if pos.is_check() {
            Outcome::win(mover.other(), Reason::Checkmate)
        } else {
            Outcome::draw(Reason::Stalemate)
        });
    }
    if pos.is_insufficient_material() {
        return Status::Finished(Outcome::draw(Reason::InsufficientMaterial));
    }
    let now = pos.zobrist_hash();
    if game.history.iter().filter(|&&key| key == now).count() >= 3 {
        return Status::Finished(Outcome::draw(Reason::Repetition));
    }
    if pos.halfmove_clock() >= 100 {
        return Status::Finished(Outcome::draw(Reason::FiftyMoves));
    }
    Status::Ongoing
}

/// The number of the move the last move belongs to.
pub(super) fn last_move_number(game: &Chess) -> u32 {
    let pos = &game.position;
    match pos.turn() {
        Color::White => pos.fullmove_number().saturating_sub(1).max(1),
        Color::Black => pos.fullmove_number(),
    }
}
