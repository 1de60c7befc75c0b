//! Chronomate's own games: where the engine is to move.

use super::{Store, StoreError};
use chronomate_model::GameId;
use chronomate_model::engine::ENGINE_PREFIX;

impl Store {
    /// Live games where Chronomate is to move, the longest waiting first:
    /// the engine's queue, read from the database so that a restart
    /// resumes it.
    pub async fn engine_to_move(&self) -> Result<Vec<GameId>, StoreError> {
        self.pool
            .sql(
                "SELECT id FROM games
                 WHERE status = 'live'
                   AND ((to_move = 'white' AND white LIKE $1)
                     OR (to_move = 'black' AND black LIKE $1))
                 ORDER BY updated_at, id",
            )
            .bind(format!("{ENGINE_PREFIX}%"))
            .scalars()
            .await
    }
}
