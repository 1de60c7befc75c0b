//! Games and their action log.

use chronomate_rules::{Color, Options, Variant};

use super::db::{Lock, Row, Tx};
use super::{
    Stale, Store, StoreError, color_text, damaged, parse_color, read_days, read_key, read_result,
    read_variant, settle,
};
use chronomate_model::{
    DaysPerMove, EndReason, GameId, GameResult, GameStatus, PlayerKey, Timestamp,
};

/// A game as stored. `snapshot` is empty in listings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// Its id, given by the database.
    pub id: GameId,
    /// The variant it is played in.
    pub variant: Variant,
    /// The variant's options chosen for it (`branches:31`), checked
    /// against the variant when read.
    pub options: Options,
    /// The seed of its chance (the variants that draw lots), fixed at
    /// the start so that replaying the log gives the same game.
    pub seed: u64,
    /// Who plays white.
    pub white: PlayerKey,
    /// White's display name, as last seen.
    pub white_name: String,
    /// Who plays black.
    pub black: PlayerKey,
    /// Black's display name, as last seen.
    pub black_name: String,
    /// Days per move: each action renews the deadline by this much.
    pub days: DaysPerMove,
    /// The side to move is reminded once when this many hours are left
    /// (0: never).
    pub reminder_hours: i64,
    /// Whether it goes on.
    pub status: GameStatus,
    /// Its score once finished.
    pub result: Option<GameResult>,
    /// Why it ended, once over.
    pub reason: Option<EndReason>,
    /// Actions applied to the snapshot (and, normally, in the log).
    pub ply: i64,
    /// The side to act; `None` once over.
    pub to_move: Option<Color>,
    /// When the side to move loses on time (live games only).
    pub deadline: Option<Timestamp>,
    /// From when the side to move is reminded; `None`: no reminder.
    pub remind_at: Option<Timestamp>,
    /// Whether this move's reminder went out.
    pub reminder_sent: bool,
    /// The rules' game after `ply` actions (serde JSON): a cache of the
    /// log's replay.
    pub snapshot: String,
    /// The highest ply in the action log, read with the row.
    pub log_ply: i64,
    /// The server it is played on; `None` in direct messages.
    pub guild: Option<String>,
    /// The channel it began in.
    pub channel: Option<String>,
    /// Where its posts go: the thread opened for it, or the channel
    /// itself when no thread could be opened.
    pub thread: Option<String>,
    /// When it began.
    pub created_at: Timestamp,
    /// When its row last changed.
    pub updated_at: Timestamp,
    /// When it ended.
    pub finished_at: Option<Timestamp>,
}

