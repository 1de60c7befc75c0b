//! 5D chess end to end through the binary: `turns` against the published
//! legal-turn counts, `replay` reading 5DPGN with its contract, and whole
//! games in the console: drafts (move, undo, a refused submit, a restart
//! mid-draft, submit), a published game played to checkmate whose
//! `/history` (5DPGN) replays to the same result, and a challenge from a
//! record.

use crate::common;

use std::path::{Path, PathBuf};

/// A file of the rules' 5D test data (`rules/tests/fived/data`).
fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../rules/tests/fived/data")
        .join(name)
}

/// Runs the binary; (exit code, stdout, stderr).
fn run(dir: Option<&Path>, args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = common::run_binary(dir, args, stdin.as_bytes());
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The first turn of the corpus's standard game Black wins
/// (`own/standard-black-mates.5dpgn`).
const FIRST_TURN: &str = "(0T1)f3";

/// A corpus game that does not end: `replay` ends on whose turn it is.
const UNFINISHED: &str = "own/two-timelines-castles.5dpgn";

/// The last line `replay` prints for [`UNFINISHED`]: the side to move and
/// the boards it owes, as the rules give them.
fn unfinished_to_move() -> String {
    use chronomate_rules::{Game, Variant, record};
    let read = record::read(
        Variant::FiveD,
        &std::fs::read_to_string(data(UNFINISHED)).unwrap(),
    )
    .unwrap();
    let game = Game::replay(read.options, 0, &read.actions).unwrap();
    let turn = game.turn();
    let owed: Vec<String> = turn.boards.iter().map(ToString::to_string).collect();
    assert!(
        !owed.is_empty()
            && owed
                .iter()
                .all(|b| b.starts_with("(+") || b.starts_with("(-"))
    );
    format!("to move: {} on {}", turn.color, owed.join(", "))
}

/// The capped counts ftxi's `5dtools` gives for the corpus's game `name`
/// (`own/counts.txt`).
fn published(name: &str) -> Vec<String> {
    let text = std::fs::read_to_string(data("own/counts.txt")).unwrap();
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{name}: ")))
        .unwrap();
    line.split_whitespace().map(str::to_owned).collect()
}

#[test]
fn turns_prints_the_published_counts() {
    for name in [
        "standard-white-mates.5dpgn",
        "turn-zero.5dpgn",
        "just-kings.5dpgn",
    ] {
        let file = data(&format!("own/{name}"));
        let (code, out, err) = run(None, &["turns", "5d", path(&file)], "");
        assert_eq!(code, 0, "{name}: {err}");
        let got: Vec<&str> = out.lines().collect();
        assert_eq!(got, published(name), "{name}");
    }
    // ftxi's 30,134: every legal turn of the last position, uncapped.
    let file = data("ftxi/30134.5dpgn");
    let (code, out, err) = run(None, &["turns", "5d", path(&file), "--cap", "100000"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().last(), Some("30134"));
    // From stdin, with the options given on the command line; 0 at a mate.
    let text = std::fs::read_to_string(data("own/turn-zero.5dpgn")).unwrap();
    let moves: String = text
        .lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join("\n");
    let (code, out, _) = run(
        None,
        &[
            "turns",
            "5d",
            "-",
            "--cap",
            "10",
            "--options",
            "board:turn-zero",
        ],
        &moves,
    );
    assert_eq!(code, 0);
    let capped: Vec<String> = published("turn-zero.5dpgn")
        .iter()
        .map(|c| c.parse::<usize>().unwrap().min(10).to_string())
        .collect();
    assert_eq!(out.lines().collect::<Vec<_>>(), capped);
    let file = data("own/standard-white-mates.5dpgn");
    let (_, out, _) = run(None, &["turns", "5d", path(&file), "--cap", "1"], "");
    assert_eq!(out.lines().last(), Some("0"));
}

#[test]
fn replay_reads_5dpgn_with_the_contract_of_every_variant() {
    let (code, out, err) = run(
        None,
        &[
            "replay",
            "5d",
            path(&data("own/standard-black-mates.5dpgn")),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 45, "44 turns, then the result:\n{out}");
    assert_eq!(lines[0], FIRST_TURN);
    assert_eq!(lines[44], "result: 0-1 (checkmate)");
    let (code, out, _) = run(None, &["replay", "5d", path(&data(UNFINISHED))], "");
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some(unfinished_to_move().as_str()));
    // The headers' board against another one on the command line.
    let (code, _, err) = run(
        None,
        &[
            "replay",
            "5d",
            path(&data("own/turn-zero.5dpgn")),
            "--options",
            "board:two-timelines",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("--options"), "{err}");
    // A header naming no board, an illegal move: exit 2, with the reason.
    let (code, _, err) = run(None, &["replay", "5d", "-"], "[Board \"Nowhere\"]\n1. e4\n");
    assert_eq!(code, 2);
    assert!(err.contains("Board") && err.contains("Nowhere"), "{err}");
    let (code, out, err) = run(None, &["replay", "5d", "-"], "1. e4 / e5\n2. Ke9\n");
    assert_eq!(code, 2);
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(err.starts_with("error: action 3 (\"Ke9\")"), "{err}");
}

fn console(dir: &Path, script: &str) -> String {
    let (code, out, err) = run(Some(dir), &["console"], script);
    assert_eq!(code, 0, "{out}\n{err}");
    out
}

fn has_line(out: &str, line: &str) {
    assert!(
        out.lines().any(|l| l == line),
        "no line {line:?} in:\n{out}"
    );
}

#[test]
fn a_drafted_turn_in_the_console_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let out = console(
        dir.path(),
        "/as alice\n/challenge @bob 5d colour:white board:two-timelines\n/as bob\n/accept\n\
         /as alice\n/move (-0T1)e4\n/submit\n/undo\n/undo\n/move (-0T1)d4\n/move (+0T1)e4\n",
    );
    has_line(&out, "Drafted (-0T1)e4.");
    let image = out
        .lines()
        .find_map(|l| {
            l.strip_prefix("image: ")
                .filter(|p| p.ends_with("-draft.png"))
        })
        .expect("the draft's image");
    assert!(std::fs::read(image).unwrap().starts_with(b"\x89PNG"));
    assert!(
        out.lines()
            .any(|l| l.starts_with("refused: illegal") && l.contains("(+0T1)")),
        "the owed board is named:\n{out}"
    );
    has_line(&out, "Took back (-0T1)e4.");
    has_line(
        &out,
        "refused: nothing is drafted in game #1: add a board move with /move",
    );
    has_line(
        &out,
        "Your draft in game #1 (only you see it): (-0T1)d4 (+0T1)e4",
    );

    // A second run: the draft is still there, and submitted.
    let out = console(
        dir.path(),
        "/as alice\n/draft\n/submit\n/as bob\n/moves (-0T1)e\n",
    );
    has_line(
        &out,
        "Your draft in game #1 (only you see it): (-0T1)d4 (+0T1)e4",
    );
    has_line(&out, "alice played (-0T1)d4 (+0T1)e4 in game #1 (ply 1).");
    assert!(out.contains("(-0T1)e5"), "bob's next board moves:\n{out}");
}

#[test]
fn a_published_game_to_checkmate_in_the_console_and_its_5dpgn() {
    let (_, canonical, _) = run(
        None,
        &[
            "replay",
            "5d",
            path(&data("own/standard-black-mates.5dpgn")),
        ],
        "",
    );
    let turns: Vec<&str> = canonical.lines().filter(|l| !l.contains(": ")).collect();
    assert_eq!(turns.len(), 44);
    let mut script =
        String::from("/images off\n/as alice\n/challenge @bob 5d colour:white\n/as bob\n/accept\n");
    for (i, turn) in turns.iter().enumerate() {
        script.push_str(if i % 2 == 0 {
            "/as alice\n"
        } else {
            "/as bob\n"
        });
        for board_move in turn.split(' ') {
            script.push_str(&format!("/move {board_move}\n"));
        }
        script.push_str("/submit\n");
    }
    script.push_str("/history\n");
    let dir = tempfile::tempdir().unwrap();
    let out = console(dir.path(), &script);
    assert!(!out.contains("refused:"), "{out}");
    assert!(!out.contains("error:"), "{out}");
    has_line(
        &out,
        &format!("bob played {} in game #1 (ply 44).", turns[43]),
    );
    has_line(&out, "Game over: 0-1 (checkmate): bob wins.");
    has_line(&out, "[Mode \"5D\"]");
    has_line(&out, "[Board \"Standard\"]");
    // The history is 5DPGN that `replay` reads back to the same end.
    let history: String = out
        .lines()
        .skip_while(|l| !l.starts_with("[Event"))
        .map(|l| format!("{l}\n"))
        .collect();
    let file = dir.path().join("history.5dpgn");
    std::fs::write(&file, &history).unwrap();
    let (code, replayed, err) = run(None, &["replay", "5d", path(&file)], "");
    assert_eq!(code, 0, "{err}\n{history}");
    assert_eq!(replayed, canonical);
}

#[test]
fn a_challenge_starts_from_a_records_position() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = dir.path().join("puzzle.5dpgn");
    std::fs::write(
        &puzzle,
        "[Mode \"5D\"]\n[Board \"custom\"]\n[Size \"5x5\"]\n[4k/5/5/5/K1R2:0:1:w]\n",
    )
    .unwrap();
    let script = format!(
        "/images off\n/as alice\n/challenge @bob 5d colour:white record:{}\n\
         /challenge @bob 5d record:{}\n/challenge @bob 5d board:turn-zero record:{}\n\
         /challenge @bob 5d record:{}\n",
        puzzle.display(),
        data("own/standard-black-mates.5dpgn").display(),
        puzzle.display(),
        dir.path().join("missing.5dpgn").display(),
    );
    let out = console(dir.path(), &script);
    assert!(out.contains("Challenge #1."), "{out}");
    assert!(out.contains("fen:[4k/5/5/5/K1R2:0:1:w]"), "{out}");
    assert!(
        out.contains("refused: the record has 44 moves after its start"),
        "{out}"
    );
    assert!(
        out.contains("refused: give the variant's options or a record"),
        "{out}"
    );
    assert!(out.contains("error: cannot read"), "{out}");
    let out = console(dir.path(), "/as bob\n/accept 1\n/as alice\n/moves\n");
    assert!(out.contains("game #1 begins"), "{out}");
    assert!(out.contains("(0T1)Rc5"), "the rook's moves:\n{out}");
}
