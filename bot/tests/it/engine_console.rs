//! Chronomate plays, through the real console binary: a whole game
//! against it to its end, a restart (kill -9) while it thinks after which
//! it moves, its games unrated and marked, `/analyse`, and a person's move
//! answered at once while it thinks.
#![cfg(unix)]

use crate::common;
use chronomate_host::{GLOBAL, GameId, ManualClock, engine_seed};

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use chronomate_engine::{Level, choose};
use chronomate_rules::{Game, Variant};
use common::hurry::hurrying_action;

/// The console binary, driven line by line.
struct Console {
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Console {
    fn start(dir: &Path) -> Console {
        let mut child = common::binary(Some(dir), &["console"])
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let out = BufReader::new(child.stdout.take().unwrap());
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in out.lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut c = Console {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        };
        c.send("/images off");
        c.expect("images off", |l| l == "Board images off.", 30);
        c
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The next line `f` accepts, within `secs` seconds.
    fn expect(&mut self, what: &str, f: impl Fn(&str) -> bool, secs: u64) -> String {
        let until = Instant::now() + Duration::from_secs(secs);
        loop {
            let left = until.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    assert!(!line.starts_with("error:"), "{line}");
                    self.seen.push(line.clone());
                    if f(&line) {
                        return line;
                    }
                }
                Err(_) => panic!(
                    "no {what} within {secs} s; the last lines:\n{}",
                    self.seen[self.seen.len().saturating_sub(30)..].join("\n")
                ),
            }
        }
    }

    /// The next line starting with `prefix`.
    fn expect_start(&mut self, prefix: &str, secs: u64) -> String {
        self.expect(prefix, |l| l.starts_with(prefix), secs)
    }

    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// Ends the input and waits for the console to exit by itself.
    fn finish(self) -> Vec<String> {
        let Console {
            mut child,
            stdin,
            lines,
            mut seen,
        } = self;
        drop(stdin);
        assert!(child.wait().unwrap().success());
        seen.extend(lines.try_iter());
        seen
    }
}

/// `NAME played ACTION in game #G (ply P).` -> (NAME, ACTION, P).
fn played(line: &str, game: i64) -> Option<(String, String, i64)> {
    let (name, rest) = line.split_once(" played ")?;
    let (action, rest) = rest.rsplit_once(&format!(" in game #{game} (ply "))?;
    let ply = rest.strip_suffix(").")?.parse().ok()?;
    Some((name.to_owned(), action.to_owned(), ply))
}

fn db(dir: &Path) -> std::path::PathBuf {
    dir.join("games.db")
}

/// Runs `f` on a host over the test's database (the console is the
/// other process).
fn with_host<T>(dir: &Path, f: impl AsyncFnOnce(&chronomate_host::Host) -> T) -> T {
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let host = common::open(&db(dir), std::sync::Arc::new(ManualClock::new(common::T0))).await;
        let out = f(&host).await;
        host.store().close().await;
        out
    })
}

/// alice plays game `game` (white) against Chronomate at level 1 to its
/// end, hurrying it; returns the number of actions.
fn play_to_the_end(c: &mut Console, game: i64) -> usize {
    let mut state = Game::new(Variant::Standard, 0);
    loop {
        let action = hurrying_action(&state).expect("a legal action while the game goes on");
        c.send(&format!("/move game:{game} {action}"));
        let line = c.expect(
            "alice's move",
            |l| played(l, game).is_some() || l.starts_with("refused:"),
            30,
        );
        let (_, text, _) = played(&line, game).unwrap_or_else(|| panic!("{line}"));
        state.play(&text).unwrap();
        if state.status().is_over() {
            c.expect_start("Game over:", 10);
            return state.record().len();
        }
        let line = c.expect("Chronomate's move", |l| played(l, game).is_some(), 30);
        let (name, text, ply) = played(&line, game).unwrap();
        assert_eq!(name, "Chronomate (level 1)");
        assert_eq!(ply as usize, state.record().len() + 1);
        state.play(&text).unwrap();
        c.expect(
            "the ping after Chronomate's move",
            |l| l == "ping: @alice",
            10,
        );
        if state.status().is_over() {
            return state.record().len();
        }
        assert!(state.record().len() < 400, "the game does not end");
    }
}