impl GameRow {
    /// The side `player` plays, if any.
    pub fn side_of(&self, player: &PlayerKey) -> Option<Color> {
        if self.white == *player {
            Some(Color::White)
        } else if self.black == *player {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The player key of a side.
    pub fn player(&self, side: Color) -> &PlayerKey {
        side.fold(&self.white, &self.black)
    }

    /// The display name of a side.
    pub fn name(&self, side: Color) -> &str {
        side.fold(&self.white_name, &self.black_name)
    }

    fn from_row(row: &Row) -> Result<GameRow, StoreError> {
        let id: GameId = row.get("id")?;
        let status: String = row.get("status")?;
        let to_move: Option<String> = row.get("to_move")?;
        let seed: i64 = row.get("seed")?;
        let label = format!("game #{id}");
        let (variant, options) = read_variant(&label, row)?;
        Ok(GameRow {
            id,
            variant,
            options,
            seed: seed as u64,
            white: read_key(&label, row, "white")?,
            white_name: row.get("white_name")?,
            black: read_key(&label, row, "black")?,
            black_name: row.get("black_name")?,
            days: read_days(&label, row, "days")?,
            reminder_hours: row.get("reminder_hours")?,
            status: GameStatus::from_id(&status).ok_or_else(|| {
                damaged(format!("game #{id}"), format!("unknown status {status:?}"))
            })?,
            result: read_result(&label, row, "result")?,
            reason: read_reason(&label, row)?,
            ply: row.get("ply")?,
            to_move: to_move.map(|t| parse_color(id, &t)).transpose()?,
            deadline: row.get("deadline")?,
            remind_at: row.get("remind_at")?,
            reminder_sent: row.get::<i64>("reminder_sent")? != 0,
            snapshot: row.get("snapshot")?,
            log_ply: row.get("log_ply")?,
            guild: row.get("guild")?,
            channel: row.get("channel")?,
            thread: row.get("thread")?,
            created_at: row.get("created_at")?,
            updated_at: row.get("updated_at")?,
            finished_at: row.get("finished_at")?,
        })
    }
}

/// The columns of a [`GameRow`]; `$snapshot` is `g.snapshot` or `''`.
macro_rules! select_game {
    ($snapshot:literal) => {
        concat!(
            "SELECT g.id, g.variant, g.options, g.seed, g.white, w.name AS white_name,
                    g.black, b.name AS black_name, g.days, g.reminder_hours, g.status,
                    g.result, g.reason, g.ply, g.to_move, g.deadline, g.remind_at,
                    g.reminder_sent, ",
            $snapshot,
            " AS snapshot,
                    (SELECT COALESCE(MAX(a.ply), 0) FROM actions a WHERE a.game_id = g.id) AS log_ply,
                    g.guild, g.channel, g.thread, g.created_at, g.updated_at, g.finished_at
             FROM games g
             JOIN players w ON w.key = g.white
             JOIN players b ON b.key = g.black "
        )
    };
}

/// One entry of the action log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedAction {
    /// Its place in the log: 1 for the first action.
    pub ply: i64,
    /// The action in the variant's canonical notation.
    pub text: String,
    /// The side that acted.
    pub side: Color,
    /// Who acted.
    pub actor: PlayerKey,
    /// When.
    pub at: Timestamp,
}

/// A game created from an accepted challenge.
#[derive(Clone, Debug)]
pub struct NewGame<'a> {
    /// The variant's id (`standard`).
    pub variant: &'a str,
    /// The options in their canonical words (`branches:31`), or empty.
    pub options: &'a str,
    /// The seed of its chance.
    pub seed: u64,
    /// Who plays white.
    pub white: &'a PlayerKey,
    /// Who plays black.
    pub black: &'a PlayerKey,
    /// Days per move.
    pub days: DaysPerMove,
    /// Hours before the deadline a reminder goes out (0: never).
    pub reminder_hours: i64,
    /// The game before any action (serde JSON).
    pub snapshot: &'a str,
    /// The side to act first.
    pub to_move: Color,
    /// When the first move is due.
    pub deadline: Timestamp,
    /// When its first reminder is due, if any.
    pub remind_at: Option<Timestamp>,
    /// The server, if any.
    pub guild: Option<&'a str>,
    /// The channel it begins in.
    pub channel: Option<&'a str>,
    /// The thread its posts go to, when one is open already.
    pub thread: Option<&'a str>,
}

/// How a game ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finish {
    /// [`GameStatus::Finished`] or [`GameStatus::Aborted`].
    pub status: GameStatus,
    /// The score, for a finished game.
    pub result: Option<GameResult>,
    /// Why.
    pub reason: EndReason,
}

/// The `reason` column, read strictly: words no ending writes make the row
/// `row` damaged.
fn read_reason(row: &str, r: &Row) -> Result<Option<EndReason>, StoreError> {
    let text: Option<String> = r.get("reason")?;
    text.map(|t| {
        EndReason::from_words(&t).ok_or_else(|| damaged(row, format!("unknown reason {t:?}")))
    })
    .transpose()
}

impl Store {
    /// A game with its snapshot.
    pub async fn game(&self, id: GameId) -> Result<Option<GameRow>, StoreError> {
        self.pool
            .sql(concat!(select_game!("g.snapshot"), "WHERE g.id = $1"))
            .bind(id)
            .read_optional(GameRow::from_row)
            .await
    }

