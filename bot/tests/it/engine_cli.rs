//! The engine's commands (docs/cli.md): `play`, `match`, `uci` and
//! `5duci`, driven through the real binary.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use chronomate_rules::{Game, Variant};

const BIN: &str = env!("CARGO_BIN_EXE_chronomate");

fn chronomate(args: &[&str], stdin: &str) -> Output {
    common::run_binary(None, args, stdin.as_bytes())
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn play_prints_one_legal_action_reproducibly() {
    let record = "e4\ne5\nNf3\n";
    let o = chronomate(&["play", "standard", "-", "--level", "3"], record);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1, "{out}");
    let game = Game::replay(Variant::Standard, 0, ["e4", "e5", "Nf3"]).unwrap();
    assert!(game.legal_actions().contains(&lines[0].to_owned()), "{out}");
    let again = chronomate(&["play", "standard", "-", "--level", "3"], record);
    assert_eq!(stdout(&again), out);
}

#[test]
fn play_works_in_every_variant() {
    for &variant in Variant::ALL {
        let o = chronomate(
            &["play", variant.id(), "-", "--level", "1", "--seed", "4"],
            "",
        );
        assert!(o.status.success(), "{variant}: {}", stderr(&o));
        let action = stdout(&o).trim().to_owned();
        let mut game = Game::new(variant, 4);
        game.play(&action)
            .unwrap_or_else(|e| panic!("{variant}: {action:?}: {e}"));
    }
}

#[test]
fn play_refuses_a_finished_game_and_an_illegal_record() {
    let o = chronomate(&["play", "standard", "-"], "f3\ne5\ng4\nQh4\n");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "");
    assert_eq!(
        stderr(&o).trim(),
        "error: the game is over: 0-1 (checkmate)"
    );

    let record = "e4\ne5\nKe3\n";
    let o = chronomate(&["play", "standard", "-"], record);
    let replay = chronomate(&["replay", "standard", "-"], record);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "");
    assert_eq!(stderr(&o), stderr(&replay));
    assert!(
        stderr(&o).starts_with("error: action 3 (\"Ke3\"): "),
        "{}",
        stderr(&o)
    );

    let o = chronomate(&["play", "standard", "-", "--level", "9"], "");
    assert_eq!(o.status.code(), Some(2));
}

/// Checks a match's output: one line a game, the score, the Elo line.
fn check_match(out: &str, games: usize) -> (u32, u32, u32) {
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), games + 2, "{out}");
    for (i, line) in lines[..games].iter().enumerate() {
        let prefix = format!("game {}: ", i + 1);
        let result = line
            .strip_prefix(&prefix)
            .unwrap_or_else(|| panic!("{out}"));
        assert!(
            ["1-0 (", "0-1 (", "1/2-1/2 ("]
                .iter()
                .any(|p| result.starts_with(p))
                && result.ends_with(')'),
            "{out}"
        );
    }
    let score = lines[games].strip_prefix("score: ").unwrap();
    let n: Vec<u32> = score.split('-').map(|n| n.parse().unwrap()).collect();
    assert_eq!(n.iter().sum::<u32>() as usize, games, "{out}");
    let elo = lines[games + 1].strip_prefix("elo: ").unwrap();
    assert!(
        elo == "+inf" || elo == "-inf" || elo.contains(" ± "),
        "{out}"
    );
    (n[0], n[1], n[2])
}

