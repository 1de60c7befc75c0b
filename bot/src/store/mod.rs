//! Durable state: sqlx over SQLite.
//!
//! A game is stored as its append-only action log (the source of truth) plus
//! a cached snapshot (serde JSON of the rules' `Game`) and the columns the
//! host queries (status, whose move, deadline). Every write is one
//! `BEGIN IMMEDIATE` transaction; an action is written together with its
//! game row, guarded by an optimistic check on the ply, so two racing
//! actions on one game cannot both apply and a crash never leaves half an
//! action behind. The database runs in WAL mode with `synchronous = FULL`:
//! once a commit returns, the action survives a crash or power loss.
//!
//! Direction: the store imports the rules (colours) and the domain's
//! vocabulary ([`crate::model`]: statuses, formats, ratings, [`Millis`]),
//! maps each row to typed values where it is read, and never imports the
//! host.
//!
//! Queries are runtime queries with binds (no `query!` macros): a fresh clone
//! builds with no database present. Migrations in `migrations/` are embedded
//! and applied at open.

mod challenges;
mod engine;
mod games;
mod ratings;
mod settings;
mod tournaments;

use std::str::FromStr;
use std::time::Duration;

use crate::model::Millis;
use chronomate_rules::Color;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};

pub use challenges::{ChallengeRow, NewChallenge};
pub use games::{ActionCommit, Committed, DrawOffer, Finish, GameRow, LoggedAction, NewGame};
pub use ratings::{RatingChange, RatingRow};
pub use settings::GuildSettings;
pub use tournaments::{NewBoard, NewTournament, PairingRow, TournamentPlayer, TournamentRow};

/// The embedded migrations (`migrations/` at the workspace root).
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations");

/// How long a writer waits for another writer's lock before failing.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// A storage failure (not a refusal: the caller did nothing wrong).
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot read the database address {url:?}: {source}")]
    Url { url: String, source: sqlx::Error },
    #[error("cannot open the database: {0}")]
    Open(sqlx::Error),
    #[error("cannot bring the database schema up to date: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("database error: {0}")]
    Sql(#[from] sqlx::Error),
    #[error("game #{game} is damaged in the database: {detail}")]
    Corrupt { game: i64, detail: String },
}

/// A write that lost a race: the row was not in the state the caller saw
/// (the game moved on, the challenge was answered). Nothing was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stale;

/// The database: a small pool of SQLite connections.
#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
}

impl Store {
    /// Opens (creating if missing) the database at `url`, such as
    /// `sqlite://chronomate.db`, and applies the migrations.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::from_str(url).map_err(|source| StoreError::Url {
            url: url.to_owned(),
            source,
        })?;
        Store::open_with(options).await
    }

    /// Opens (creating if missing) the database file at `path`.
    pub async fn open_path(path: impl AsRef<std::path::Path>) -> Result<Store, StoreError> {
        Store::open_with(SqliteConnectOptions::new().filename(path)).await
    }

    async fn open_with(options: SqliteConnectOptions) -> Result<Store, StoreError> {
        let options = options
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(BUSY_TIMEOUT);
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options)
            .await
            .map_err(StoreError::Open)?;
        MIGRATOR.run(&pool).await?;
        Ok(Store { pool })
    }

    /// Closes every connection (checkpointing the WAL where possible).
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// A write transaction that takes the write lock at once (a deferred one
    /// that upgrades later would fail with SQLITE_BUSY, ignoring the busy
    /// timeout).
    async fn write(&self) -> Result<sqlx::Transaction<'static, sqlx::Sqlite>, StoreError> {
        Ok(self.pool.begin_with("BEGIN IMMEDIATE").await?)
    }
}

