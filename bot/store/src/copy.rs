//! A whole history, table by table: for [`Store::dump`] and for moving a
//! server from one database to another ([`Store::copy_into`], behind
//! `chronomate migrate-db`).
//!
//! The tables and their columns are listed here, in an order where every
//! row's references come before it; `bot/host/tests/it/store_backends.rs`
//! checks the list against both schemas, so a column added by a migration
//! and forgotten here fails a test rather than a migration. `job_claims`,
//! `outbox`, `guild_warnings`, `shard_heartbeats`, `processes`,
//! `web_links` and `web_tokens` are left out: claims, announcements not
//! yet delivered, warnings told, heartbeats, the processes alive and the
//! web page's links and keys (made anew where they are next asked for)
//! are the work and state of the
//! processes of one database, which are stopped before their history
//! moves (a move whose post was still in the outbox is seen with `/board`,
//! and its player is still reminded).

use sqlx::AssertSqlSafe;

use super::db::{Pool, Row, Sql, Tx};
use super::{Backend, Store, StoreError};

/// How a column is read and written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Int,
    Real,
    Text,
}

use Kind::{Int, Real, Text};

/// A table of the history: its name, its columns, its key (the order rows
/// are read in) and whether its `id` comes from a sequence.
pub(crate) struct Table {
    pub name: &'static str,
    pub columns: &'static [(&'static str, Kind)],
    pub key: &'static str,
    pub identity: bool,
}

/// Every table of the history, references first.
pub(crate) const TABLES: [Table; 12] = [
    Table {
        name: "players",
        columns: &[
            ("key", Text),
            ("name", Text),
            ("created_at", Int),
            ("updated_at", Int),
        ],
        key: "key",
        identity: false,
    },
    Table {
        name: "guild_settings",
        columns: &[
            ("guild", Text),
            ("default_days", Int),
            ("reminder_hours", Int),
            ("updated_at", Int),
            ("updated_by", Text),
        ],
        key: "guild",
        identity: false,
    },
    Table {
        name: "games",
        columns: &[
            ("id", Int),
            ("variant", Text),
            ("options", Text),
            ("seed", Int),
            ("white", Text),
            ("black", Text),
            ("days", Int),
            ("reminder_hours", Int),
            ("status", Text),
            ("result", Text),
            ("reason", Text),
            ("ply", Int),
            ("to_move", Text),
            ("deadline", Int),
            ("remind_at", Int),
            ("reminder_sent", Int),
            ("snapshot", Text),
            ("guild", Text),
            ("channel", Text),
            ("thread", Text),
            ("created_at", Int),
            ("updated_at", Int),
            ("finished_at", Int),
            ("engine_side", Text),
        ],
        key: "id",
        identity: true,
    },
    Table {
        name: "actions",
        columns: &[
            ("game_id", Int),
            ("ply", Int),
            ("text", Text),
            ("side", Text),
            ("actor", Text),
            ("at", Int),
        ],
        key: "game_id, ply",
        identity: false,
    },
    Table {
        name: "drafts",
        columns: &[
            ("game_id", Int),
            ("seq", Int),
            ("ply", Int),
            ("player", Text),
            ("text", Text),
            ("at", Int),
        ],
        key: "game_id, seq",
        identity: false,
    },
    Table {
        name: "challenges",
        columns: &[
            ("id", Int),
            ("challenger", Text),
            ("challenged", Text),
            ("variant", Text),
            ("options", Text),
            ("colour", Text),
            ("days", Int),
            ("status", Text),
            ("game_id", Int),
            ("guild", Text),
            ("channel", Text),
            ("thread", Text),
            ("created_at", Int),
            ("closed_at", Int),
            ("closed_by", Text),
        ],
        key: "id",
        identity: true,
    },
    Table {
        name: "draw_offers",
        columns: &[("game_id", Int), ("side", Text), ("ply", Int), ("at", Int)],
        key: "game_id",
        identity: false,
    },
    Table {
        name: "ratings",
        columns: &[
            ("player", Text),
            ("variant", Text),
            ("scope", Text),
            ("rating", Real),
            ("deviation", Real),
            ("volatility", Real),
            ("games", Int),
            ("wins", Int),
            ("draws", Int),
            ("losses", Int),
            ("updated_at", Int),
        ],
        key: "player, variant, scope",
        identity: false,
    },
    Table {
        name: "rating_changes",
        columns: &[
            ("game_id", Int),
            ("player", Text),
            ("scope", Text),
            ("variant", Text),
            ("before_rating", Real),
            ("before_deviation", Real),
            ("before_volatility", Real),
            ("after_rating", Real),
            ("after_deviation", Real),
            ("after_volatility", Real),
            ("at", Int),
        ],
        key: "game_id, player, scope",
        identity: false,
    },
    Table {
        name: "tournaments",
        columns: &[
            ("id", Int),
            ("guild", Text),
            ("channel", Text),
            ("thread", Text),
            ("name", Text),
            ("variant", Text),
            ("options", Text),
            ("format", Text),
            ("rounds", Int),
            ("days", Int),
            ("max_players", Int),
            ("starts_at", Int),
            ("organiser", Text),
            ("status", Text),
            ("round", Int),
            ("note", Text),
            ("created_at", Int),
            ("started_at", Int),
            ("finished_at", Int),
        ],
        key: "id",
        identity: true,
    },
    Table {
        name: "tournament_players",
        columns: &[
            ("tournament_id", Int),
            ("player", Text),
            ("seed", Int),
            ("joined_at", Int),
            ("withdrawn_at", Int),
        ],
        key: "tournament_id, player",
        identity: false,
    },
    Table {
        name: "tournament_pairings",
        columns: &[
            ("tournament_id", Int),
            ("round", Int),
            ("board", Int),
            ("white", Text),
            ("black", Text),
            ("game_id", Int),
            ("result", Text),
        ],
        key: "tournament_id, round, board",
        identity: false,
    },
];

