//! The console binary driven with piped input: a whole game, a second run
//! that finds it again, bad lines, and the no-argument default.

use crate::common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn chronomate(dir: &Path, args: &[&str], script: &str) -> Output {
    common::run_binary(Some(dir), args, script.as_bytes())
}

fn console(dir: &Path, script: &str) -> (String, String) {
    let out = chronomate(dir, &["console"], script);
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        out.status.success(),
        "exit {:?}\n{stdout}\n{stderr}",
        out.status
    );
    (stdout, stderr)
}

fn has_line(out: &str, line: &str) {
    assert!(
        out.lines().any(|l| l == line),
        "no line {line:?} in:\n{out}"
    );
}

const FOOLS_MATE: &str = "\
# Fool's mate, hot-seat.
/as alice
/challenge @bob standard colour:white days:2
/as bob
/accept
/as alice
/move f3
/as bob
/move e5
/as alice
/move g4
/as bob
/move Qh4#
/history
";

#[test]
fn a_whole_game_then_a_second_run_finds_it() {
    let dir = tempfile::tempdir().unwrap();
    let (out, _) = console(dir.path(), FOOLS_MATE);
    has_line(&out, "You are alice.");
    has_line(
        &out,
        "alice challenges bob to standard, 2 days per move, alice plays white. Challenge #1.",
    );
    has_line(&out, "choice: challenge:1:accept (Accept)");
    has_line(&out, "ping: @bob");
    has_line(&out, "bob accepted challenge #1: game #1 begins.");
    has_line(&out, "alice played f3 in game #1 (ply 1).");
    has_line(&out, "bob played Qh4# in game #1 (ply 4).");
    has_line(&out, "Game over: 0-1 (checkmate): bob wins.");
    has_line(&out, "[Result \"0-1\"]");
    has_line(&out, "1. f3 e5 2. g4 Qh4# 0-1");
    assert!(!out.contains("refused:"), "{out}");
    assert!(!out.contains("error:"), "{out}");
    // Every picture named is on disk: boards as PNGs, and `/history`'s
    // replay of the whole game as an animated GIF.
    let mut replays = 0;
    for line in out.lines() {
        if let Some(path) = line.strip_prefix("image: ") {
            let bytes = std::fs::read(path).unwrap();
            if path.ends_with("-replay.gif") {
                assert!(bytes.starts_with(b"GIF89a"), "{path}");
                replays += 1;
            } else {
                assert!(bytes.starts_with(b"\x89PNG"), "{path}");
            }
        }
    }
    assert_eq!(replays, 1, "{out}");

    let (out, _) = console(
        dir.path(),
        "/as alice\n/games\n/history\n/move e4\n/as carol\n/board 1\n",
    );
    assert!(
        out.contains("#1 standard vs bob (you: white, ply 4): 0-1 (checkmate): bob wins"),
        "{out}"
    );
    has_line(&out, "1. f3 e5 2. g4 Qh4# 0-1");
    has_line(&out, "refused: you have no live game");
    assert!(
        out.contains("Over after 4 plies: 0-1 (checkmate): bob wins."),
        "{out}"
    );
}

#[test]
fn bad_lines_get_a_clear_message_and_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut script =
        b"hello\n/dance\n/move\n/as\n/board 0\n/challenge\n/accept\n/move e4\n".to_vec();
    script.extend_from_slice(b"\xff\xfe/garbage\n/choose nonsense\n/draw maybe\n");
    let mut child = Command::new(env!("CARGO_BIN_EXE_chronomate"))
        .arg("console")
        .current_dir(dir.path())
        .env(
            "DATABASE_URL",
            format!("sqlite://{}", dir.path().join("games.db").display()),
        )
        .env_remove("DISCORD_TOKEN")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&script).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 11, "{stdout}");
    assert!(
        lines[0].starts_with("error: commands start with /"),
        "{stdout}"
    );
    assert_eq!(
        lines[1],
        "error: unknown command /dance; /help lists the commands"
    );
    assert_eq!(
        lines[2],
        "refused: you have no game yet: challenge someone with /challenge"
    );
    assert_eq!(lines[3], "error: usage: /as NAME");
    assert!(lines[4].starts_with("error: cannot read \"0\""), "{stdout}");
    assert!(lines[5].starts_with("error: name the variant"), "{stdout}");
    assert_eq!(
        lines[6],
        "refused: there is no open challenge for you to accept"
    );
    assert_eq!(
        lines[7],
        "refused: you have no game yet: challenge someone with /challenge"
    );
    assert!(
        lines[8].starts_with("error: commands start with /"),
        "{stdout}"
    );
    assert!(
        lines[9].starts_with("refused: \"nonsense\" is not a choice"),
        "{stdout}"
    );
    assert!(
        lines[10].starts_with("error: cannot read \"maybe\""),
        "{stdout}"
    );
}

#[test]
fn without_a_token_the_default_is_the_console() {
    let dir = tempfile::tempdir().unwrap();
    let out = chronomate(dir.path(), &[], "/rules standard\n/help\n");
    assert!(out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stderr.contains("No DISCORD_TOKEN is set."), "{stderr}");
    assert!(
        stdout.contains("Chess (standard): the FIDE laws."),
        "{stdout}"
    );
    assert!(stdout.contains("/challenge [@user] VARIANT"), "{stdout}");
    assert!(dir.path().join("games.db").exists());
}

#[test]
fn quit_ends_the_session_early() {
    let dir = tempfile::tempdir().unwrap();
    let (out, _) = console(dir.path(), "/as zed\n/quit\n/as amy\n");
    assert_eq!(out, "You are zed.\n");
}

/// With the web page on (as it is unless `WEB_ADDR=off`), a board the
/// console shows carries the game's live page: a newcomer's first game has
/// a board to open in a browser.
#[test]
fn the_console_shows_each_board_s_live_page() {
    let dir = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut command = common::binary(Some(dir.path()), &["console"]);
    command.env("WEB_ADDR", format!("127.0.0.1:{port}"));
    let out = common::run(
        command,
        b"/images off\n/as alice\n/challenge @bob standard colour:white\n/as bob\n/accept\n/as alice\n/move e4\n/as bob\n/web\n",
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{stdout}");
    let links: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("link: ") && l.ends_with("(Watch live)"))
        .collect();
    let prefix = format!("link: http://127.0.0.1:{port}/watch/");
    assert!(!links.is_empty(), "no link in:\n{stdout}");
    for link in &links {
        let secret = link
            .strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(" (Watch live)"))
            .unwrap_or_else(|| panic!("{link}"));
        assert_eq!(secret.len(), 32, "{link}");
        assert!(secret.bytes().all(|b| b.is_ascii_hexdigit()), "{link}");
    }
    // One game, one address.
    assert!(links.windows(2).all(|w| w[0] == w[1]), "{links:?}");
    // `/web`: bob's own link to play there, a one-time token in its
    // fragment.
    let own = stdout
        .lines()
        .find(|l| l.starts_with("link: ") && l.ends_with("(Play in browser)"))
        .unwrap_or_else(|| panic!("no player's link in:\n{stdout}"));
    let watch = links[0].strip_suffix(" (Watch live)").unwrap();
    assert!(
        stdout.contains("choice: game:1:web (Play in browser)"),
        "the board offers the button: {stdout}"
    );
    let token = own
        .strip_prefix(watch)
        .and_then(|rest| rest.strip_prefix("#play="))
        .and_then(|rest| rest.strip_suffix(" (Play in browser)"))
        .unwrap_or_else(|| panic!("{own}"));
    assert_eq!(token.len(), 32, "{own}");
}
