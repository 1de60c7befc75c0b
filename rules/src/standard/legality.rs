//! Which moves are legal: FIDE's, from [`crate::chess::Position`]; a move
//! that is not is refused with the article it breaks.

use super::{Chess, Move};
use crate::chess::Uci;
use crate::{ActionError, Rule};

/// Every legal move; none once the game is over.
pub(super) fn legal_moves(game: &Chess) -> Vec<Move> {
    if game.status.is_over() {
        return Vec::new();
    }
    game.position().legal_moves()
}

/// Checks that `mv` may be played now.
pub(super) fn check(game: &Chess, mv: &Move) -> Result<(), ActionError> {
    if game.status.is_over() {
        return Err(ActionError::GameOver);
    }
    let pos = game.position();
    if pos.is_legal(mv) {
        return Ok(());
    }
    // The move as UCI names its squares; reading it back says why it
    // cannot be played there.
    match Uci::from_move(mv).to_move(pos) {
        Err(why) => Err(ActionError::illegal(why.rule(), why.to_string())),
        // Those squares make a legal move, but not this one (another man
        // or capture than the board has): no such move exists.
        Ok(_) => Err(ActionError::illegal(
            Rule::FIDE_MOVEMENT,
            format!("{} is not a legal move now", mv.uci()),
        )),
    }
}
