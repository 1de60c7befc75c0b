//! The web page's links (table `web_links`): the secret part of each
//! game's spectators' address, made once and kept.

use super::{Store, StoreError};
use chronomate_model::GameId;

impl Store {
    /// The spectators' secret of `game`, if it has one.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn watch_secret(&self, game: GameId) -> Result<Option<String>, StoreError> {
        self.pool
            .sql("SELECT watch FROM web_links WHERE game_id = $1")
            .bind(game.0)
            .scalar()
            .await
    }

    /// Records `fresh` as `game`'s spectators' secret, unless it has one:
    /// the one it has then (whichever process records one first wins, and
    /// every other reads that one).
    ///
    /// # Errors
    /// The database cannot be read or written.
    pub async fn make_watch_secret(&self, game: GameId, fresh: &str) -> Result<String, StoreError> {
        let mut tx = self.pool.write().await?;
        tx.sql("INSERT INTO web_links (game_id, watch) VALUES ($1, $2) ON CONFLICT (game_id) DO NOTHING")
            .bind(game.0)
            .bind(fresh)
            .execute()
            .await?;
        tx.commit().await?;
        self.watch_secret(game)
            .await?
            .ok_or_else(|| super::damaged(format!("game #{game}"), "its web link is gone"))
    }

    /// The game whose spectators' secret is `watch`, if any.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn watched_game(&self, watch: &str) -> Result<Option<GameId>, StoreError> {
        let id: Option<i64> = self
            .pool
            .sql("SELECT game_id FROM web_links WHERE watch = $1")
            .bind(watch)
            .scalar()
            .await?;
        Ok(id.map(GameId))
    }
}
