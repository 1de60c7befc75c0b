//! Which processes are alive (table `processes`), so that the rows a dead
//! process held in the outbox are taken up at once rather than when their
//! hold lapses.
//!
//! A process that serves (`chronomate serve`, the console) registers
//! ([`Store::register_process`]) and holds a lock for as long as it runs,
//! which its operating system or its database server lets go the moment
//! it dies, `kill -9` included:
//!
//! - on SQLite, an exclusive lock on a file of its own beside the
//!   database (`bot.db-processes/INSTANCE.lock`): every process that can
//!   open the database can try the same file;
//! - on PostgreSQL, a session advisory lock on a connection of its own:
//!   the server drops it when that connection closes.
//!
//! A holder is dead when it registered and its lock can be had: never on
//! a guess from time (a process waiting on a slow Discord keeps its lock).
//! A holder that never registered (an older build, a tool) is unknown and
//! its rows wait for their hold to lapse, as before.

use std::hash::{BuildHasher, Hasher};
use std::path::{Path, PathBuf};

use sqlx::Connection;
use sqlx::postgres::PgConnection;

use super::db::Pool;
use super::{Store, StoreError};
use chronomate_model::Timestamp;

/// The first key of every advisory lock that marks a process alive
/// ("CHMT"): the second is the process's own ([`Liveness`]).
const ADVISORY_CLASS: i32 = 0x4348_4D54;

/// Whether a process is alive, as far as the store can tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alive {
    /// It registered and still holds its lock.
    Yes,
    /// It registered and its lock is free: it is gone.
    No,
    /// It never registered here (an older build, a tool, an in-memory
    /// database): only its holds' ends tell.
    Unknown,
}

/// A registered process's proof of life: dropped (or the process gone),
/// its lock is free and the others may take up its rows.
#[derive(Debug)]
pub struct Liveness {
    instance: String,
    serving: String,
    lock: ProcessLock,
}

#[derive(Debug)]
enum ProcessLock {
    /// The locked file, and its path (removed when the process ends
    /// cleanly).
    File(std::fs::File, PathBuf),
    /// The connection holding the advisory lock.
    Postgres(PgConnection),
    /// No lock other processes could try (an in-memory database).
    None,
}

/// Rows held by one process: how many, and until when at the latest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeldRows {
    /// The process (`PID-RANDOM`).
    pub holder: String,
    /// How many outbox rows it holds.
    pub rows: i64,
    /// The latest of their holds' ends.
    pub until: Timestamp,
    /// Whether it is alive.
    pub alive: Alive,
}

impl Liveness {
    /// The process it proves alive.
    pub fn instance(&self) -> &str {
        &self.instance
    }

    /// What it serves, in words (`every shard`, `shards 0-1 of 4`).
    pub fn serving(&self) -> &str {
        &self.serving
    }
}

/// Where the lock files of the SQLite database at `database` live: a
/// folder beside it; `None` for an in-memory database.
fn lock_dir(database: &Path) -> Option<PathBuf> {
    let name = database.to_str()?;
    if name.is_empty() || name.starts_with("file:") || name == ":memory:" {
        return None;
    }
    Some(PathBuf::from(format!("{name}-processes")))
}

/// The lock file of `instance` in `dir`; `None` for a name that could
/// leave the folder (instances are `PID-RANDOM`: digits, letters, `-`).
fn lock_file(dir: &Path, instance: &str) -> Option<PathBuf> {
    let plain = !instance.is_empty()
        && instance
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    plain.then(|| dir.join(format!("{instance}.lock")))
}

/// Whether the lock in `path` is free (its process gone); `None` where
/// there is no such file.
fn file_lock_free(path: &Path) -> Result<Option<bool>, std::io::Error> {
    let file = match std::fs::OpenOptions::new().write(true).open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    match file.try_lock() {
        Ok(()) => {
            // Taken only to look: let go at once (and when `file` drops).
            file.unlock()?;
            Ok(Some(true))
        }
        Err(std::fs::TryLockError::WouldBlock) => Ok(Some(false)),
        Err(std::fs::TryLockError::Error(e)) => Err(e),
    }
}

fn io_error(what: &str, path: &Path, e: std::io::Error) -> StoreError {
    StoreError::Sql(sqlx::Error::Io(std::io::Error::new(
        e.kind(),
        format!("{what} {}: {e}", path.display()),
    )))
}

