//! What the bot's tests share: a host on a real database, with a clock
//! the test moves (a SQLite file in a temp dir, or a fresh PostgreSQL
//! database, [`pg`]), the players and places they act as, the asserts
//! they repeat ([`replies`]), and a player who hurries a game to its end
//! ([`hurry`]).
//!
//! The host and store suites run on both backends: a test is an `async fn`
//! that opens its world with [`World::new`], and
//! [`on_both_backends!`](crate::on_both_backends) turns it into two tests,
//! `NAME::sqlite` and `NAME::postgres`, each running the same body with
//! [`World::new`] opening that backend.
//!
//! The PostgreSQL half is `#[ignore]`d, so that a machine without
//! PostgreSQL reports it as ignored, never as passed (libtest cannot skip
//! a test once it runs). `.ci/run` runs the suite, then the ignored tests
//! whose names hold `postgres` (`cargo test --workspace --tests --
//! --ignored postgres`) on a throwaway server; by hand, do the same with
//! `TEST_DATABASE_URL` set or `initdb` installed ([`pg`]). An ignored test
//! that is asked for and finds no server fails ([`pg::require`]), and so
//! does `postgresql_is_there_when_ci_is_set` in the host's tests whenever
//! `CI` is set.
//!
//! A dev-dependency only (`publish = false`): the crates' `tests/it`
//! binaries and the host's benchmark link it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly
#![warn(missing_docs, unreachable_pub)]

pub mod hurry;
pub mod pg;
pub mod replies;

use std::path::PathBuf;
use std::sync::Arc;

use chronomate_host::{
    Announcement, Caller, ChallengeTerms, ColourChoice, GameId, Host, HostConfig, HostError,
    ManualClock, Place, Player, PlayerKey, Refusal, Reply, Timestamp,
};
pub use chronomate_store::{Backend, Store};

use chronomate_rules::{Game, Variant};

tokio::task_local! {
    /// The backend the running test's [`World::new`] opens.
    pub static BACKEND: Backend;
}

/// Runs a test body with [`World::new`] opening `backend`.
pub async fn with_backend<F: std::future::Future<Output = ()>>(backend: Backend, body: F) {
    BACKEND.scope(backend, body).await;
}

/// Declares each named `async fn` (which opens its world with
/// [`World::new`]) as a test on SQLite and one on PostgreSQL, the latter
/// ignored unless asked for (the crate's doc says why):
/// `on_both_backends!(a, b)`, or `on_both_backends!(multi_thread: a, b)`
/// for tests that need a multi-thread runtime.
#[macro_export]
macro_rules! on_both_backends {
    (multi_thread: $($name:ident),+ $(,)?) => {
        $(
            mod $name {
                #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
                async fn sqlite() {
                    $crate::with_backend($crate::Backend::Sqlite, super::$name()).await;
                }
                #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
                #[ignore = "needs PostgreSQL: .ci/run runs it (or set TEST_DATABASE_URL, or install initdb, and pass --ignored)"]
                async fn postgres() {
                    $crate::pg::require();
                    $crate::with_backend($crate::Backend::Postgres, super::$name()).await;
                }
            }
        )+
    };
    ($($name:ident),+ $(,)?) => {
        $(
            mod $name {
                #[tokio::test]
                async fn sqlite() {
                    $crate::with_backend($crate::Backend::Sqlite, super::$name()).await;
                }
                #[tokio::test]
                #[ignore = "needs PostgreSQL: .ci/run runs it (or set TEST_DATABASE_URL, or install initdb, and pass --ignored)"]
                async fn postgres() {
                    $crate::pg::require();
                    $crate::with_backend($crate::Backend::Postgres, super::$name()).await;
                }
            }
        )+
    };
}

/// 2023-11-14 22:13:20 UTC.
pub const T0: Timestamp = Timestamp::from_millis(1_700_000_000_000);

/// A host on a fresh database, with a clock the test moves.
pub struct World {
    /// The temporary directory holding the SQLite file (and nothing on
    /// PostgreSQL); removed when the world is dropped.
    pub dir: tempfile::TempDir,
    /// The host's clock, at [`T0`] to start.
    pub clock: Arc<ManualClock>,
    /// The host under test.
    pub host: Host,
    /// The database's URL (`sqlite://...` or `postgres://...`).
    pub url: String,
}

