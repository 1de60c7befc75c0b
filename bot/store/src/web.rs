//! The web page's links (table `web_links`): the secret part of each
//! game's spectators' address, made once and kept.

use super::{Store, StoreError};
use chronomate_model::{GameId, PlayerKey, Timestamp};

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

/// What a web token opens (table `web_tokens`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WebTokenKind {
    /// A player's link, handed privately: one use, minutes.
    Link,
    /// A page's session, traded for a link: days.
    Session,
}

impl WebTokenKind {
    fn id(self) -> &'static str {
        match self {
            WebTokenKind::Link => "link",
            WebTokenKind::Session => "session",
        }
    }
}

/// A player's key to a game's page: whose, and for which game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebKey {
    /// The game it opens.
    pub game: GameId,
    /// The player it seats.
    pub player: PlayerKey,
}

impl Store {
    /// Records a token by its `hash` (never the token itself), opening
    /// `key`'s page until `expires`; forgets tokens expired by `now`.
    ///
    /// # Errors
    /// The database cannot be written (a hash recorded twice included).
    pub async fn add_web_token(
        &self,
        kind: WebTokenKind,
        hash: &str,
        key: &WebKey,
        now: Timestamp,
        expires: Timestamp,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.write().await?;
        tx.sql("DELETE FROM web_tokens WHERE expires_at <= $1")
            .bind(now)
            .execute()
            .await?;
        tx.sql("INSERT INTO web_tokens (hash, kind, game_id, player, expires_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(hash)
            .bind(kind.id())
            .bind(key.game.0)
            .bind(key.player.to_string())
            .bind(expires)
            .execute()
            .await?;
        tx.commit().await
    }

    /// Takes the link whose hash is `hash`: its key, once (the row is
    /// gone after), and only before it expires.
    ///
    /// # Errors
    /// The database cannot be written, or the row is damaged.
    pub async fn take_web_link(
        &self,
        hash: &str,
        now: Timestamp,
    ) -> Result<Option<WebKey>, StoreError> {
        let mut tx = self.pool.write().await?;
        let row = tx
            .sql("DELETE FROM web_tokens WHERE hash = $1 AND kind = 'link' RETURNING game_id, player, expires_at")
            .bind(hash)
            .fetch_optional()
            .await?;
        tx.commit().await?;
        match row {
            Some(r) if r.get::<Timestamp>("expires_at")? > now => Ok(Some(web_key(&r)?)),
            _ => Ok(None),
        }
    }

    /// The key of the session whose hash is `hash`, while it lasts.
    ///
    /// # Errors
    /// The database cannot be read, or the row is damaged.
    pub async fn web_session(
        &self,
        hash: &str,
        now: Timestamp,
    ) -> Result<Option<WebKey>, StoreError> {
        let row = self
            .pool
            .sql("SELECT game_id, player FROM web_tokens WHERE hash = $1 AND kind = 'session' AND expires_at > $2")
            .bind(hash)
            .bind(now)
            .fetch_optional()
            .await?;
        row.map(|r| web_key(&r)).transpose()
    }
}

fn web_key(row: &super::db::Row) -> Result<WebKey, StoreError> {
    let game = GameId(row.get("game_id")?);
    let player: String = row.get("player")?;
    let player = player
        .parse()
        .map_err(|e: chronomate_model::NotAPlayerKey| {
            super::damaged(format!("a web token of game #{game}"), e.to_string())
        })?;
    Ok(WebKey { game, player })
}