impl Store {
    /// Registers this process as `instance` (its name in holds and claims)
    /// at `now`, serving `shards` (words for `chronomate status`), and
    /// takes the lock that proves it alive for as long as the returned
    /// [`Liveness`] lives.
    ///
    /// # Errors
    /// The lock cannot be taken or recorded (a file beside a SQLite
    /// database that cannot be written, a PostgreSQL connection refused).
    pub async fn register_process(
        &self,
        instance: &str,
        now: Timestamp,
        shards: &str,
    ) -> Result<Liveness, StoreError> {
        let key = i64::from(
            (std::collections::hash_map::RandomState::new()
                .build_hasher()
                .finish()
                & 0x7fff_ffff) as i32,
        );
        // The lock first, the row after: a row whose lock is free is a
        // dead process's, never one still starting.
        let lock = match &self.pool {
            Pool::Sqlite(p) => match lock_dir(p.connect_options().get_filename()) {
                Some(dir) => {
                    std::fs::create_dir_all(&dir).map_err(|e| io_error("cannot make", &dir, e))?;
                    let path = lock_file(&dir, instance).ok_or_else(|| {
                        super::damaged(format!("process {instance:?}"), "not a plain name")
                    })?;
                    let file = std::fs::OpenOptions::new()
                        .create(true)
                        .truncate(false)
                        .write(true)
                        .open(&path)
                        .map_err(|e| io_error("cannot open", &path, e))?;
                    file.lock().map_err(|e| io_error("cannot lock", &path, e))?;
                    ProcessLock::File(file, path)
                }
                None => ProcessLock::None,
            },
            Pool::Postgres(p) => {
                let mut conn = PgConnection::connect_with(&p.connect_options()).await?;
                sqlx::query("SELECT pg_advisory_lock($1, $2)")
                    .bind(ADVISORY_CLASS)
                    .bind(key as i32)
                    .execute(&mut conn)
                    .await?;
                ProcessLock::Postgres(conn)
            }
        };
        let mut tx = self.pool.write().await?;
        tx.sql(
            "INSERT INTO processes (instance, lock_key, started_at, shards) VALUES ($1, $2, $3, $4)
             ON CONFLICT (instance) DO UPDATE SET lock_key = $2, started_at = $3, shards = $4",
        )
        .bind(instance)
        .bind(key)
        .bind(now)
        .bind(shards)
        .execute()
        .await?;
        tx.commit().await?;
        Ok(Liveness {
            instance: instance.to_owned(),
            serving: shards.to_owned(),
            lock,
        })
    }

    /// Ends `liveness` cleanly: its row and its lock go (what a process
    /// does as it exits; a process that dies leaves them for
    /// [`Store::release_dead_holders`]).
    ///
    /// # Errors
    /// The row cannot be deleted (the lock is let go all the same).
    pub async fn unregister_process(&self, liveness: Liveness) -> Result<(), StoreError> {
        let deleted = self.forget_process(&liveness.instance).await;
        match liveness.lock {
            ProcessLock::File(file, path) => {
                drop(file);
                // Another process may be looking at it this moment: it
                // finds the row gone, and the file is only a leftover.
                let _ = std::fs::remove_file(path);
            }
            ProcessLock::Postgres(conn) => {
                let _ = conn.close().await;
            }
            ProcessLock::None => {}
        }
        deleted
    }

    async fn forget_process(&self, instance: &str) -> Result<(), StoreError> {
        let mut tx = self.pool.write().await?;
        tx.sql("DELETE FROM processes WHERE instance = $1")
            .bind(instance)
            .execute()
            .await?;
        tx.commit().await
    }