impl World {
    /// A world on the backend the test runs on ([`on_both_backends!`]),
    /// SQLite outside that.
    pub async fn new() -> World {
        let backend = BACKEND.try_with(|b| *b).unwrap_or(Backend::Sqlite);
        World::on(backend).await
    }

    /// A world on `backend`.
    pub async fn on(backend: Backend) -> World {
        let dir = tempfile::tempdir().unwrap();
        let url = match backend {
            Backend::Sqlite => format!("sqlite://{}", dir.path().join("games.db").display()),
            Backend::Postgres => pg::database()
                .await
                .expect("PostgreSQL tests call pg::require() first"),
        };
        let clock = Arc::new(ManualClock::new(T0));
        let host = open_url(&url, clock.clone()).await;
        World {
            dir,
            clock,
            host,
            url,
        }
    }

    /// The database it runs on.
    pub fn backend(&self) -> Backend {
        self.store().backend()
    }

    /// The SQLite file (unused on PostgreSQL).
    pub fn path(&self) -> PathBuf {
        self.dir.path().join("games.db")
    }

    /// Drops the host and opens the same database again, as after a restart.
    pub async fn restart(&mut self) {
        self.host.store().close().await;
        self.host = open_url(&self.url, self.clock.clone()).await;
    }

    /// Runs one statement behind the store's back (to damage a game's row).
    pub async fn raw(&self, sql: &'static str, game: GameId) {
        self.behind_the_back(&[], sql, Some(game)).await;
    }