/// One cell, as both backends read and write it.
#[derive(Clone, Debug, PartialEq)]
enum Cell {
    Int(Option<i64>),
    Real(Option<f64>),
    Text(Option<String>),
}

impl Cell {
    fn read(row: &Row, name: &str, kind: Kind) -> Result<Cell, StoreError> {
        Ok(match kind {
            Int => Cell::Int(row.get(name)?),
            Real => Cell::Real(row.get(name)?),
            Text => Cell::Text(row.get(name)?),
        })
    }

    fn bind(self, sql: Sql<'_>) -> Sql<'_> {
        match self {
            Cell::Int(v) => sql.bind(v),
            Cell::Real(v) => sql.bind(v),
            Cell::Text(v) => sql.bind(v),
        }
    }

    fn text(&self) -> String {
        match self {
            Cell::Int(Some(v)) => v.to_string(),
            Cell::Real(Some(v)) => v.to_string(),
            Cell::Text(Some(v)) => v.clone(),
            _ => "NULL".to_owned(),
        }
    }
}

impl Table {
    fn column_list(&self) -> String {
        let names: Vec<&str> = self.columns.iter().map(|(n, _)| *n).collect();
        names.join(", ")
    }

    /// `SELECT columns FROM table ORDER BY key`.
    fn select(&self) -> String {
        format!(
            "SELECT {} FROM {} ORDER BY {}",
            self.column_list(),
            self.name,
            self.key
        )
    }

    /// `INSERT INTO table (columns) VALUES ($1, ...)`.
    fn insert(&self) -> String {
        let binds: Vec<String> = (1..=self.columns.len()).map(|i| format!("${i}")).collect();
        format!(
            "INSERT INTO {} ({}) VALUES ({})",
            self.name,
            self.column_list(),
            binds.join(", ")
        )
    }

