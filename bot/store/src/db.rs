//! The two backends behind one store: SQLite (one process, the default)
//! and PostgreSQL (several processes on one server).
//!
//! Every query is written once, with `$1`-style placeholders, which both
//! drivers read (sqlx's SQLite driver binds `$N` by number). A query is
//! built on what it runs on, a pool ([`Pool::sql`]) or a write transaction
//! ([`Tx::sql`]), so its backend is fixed when it is written and the
//! native sqlx query underneath is bound and run directly: no value is
//! converted or copied on the way, and SQLite runs exactly as it did
//! alone. Rows ([`Row`]) are read by column name into any type both
//! drivers decode, so each row is mapped to typed values once, in the
//! table's module.
//!
//! Where the SQL itself differs, the difference is named here and nowhere
//! else: how a write transaction begins (SQLite: `BEGIN IMMEDIATE`, the
//! one writer; PostgreSQL: `BEGIN`, read committed) and the row locks a
//! PostgreSQL transaction takes before it checks what it will change
//! ([`Tx::lock`], [`Tx::lock_players`]),
//! which SQLite needs not: its writers never overlap. One write runs as
//! fewer statements where PostgreSQL allows: an action's log line and the
//! draw offer it lapses (`actions.rs`: a DELETE in a WITH, which SQLite
//! lacks).

use sqlx::postgres::{PgArguments, PgConnection, PgPool, PgRow};
use sqlx::query::Query;
use sqlx::sqlite::{SqliteArguments, SqliteConnection, SqlitePool, SqliteRow};
use sqlx::{Decode, Encode, Postgres, SqlSafeStr, Sqlite, Type};

use super::StoreError;
use super::announcements::Stream;
use chronomate_model::{ChallengeId, GameId, PlayerKey, TournamentId};

/// Which database a store runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Backend {
    /// SQLite: one process, the default.
    Sqlite,
    /// PostgreSQL: several processes on one server.
    Postgres,
}

impl Backend {
    /// `sqlite` or `postgres`.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        }
    }
}

