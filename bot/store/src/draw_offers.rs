//! Draw offers: one standing offer a game at most, made by one side at a
//! ply, answered by the other (accepting ends the game), and lapsing when
//! its maker's opponent acts instead.

use chronomate_model::{GameId, Timestamp};
use chronomate_rules::Color;

use super::db::{Lock, Tx};
use super::games::{Finish, finish_in};
use super::{Stale, Store, StoreError, color_text, parse_color, settle};

/// A standing draw offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawOffer {
    /// The side that offered.
    pub side: Color,
    /// The game's ply when it was offered.
    pub ply: i64,
    /// When.
    pub at: Timestamp,
}

impl Store {
    /// The standing draw offer of a game.
    pub async fn draw_offer(&self, game: GameId) -> Result<Option<DrawOffer>, StoreError> {
        self.pool
            .sql("SELECT side, ply, at FROM draw_offers WHERE game_id = $1")
            .bind(game)
            .read_optional(|r| {
                let side: String = r.get("side")?;
                Ok(DrawOffer {
                    side: parse_color(game, &side)?,
                    ply: r.get("ply")?,
                    at: r.get("at")?,
                })
            })
            .await
    }

    /// Records `side`'s draw offer if the game is live at `ply` and no offer
    /// stands.
    pub async fn offer_draw(
        &self,
        game: GameId,
        side: Color,
        ply: i64,
        at: Timestamp,
    ) -> Result<Result<(), Stale>, StoreError> {
        let mut tx = self.write().await?;
        tx.lock(Lock::Game(game)).await?;
        let done = tx
            .sql(
                "INSERT INTO draw_offers (game_id, side, ply, at)
             SELECT id, $2, ply, $4 FROM games WHERE id = $1 AND ply = $3 AND status = 'live'
             ON CONFLICT (game_id) DO NOTHING",
            )
            .bind(game)
            .bind(color_text(side))
            .bind(ply)
            .bind(at)
            .execute()
            .await?;
        settle(tx, done).await
    }

    /// Withdraws or declines `side`'s standing offer.
    pub async fn drop_draw_offer(
        &self,
        game: GameId,
        side: Color,
    ) -> Result<Result<(), Stale>, StoreError> {
        let mut tx = self.write().await?;
        let done = take_offer(&mut tx, game, side).await?;
        tx.commit().await?;
        Ok(if done { Ok(()) } else { Err(Stale) })
    }

    /// Accepts `side`'s standing offer: the game ends with `finish`.
    pub async fn accept_draw(
        &self,
        game: GameId,
        side: Color,
        finish: &Finish,
        at: Timestamp,
    ) -> Result<Result<(), Stale>, StoreError> {
        let mut tx = self.write().await?;
        if !take_offer(&mut tx, game, side).await?
            || !finish_in(&mut tx, game, None, finish, at).await?
        {
            tx.rollback().await?;
            return Ok(Err(Stale));
        }
        tx.commit().await?;
        Ok(Ok(()))
    }
}

/// Takes `side`'s standing offer in `game` off the table, within a write
/// (the game's row locked first); whether there was one.
async fn take_offer(tx: &mut Tx, game: GameId, side: Color) -> Result<bool, StoreError> {
    tx.lock(Lock::Game(game)).await?;
    let taken = tx
        .sql("DELETE FROM draw_offers WHERE game_id = $1 AND side = $2")
        .bind(game)
        .bind(color_text(side))
        .execute()
        .await?;
    Ok(taken == 1)
}