#[test]
fn a_whole_game_against_chronomate_and_a_restart_while_it_thinks() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = Console::start(dir.path());
    c.send("/as alice");
    // Level 8 with white: it thinks at once, for a few seconds here.
    c.send("/challenge @chronomate standard level:8 colour:black");
    c.expect(
        "the game's start",
        |l| l == "Chronomate (level 8) accepted challenge #1: game #1 begins.",
        30,
    );
    c.expect(
        "unrated",
        |l| l == "Unrated: a game against Chronomate.",
        10,
    );
    c.kill();
    let log = with_host(dir.path(), async |h| {
        h.store().log(GameId(1)).await.unwrap()
    });
    assert!(log.is_empty(), "killed while thinking: {log:?}");

    // After the restart it resumes the game on its own and moves.
    let mut c = Console::start(dir.path());
    c.send("/as alice");
    let line = c.expect("its move after the restart", |l| played(l, 1).is_some(), 60);
    let (name, action, ply) = played(&line, 1).unwrap();
    assert_eq!((name.as_str(), ply), ("Chronomate (level 8)", 1));
    c.expect("alice pinged", |l| l == "ping: @alice", 10);
    let log = with_host(dir.path(), async |h| {
        h.store().log(GameId(1)).await.unwrap()
    });
    assert_eq!(log.len(), 1);
    assert_eq!(
        (log[0].text.as_str(), log[0].actor.to_string().as_str()),
        (action.as_str(), "chronomate:8")
    );

    // No help during play.
    c.send("/analyse game:1");
    c.expect_start("refused: game #1 is still being played", 10);

    // A whole game at level 1, alice white, to its end.
    c.send("/challenge @chronomate standard level:1 colour:white");
    c.expect_start(
        "Chronomate (level 1) accepted challenge #2: game #2 begins.",
        10,
    );
    let actions = play_to_the_end(&mut c, 2);
    eprintln!("game 2 ended after {actions} actions");
    c.send("/resign game:1 confirm");
    c.expect_start("alice resigned game #1.", 10);

    // Marked unrated in /games, /history and PGN.
    c.send("/games");
    c.expect_start(
        "#1 standard vs Chronomate (level 8) (you: black, ply 1, unrated):",
        10,
    );
    c.expect_start("#2 standard vs Chronomate (level 1) (you: white, ply ", 10);
    c.send("/history 2");
    c.expect(
        "the event",
        |l| l == "[Event \"Chronomate game #2 (unrated)\"]",
        10,
    );
    c.expect(
        "black's name",
        |l| l == "[Black \"Chronomate (level 1)\"]",
        10,
    );
    c.expect("white's type", |l| l == "[WhiteType \"human\"]", 10);
    c.expect("black's type", |l| l == "[BlackType \"program\"]", 10);
    c.send("/export pgn 1");
    c.expect(
        "the PGN's white",
        |l| l == "[White \"Chronomate (level 8)\"]",
        10,
    );
    c.expect("the PGN's type", |l| l == "[WhiteType \"program\"]", 10);
    c.send("/leaderboard standard");
    c.expect_start("Nobody has a rating in standard", 10);

    // The analysis of the finished game: a chart and three swings.
    c.send("/images on");
    c.send("/analyse game:2");
    c.expect_start(
        "Analysis of game #2 (standard, alice vs Chronomate (level 1),",
        30,
    );
    for i in 1..=3 {
        c.expect_start(&format!("{i}. ply "), 10);
    }
    let image = c.expect_start("image: ", 10);
    let bytes = std::fs::read(image.trim_start_matches("image: ")).unwrap();
    assert!(bytes.starts_with(b"\x89PNG"));
    c.finish();

    with_host(dir.path(), async |h| {
        let store = h.store();
        // Unrated: no rating changed, nobody is rated.
        for game in [GameId(1), GameId(2)] {
            assert!(store.rating_changes(game).await.unwrap().is_empty());
        }
        // Everything it printed was recorded as told: the outbox is empty.
        assert_eq!(store.outbox_stats().await.unwrap().depth, 0);
        assert!(
            store
                .ratings_of(&common::key("console:alice"), GLOBAL)
                .await
                .unwrap()
                .is_empty()
        );
        // Its moves are reproducible: seeded per game and ply.
        let row = store.game(GameId(2)).await.unwrap().unwrap();
        let log = store.log(GameId(2)).await.unwrap();
        let mut game = Game::new(Variant::Standard, row.seed);
        for a in &log {
            if a.actor == "chronomate:1" {
                let again = choose(&game, Level::MIN, engine_seed(row.seed, a.ply - 1), None);
                assert_eq!(again.as_deref(), Some(a.text.as_str()), "ply {}", a.ply);
            }
            game.play(&a.text).unwrap();
        }
        common::check_consistent(store, h, GameId(2)).await;
    });
}

#[test]
fn a_move_is_answered_at_once_while_chronomate_thinks() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = Console::start(dir.path());
    c.send("/as alice");
    c.send("/challenge @chronomate standard level:8 colour:black");
    c.expect_start(
        "Chronomate (level 8) accepted challenge #1: game #1 begins.",
        30,
    );
    // Chronomate thinks (seconds at level 8); carol and dave play meanwhile.
    for line in [
        "/as carol",
        "/challenge @dave standard colour:white",
        "/as dave",
        "/accept",
        "/as carol",
    ] {
        c.send(line);
    }
    c.expect_start("dave accepted challenge #2: game #2 begins.", 10);
    let sent = Instant::now();
    c.send("/move e4");
    c.expect(
        "carol's move",
        |l| l == "carol played e4 in game #2 (ply 1).",
        10,
    );
    let answered = sent.elapsed();
    assert!(
        !c.seen.iter().any(|l| played(l, 1).is_some()),
        "Chronomate moved before carol's move was answered: it was not thinking"
    );
    assert!(
        answered < Duration::from_secs(2),
        "answered after {answered:?}"
    );
    // At the end of the input the console waits for Chronomate's move.
    let out = c.finish();
    assert!(
        out.iter()
            .any(|l| played(l, 1).is_some_and(|(n, _, p)| n == "Chronomate (level 8)" && p == 1)),
        "{out:?}"
    );
}