    /// A game's moment, without its snapshot or log: its ply and status
    /// (what a live page asks four times a second).
    pub async fn game_moment(&self, id: GameId) -> Result<Option<(i64, GameStatus)>, StoreError> {
        let row = self
            .pool
            .sql("SELECT ply, status FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional()
            .await?;
        row.map(|r| {
            let status: String = r.get("status")?;
            let status = GameStatus::from_id(&status).ok_or_else(|| {
                damaged(format!("game #{id}"), format!("unknown status {status:?}"))
            })?;
            Ok((r.get("ply")?, status))
        })
        .transpose()
    }

    /// A game without its snapshot (`snapshot` is empty): its players,
    /// place, ply and turn, for what needs no state of the rules.
    ///
    /// # Errors
    /// The database cannot be read, or the row is damaged.
    pub async fn game_row(&self, id: GameId) -> Result<Option<GameRow>, StoreError> {
        self.pool
            .sql(concat!(select_game!("''"), "WHERE g.id = $1"))
            .bind(id)
            .read_optional(GameRow::from_row)
            .await
    }

    /// The games `player` plays in (without snapshots), most recently active
    /// first: live games, then up to `finished` ended ones.
    pub async fn games_of(
        &self,
        player: &PlayerKey,
        finished: i64,
    ) -> Result<Vec<GameRow>, StoreError> {
        let mut games = self
            .pool
            .sql(concat!(
                select_game!("''"),
                "WHERE (g.white = $1 OR g.black = $1) AND g.status = 'live'
             UNION ALL SELECT * FROM (",
                select_game!("''"),
                "WHERE (g.white = $1 OR g.black = $1) AND g.status != 'live'
             ORDER BY g.updated_at DESC, g.id DESC LIMIT $2) AS ended"
            ))
            .bind(player)
            .bind(finished)
            .read_all(GameRow::from_row)
            .await?;
        games.sort_by_key(|g| {
            (
                g.status != GameStatus::Live,
                std::cmp::Reverse((g.updated_at, g.id)),
            )
        });
        Ok(games)
    }

    /// The latest game played in a thread.
    pub async fn game_in_thread(&self, thread: &str) -> Result<Option<GameId>, StoreError> {
        self.pool
            .sql(
                "SELECT id FROM games WHERE thread = $1
                 ORDER BY (status = 'live') DESC, id DESC LIMIT 1",
            )
            .bind(thread)
            .scalar()
            .await
    }

    /// Records the thread a transport opened for a game.
    pub async fn bind_thread(
        &self,
        game: GameId,
        thread: &str,
        at: Timestamp,
    ) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        let done = tx
            .sql("UPDATE games SET thread = $2, updated_at = $3 WHERE id = $1")
            .bind(game)
            .bind(thread)
            .bind(at)
            .execute()
            .await?;
        tx.commit().await?;
        Ok(done == 1)
    }

    /// The live games played in `place` (a thread, or a channel).
    pub async fn live_games_in(&self, place: &str) -> Result<Vec<GameId>, StoreError> {
        self.pool
            .sql("SELECT id FROM games WHERE status = 'live' AND thread = $1 ORDER BY id")
            .bind(place)
            .scalars()
            .await
    }

    /// Forgets `place` (a thread or channel that is gone, or archived and
    /// locked) as the place of the live games played there, so their next
    /// post opens a new thread: the games it was the place of.
    pub async fn forget_place(
        &self,
        place: &str,
        at: Timestamp,
    ) -> Result<Vec<GameId>, StoreError> {
        let mut tx = self.write().await?;
        let games: Vec<GameId> = tx
            .sql(
                "UPDATE games SET thread = NULL, updated_at = $2
                 WHERE status = 'live' AND thread = $1 RETURNING id",
            )
            .bind(place)
            .bind(at)
            .fetch_all()
            .await?
            .iter()
            .map(|r| r.get("id"))
            .collect::<Result<_, _>>()?;
        tx.commit().await?;
        Ok(games)
    }

    /// The action log of a game, in order.
    pub async fn log(&self, game: GameId) -> Result<Vec<LoggedAction>, StoreError> {
        self.pool
            .sql("SELECT ply, text, side, actor, at FROM actions WHERE game_id = $1 ORDER BY ply")
            .bind(game)
            .read_all(|r| {
                let side: String = r.get("side")?;
                Ok(LoggedAction {
                    ply: r.get("ply")?,
                    text: r.get("text")?,
                    side: parse_color(game, &side)?,
                    actor: read_key(&format!("game #{game}"), r, "actor")?,
                    at: r.get("at")?,
                })
            })
            .await
    }

    /// Which sides have acted at least once: (white, black).
    pub async fn sides_moved(&self, game: GameId) -> Result<(bool, bool), StoreError> {
        let sides: Vec<String> = self
            .pool
            .sql("SELECT DISTINCT side FROM actions WHERE game_id = $1")
            .bind(game)
            .scalars()
            .await?;
        Ok((
            sides.iter().any(|s| s == "white"),
            sides.iter().any(|s| s == "black"),
        ))
    }

    /// Replaces a stale cached snapshot by one rebuilt from the log, if the
    /// log still has `ply` actions.
    pub async fn repair_snapshot(
        &self,
        game: GameId,
        ply: i64,
        snapshot: &str,
        at: Timestamp,
    ) -> Result<Result<(), Stale>, StoreError> {
        let mut tx = self.write().await?;
        tx.lock(Lock::Game(game)).await?;
        let done = tx
            .sql(
                "UPDATE games SET snapshot = $3, ply = $2, updated_at = $4
             WHERE id = $1
               AND (SELECT COALESCE(MAX(ply), 0) FROM actions WHERE game_id = $1) = $2",
            )
            .bind(game)
            .bind(ply)
            .bind(snapshot)
            .bind(at)
            .execute()
            .await?;
        settle(tx, done).await
    }