/// A pool of connections to one of the backends.
#[derive(Clone, Debug)]
pub(crate) enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// A transaction's connection on one of the backends.
pub(crate) enum Conn {
    Sqlite(sqlx::Transaction<'static, Sqlite>),
    Postgres(sqlx::Transaction<'static, Postgres>),
}

/// A write transaction, and the announcements it commits with it
/// ([`super::outbox`]): a write that changes what it set out to change
/// commits them; one that finds its state gone rolls back without them.
pub(crate) struct Tx {
    conn: Conn,
    /// Announcements to insert when this transaction commits.
    pub(crate) announce: Option<std::sync::Arc<super::announcements::Pending>>,
    /// The game this transaction created, if any (an announcement's
    /// stream may name it before it exists).
    pub(crate) created_game: Option<GameId>,
    /// The challenge this transaction created, if any.
    pub(crate) created_challenge: Option<ChallengeId>,
}

/// A row [`Tx::lock`] locks.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Lock {
    Game(GameId),
    Challenge(ChallengeId),
    Tournament(TournamentId),
}

/// A value both drivers can bind.
pub(crate) trait Param<'t>:
    Encode<'t, Sqlite> + Type<Sqlite> + Encode<'t, Postgres> + Type<Postgres>
{
}

impl<'t, T> Param<'t> for T where
    T: Encode<'t, Sqlite> + Type<Sqlite> + Encode<'t, Postgres> + Type<Postgres>
{
}

/// A column type both drivers can read.
pub(crate) trait Value:
    for<'r> Decode<'r, Sqlite> + Type<Sqlite> + for<'r> Decode<'r, Postgres> + Type<Postgres>
{
}

impl<T> Value for T where
    T: for<'r> Decode<'r, Sqlite> + Type<Sqlite> + for<'r> Decode<'r, Postgres> + Type<Postgres>
{
}

type SqliteQuery = Query<'static, Sqlite, SqliteArguments>;
type PgQuery = Query<'static, Postgres, PgArguments>;

/// Where a statement runs.
pub(crate) enum On<'a, P, C> {
    Pool(&'a P),
    Conn(&'a mut C),
}

/// A statement with its binds, bound to what it runs on.
#[must_use = "a statement does nothing until it is run"]
pub(crate) enum Sql<'a> {
    Sqlite(On<'a, SqlitePool, SqliteConnection>, SqliteQuery),
    Postgres(On<'a, PgPool, PgConnection>, PgQuery),
}

/// Runs `$query.$method($executor)` on whichever backend `$sql` holds.
macro_rules! run {
    ($sql:expr, |$q:ident, $e:ident| $body:expr) => {
        match $sql {
            Sql::Sqlite(On::Pool(p), $q) => {
                let $e = p;
                $body.map(Fetched::Sqlite)
            }
            Sql::Sqlite(On::Conn(c), $q) => {
                let $e = &mut *c;
                $body.map(Fetched::Sqlite)
            }
            Sql::Postgres(On::Pool(p), $q) => {
                let $e = p;
                $body.map(Fetched::Postgres)
            }
            Sql::Postgres(On::Conn(c), $q) => {
                let $e = &mut *c;
                $body.map(Fetched::Postgres)
            }
        }
    };
}

/// What a statement returned, before it is made backend-neutral.
enum Fetched<S, P> {
    Sqlite(S),
    Postgres(P),
}

impl Sql<'_> {
    /// Adds the next bind (`$1`, `$2`, ... in order).
    pub(crate) fn bind<'t, T: Param<'t>>(self, value: T) -> Self {
        match self {
            Sql::Sqlite(on, q) => Sql::Sqlite(on, q.bind(value)),
            Sql::Postgres(on, q) => Sql::Postgres(on, q.bind(value)),
        }
    }

    /// Runs it; the number of rows it changed.
    pub(crate) async fn execute(self) -> Result<u64, StoreError> {
        let done = run!(self, |q, e| q.execute(e).await)?;
        Ok(match done {
            Fetched::Sqlite(r) => r.rows_affected(),
            Fetched::Postgres(r) => r.rows_affected(),
        })
    }

    /// Runs it; its first row, if any.
    pub(crate) async fn fetch_optional(self) -> Result<Option<Row>, StoreError> {
        let row = run!(self, |q, e| q.fetch_optional(e).await)?;
        Ok(match row {
            Fetched::Sqlite(r) => r.map(Row::Sqlite),
            Fetched::Postgres(r) => r.map(Row::Postgres),
        })
    }

    /// Runs it; its one row (an error if there is none).
    pub(crate) async fn fetch_one(self) -> Result<Row, StoreError> {
        let row = run!(self, |q, e| q.fetch_one(e).await)?;
        Ok(match row {
            Fetched::Sqlite(r) => Row::Sqlite(r),
            Fetched::Postgres(r) => Row::Postgres(r),
        })
    }

    /// Runs it; every row.
    pub(crate) async fn fetch_all(self) -> Result<Vec<Row>, StoreError> {
        let rows = run!(self, |q, e| q.fetch_all(e).await)?;
        Ok(match rows {
            Fetched::Sqlite(r) => r.into_iter().map(Row::Sqlite).collect(),
            Fetched::Postgres(r) => r.into_iter().map(Row::Postgres).collect(),
        })
    }

    /// Runs it; its first row as `read` maps it, if any.
    pub(crate) async fn read_optional<T>(
        self,
        read: impl Fn(&Row) -> Result<T, StoreError>,
    ) -> Result<Option<T>, StoreError> {
        self.fetch_optional().await?.as_ref().map(read).transpose()
    }

    /// Runs it; every row as `read` maps it.
    pub(crate) async fn read_all<T>(
        self,
        read: impl Fn(&Row) -> Result<T, StoreError>,
    ) -> Result<Vec<T>, StoreError> {
        self.fetch_all().await?.iter().map(read).collect()
    }

    /// Runs it; the first column of its first row, if any.
    pub(crate) async fn scalar<T: Value>(self) -> Result<Option<T>, StoreError> {
        self.read_optional(|r| r.at(0)).await
    }

    /// Runs it; the first column of every row.
    pub(crate) async fn scalars<T: Value>(self) -> Result<Vec<T>, StoreError> {
        self.read_all(|r| r.at(0)).await
    }
}

/// A row from either backend, read by column.
pub(crate) enum Row {
    Sqlite(SqliteRow),
    Postgres(PgRow),
}

impl Row {
    /// The column `name`.
    pub(crate) fn get<T: Value>(&self, name: &str) -> Result<T, StoreError> {
        use sqlx::Row as _;
        Ok(match self {
            Row::Sqlite(r) => r.try_get(name)?,
            Row::Postgres(r) => r.try_get(name)?,
        })
    }

    /// The column at `index` (0-based).
    pub(crate) fn at<T: Value>(&self, index: usize) -> Result<T, StoreError> {
        use sqlx::Row as _;
        Ok(match self {
            Row::Sqlite(r) => r.try_get(index)?,
            Row::Postgres(r) => r.try_get(index)?,
        })
    }
}

impl Pool {
    pub(crate) fn backend(&self) -> Backend {
        match self {
            Pool::Sqlite(_) => Backend::Sqlite,
            Pool::Postgres(_) => Backend::Postgres,
        }
    }

    /// A statement that runs on a connection from the pool (reads, and
    /// writes of one statement outside a transaction).
    pub(crate) fn sql(&self, sql: impl SqlSafeStr) -> Sql<'_> {
        match self {
            Pool::Sqlite(p) => Sql::Sqlite(On::Pool(p), sqlx::query(sql)),
            Pool::Postgres(p) => Sql::Postgres(On::Pool(p), sqlx::query(sql)),
        }
    }

    /// A write transaction. SQLite takes the write lock at once (a deferred
    /// one that upgrades later would fail with SQLITE_BUSY, ignoring the
    /// busy timeout); PostgreSQL begins at read committed, and each write
    /// locks the rows it checks first.
    pub(crate) async fn write(&self) -> Result<Tx, StoreError> {
        Ok(Tx::new(match self {
            Pool::Sqlite(p) => Conn::Sqlite(p.begin_with("BEGIN IMMEDIATE").await?),
            Pool::Postgres(p) => Conn::Postgres(p.begin().await?),
        }))
    }

    /// A read-only transaction that sees one moment of the database
    /// (SQLite: a deferred transaction's snapshot in WAL mode; PostgreSQL:
    /// repeatable read). Rolled back when done.
    pub(crate) async fn read_snapshot(&self) -> Result<Tx, StoreError> {
        Ok(Tx::new(match self {
            Pool::Sqlite(p) => Conn::Sqlite(p.begin().await?),
            Pool::Postgres(p) => Conn::Postgres(
                p.begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                    .await?,
            ),
        }))
    }

    pub(crate) async fn close(&self) {
        match self {
            Pool::Sqlite(p) => p.close().await,
            Pool::Postgres(p) => p.close().await,
        }
    }
}

impl Tx {
    fn new(conn: Conn) -> Tx {
        Tx {
            conn,
            announce: None,
            created_game: None,
            created_challenge: None,
        }
    }