    fn read(&self, row: &Row) -> Result<Vec<Cell>, StoreError> {
        self.columns
            .iter()
            .map(|(name, kind)| Cell::read(row, name, *kind))
            .collect()
    }
}

/// SQL built from the table list above (never from input): names of
/// tables and columns cannot be binds.
fn listed(sql: String) -> AssertSqlSafe<String> {
    AssertSqlSafe(sql)
}

/// Every row of every table as `column=value | ...` lines under the
/// table's name, in key order.
pub(super) async fn dump(pool: &Pool) -> Result<String, StoreError> {
    let mut out = String::new();
    for table in &TABLES {
        out.push_str(table.name);
        out.push('\n');
        for row in pool.sql(listed(table.select())).fetch_all().await? {
            let cells = table.read(&row)?;
            let line: Vec<String> = table
                .columns
                .iter()
                .zip(&cells)
                .map(|((name, _), cell)| format!("{name}={}", cell.text()))
                .collect();
            out.push_str(&line.join(" | "));
            out.push('\n');
        }
    }
    Ok(out)
}

/// The rows of one table on both sides of a copy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableCount {
    /// The table's name.
    pub table: &'static str,
    /// Rows read from the source.
    pub read: u64,
    /// Rows on the target after the copy.
    pub written: u64,
}

/// Why a copy did not happen.
#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    /// The target holds a history already: nothing was written.
    #[error(
        "the target is not empty ({table}: {rows} rows); migrate-db copies into an empty database only"
    )]
    NotEmpty {
        /// The first table found with rows.
        table: &'static str,
        /// How many.
        rows: u64,
    },
    /// The copy's counts disagree: the target's transaction was rolled
    /// back, so the target is as it was.
    #[error("{table}: {read} rows read but {written} on the target; nothing was kept")]
    Count {
        /// The table whose counts disagree.
        table: &'static str,
        /// Rows read from the source.
        read: u64,
        /// Rows on the target.
        written: u64,
    },
    /// Reading the source or writing the target failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl Store {
    /// Rows in each table of the history.
    pub(crate) async fn table_counts(&self) -> Result<Vec<(&'static str, u64)>, StoreError> {
        let mut out = Vec::new();
        for table in &TABLES {
            let n: i64 = self
                .pool
                .sql(listed(format!("SELECT COUNT(*) FROM {}", table.name)))
                .scalar()
                .await?
                .unwrap_or(0);
            out.push((table.name, n.max(0) as u64));
        }
        Ok(out)
    }

    /// Copies this database's whole history into `target`, which must be
    /// empty (migrated, with no rows). The source is read in one snapshot;
    /// the target is written in one transaction, committed only when every
    /// table's count on the target equals what was read, so a failed copy
    /// leaves the target empty. On PostgreSQL the id sequences are moved
    /// past the copied ids.
    pub async fn copy_into(&self, target: &Store) -> Result<Vec<TableCount>, CopyError> {
        for (table, rows) in target.table_counts().await? {
            if rows > 0 {
                return Err(CopyError::NotEmpty { table, rows });
            }
        }
        let mut read = self.pool.read_snapshot().await?;
        let mut write = target.write().await?;
        let mut counts = Vec::new();
        for table in &TABLES {
            let rows = read.sql(listed(table.select())).fetch_all().await?;
            let insert = table.insert();
            for row in &rows {
                let mut q = write.sql(listed(insert.clone()));
                for cell in table.read(row)? {
                    q = cell.bind(q);
                }
                q.execute().await?;
            }
            let on_target: i64 = write
                .sql(listed(format!("SELECT COUNT(*) FROM {}", table.name)))
                .scalar()
                .await?
                .unwrap_or(0);
            let count = TableCount {
                table: table.name,
                read: rows.len() as u64,
                written: on_target.max(0) as u64,
            };
            if count.read != count.written {
                write.rollback().await?;
                return Err(CopyError::Count {
                    table: count.table,
                    read: count.read,
                    written: count.written,
                });
            }
            if table.identity && write.backend() == Backend::Postgres {
                restart_identity(&mut write, table.name).await?;
            }
            counts.push(count);
        }
        write.commit().await?;
        read.rollback().await?;
        Ok(counts)
    }
}

/// PostgreSQL: the next id of `table` comes after the largest copied one.
async fn restart_identity(tx: &mut Tx, table: &str) -> Result<(), StoreError> {
    tx.sql(listed(format!(
        "SELECT setval(pg_get_serial_sequence('{table}', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM {table}"
    )))
    .execute()
    .await?;
    Ok(())
}