#[test]
fn match_plays_levels_against_each_other() {
    let o = chronomate(
        &[
            "match", "standard", "--white", "3", "--black", "1", "--games", "2", "--seed", "1",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let (wins, _, losses) = check_match(&stdout(&o), 2);
    assert!(wins >= losses, "{}", stdout(&o));
    // Reproducible: no time limit, the same seed.
    let again = chronomate(
        &[
            "match", "standard", "--white", "3", "--black", "1", "--games", "2", "--seed", "1",
        ],
        "",
    );
    assert_eq!(stdout(&again), stdout(&o));
}

#[test]
fn match_plays_a_time_travel_variant_to_a_limit() {
    let o = chronomate(
        &[
            "match",
            "multiverse",
            "--white",
            "1",
            "--black",
            "2",
            "--games",
            "2",
            "--options",
            "branches:3",
            "--max-actions",
            "30",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    check_match(&stdout(&o), 2);
}

#[test]
fn match_plays_the_baselines() {
    // A level against the random mover, colours alternating; then the
    // greedy player counted for, against the random mover.
    let o = chronomate(
        &[
            "match", "temporal", "--white", "2", "--black", "random", "--games", "2", "--seed", "3",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    check_match(&stdout(&o), 2);
    let again = chronomate(
        &[
            "match", "temporal", "--white", "2", "--black", "random", "--games", "2", "--seed", "3",
        ],
        "",
    );
    assert_eq!(stdout(&again), stdout(&o), "seeded: the same games");
    let o = chronomate(
        &[
            "match",
            "gifford",
            "--white",
            "greedy",
            "--black",
            "random",
            "--games",
            "2",
            "--max-actions",
            "40",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    check_match(&stdout(&o), 2);
    let o = chronomate(
        &[
            "match", "gifford", "--white", "3", "--black", "randomly", "--games", "1",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("random or greedy"), "{}", stderr(&o));
}

#[test]
fn match_refuses_bad_arguments() {
    let o = chronomate(&["match", "standard", "--white", "3", "--games", "1"], "");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let o = chronomate(
        &[
            "match",
            "gifford",
            "--white",
            "3",
            "--against-uci",
            BIN,
            "--games",
            "1",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let o = chronomate(
        &[
            "match",
            "standard",
            "--white",
            "3",
            "--black",
            "2",
            "--games",
            "1",
            "--options",
            "turns:on",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn match_against_a_uci_engine() {
    // The engine's own UCI face stands in for stockfish.
    let o = chronomate(
        &[
            "match",
            "standard",
            "--white",
            "2",
            "--against-uci",
            BIN,
            "--uci-arg",
            "uci",
            "--uci-option",
            "Level=1",
            "--games",
            "2",
            "--millis",
            "20",
            "--max-actions",
            "60",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    check_match(&stdout(&o), 2);
}

/// A UCI or 5DUCI session: commands in, lines out, read as they come.
struct Session {
    stdin: ChildStdin,
    lines: Receiver<String>,
    child: std::process::Child,
}

impl Session {
    /// The binary's `protocol` subcommand (`uci`, `5duci`).
    fn start(protocol: &str) -> Session {
        let mut child = Command::new(BIN)
            .arg(protocol)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if tx.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        Session {
            stdin,
            lines,
            child,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Lines up to and including the first that starts with `word`.
    fn until(&mut self, word: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(60))
                .unwrap_or_else(|_| panic!("no {word} after {seen:?}"));
            let done = line.split_whitespace().next() == Some(word);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }
}

#[test]
fn uci_session() {
    let mut s = Session::start("uci");
    s.send("uci");
    let hello = s.until("uciok");
    assert!(
        hello.iter().any(|l| l.starts_with("id name Chronomate")),
        "{hello:?}"
    );
    assert!(
        hello.contains(&"option name Level type spin default 8 min 1 max 8".to_owned()),
        "{hello:?}"
    );
    s.send("setoption name Level value 3");
    s.send("isready");
    s.until("readyok");
    s.send("ucinewgame");
    s.send("position startpos moves e2e4 e7e5");
    s.send("go movetime 100");
    let lines = s.until("bestmove");
    let best = lines
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_owned();
    let mut game = Game::replay(Variant::Standard, 0, ["e4", "e5"]).unwrap();
    game.play(&best).unwrap_or_else(|e| panic!("{best}: {e}"));
    assert!(
        lines.iter().any(|l| l.starts_with("info depth ")),
        "{lines:?}"
    );

    // Mate in one, found at any level.
    s.send("setoption name Level value 8");
    s.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    s.send("go depth 3");
    let lines = s.until("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove a1a8", "{lines:?}");
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:?}"
    );

    // Clocks, then an infinite search that answers only when stopped.
    s.send("position startpos");
    s.send("go wtime 2000 btime 2000 winc 0 binc 0");
    s.until("bestmove");
    s.send("go infinite");
    // Each completed iteration is reported as it comes.
    let info = s.until("info");
    assert!(
        info.last().unwrap().starts_with("info depth 1 score "),
        "{info:?}"
    );
    // The search goes on while it answers `isready` (more iterations may
    // be reported first).
    s.send("isready");
    let ready = s.until("readyok");
    assert_eq!(ready.last().unwrap(), "readyok", "{ready:?}");
    assert!(
        ready[..ready.len() - 1]
            .iter()
            .all(|l| l.starts_with("info depth ")),
        "{ready:?}"
    );
    s.send("stop");
    let lines = s.until("bestmove");
    assert!(
        lines.last().unwrap().len() >= "bestmove e2e4".len(),
        "{lines:?}"
    );

    s.send("quit");
    let status = s.child.wait().unwrap();
    assert!(status.success());
}

#[test]
fn fiveduci_session() {
    use chronomate_engine::fiveduci;

    let mut s = Session::start("5duci");
    s.send("5duci");
    let hello = s.until("5duciok");
    assert!(
        hello.iter().any(|l| l.starts_with("id name Chronomate")),
        "{hello:?}"
    );
    s.send("setoption name Hash value 16");
    let info = s.until("info");
    assert!(
        info.last()
            .unwrap()
            .starts_with("info string no option named"),
        "{info:?}"
    );
    s.send("setoption name Level value 2");
    s.send("isready");
    s.until("readyok");

    // Turn Zero, as ftxi's autoplay sends it: the size, the parity and
    // the 5DFEN, then every move of the game and its submits.
    let board = "r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*";
    let start = format!("size 8x8 odd fen [{board}:0:0:b] [{board}:0:1:w]");
    s.send("5ducinewgame");
    s.send(&format!("position {start} moves (0T1)e2e4 submit"));
    s.send("go movetime 300");
    let lines = s.until("bestmove");
    let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    let mut check = fiveduci::Session::new(0);
    let after = format!("position {start} moves (0T1)e2e4 submit {best} submit");
    match check.handle(&after) {
        fiveduci::Reply::Say(said) => assert!(said.is_empty(), "{best}: {said:?}"),
        other => panic!("{other:?}"),
    }

    // An illegal move is answered, and the last good position kept.
    s.send("position startpos moves (0T1)e2e5 submit");
    let info = s.until("info");
    assert!(info.last().unwrap().contains("is illegal"), "{info:?}");

    // An isready heard during a search is answered after its bestmove.
    s.send("go infinite");
    s.send("isready");
    std::thread::sleep(Duration::from_millis(300));
    s.send("stop");
    let lines = s.until("readyok");
    let bestmove = lines
        .iter()
        .position(|l| l.starts_with("bestmove (0T1)"))
        .unwrap_or_else(|| panic!("no bestmove before readyok: {lines:?}"));
    assert_eq!(bestmove, lines.len() - 2, "{lines:?}");

    s.send("quit");
    s.until("bye");
    assert!(s.child.wait().unwrap().success());
}
