//! Durable state: sqlx over SQLite (the default, one process) or
//! PostgreSQL (several processes on one server, each running a range of
//! gateway shards).
//!
//! A game is stored as its append-only action log (the source of truth) plus
//! a cached snapshot (serde JSON of the rules' `Game`) and the columns the
//! host queries (status, whose move, deadline). Every write is one
//! transaction; an action is written together with its game row, guarded by
//! an optimistic check on the ply, so two racing actions on one game cannot
//! both apply and a crash never leaves half an action behind. SQLite runs in
//! WAL mode with `synchronous = FULL`, PostgreSQL with its defaults
//! (`synchronous_commit = on`): once a commit returns, the action survives a
//! crash or power loss.
//!
//! One store, two backends (`db.rs`): the queries are written once (`$1`
//! placeholders, upserts with `ON CONFLICT`, `RETURNING`), and each row is
//! mapped to typed values once, where its table's module reads it. What
//! differs is how a write begins and the row locks PostgreSQL takes where
//! SQLite's single writer needs none; both live in `db.rs`.
//!
//! Timed jobs are claimed in the database (`jobs.rs`), so with several
//! processes each runs once, and one whose process died is taken up again.
//! What the players must be told is written with the change that causes
//! it, into the outbox (`outbox.rs`), and deleted once delivered.
//!
//! Direction: the store imports the rules (colours, variants and their
//! options) and the domain's vocabulary ([`chronomate_model`]: ids, player
//! keys, times, statuses, formats, ratings), maps each row to typed values
//! where it is read, and never imports the host.
//!
//! Queries are runtime queries with binds (no `query!` macros): a fresh clone
//! builds with no database present. Migrations in `migrations/sqlite/` and
//! `migrations/postgres/` are embedded and applied at open.

#![warn(missing_docs, unreachable_pub)]

mod actions;
mod announcements;
mod challenges;
mod copy;
mod db;
mod drafts;
mod draw_offers;
mod engine;
mod games;
mod jobs;
mod migrations;
mod outbox;
mod processes;
mod ratings;
mod settings;
mod tournaments;
mod url;
mod web;

use std::str::FromStr;
use std::time::Duration;

use chronomate_model::{DaysPerMove, GameId, GameResult, NotAPlayerKey, PlayerKey, Timestamp};
use chronomate_rules::{Color, Options, Variant};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};

pub use actions::{ActionCommit, Committed};
pub use announcements::{
    AnnouncementId, Hold, NewAnnouncement, OutboxRow, OutboxStats, Receipt, ShardFilter, Stream,
    shard_key,
};
pub use challenges::{ChallengeRow, NewChallenge};
pub use copy::{CopyError, TableCount};
pub use db::Backend;
pub use drafts::DraftMove;
pub use draw_offers::DrawOffer;
pub use games::{Finish, GameRow, LoggedAction, NewGame};
pub use jobs::Claim;
pub use outbox::Heartbeat;
pub use processes::{Alive, HeldRows, Liveness};
pub use ratings::{RatingChange, RatingRow};
pub use settings::GuildSettings;
pub use tournaments::{NewBoard, NewTournament, PairingRow, TournamentPlayer, TournamentRow};
use url::is_postgres_url;
pub use url::redact_url;
pub use web::{WebKey, WebTokenKind};

use db::{Pool, Tx};

/// How long a writer waits for another writer's lock before failing.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// Connections per process to PostgreSQL (several processes share one
/// server: its `max_connections`, 100 by default, bounds the sum).
const PG_CONNECTIONS: u32 = 10;

/// A storage failure (not a refusal: the caller did nothing wrong).
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database's address cannot be read.
    #[error("cannot read the database address {url:?}: {source}")]
    Url {
        /// The address, its password hidden.
        url: String,
        /// What sqlx made of it.
        source: sqlx::Error,
    },
    /// The database cannot be reached or opened.
    #[error("cannot open the database: {0}")]
    Open(sqlx::Error),
    /// A migration failed, or the database has one this build lacks.
    #[error("cannot bring the database schema up to date: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// A query failed.
    #[error("database error: {0}")]
    Sql(#[from] sqlx::Error),
    /// A row the store cannot read back: reported here, where it is read,
    /// and nowhere else.
    #[error("{row} is damaged in the database: {detail}")]
    Corrupt {
        /// Which row: `game #7`, `challenge #3`, `tournament #2`.
        row: String,
        /// What is wrong with it.
        detail: String,
    },
}

/// A write that lost a race: the row was not in the state the caller saw
/// (the game moved on, the challenge was answered). Nothing was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stale;

/// The database: a small pool of connections to SQLite or PostgreSQL.
#[derive(Clone, Debug)]
pub struct Store {
    pool: Pool,
    /// Announcements the next write commits ([`Store::announcing`]).
    announce: Option<std::sync::Arc<announcements::Pending>>,
}

