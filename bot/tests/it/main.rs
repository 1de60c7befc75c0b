//! The binary's integration tests, one binary: the CLI's contract, the
//! console, crashes and restarts of the real process, the database copy,
//! `serve` against the fake Discord (one process, and several shards on
//! PostgreSQL), the architecture checks, and the paths docs and comments
//! cite.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_fake_discord as support;

mod architecture;
mod audit;
mod cli;
mod console;
mod console_tournament;
mod crash;
mod discord_connect;
mod doc_paths;
mod drafted_turns;
mod engine_cli;
mod engine_console;
mod metrics_status;
mod migrate_db;
mod outbox_kill;
mod shards_on_postgres;
mod web_page;

/// The shared helpers, and running this crate's binary.
mod common {
    pub use chronomate_testkit::*;

    use std::io::Write;
    use std::path::Path;
    use std::process::{Command, Output, Stdio};

    /// Runs the `chronomate` binary with `args`, feeding it `stdin`, with no
    /// Discord token. In `dir` (its database and images there) when given;
    /// otherwise its database is a name the offline tools never open.
    pub fn run_binary(dir: Option<&Path>, args: &[&str], stdin: &[u8]) -> Output {
        run(binary(dir, args), stdin)
    }

    /// Runs `command` (from [`binary`], perhaps with more settings), feeding
    /// it `stdin`.
    pub fn run(mut command: Command, stdin: &[u8]) -> Output {
        let mut child = command.spawn().expect("the binary starts");
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
            // The web page has tests of its own: no port taken here.
            .env("WEB_ADDR", "off")
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
}
