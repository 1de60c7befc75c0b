//! The schema's migrations, embedded (`migrations/sqlite/` and
//! `migrations/postgres/`, listed by `build.rs`), and the migrators that
//! apply them at open.
//!
//! Each migration is what `sqlx::migrate!` would embed: its version and
//! description from its file name, its SQL, and the SHA-384 of that SQL as
//! its checksum (sqlx records the checksum of every applied migration, and
//! refuses a database whose applied migrations changed). Without the macro,
//! sqlx's macros, and with them sqlx and its drivers built a second time
//! for the compiler, are not needed.

use std::borrow::Cow;

use sqlx::SqlSafeStr;
use sqlx::migrate::{Migration, MigrationType, Migrator};

include!(concat!(env!("OUT_DIR"), "/migrations.rs"));

/// The migrator of `files` ((version, description, SQL) each).
fn migrator(files: &'static [(i64, &'static str, &'static str)]) -> Migrator {
    Migrator::with_migrations(
        files
            .iter()
            .map(|&(version, description, sql)| {
                Migration::new(
                    version,
                    Cow::Borrowed(description),
                    MigrationType::Simple,
                    sql.into_sql_str(),
                    sql.starts_with("-- no-transaction"),
                )
            })
            .collect(),
    )
}

/// The SQLite migrations (`migrations/sqlite/`). Their files moved there
/// from `migrations/` unchanged: sqlx records each applied migration by
/// version and checksum of its content, so existing databases still match.
pub(crate) fn sqlite() -> Migrator {
    migrator(SQLITE)
}

/// The PostgreSQL migrations (`migrations/postgres/`): the same schema,
/// version by version, in PostgreSQL's types.
pub(crate) fn postgres() -> Migrator {
    migrator(POSTGRES)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    /// What sqlx's own reader (the one `migrate!` runs) makes of a folder,
    /// and what is embedded, agree migration by migration.
    async fn same_as_sqlx(folder: &str, embedded: Migrator) {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../migrations")
            .join(folder);
        let read = Migrator::new(dir.as_path()).await.unwrap();
        let shown = |m: &Migrator| -> Vec<_> {
            m.iter()
                .map(|x| {
                    (
                        x.version,
                        x.description.to_string(),
                        x.migration_type,
                        x.checksum.to_vec(),
                        x.no_tx,
                        x.sql.as_str().to_owned(),
                    )
                })
                .collect()
        };
        assert!(!read.migrations.is_empty(), "{folder}");
        assert_eq!(shown(&embedded), shown(&read), "{folder}");
    }

    #[tokio::test]
    async fn embedded_migrations_are_what_sqlx_reads() {
        same_as_sqlx("sqlite", sqlite()).await;
        same_as_sqlx("postgres", postgres()).await;
    }
}