impl Store {
    /// Opens the database at `url` and applies the migrations:
    /// `sqlite://chronomate.db` (created if missing) or
    /// `postgres://user:password@host/database` (which must exist).
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        let bad = |source| StoreError::Url {
            url: redact_url(url),
            source,
        };
        if is_postgres_url(url) {
            let options = PgConnectOptions::from_str(url).map_err(bad)?;
            return Store::open_postgres(options).await;
        }
        let options = SqliteConnectOptions::from_str(url).map_err(bad)?;
        Store::open_with(options.create_if_missing(true)).await
    }

    /// Opens a database that must exist already (a SQLite file is not
    /// created), and brings its schema up to date: the source of a copy.
    pub async fn open_existing(url: &str) -> Result<Store, StoreError> {
        if is_postgres_url(url) {
            return Store::open(url).await;
        }
        let options = SqliteConnectOptions::from_str(url).map_err(|source| StoreError::Url {
            url: redact_url(url),
            source,
        })?;
        Store::open_with(options.create_if_missing(false)).await
    }

    /// Opens (creating if missing) the database file at `path`.
    pub async fn open_path(path: impl AsRef<std::path::Path>) -> Result<Store, StoreError> {
        Store::open_with(
            SqliteConnectOptions::new()
                .filename(path)
                .create_if_missing(true),
        )
        .await
    }

    async fn open_with(options: SqliteConnectOptions) -> Result<Store, StoreError> {
        let options = options
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(BUSY_TIMEOUT);
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options)
            .await
            .map_err(StoreError::Open)?;
        migrations::sqlite().run(&pool).await?;
        Ok(Store {
            pool: Pool::Sqlite(pool),
            announce: None,
        })
    }

    async fn open_postgres(options: PgConnectOptions) -> Result<Store, StoreError> {
        let pool = PgPoolOptions::new()
            .max_connections(PG_CONNECTIONS)
            .acquire_timeout(BUSY_TIMEOUT)
            .connect_with(options)
            .await
            .map_err(StoreError::Open)?;
        // Several processes may start at once: sqlx's migrator takes an
        // advisory lock on PostgreSQL, so one applies and the others wait.
        migrations::postgres().run(&pool).await?;
        Ok(Store {
            pool: Pool::Postgres(pool),
            announce: None,
        })
    }

    /// Which database this is.
    pub fn backend(&self) -> Backend {
        self.pool.backend()
    }

    /// Closes every connection (checkpointing SQLite's WAL where possible).
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// A write transaction ([`Pool::write`]), carrying the announcements
    /// of [`Store::announcing`].
    async fn write(&self) -> Result<Tx, StoreError> {
        let mut tx = self.pool.write().await?;
        tx.announce = self.announce.clone();
        Ok(tx)
    }
}