    /// Runs one statement behind the store's back with the schema's CHECK
    /// constraints out of the way, to write a value the schema refuses (as
    /// a hand-edited or older database could hold). On PostgreSQL the
    /// constraints are dropped for good: the database is the test's own.
    pub async fn raw_unchecked(&self, sql: &'static str, game: GameId) {
        let first: &[&'static str] = match self.backend() {
            Backend::Sqlite => &["PRAGMA ignore_check_constraints = ON"],
            Backend::Postgres => &["DO $$ DECLARE c record; BEGIN
                   FOR c IN SELECT conname, conrelid::regclass AS t FROM pg_constraint
                            WHERE contype = 'c'
                              AND connamespace = current_schema()::regnamespace LOOP
                     EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', c.t, c.conname);
                   END LOOP;
                 END $$"],
        };
        self.behind_the_back(first, sql, Some(game)).await;
    }

    /// Runs one statement without binds behind the store's back.
    pub async fn execute(&self, sql: &'static str) {
        self.behind_the_back(&[], sql, None).await;
    }

    /// Runs `sql` on a connection of its own, `game` bound as `$1` where
    /// given, after the statements `first` (without binds).
    async fn behind_the_back(
        &self,
        first: &[&'static str],
        sql: &'static str,
        game: Option<GameId>,
    ) {
        use sqlx::Connection;
        match self.backend() {
            Backend::Sqlite => {
                let mut conn = sqlx::SqliteConnection::connect(&self.url).await.unwrap();
                for statement in first {
                    sqlx::raw_sql(*statement).execute(&mut conn).await.unwrap();
                }
                let query = sqlx::query(sql);
                let query = match game {
                    Some(g) => query.bind(g.0),
                    None => query,
                };
                query.execute(&mut conn).await.unwrap();
                conn.close().await.unwrap();
            }
            Backend::Postgres => {
                let mut conn = sqlx::PgConnection::connect(&self.url).await.unwrap();
                for statement in first {
                    sqlx::raw_sql(*statement).execute(&mut conn).await.unwrap();
                }
                let query = sqlx::query(sql);
                let query = match game {
                    Some(g) => query.bind(g.0),
                    None => query,
                };
                query.execute(&mut conn).await.unwrap();
                conn.close().await.unwrap();
            }
        }
    }

    /// The host's store, to look behind its back.
    pub fn store(&self) -> &Store {
        self.host.store()
    }

    /// Challenges `black` with `white` playing white, and accepts: the game id.
    pub async fn start(&self, white: &Caller, black: &Caller) -> GameId {
        self.start_with(white, black, ChallengeTerms::new(Variant::Standard))
            .await
    }

    /// Like [`World::start`], with the challenge's terms (its opponent
    /// and colour are set here).
    pub async fn start_with(
        &self,
        white: &Caller,
        black: &Caller,
        mut terms: ChallengeTerms,
    ) -> GameId {
        terms.opponent = Some(black.player.clone());
        terms.colour = ColourChoice::White;
        self.host
            .challenges()
            .challenge(white, terms)
            .await
            .unwrap();
        let reply = self.host.challenges().accept(black, None).await.unwrap();
        reply.game.unwrap()
    }

    /// Plays actions alternately, white first.
    pub async fn play(
        &self,
        game: GameId,
        white: &Caller,
        black: &Caller,
        moves: &[&str],
    ) -> Reply {
        let mut last = Reply::default();
        for (i, m) in moves.iter().enumerate() {
            let who = if i % 2 == 0 { white } else { black };
            last = self
                .host
                .games()
                .act(who, Some(game), m)
                .await
                .unwrap_or_else(|e| panic!("{m}: {e}"));
        }
        last
    }

    /// The game's log replayed equals its loaded state, and the row agrees.
    pub async fn check_consistent(&self, game: GameId) {
        check_consistent(self.store(), &self.host, game).await;
    }
}

/// A game's log has no gap, its row agrees with the log, its cached
/// snapshot equals the log's replay, and the host loads that same game.
pub async fn check_consistent(store: &Store, host: &Host, game: GameId) {
    let log = store.log(game).await.unwrap();
    for (i, a) in log.iter().enumerate() {
        assert_eq!(a.ply, i as i64 + 1, "game {game}: the log has a gap");
    }
    let row = store.game(game).await.unwrap().unwrap();
    assert_eq!(row.ply, log.len() as i64, "game {game}: row ply vs log");
    let cached: Game = serde_json::from_str(&row.snapshot).expect("the snapshot reads");
    let replayed =
        Game::replay(row.options.clone(), row.seed, log.iter().map(|a| &a.text)).unwrap();
    assert_eq!(
        cached.record(),
        replayed.record(),
        "game {game}: snapshot vs log"
    );
    assert_eq!(cached.view(), replayed.view());
    assert_eq!(cached.status(), replayed.status());
    let loaded = host.games().load(game).await.unwrap();
    assert_eq!(loaded.game.record(), replayed.record());
}

/// A host on the SQLite file at `path` (created if missing), as the
/// tests configure it: seeded, without images.
pub async fn open(path: &std::path::Path, clock: Arc<ManualClock>) -> Host {
    let store = Store::open_path(path).await.unwrap();
    configure(store, clock)
}

/// A host on the database at `url`, configured as [`open`]'s.
pub async fn open_url(url: &str, clock: Arc<ManualClock>) -> Host {
    let store = Store::open(url).await.unwrap();
    configure(store, clock)
}

fn configure(store: Store, clock: Arc<ManualClock>) -> Host {
    Host::new(store, clock)
        .with_seed(42)
        .with_config(HostConfig {
            images: false,
            ..HostConfig::default()
        })
}

/// Delivers everything `host` may claim from the outbox now, stream by
/// stream in order, recording each delivered (what a transport does once
/// Discord took it): what was delivered.
pub async fn deliver_all(host: &Host) -> Vec<Announcement> {
    let mut out = Vec::new();
    loop {
        let due = host.outbox().due_announcements(None, 16).await.unwrap();
        if due.is_empty() {
            return out;
        }
        for a in due {
            host.outbox().announced(&[a.id]).await.unwrap();
            out.push(a);
        }
    }
}

/// The player key stored as `text` (`console:alice`).
pub fn key(text: &str) -> PlayerKey {
    text.parse().unwrap()
}

/// The console player `name`, typing in a server's channel.
pub fn caller(name: &str) -> Caller {
    Caller::new(
        Player::console(name),
        Place::new(Some("guild"), Some("channel"), None),
    )
}

/// The refusal `result` holds; fails the test on a reply or an error.
pub fn refusal(result: Result<Reply, HostError>) -> Refusal {
    match result {
        Err(HostError::Refused(r)) => r,
        Err(e) => panic!("expected a refusal, got an error: {e}"),
        Ok(reply) => panic!("expected a refusal, got: {}", reply.text),
    }
}
