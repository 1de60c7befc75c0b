//! Appending an action to a game: the game's row updated to the new
//! state (only if nobody acted meanwhile), the log line, and what the
//! action lapses (a draft of the turn, the opponent's draw offer), with
//! the ratings when it ends the game.

use chronomate_model::{GameId, GameResult, GameStatus, PlayerKey, Timestamp};
use chronomate_rules::Color;

use super::db::{Backend, Sql, Tx};
use super::games::{Finish, delete_draft_in};
use super::{Stale, Store, StoreError, color_text};

/// An action's line in the log.
const LOG: &str =
    "INSERT INTO actions (game_id, ply, text, side, actor, at) VALUES ($1, $2, $3, $4, $5, $6)";

/// [`LOG`], and the draw offers the action lapses deleted ($7: the action
/// ends the game), counted (PostgreSQL).
const LOG_AND_LAPSE: &str = "WITH lapsed AS (
        DELETE FROM draw_offers WHERE game_id = $1 AND (side != $4 OR $7) RETURNING 1)
     INSERT INTO actions (game_id, ply, text, side, actor, at) VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING (SELECT COUNT(*) FROM lapsed) AS lapsed";

/// One action to append, with the game's new state.
#[derive(Clone, Debug)]
pub struct ActionCommit<'a> {
    /// The game acted in.
    pub game: GameId,
    /// The new action's ply: the ply the caller loaded, plus one.
    pub ply: i64,
    /// The action in the variant's canonical notation.
    pub text: &'a str,
    /// The side acting.
    pub side: Color,
    /// Who acts.
    pub actor: &'a PlayerKey,
    /// When.
    pub at: Timestamp,
    /// The game after the action (serde JSON).
    pub snapshot: &'a str,
    /// The side to act next; `None` when `finish` is set.
    pub to_move: Option<Color>,
    /// The next move's deadline; `None` when `finish` is set.
    pub deadline: Option<Timestamp>,
    /// When the next move's reminder is due, if any.
    pub remind_at: Option<Timestamp>,
    /// Whether the deadline was renewed (a reminder may be sent again).
    pub renewed: bool,
    /// Set when the action ends the game.
    pub finish: Option<Finish>,
    /// Whether the game's turns are drafted (5D): only then can a draft
    /// stand, to be deleted with the action (one statement fewer in every
    /// other game's commit).
    pub drafted: bool,
}

/// What else a committed action changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Committed {
    /// The opponent's standing draw offer lapsed (acting declines it).
    pub offer_lapsed: bool,
}

impl Store {
    /// Appends an action and stores the game's new state, in one
    /// transaction, if the game is still live at `commit.ply - 1`.
    pub async fn commit_action(
        &self,
        c: &ActionCommit<'_>,
    ) -> Result<Result<Committed, Stale>, StoreError> {
        let mut tx = self.write().await?;
        let (status, result, reason, finished_at) = match &c.finish {
            Some(f) => (
                f.status,
                f.result.map(GameResult::as_str),
                Some(f.reason.words()),
                Some(c.at),
            ),
            None => (GameStatus::Live, None, None, None),
        };
        // The update also says which side's draw offer stands, if any.
        let updated = tx
            .sql(
                "UPDATE games SET ply = $2, snapshot = $3, to_move = $4, deadline = $5,
                    remind_at = $6, reminder_sent = CASE WHEN $7 THEN 0 ELSE reminder_sent END,
                    status = $8, result = $9, reason = $10, finished_at = $11, updated_at = $12
             WHERE id = $1 AND ply = $2 - 1 AND status = 'live'
             RETURNING (SELECT d.side FROM draw_offers d WHERE d.game_id = games.id) AS offer",
            )
            .bind(c.game)
            .bind(c.ply)
            .bind(c.snapshot)
            .bind(c.to_move.map(color_text))
            .bind(c.deadline)
            .bind(c.remind_at)
            .bind(c.renewed)
            .bind(status.as_str())
            .bind(result)
            .bind(reason)
            .bind(finished_at)
            .bind(c.at)
            .read_optional(|r| r.get::<Option<String>>("offer"))
            .await?;
        let Some(offer) = updated else {
            tx.rollback().await?;
            return Ok(Err(Stale));
        };
        // The action goes into the log, and the opponent's draw offer lapses
        // (acting declines it; a finished game keeps none), in as few
        // statements as each backend allows.
        let lapsed: i64 = match tx.backend() {
            // The only writer: the offer the update read still stands, so
            // the delete runs only where one does.
            Backend::Sqlite => {
                log_in(&mut tx, c, LOG).execute().await?;
                if offer.is_some() {
                    let deleted = tx
                        .sql("DELETE FROM draw_offers WHERE game_id = $1 AND (side != $2 OR $3)")
                        .bind(c.game)
                        .bind(color_text(c.side))
                        .bind(c.finish.is_some())
                        .execute()
                        .await?;
                    i64::try_from(deleted).unwrap_or(i64::MAX)
                } else {
                    0
                }
            }
            // One statement (a DELETE in a WITH, which SQLite lacks). It
            // reads the offers as they stand when it starts, after the
            // update holds the game's row: an offer made while the update
            // waited on that row is seen here, where the update's own read
            // (as of its start) missed it.
            Backend::Postgres => log_in(&mut tx, c, LOG_AND_LAPSE)
                .bind(c.finish.is_some())
                .scalar()
                .await?
                .unwrap_or(0),
        };
        if c.finish.is_some() {
            super::ratings::rate_in(&mut tx, c.game, c.at).await?;
        }
        // The position a draft was made in is gone.
        if c.drafted {
            delete_draft_in(&mut tx, c.game).await?;
        }
        tx.commit().await?;
        Ok(Ok(Committed {
            offer_lapsed: lapsed > 0 && c.finish.is_none(),
        }))
    }
}

/// `sql` ([`LOG`] or [`LOG_AND_LAPSE`]) with the action's six columns bound.
fn log_in<'t>(tx: &'t mut Tx, c: &ActionCommit<'_>, sql: &'static str) -> Sql<'t> {
    tx.sql(sql)
        .bind(c.game)
        .bind(c.ply)
        .bind(c.text.to_owned())
        .bind(color_text(c.side))
        .bind(c.actor.clone())
        .bind(c.at)
}