/// Ends a write whose guarding statement changed `done` rows: commits it,
/// or, when nothing matched (the state it was checked against is gone),
/// rolls it back and reports [`Stale`].
async fn settle(tx: Tx, done: u64) -> Result<Result<(), Stale>, StoreError> {
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

pub(crate) fn parse_color(game: GameId, text: &str) -> Result<Color, StoreError> {
    text.parse()
        .map_err(|_| damaged(format!("game #{game}"), format!("unknown side {text:?}")))
}

/// A score column (`games.result`), read strictly: text that is no score
/// makes the row `row` damaged.
pub(crate) fn read_result(
    row: &str,
    r: &db::Row,
    column: &str,
) -> Result<Option<GameResult>, StoreError> {
    let text: Option<String> = r.get(column)?;
    text.map(|t| {
        GameResult::from_id(&t)
            .ok_or_else(|| damaged(row, format!("{column}: unknown result {t:?}")))
    })
    .transpose()
}

/// A damaged row: `row` (`game #7`) and what is wrong with it.
pub(crate) fn damaged(row: impl Into<String>, detail: impl Into<String>) -> StoreError {
    StoreError::Corrupt {
        row: row.into(),
        detail: detail.into(),
    }
}

/// A row's `variant` and `options` columns, read strictly: an unknown
/// variant or options it does not take make the row `row` damaged.
pub(crate) fn read_variant(row: &str, r: &db::Row) -> Result<(Variant, Options), StoreError> {
    let (variant, options): (String, String) = (r.get("variant")?, r.get("options")?);
    let variant: Variant = variant.parse().map_err(|e| damaged(row, format!("{e}")))?;
    let options =
        Options::parse(variant, &options).map_err(|e| damaged(row, format!("options: {e}")))?;
    Ok((variant, options))
}

/// A days-per-move column, read strictly: a number out of bounds makes
/// the row `row` damaged.
pub(crate) fn read_days(row: &str, r: &db::Row, column: &str) -> Result<DaysPerMove, StoreError> {
    let days: i64 = r.get(column)?;
    DaysPerMove::new(days).ok_or_else(|| damaged(row, format!("{column}: {days} days per move")))
}

/// A player-key column, read strictly: text that is no key makes the row
/// `row` damaged.
pub(crate) fn read_key(row: &str, r: &db::Row, column: &str) -> Result<PlayerKey, StoreError> {
    let text: String = r.get(column)?;
    parse_key(row, column, &text)
}

/// A player-key column that may be empty, read strictly.
pub(crate) fn read_key_opt(
    row: &str,
    r: &db::Row,
    column: &str,
) -> Result<Option<PlayerKey>, StoreError> {
    let text: Option<String> = r.get(column)?;
    text.map(|t| parse_key(row, column, &t)).transpose()
}

fn parse_key(row: &str, column: &str, text: &str) -> Result<PlayerKey, StoreError> {
    text.parse()
        .map_err(|e: NotAPlayerKey| damaged(row, format!("{column}: {e}")))
}

/// Creates or renames a player inside a write transaction.
async fn upsert_player(
    tx: &mut Tx,
    key: &PlayerKey,
    name: &str,
    at: Timestamp,
) -> Result<(), StoreError> {
    tx.sql(
        "INSERT INTO players (key, name, created_at, updated_at) VALUES ($1, $2, $3, $3)
         ON CONFLICT (key) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at
         WHERE players.name != excluded.name",
    )
    .bind(key)
    .bind(name)
    .bind(at)
    .execute()
    .await?;
    Ok(())
}

impl Store {
    /// A player's display name, if known.
    pub async fn player_name(&self, key: &PlayerKey) -> Result<Option<String>, StoreError> {
        self.pool
            .sql("SELECT name FROM players WHERE key = $1")
            .bind(key)
            .scalar()
            .await
    }

    /// The tables of the history and their columns, as [`Store::dump`] and
    /// [`Store::copy_into`] read them (references first).
    pub fn history_tables() -> Vec<(&'static str, Vec<&'static str>)> {
        copy::TABLES
            .iter()
            .map(|t| (t.name, t.columns.iter().map(|(c, _)| *c).collect()))
            .collect()
    }

    /// The tables and columns the database has, from its own catalogue
    /// (SQLite's `pragma_table_info`, PostgreSQL's `information_schema`),
    /// sqlx's and SQLite's own tables left out.
    pub async fn schema(&self) -> Result<Vec<(String, Vec<String>)>, StoreError> {
        let tables: Vec<String> = match self.backend() {
            Backend::Sqlite => {
                self.pool
                    .sql(
                        "SELECT name FROM sqlite_master WHERE type = 'table'
                         AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_sqlx_%' ORDER BY name",
                    )
                    .scalars()
                    .await?
            }
            Backend::Postgres => {
                self.pool
                    .sql(
                        "SELECT table_name::text FROM information_schema.tables
                         WHERE table_schema = current_schema() AND table_name NOT LIKE '_sqlx_%'
                         ORDER BY table_name",
                    )
                    .scalars()
                    .await?
            }
        };
        let mut out = Vec::new();
        for table in tables {
            let columns: Vec<String> = match self.backend() {
                Backend::Sqlite => {
                    self.pool
                        .sql("SELECT name FROM pragma_table_info($1) ORDER BY cid")
                        .bind(&table)
                        .scalars()
                        .await?
                }
                Backend::Postgres => {
                    self.pool
                        .sql(
                            "SELECT column_name::text FROM information_schema.columns
                             WHERE table_schema = current_schema() AND table_name = $1
                             ORDER BY ordinal_position",
                        )
                        .bind(&table)
                        .scalars()
                        .await?
                }
            };
            out.push((table, columns));
        }
        Ok(out)
    }

    /// The migrations applied, as sqlx recorded them: (version, checksum
    /// in hex).
    pub async fn applied_migrations(&self) -> Result<Vec<(i64, String)>, StoreError> {
        self.pool
            .sql("SELECT version, checksum FROM _sqlx_migrations ORDER BY version")
            .read_all(|r| {
                let checksum: Vec<u8> = r.get("checksum")?;
                let hex: String = checksum.iter().map(|b| format!("{b:02x}")).collect();
                Ok((r.get("version")?, hex))
            })
            .await
    }

    /// Every row of every table of the history as text, in a stable order:
    /// for support and for tests that check a refusal changed nothing.
    pub async fn dump(&self) -> Result<String, StoreError> {
        copy::dump(&self.pool).await
    }

    /// The database's own check: SQLite's `PRAGMA integrity_check` (`ok`,
    /// or what is wrong); on PostgreSQL, which checks its pages itself,
    /// `ok` once a query runs.
    pub async fn integrity_check(&self) -> Result<String, StoreError> {
        let sql = match self.backend() {
            Backend::Sqlite => "PRAGMA integrity_check",
            Backend::Postgres => "SELECT 'ok'",
        };
        let lines: Vec<String> = self.pool.sql(sql).scalars().await?;
        Ok(lines.join("\n"))
    }
}