    /// The processes registered, alive or not yet found dead.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn registered_processes(&self) -> Result<Vec<String>, StoreError> {
        self.pool
            .sql("SELECT instance FROM processes ORDER BY instance")
            .scalars()
            .await
    }

    /// Whether process `instance` is alive ([`Alive`]).
    ///
    /// # Errors
    /// The database or a lock file cannot be read.
    pub async fn process_alive(&self, instance: &str) -> Result<Alive, StoreError> {
        let key: Option<i64> = self
            .pool
            .sql("SELECT lock_key FROM processes WHERE instance = $1")
            .bind(instance)
            .scalar()
            .await?;
        match key {
            Some(key) => self.lock_alive(instance, key).await,
            None => Ok(Alive::Unknown),
        }
    }

    /// Whether registered process `instance`, whose advisory lock's key is
    /// `key`, still holds its lock.
    async fn lock_alive(&self, instance: &str, key: i64) -> Result<Alive, StoreError> {
        match &self.pool {
            Pool::Sqlite(p) => {
                let Some(dir) = lock_dir(p.connect_options().get_filename()) else {
                    return Ok(Alive::Unknown);
                };
                let Some(path) = lock_file(&dir, instance) else {
                    return Ok(Alive::Unknown);
                };
                Ok(
                    match file_lock_free(&path).map_err(|e| io_error("cannot try", &path, e))? {
                        Some(false) => Alive::Yes,
                        // Registered, and no lock or a free one: gone (a
                        // process registers only once its lock is held).
                        Some(true) | None => Alive::No,
                    },
                )
            }
            Pool::Postgres(_) => {
                let held: Option<i64> = self
                    .pool
                    .sql(
                        "SELECT 1::bigint FROM pg_locks
                         WHERE locktype = 'advisory' AND granted AND objsubid = 2
                           AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
                           AND classid::bigint = $1 AND objid::bigint = $2
                         LIMIT 1",
                    )
                    .bind(i64::from(ADVISORY_CLASS))
                    .bind(key)
                    .scalar()
                    .await?;
                Ok(if held.is_some() {
                    Alive::Yes
                } else {
                    Alive::No
                })
            }
        }
    }

    /// The outbox's rows held at `now` (their hold not over), by holder,
    /// each holder with whether it is alive.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn held_rows(&self, now: Timestamp) -> Result<Vec<HeldRows>, StoreError> {
        let rows = self
            .pool
            .sql(
                "SELECT holder, COUNT(*) AS n, MAX(until) AS last FROM outbox
                 WHERE holder IS NOT NULL AND until > $1
                 GROUP BY holder ORDER BY holder",
            )
            .bind(now)
            .fetch_all()
            .await?;
        let mut out = Vec::with_capacity(rows.len());
        for r in rows {
            let holder: String = r.get("holder")?;
            let alive = self.process_alive(&holder).await?;
            out.push(HeldRows {
                holder,
                rows: r.get("n")?,
                until: r.get("last")?,
                alive,
            });
        }
        Ok(out)
    }

    /// Frees at once, for whichever live process finds them first, the
    /// outbox rows held at `now` by processes found dead, and forgets those
    /// processes (their rows and lock files: a crash loop leaves no trail);
    /// `me` is never one. Each freed row belongs to no shard from then on
    /// (its own shard's process may be the dead one), and keeps its place
    /// in its stream and the interaction that was answering with it (if
    /// that answer landed, it counts as delivered). The dead processes
    /// that held rows, for the log.
    ///
    /// # Errors
    /// The database or a lock file cannot be read.
    pub async fn release_dead_holders(
        &self,
        me: &str,
        now: Timestamp,
    ) -> Result<Vec<String>, StoreError> {
        let registered = self
            .pool
            .sql("SELECT instance, lock_key FROM processes WHERE instance <> $1")
            .bind(me)
            .fetch_all()
            .await?;
        let mut dead = Vec::new();
        for r in registered {
            let (instance, key): (String, i64) = (r.get("instance")?, r.get("lock_key")?);
            if self.lock_alive(&instance, key).await? != Alive::No {
                continue;
            }
            let mut tx = self.pool.write().await?;
            let freed = tx
                .sql(
                    "UPDATE outbox SET until = 0, shard_key = NULL
                     WHERE holder = $1 AND until > $2",
                )
                .bind(&instance)
                .bind(now)
                .execute()
                .await?;
            tx.sql("DELETE FROM processes WHERE instance = $1")
                .bind(&instance)
                .execute()
                .await?;
            tx.commit().await?;
            if let Pool::Sqlite(p) = &self.pool
                && let Some(path) = lock_dir(p.connect_options().get_filename())
                    .and_then(|dir| lock_file(&dir, &instance))
            {
                let _ = std::fs::remove_file(path);
            }
            if freed > 0 {
                dead.push(instance);
            }
        }
        Ok(dead)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lock_file_is_named_only_for_a_plain_instance() {
        let dir = Path::new("/tmp/x.db-processes");
        assert_eq!(
            lock_file(dir, "123-0a0b0c0d"),
            Some(dir.join("123-0a0b0c0d.lock"))
        );
        for bad in ["", "../x", "a/b", "a.b", "a b"] {
            assert_eq!(lock_file(dir, bad), None, "{bad:?}");
        }
    }

    #[test]
    fn an_in_memory_database_has_no_lock_folder() {
        assert_eq!(lock_dir(Path::new("file:sqlx-in-memory-3")), None);
        assert_eq!(lock_dir(Path::new(":memory:")), None);
        assert_eq!(
            lock_dir(Path::new("/srv/bot.db")),
            Some(PathBuf::from("/srv/bot.db-processes"))
        );
    }

    #[test]
    fn a_lock_is_free_once_its_file_is_let_go() {
        let dir = std::env::temp_dir().join(format!("chronomate-lock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("p.lock");
        assert_eq!(file_lock_free(&path).unwrap(), None);
        let held = std::fs::File::create(&path).unwrap();
        held.lock().unwrap();
        assert_eq!(file_lock_free(&path).unwrap(), Some(false));
        drop(held);
        assert_eq!(file_lock_free(&path).unwrap(), Some(true));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
