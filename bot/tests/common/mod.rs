//! A host on a real SQLite file in a temp dir, with a clock the test moves.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::Arc;

use chronomate::host::{
    Caller, ChallengeTerms, ColourChoice, Host, HostConfig, HostError, ManualClock, Place, Player,
    Refusal, Reply,
};
use chronomate::store::Store;
pub mod hurry;

use chronomate_rules::{Game, Options, Variant};

/// 2023-11-14 22:13:20 UTC.
pub const T0: i64 = 1_700_000_000_000;

pub struct World {
    pub dir: tempfile::TempDir,
    pub clock: Arc<ManualClock>,
    pub host: Host,
}

impl World {
    pub async fn new() -> World {
        let dir = tempfile::tempdir().unwrap();
        let clock = Arc::new(ManualClock::new(T0));
        let host = open(&dir.path().join("games.db"), clock.clone()).await;
        World { dir, clock, host }
    }

    pub fn path(&self) -> PathBuf {
        self.dir.path().join("games.db")
    }

    /// Drops the host and opens the same file again, as after a restart.
    pub async fn restart(&mut self) {
        self.host.store().close().await;
        self.host = open(&self.path(), self.clock.clone()).await;
    }

    pub fn store(&self) -> &Store {
        self.host.store()
    }

    /// Challenges `black` with `white` playing white, and accepts: the game id.
    pub async fn start(&self, white: &Caller, black: &Caller) -> i64 {
        self.start_with(white, black, ChallengeTerms::new(Variant::Standard))
            .await
    }

    pub async fn start_with(
        &self,
        white: &Caller,
        black: &Caller,
        mut terms: ChallengeTerms,
    ) -> i64 {
        terms.opponent = Some(black.player.clone());
        terms.colour = ColourChoice::White;
        self.host.challenge(white, terms).await.unwrap();
        let reply = self.host.accept(black, None).await.unwrap();
        reply.game.unwrap()
    }

    /// Plays actions alternately, white first.
    pub async fn play(&self, game: i64, white: &Caller, black: &Caller, moves: &[&str]) -> Reply {
        let mut last = Reply::default();
        for (i, m) in moves.iter().enumerate() {
            let who = if i % 2 == 0 { white } else { black };
            last = self
                .host
                .act(who, Some(game), m)
                .await
                .unwrap_or_else(|e| panic!("{m}: {e}"));
        }
        last
    }

    /// The game's log replayed equals its loaded state, and the row agrees.
    pub async fn check_consistent(&self, game: i64) {
        check_consistent(self.store(), &self.host, game).await;
    }
}

pub async fn check_consistent(store: &Store, host: &Host, game: i64) {
    let log = store.log(game).await.unwrap();
    for (i, a) in log.iter().enumerate() {
        assert_eq!(a.ply, i as i64 + 1, "game {game}: the log has a gap");
    }
    let row = store.game(game).await.unwrap().unwrap();
    assert_eq!(row.ply, log.len() as i64, "game {game}: row ply vs log");
    let cached: Game = serde_json::from_str(&row.snapshot).expect("the snapshot reads");
    let variant: Variant = row.variant.parse().unwrap();
    let replayed = Game::replay(
        variant,
        Options::parse(variant, &row.options).unwrap(),
        row.seed,
        log.iter().map(|a| &a.text),
    )
    .unwrap();
    assert_eq!(
        cached.record(),
        replayed.record(),
        "game {game}: snapshot vs log"
    );
    assert_eq!(cached.view(), replayed.view());
    assert_eq!(cached.status(), replayed.status());
    let loaded = host.load(game).await.unwrap();
    assert_eq!(loaded.game.record(), replayed.record());
}

pub async fn open(path: &std::path::Path, clock: Arc<ManualClock>) -> Host {
    let store = Store::open_path(path).await.unwrap();
    Host::new(store, clock)
        .with_seed(42)
        .with_config(HostConfig {
            images: false,
            ..HostConfig::default()
        })
}

pub fn caller(name: &str) -> Caller {
    Caller::new(
        Player::console(name),
        Place::new(Some("guild"), Some("channel"), None),
    )
}

pub fn refusal(result: Result<Reply, HostError>) -> Refusal {
    match result {
        Err(HostError::Refused(r)) => r,
        Err(e) => panic!("expected a refusal, got an error: {e}"),
        Ok(reply) => panic!("expected a refusal, got: {}", reply.text),
    }
}

/// Runs the `chronomate` binary with `args`, feeding it `stdin`, with no
/// Discord token. In `dir` (its database and images there) when given;
/// otherwise its database is a name the offline tools never open.
pub fn run_binary(dir: Option<&Path>, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = binary(dir, args).spawn().expect("the binary starts");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

/// The `chronomate` binary with `args`, its input and output piped, as
/// [`run_binary`] runs it.
pub fn binary(dir: Option<&Path>, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_chronomate"));
    command
        .args(args)
        .env_remove("DISCORD_TOKEN")
        .env_remove("RUST_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    match dir {
        Some(dir) => command
            .current_dir(dir)
            .env(
                "DATABASE_URL",
                format!("sqlite://{}", dir.join("games.db").display()),
            )
            .env("IMAGES_DIR", dir.join("images")),
        None => command.env("DATABASE_URL", "sqlite://unused-by-offline-tools.db"),
    };
    command
}