    /// Ends a live game (resignation, time, abort); with `ply`, only if it
    /// is still there.
    pub async fn finish_game(
        &self,
        game: GameId,
        ply: Option<i64>,
        finish: &Finish,
        at: Timestamp,
    ) -> Result<Result<(), Stale>, StoreError> {
        let mut tx = self.write().await?;
        let done = finish_in(&mut tx, game, ply, finish, at).await?;
        if !done {
            tx.rollback().await?;
            return Ok(Err(Stale));
        }
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// Live games whose deadline has passed or whose reminder is due.
    pub async fn due_games(&self, now: Timestamp) -> Result<Vec<GameRow>, StoreError> {
        self.pool
            .sql(concat!(
                select_game!("''"),
                "WHERE g.status = 'live'
               AND (g.deadline <= $1 OR (g.reminder_sent = 0 AND g.remind_at <= $1))
             ORDER BY g.deadline, g.id"
            ))
            .bind(now)
            .read_all(GameRow::from_row)
            .await
    }

    /// Every game id, for consistency checks.
    pub async fn game_ids(&self) -> Result<Vec<GameId>, StoreError> {
        self.pool
            .sql("SELECT id FROM games ORDER BY id")
            .scalars()
            .await
    }
}

/// Ends a live game inside a transaction; with `ply`, only if still there.
pub(super) async fn finish_in(
    tx: &mut Tx,
    game: GameId,
    ply: Option<i64>,
    finish: &Finish,
    at: Timestamp,
) -> Result<bool, StoreError> {
    let done = tx.sql(
        "UPDATE games SET status = $3, result = $4, reason = $5, to_move = NULL, deadline = NULL,
                remind_at = NULL, finished_at = $6, updated_at = $6
         WHERE id = $1 AND status = 'live' AND ($2 IS NULL OR ply = $2)",
    )
    .bind(game)
    .bind(ply)
    .bind(finish.status.as_str())
    .bind(finish.result.map(GameResult::as_str))
    .bind(finish.reason.words())
    .bind(at)
    .execute()
    .await?;
    if done == 1 {
        tx.sql("DELETE FROM draw_offers WHERE game_id = $1")
            .bind(game)
            .execute()
            .await?;
        delete_draft_in(tx, game).await?;
        super::ratings::rate_in(tx, game, at).await?;
    }
    Ok(done == 1)
}

/// Deletes a game's draft: the game moved on (or ended).
pub(super) async fn delete_draft_in(tx: &mut Tx, game: GameId) -> Result<(), StoreError> {
    tx.sql("DELETE FROM drafts WHERE game_id = $1")
        .bind(game)
        .execute()
        .await?;
    Ok(())
}

/// The side Chronomate plays in a new game, if it plays one (a transport's
/// key is never an engine key, so at most one side is).
fn engine_side(g: &NewGame<'_>) -> Option<Color> {
    if g.white.is_chronomate() {
        Some(Color::White)
    } else if g.black.is_chronomate() {
        Some(Color::Black)
    } else {
        None
    }
}

pub(super) async fn insert_game(
    tx: &mut Tx,
    g: &NewGame<'_>,
    at: Timestamp,
) -> Result<GameId, StoreError> {
    let id = tx
        .sql(
            "INSERT INTO games (variant, options, seed, white, black, days, reminder_hours, status,
                            ply, to_move, deadline, remind_at, snapshot, guild, channel, thread,
                            created_at, updated_at, engine_side)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'live', 0, $8, $9, $10, $11, $12, $13, $14, $15, $15,
                 $16)
         RETURNING id",
        )
        .bind(g.variant)
        .bind(g.options)
        .bind(g.seed as i64)
        .bind(g.white)
        .bind(g.black)
        .bind(g.days.get())
        .bind(g.reminder_hours)
        .bind(color_text(g.to_move))
        .bind(g.deadline)
        .bind(g.remind_at)
        .bind(g.snapshot)
        .bind(g.guild)
        .bind(g.channel)
        .bind(g.thread)
        .bind(at)
        .bind(engine_side(g).map(color_text))
        .fetch_one()
        .await?
        .get("id")?;
    tx.created_game = Some(id);
    Ok(id)
}