    pub(crate) fn backend(&self) -> Backend {
        match self.conn {
            Conn::Sqlite(_) => Backend::Sqlite,
            Conn::Postgres(_) => Backend::Postgres,
        }
    }

    /// A statement inside this transaction.
    pub(crate) fn sql(&mut self, sql: impl SqlSafeStr) -> Sql<'_> {
        match &mut self.conn {
            Conn::Sqlite(t) => Sql::Sqlite(On::Conn(&mut **t), sqlx::query(sql)),
            Conn::Postgres(t) => Sql::Postgres(On::Conn(&mut **t), sqlx::query(sql)),
        }
    }

    /// A statement only PostgreSQL runs (a lock SQLite needs not).
    fn pg(&mut self, sql: &'static str) -> Option<Sql<'_>> {
        match &mut self.conn {
            Conn::Sqlite(_) => None,
            Conn::Postgres(t) => Some(Sql::Postgres(On::Conn(&mut **t), sqlx::query(sql))),
        }
    }

    /// Commits, with the announcements this transaction carries.
    pub(crate) async fn commit(mut self) -> Result<(), StoreError> {
        let ids = match self.announce.take() {
            Some(pending) => Some((insert_pending(&mut self, &pending).await?, pending)),
            None => None,
        };
        match self.conn {
            Conn::Sqlite(t) => t.commit().await?,
            Conn::Postgres(t) => t.commit().await?,
        }
        if let Some((ids, pending)) = ids {
            pending.committed(ids);
        }
        Ok(())
    }

    pub(crate) async fn rollback(self) -> Result<(), StoreError> {
        match self.conn {
            Conn::Sqlite(t) => t.rollback().await?,
            Conn::Postgres(t) => t.rollback().await?,
        }
        Ok(())
    }

    /// PostgreSQL: locks a row until the end of the transaction, so what
    /// is checked against it next (a game's ply and status, a draw offer, a
    /// challenge's status, a tournament's status and entry count) cannot
    /// change underneath, and every write takes its locks in one order (the
    /// row first). SQLite: nothing (one writer).
    pub(crate) async fn lock(&mut self, row: Lock) -> Result<(), StoreError> {
        let (sql, id) = match row {
            Lock::Game(id) => ("SELECT id FROM games WHERE id = $1 FOR UPDATE", id.0),
            Lock::Challenge(id) => ("SELECT id FROM challenges WHERE id = $1 FOR UPDATE", id.0),
            Lock::Tournament(id) => ("SELECT id FROM tournaments WHERE id = $1 FOR UPDATE", id.0),
        };
        if let Some(q) = self.pg(sql) {
            q.bind(id).execute().await?;
        }
        Ok(())
    }

    /// PostgreSQL: serializes rating changes of these players (a rating is
    /// read, then written back changed) with transaction-scoped advisory
    /// locks, taken in one order so two games ending at once cannot
    /// deadlock. SQLite: nothing.
    pub(crate) async fn lock_players(&mut self, players: &[&PlayerKey]) -> Result<(), StoreError> {
        if self.backend() == Backend::Sqlite {
            return Ok(());
        }
        let mut keys: Vec<String> = players.iter().map(|k| k.to_string()).collect();
        keys.sort_unstable();
        keys.dedup();
        for key in keys {
            if let Some(q) = self.pg("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))") {
                q.bind(key).execute().await?;
            }
        }
        Ok(())
    }
}

/// Inserts the rows a transaction carries, before it commits.
async fn insert_pending(
    tx: &mut Tx,
    pending: &super::announcements::Pending,
) -> Result<Vec<(super::announcements::AnnouncementId, bool)>, StoreError> {
    let rows = pending
        .rows
        .lock()
        .map(|mut r| std::mem::take(&mut *r))
        .unwrap_or_default();
    let mut ids = Vec::with_capacity(rows.len());
    for row in rows {
        let (stream, game) = match &row.stream {
            Stream::Game(g) => (format!("game:{g}"), Some(*g)),
            Stream::NewGame => match tx.created_game {
                Some(g) => (format!("game:{g}"), Some(g)),
                None => continue,
            },
            Stream::Challenge(c) => (format!("challenge:{c}"), None),
            Stream::NewChallenge => match tx.created_challenge {
                Some(c) => (format!("challenge:{c}"), None),
                None => continue,
            },
            Stream::Tournament(t) => (format!("tournament:{t}"), None),
            Stream::Guild(g) => (format!("guild:{g}"), None),
        };
        let (holder, until, answer) = match &row.hold {
            Some(h) => (Some(h.holder.as_str()), h.until, h.answer.as_deref()),
            None => (None, chronomate_model::Timestamp::EPOCH, None),
        };
        let id: i64 = tx
            .sql(
                "INSERT INTO outbox (stream, game_id, shard_key, body, nonce, answer, holder, until, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
            )
            .bind(stream)
            .bind(game)
            .bind(row.guild.as_deref().and_then(super::announcements::shard_key))
            .bind(&row.body)
            .bind(row.nonce)
            .bind(answer)
            .bind(holder)
            .bind(until)
            .bind(row.at)
            .fetch_one()
            .await?
            .get("id")?;
        ids.push((super::announcements::AnnouncementId(id), row.hold.is_some()));
    }
    Ok(ids)
}
