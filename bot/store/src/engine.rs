//! Chronomate's own games: where the engine is to move.

use super::{Store, StoreError};
use chronomate_model::GameId;

impl Store {
    /// Live games where Chronomate is to move, the longest waiting first:
    /// the engine's queue, read from the database so that a restart
    /// resumes it. A game's `engine_side` is written when it is created.
    pub async fn engine_to_move(&self) -> Result<Vec<GameId>, StoreError> {
        self.pool
            .sql(
                "SELECT id FROM games
                 WHERE status = 'live' AND engine_side IS NOT NULL AND to_move = engine_side
                 ORDER BY updated_at, id",
            )
            .scalars()
            .await
    }
}
