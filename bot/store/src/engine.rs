//! Chronomate's own games: where the engine is to move, and its moves
//! owed a post (table `engine_posts`, an outbox).

use super::db::Tx;
use super::{Store, StoreError};
use chronomate_model::engine::ENGINE_PREFIX;
use chronomate_model::{GameId, Timestamp};

/// Chronomate's actions in a game committed and not yet posted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwedPost {
    /// The game Chronomate acted in.
    pub game: GameId,
    /// The game's ply before the first of them.
    pub from_ply: i64,
    /// The game's ply after the last of them.
    pub through_ply: i64,
}

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

    /// Posts owed whose process has had its time (`until` passed by
    /// `now`), by game.
    pub async fn owed_posts_due(&self, now: Timestamp) -> Result<Vec<OwedPost>, StoreError> {
        self.pool
            .sql(
                "SELECT game_id, from_ply, through_ply FROM engine_posts
                 WHERE until <= $1 ORDER BY game_id",
            )
            .bind(now)
            .read_all(|r| {
                Ok(OwedPost {
                    game: r.get("game_id")?,
                    from_ply: r.get("from_ply")?,
                    through_ply: r.get("through_ply")?,
                })
            })
            .await
    }

    /// The post owed in `game`, if any.
    pub async fn owed_post(&self, game: GameId) -> Result<Option<OwedPost>, StoreError> {
        self.pool
            .sql("SELECT from_ply, through_ply FROM engine_posts WHERE game_id = $1")
            .bind(game)
            .read_optional(|r| {
                Ok(OwedPost {
                    game,
                    from_ply: r.get("from_ply")?,
                    through_ply: r.get("through_ply")?,
                })
            })
            .await
    }

    /// Records that `game`'s actions up to ply `through_ply` were posted
    /// (or need not be): the row goes unless a later action of
    /// Chronomate's was committed meanwhile.
    pub async fn posted(&self, game: GameId, through_ply: i64) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        tx.sql("DELETE FROM engine_posts WHERE game_id = $1 AND through_ply <= $2")
            .bind(game)
            .bind(through_ply)
            .execute()
            .await?;
        tx.commit().await
    }
}

/// Within an action's commit: Chronomate's action taking `game` to ply
/// `ply` is owed a post, left to the committing process until `until`.
/// It joins a post still owed for the actions just before it (the
/// multiverse's turns of several board moves); otherwise it starts anew
/// (the player acted in between, so had seen the board).
pub(super) async fn owe_post_in(
    tx: &mut Tx,
    game: GameId,
    ply: i64,
    until: Timestamp,
) -> Result<(), StoreError> {
    tx.sql(
        "INSERT INTO engine_posts (game_id, from_ply, through_ply, until)
         VALUES ($1, $2 - 1, $2, $3)
         ON CONFLICT (game_id) DO UPDATE SET
             from_ply = CASE WHEN engine_posts.through_ply = excluded.from_ply
                             THEN engine_posts.from_ply ELSE excluded.from_ply END,
             through_ply = excluded.through_ply,
             until = excluded.until",
    )
    .bind(game)
    .bind(ply)
    .bind(until)
    .execute()
    .await?;
    Ok(())
}
