//! Moving a server's whole history to another database: `chronomate
//! migrate-db --from sqlite://chronomate.db --to postgres://...`.
//!
//! The store copies every table into an empty target in one transaction
//! and checks each table's count there ([`Store::copy_into`]); then every
//! game on the target is replayed from its action log by the rules, and
//! the replay must agree with the game's row and cached snapshot. The
//! bot must be stopped while it runs (it reads the source in one snapshot;
//! what changes after that is not copied).

use chronomate_model::GameId;
use chronomate_rules::Game;

use crate::config::redact_url as redact;
use chronomate_store::{CopyError, Store, StoreError, TableCount};

/// Why a migration stopped.
#[derive(Debug, thiserror::Error)]
pub enum MigrateError {
    /// Nothing was written: the target holds a history already, or is the
    /// source itself.
    #[error("{0}")]
    Refused(String),
    /// Reading the source or writing the target failed.
    #[error("{0}")]
    Store(#[from] StoreError),
    /// The copy's counts disagreed; the target was left empty.
    #[error("{0}")]
    Copy(CopyError),
    /// A game on the target does not replay to what its row says.
    #[error("game #{game} does not replay on the target: {detail}")]
    Replay {
        /// Which game.
        game: GameId,
        /// What went wrong replaying it.
        detail: String,
    },
}

impl From<CopyError> for MigrateError {
    fn from(e: CopyError) -> MigrateError {
        match e {
            CopyError::NotEmpty { .. } => MigrateError::Refused(e.to_string()),
            CopyError::Store(s) => MigrateError::Store(s),
            other => MigrateError::Copy(other),
        }
    }
}

/// What a migration did: each table's counts, and the games replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Migrated {
    /// Each table's rows, read and written.
    pub tables: Vec<TableCount>,
    /// How many games replayed on the target as their rows say.
    pub games: usize,
}

impl Migrated {
    /// The lines `chronomate migrate-db` prints (a stable contract, see
    /// docs/cli.md): one per table, `TABLE: READ read, WRITTEN on the target`,
    /// then `ok: N games replayed`.
    pub fn lines(&self) -> Vec<String> {
        let mut lines: Vec<String> = self
            .tables
            .iter()
            .map(|t| format!("{}: {} read, {} on the target", t.table, t.read, t.written))
            .collect();
        lines.push(format!("ok: {} games replayed", self.games));
        lines
    }
}

/// Copies the whole history at `from` into the empty database at `to`,
/// then replays every game there.
pub async fn migrate_database(from: &str, to: &str) -> Result<Migrated, MigrateError> {
    if from.trim() == to.trim() {
        return Err(MigrateError::Refused(format!(
            "--from and --to are the same database ({})",
            redact(from)
        )));
    }
    let source = Store::open_existing(from).await?;
    let target = Store::open(to).await?;
    let copied = source.copy_into(&target).await;
    source.close().await;
    let tables = match copied {
        Ok(tables) => tables,
        Err(e) => {
            target.close().await;
            return Err(e.into());
        }
    };
    let replayed = replay_all(&target).await;
    target.close().await;
    Ok(Migrated {
        tables,
        games: replayed?,
    })
}

/// Replays every game of `store` from its log; how many there were.
pub async fn replay_all(store: &Store) -> Result<usize, MigrateError> {
    let ids = store.game_ids().await?;
    for &id in &ids {
        replay_one(store, id).await?;
    }
    Ok(ids.len())
}

/// One game: its log is numbered 1..n without gaps, replays by the rules
/// from its variant, options and seed, and agrees with its row (ply) and
/// its cached snapshot (the same record).
async fn replay_one(store: &Store, id: GameId) -> Result<(), MigrateError> {
    let fail = |detail: String| MigrateError::Replay { game: id, detail };
    let row = store
        .game(id)
        .await?
        .ok_or_else(|| fail("the game is gone".into()))?;
    let log = store.log(id).await?;
    for (i, a) in log.iter().enumerate() {
        if a.ply != i as i64 + 1 {
            return Err(fail(format!("the log skips from ply {i} to {}", a.ply)));
        }
    }
    let game = Game::replay(row.options.clone(), row.seed, log.iter().map(|a| &a.text))
        .map_err(|e| fail(format!("the log does not replay: {e}")))?;
    if row.ply != log.len() as i64 {
        return Err(fail(format!(
            "the row says {} actions, the log has {}",
            row.ply,
            log.len()
        )));
    }
    let cached: Game = serde_json::from_str(&row.snapshot)
        .map_err(|e| fail(format!("the cached snapshot does not read: {e}")))?;
    if cached.record() != game.record() {
        return Err(fail("the cached snapshot differs from the replay".into()));
    }
    Ok(())
}
