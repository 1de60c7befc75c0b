//! Drafts: a turn in the making, in variants whose turn is several board
//! moves drafted one at a time and submitted whole (5D chess). A draft is
//! the drafted moves' canonical texts, in order, made at one ply of the
//! game by the player to move; committing an action or ending the game
//! deletes it (`games.rs`), so a draft lives exactly as long as the
//! position it was made in, across restarts.

use chronomate_model::{GameId, PlayerKey, Timestamp};

use super::db::Lock;
use super::{Stale, Store, StoreError, settle};

/// One move to add to a draft.
#[derive(Clone, Copy, Debug)]
pub struct DraftMove<'a> {
    /// The game drafted in.
    pub game: GameId,
    /// The game's ply the draft is made at.
    pub ply: i64,
    /// How many moves the draft held before this one.
    pub before: i64,
    /// Who drafts it.
    pub player: &'a PlayerKey,
    /// The move in canonical notation.
    pub text: &'a str,
    /// When.
    pub at: Timestamp,
}

impl Store {
    /// The moves drafted in `game` at its ply `ply`, in order (empty when
    /// there is no draft).
    pub async fn draft(&self, game: GameId, ply: i64) -> Result<Vec<String>, StoreError> {
        self.pool
            .sql("SELECT text FROM drafts WHERE game_id = $1 AND ply = $2 ORDER BY seq")
            .bind(game)
            .bind(ply)
            .scalars()
            .await
    }

    /// Adds a move to the game's draft, if the game is still live at
    /// `m.ply` and the draft still holds `m.before` moves.
    pub async fn add_draft_move(&self, m: &DraftMove<'_>) -> Result<Result<(), Stale>, StoreError> {
        let mut tx = self.write().await?;
        tx.lock(Lock::Game(m.game)).await?;
        let done = tx
            .sql(
                "INSERT INTO drafts (game_id, seq, ply, player, text, at)
                 SELECT id, $2 + 1, ply, $4, $5, $6 FROM games
                 WHERE id = $1 AND ply = $3 AND status = 'live'
                   AND (SELECT COUNT(*) FROM drafts WHERE game_id = $1) = $2",
            )
            .bind(m.game)
            .bind(m.before)
            .bind(m.ply)
            .bind(m.player)
            .bind(m.text)
            .bind(m.at)
            .execute()
            .await?;
        settle(tx, done).await
    }

    /// Takes back the last move of the game's draft made at `ply`, if the
    /// draft still holds `count` moves.
    pub async fn undo_draft_move(
        &self,
        game: GameId,
        ply: i64,
        count: i64,
    ) -> Result<Result<(), Stale>, StoreError> {
        let mut tx = self.write().await?;
        tx.lock(Lock::Game(game)).await?;
        let done = tx
            .sql(
                "DELETE FROM drafts WHERE game_id = $1 AND ply = $2 AND seq = $3
                   AND (SELECT COUNT(*) FROM drafts WHERE game_id = $1) = $3",
            )
            .bind(game)
            .bind(ply)
            .bind(count)
            .execute()
            .await?;
        settle(tx, done).await
    }
}
