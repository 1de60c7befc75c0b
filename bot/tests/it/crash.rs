//! kill -9 at an arbitrary moment loses no acknowledged action and leaves
//! nothing half-applied.
//!
//! The real binary (`chronomate console`, piped stdin) plays many games,
//! committing actions in a loop. After it has acknowledged some number of
//! actions on stdout it is killed with SIGKILL, wherever it is (often in the
//! middle of the next commit). Then the database is reopened and checked:
//! every game's row, snapshot and log agree, and every action the process
//! acknowledged is in the log. Five rounds on the same file, each killed at
//! a different point, each recovering what the last one left.
#![cfg(unix)]

use crate::common;
use chronomate_host::{GameId, ManualClock};

use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};
use std::sync::Arc;

const OPENING: [&str; 10] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
];

/// `NAME played ACTION in game #G (ply P).` -> (G, P, ACTION).
fn ack(line: &str) -> Option<(GameId, i64, String)> {
    let (_, rest) = line.split_once(" played ")?;
    let (action, rest) = rest.rsplit_once(" in game #")?;
    let (game, rest) = rest.split_once(" (ply ")?;
    let ply = rest.strip_suffix(").")?;
    Some((game.parse().ok()?, ply.parse().ok()?, action.to_owned()))
}

fn script(round: usize, games: usize) -> String {
    // Text only: the commit path is under test, not the renderer.
    let mut s = String::from("/images off\n");
    for g in 0..games {
        let (w, b) = (format!("w{round}x{g}"), format!("b{round}x{g}"));
        s.push_str(&format!(
            "/as {w}\n/challenge @{b} standard colour:white\n/as {b}\n/accept\n"
        ));
        for (i, m) in OPENING.iter().enumerate() {
            let who = if i % 2 == 0 { &w } else { &b };
            s.push_str(&format!("/as {who}\n/move {m}\n"));
        }
    }
    s
}

#[test]
fn kill_9_loses_no_acknowledged_action() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("crash.db");
    let mut acknowledged = Vec::new();
    for (round, kill_after) in [7usize, 41, 93, 1, 150].into_iter().enumerate() {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chronomate"))
            .arg("console")
            .current_dir(dir.path())
            .env("DATABASE_URL", format!("sqlite://{}", db.display()))
            .env("IMAGES_DIR", dir.path().join("images"))
            .env_remove("DISCORD_TOKEN")
            .env("WEB_ADDR", "off")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let input = script(round, 20);
        // Feed from another thread: once the child dies the pipe breaks.
        let feeder = std::thread::spawn(move || {
            let _ = stdin.write_all(input.as_bytes());
        });
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut seen = 0;
        let mut line = String::new();
        while out.read_line(&mut line).unwrap() > 0 {
            assert!(
                !line.starts_with("refused:") && !line.starts_with("error:"),
                "{line}"
            );
            if let Some(a) = ack(line.trim_end()) {
                acknowledged.push(a);
                seen += 1;
                if seen == kill_after {
                    child.kill().unwrap(); // SIGKILL
                }
            }
            line.clear();
        }
        // Whatever it printed before dying was acknowledged too.
        let status = child.wait().unwrap();
        feeder.join().unwrap();
        assert!(seen >= kill_after, "round {round}: only {seen} actions");
        // It died of the kill, not at the end of its input.
        assert_eq!(status.signal(), Some(9), "round {round}: {status:?}");
        eprintln!("round {round}: killed after {seen} acknowledged actions");

        // Reopen and check everything agrees.
        let rt = tokio::runtime::Runtime::new().unwrap();
        rt.block_on(async {
            let host = common::open(&db, Arc::new(ManualClock::new(common::T0))).await;
            let store = host.store();
            assert_eq!(store.integrity_check().await.unwrap(), "ok");
            for id in store.game_ids().await.unwrap() {
                common::check_consistent(store, &host, id).await;
            }
            for (game, ply, action) in &acknowledged {
                let log = store.log(*game).await.unwrap();
                let entry = log
                    .iter()
                    .find(|a| a.ply == *ply)
                    .unwrap_or_else(|| panic!("acknowledged game {game} ply {ply} is lost"));
                assert_eq!(&entry.text, action);
            }
            store.close().await;
        });
    }
}