/// Ends a write whose guarding statement changed `done` rows: commits it,
/// or, when nothing matched (the state it was checked against is gone),
/// rolls it back and reports [`Stale`].
async fn settle(
    tx: sqlx::Transaction<'static, sqlx::Sqlite>,
    done: u64,
) -> Result<Result<(), Stale>, StoreError> {
    if done == 0 {
        tx.rollback().await?;
        return Ok(Err(Stale));
    }
    tx.commit().await?;
    Ok(Ok(()))
}

/// `white` / `black` as stored.
pub(crate) fn color_text(c: Color) -> &'static str {
    c.name()
}

pub(crate) fn parse_color(game: i64, text: &str) -> Result<Color, StoreError> {
    text.parse().map_err(|_| StoreError::Corrupt {
        game,
        detail: format!("unknown side {text:?}"),
    })
}

/// Creates or renames a player inside a write transaction.
async fn upsert_player(
    tx: &mut sqlx::SqliteConnection,
    key: &str,
    name: &str,
    at: Millis,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO players (key, name, created_at, updated_at) VALUES (?1, ?2, ?3, ?3)
         ON CONFLICT (key) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at
         WHERE name != excluded.name",
    )
    .bind(key)
    .bind(name)
    .bind(at)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

impl Store {
    /// Records a player's current display name.
    pub async fn touch_player(&self, key: &str, name: &str, at: Millis) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        upsert_player(&mut tx, key, name, at).await?;
        tx.commit().await?;
        Ok(())
    }

    /// A player's display name, if known.
    pub async fn player_name(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT name FROM players WHERE key = ?1")
                .bind(key)
                .fetch_optional(&self.pool)
                .await?,
        )
    }
}

/// The tables [`Store::dump`] writes, in order.
const TABLES: [&str; 11] = [
    "players",
    "guild_settings",
    "games",
    "actions",
    "challenges",
    "draw_offers",
    "ratings",
    "rating_changes",
    "tournaments",
    "tournament_players",
    "tournament_pairings",
];

impl Store {
    /// Every row of every table as text, in a stable order: for support and
    /// for tests that check a refusal changed nothing.
    pub async fn dump(&self) -> Result<String, StoreError> {
        use sqlx::{Column, Row};
        let mut out = String::new();
        for table in TABLES {
            let sql = match table {
                "players" => "SELECT * FROM players ORDER BY 1",
                "guild_settings" => "SELECT * FROM guild_settings ORDER BY 1",
                "games" => "SELECT * FROM games ORDER BY 1",
                "actions" => "SELECT * FROM actions ORDER BY 1, 2",
                "challenges" => "SELECT * FROM challenges ORDER BY 1",
                "ratings" => "SELECT * FROM ratings ORDER BY 1, 2, 3",
                "rating_changes" => "SELECT * FROM rating_changes ORDER BY 1, 2, 3",
                "tournaments" => "SELECT * FROM tournaments ORDER BY 1",
                "tournament_players" => "SELECT * FROM tournament_players ORDER BY 1, 2",
                "tournament_pairings" => "SELECT * FROM tournament_pairings ORDER BY 1, 2, 3",
                _ => "SELECT * FROM draw_offers ORDER BY 1",
            };
            out.push_str(table);
            out.push('\n');
            for row in sqlx::query(sql).fetch_all(&self.pool).await? {
                let cells: Vec<String> = (0..row.columns().len())
                    .map(|i| {
                        let v: Option<String> = row.try_get_unchecked(i).unwrap_or(None);
                        format!(
                            "{}={}",
                            row.columns()[i].name(),
                            v.as_deref().unwrap_or("NULL")
                        )
                    })
                    .collect();
                out.push_str(&cells.join(" | "));
                out.push('\n');
            }
        }
        Ok(out)
    }
}

impl Store {
    /// SQLite's own check of the file: `ok`, or what is wrong.
    pub async fn integrity_check(&self) -> Result<String, StoreError> {
        let lines: Vec<String> = sqlx::query_scalar("PRAGMA integrity_check")
            .fetch_all(&self.pool)
            .await?;
        Ok(lines.join("\n"))
    }
}
