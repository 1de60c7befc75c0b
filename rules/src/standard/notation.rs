//! Moves as players write them: SAN read leniently, or UCI; SAN written
//! with its check or mate mark.

use super::{Chess, Move};
use crate::ActionError;
use crate::chess::{San, SanPlus, Uci};

/// Reads a move in SAN, leniently, or UCI (`e2e4`, `e7e8q`), refusing it
/// with the rule it breaks if it is not legal now.
pub(super) fn read(game: &Chess, text: &str) -> Result<Move, ActionError> {
    if game.status.is_over() {
        return Err(ActionError::GameOver);
    }
    let pos = game.position();
    if let Ok(uci) = Uci::from_ascii(text) {
        return Ok(uci.to_move(pos)?);
    }
    let san = San::from_ascii(text).map_err(|e| ActionError::syntax(text, e.to_string()))?;
    Ok(san.to_move(pos)?)
}

/// `mv`, a legal move now, in SAN with its check or mate mark.
pub(super) fn write(game: &Chess, mv: &Move) -> String {
    SanPlus::from_move(game.position(), mv).to_string()
}
