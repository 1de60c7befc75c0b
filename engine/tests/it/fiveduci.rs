//! 5DUCI sessions: whole games between two sessions through the protocol
//! alone, refusals that keep the last good position, and random command
//! lines that never panic.

use chronomate_engine::fiveduci::{Reply, Session};
use chronomate_rules::{Color, Rules};
use proptest::prelude::*;

const STANDARD: &str = "[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:0:1:w]";

/// The lines a command answers with at once.
fn say(session: &mut Session, line: &str) -> Vec<String> {
    match session.handle(line) {
        Reply::Say(lines) => lines,
        other => panic!("{line}: {other:?}"),
    }
}

/// The lines a `go` answers with, its search run here.
fn go(session: &mut Session, line: &str) -> Vec<String> {
    match session.handle(line) {
        Reply::Go(search) => search.run(),
        Reply::Say(lines) => lines,
        other => panic!("{line}: {other:?}"),
    }
}

/// Two sessions play from `start` (a `position` argument without moves),
/// each told the whole game before each `go`, as a 5DUCI host does,
/// until one answers `nobestmove` or `turns` turns are played. Returns
/// the move words and whether the game ended.
fn play(start: &str, turns: usize) -> (Vec<String>, bool) {
    let mut sessions = [Session::new(1), Session::new(2)];
    for s in &mut sessions {
        assert_eq!(say(s, "5duci").last().unwrap(), "5duciok");
        assert!(say(s, "setoption name Level value 2").is_empty());
        assert!(matches!(s.handle("isready"), Reply::Ready));
        assert!(say(s, "5ducinewgame").is_empty());
    }
    let mut words: Vec<String> = Vec::new();
    for turn in 0..turns {
        let s = &mut sessions[turn % 2];
        let position = if words.is_empty() {
            format!("position {start}")
        } else {
            format!("position {start} moves {}", words.join(" "))
        };
        // The other session's turn is accepted (else `info string`).
        assert_eq!(say(s, &position), Vec::<String>::new(), "{position}");
        let game = s.position().unwrap().game().clone();
        let side = if turn % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        assert_eq!(game.to_move(), side);
        let lines = go(s, "go depth 1 nodes 40");
        let last = lines.last().unwrap();
        if last == "nobestmove" {
            assert!(game.status().is_over(), "nobestmove in play: {lines:?}");
            return (words, true);
        }
        let turn_words: Vec<&str> = last.strip_prefix("bestmove ").unwrap().split(' ').collect();
        assert!(
            !turn_words.is_empty() && !turn_words.contains(&"submit"),
            "{last}"
        );
        // The `info` line's principal variation is the turn played.
        let pv = lines[lines.len() - 2].rsplit(" pv ").next().unwrap();
        assert_eq!(pv, turn_words.join(" "));
        words.extend(turn_words.iter().map(|w| (*w).to_owned()));
        words.push("submit".to_owned());
    }
    // The last turn may have ended the game.
    let s = &mut sessions[turns % 2];
    let position = format!("position {start} moves {}", words.join(" "));
    assert_eq!(say(s, &position), Vec::<String>::new(), "{position}");
    let over = s.position().unwrap().game().status().is_over();
    (words, over)
}

#[test]
fn two_sessions_play_turn_zero_through_the_protocol() {
    let (words, ended) = play("startpos", 24);
    assert!(ended || words.iter().filter(|w| *w == "submit").count() == 24);
    // The whole game read once more from the start is where it ended.
    let mut s = Session::new(3);
    assert!(
        say(
            &mut s,
            &format!("position startpos moves {}", words.join(" "))
        )
        .is_empty()
    );
    assert_eq!(s.position().unwrap().game().status().is_over(), ended);
}

#[test]
fn two_sessions_play_standard_from_its_5dfen() {
    let (words, _) = play(&format!("size 8x8 odd fen {STANDARD}"), 12);
    assert!(words.len() >= 24, "{words:?}");
    assert!(words[0].starts_with("(0T1)"), "{words:?}");
}

#[test]
fn bad_positions_and_moves_are_answered_and_the_last_good_position_kept() {
    let mut s = Session::new(1);
    let good = "startpos moves (0T1)e2e4 submit";
    assert!(say(&mut s, &format!("position {good}")).is_empty());
    for (bad, reason) in [
        (
            "position startpos moves (0T1)e2e4 submit (0T1)e2e4",
            "is illegal",
        ),
        (
            "position startpos moves (0T1)e2e4 submit (0T1)e7e6 (0T1)d7d6",
            "move 4",
        ),
        ("position startpos moves (0T1)e2e4 (0T1)e7e5", "move 2"),
        (
            "position startpos moves (0T1)e2e4 submit (0T1)e7",
            "no cell",
        ),
        (
            "position startpos moves (0T1)e2e4 submit (0T0)e7e5",
            "not the last board",
        ),
        ("position fen [4k/5/5/5/K4:0:1:w", "bad 5DFEN"),
        (
            "position size 8x8 fen [4k/5/5/5/K4:0:1:w]",
            "size 8x8 but the boards are 5x5",
        ),
        ("position", "needs startpos or fen"),
    ] {
        let lines = say(&mut s, bad);
        assert_eq!(lines.len(), 1, "{bad}: {lines:?}");
        assert!(
            lines[0].starts_with("info string ") && lines[0].contains(reason),
            "{bad}: {lines:?}"
        );
        assert_eq!(s.position().unwrap().text(), good, "{bad}");
    }
    // The good position is still the one searched: Black's turn.
    let lines = go(&mut s, "go depth 1 nodes 20");
    assert!(
        lines.last().unwrap().starts_with("bestmove (0T1)"),
        "{lines:?}"
    );
}

#[test]
fn options_and_unknown_commands_are_answered_with_info_string() {
    let mut s = Session::new(1);
    for bad in [
        "setoption name Level value 9",
        "setoption name Level value x",
        "setoption name Hash value 16",
        "setoption name Move Overhead value -1",
        "setoption value 3",
        "bogus 1 2 3",
    ] {
        let lines = say(&mut s, bad);
        assert!(
            lines.len() == 1 && lines[0].starts_with("info string "),
            "{bad}: {lines:?}"
        );
    }
    assert_eq!(s.level().get(), 8);
    assert!(say(&mut s, "setoption name level value 3").is_empty());
    assert_eq!(s.level().get(), 3);
    assert!(say(&mut s, "").is_empty());
    assert!(matches!(s.handle("stop"), Reply::Stop));
    assert!(matches!(s.handle("quit"), Reply::Quit));
    let hello = say(&mut s, "5duci");
    assert!(hello[0].starts_with("id name Chronomate"), "{hello:?}");
    assert!(hello.contains(&"option name Level type spin default 8 min 1 max 8".to_owned()));
}

#[test]
fn a_mated_side_gets_nobestmove_and_a_mate_in_one_is_played() {
    let mut s = Session::new(1);
    // Black's king on a5, in check from the rook on e5; White's king on
    // b3 takes a4 and b4 from it: mate already.
    assert!(say(&mut s, "position size 5x5 fen [k3R/5/1K3/5/5:0:1:b]").is_empty());
    assert_eq!(go(&mut s, "go movetime 200"), ["nobestmove"]);
    // White to move mates so, with the rook from e1.
    let start = "fen [k4/5/1K3/5/4R:0:1:w]";
    assert!(say(&mut s, &format!("position {start}")).is_empty());
    let lines = go(&mut s, "go depth 2");
    let best = lines
        .last()
        .unwrap()
        .strip_prefix("bestmove ")
        .unwrap()
        .to_owned();
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:?}"
    );
    let mut check = Session::new(2);
    let after = format!("position {start} moves {best} submit");
    assert!(say(&mut check, &after).is_empty());
    assert!(
        check.position().unwrap().game().status().is_over(),
        "{best}"
    );
}

#[test]
fn two_starting_timelines_name_minus_zero_minus_one() {
    let board = "r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*";
    let start = format!("size 8x8 even fen [{board}:-0:1:w] [{board}:+0:1:w]");
    let mut s = Session::new(1);
    let line = format!("position {start} moves (-1T1)e2e4 (0T1)d2d4 submit");
    assert!(say(&mut s, &line).is_empty());
    assert_eq!(s.position().unwrap().game().to_move(), Color::Black);
    let lines = say(
        &mut s,
        &format!("position odd fen [{board}:-0:1:w] [{board}:+0:1:w]"),
    );
    assert!(
        lines[0].contains("odd but the boards start even"),
        "{lines:?}"
    );
    // Black answers on both timelines, -0 written -1.
    let lines = go(&mut s, "go depth 1 nodes 20");
    let best = lines.last().unwrap();
    assert!(best.contains("(-1T1)") && best.contains("(0T1)"), "{best}");
}

#[test]
fn limits_past_what_a_clock_counts_are_no_limits() {
    let mut s = Session::new(1);
    for line in [
        "go movetime 9223372036854775807 depth 1 nodes 5",
        "go wtime 9223372036854775807 btime 1 winc 9223372036854775807 depth 1 nodes 5",
        "go movestogo 0 wtime 0 depth 1 nodes 5",
    ] {
        let lines = go(&mut s, line);
        assert!(
            lines.last().unwrap().starts_with("bestmove (0T1)"),
            "{line}: {lines:?}"
        );
    }
}

/// A word of a command line: the protocol's words, moves, boards, and
/// anything at all.
fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "position",
            "startpos",
            "fen",
            "moves",
            "move",
            "submit",
            "size",
            "8x8",
            "5x5",
            "odd",
            "even",
            "go",
            "depth",
            "1",
            "nodes",
            "movetime",
            "-3",
            "setoption",
            "name",
            "value",
            "Level",
            "isready",
            "5duci",
            "5ducinewgame",
            "stop",
            "quit",
            "(0T1)e2e4",
            "(0T1)e7e5",
            "(0T1)g1f3",
            "(0T1)b1(0T0)b3",
            "(-1T1)e2e4",
            "(0T99999999999)a1a2",
            "(-2147483648T1)e2e4",
            "(0T-1)e2e4",
            "(1048576T1048576)a1a1",
            "(0T1)e7e8Q",
            STANDARD,
            "[4k/5/5/5/K4:0:1:w]",
            "[:::]",
        ])
        .prop_map(str::to_owned),
        "\\PC{0,12}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any command line is answered without a panic; a refused `position`
    /// keeps the last good one, and an accepted one is what it says.
    #[test]
    fn any_line_is_answered_and_a_refused_position_changes_nothing(
        lines in prop::collection::vec(prop::collection::vec(word(), 0..10), 1..8)
    ) {
        let mut s = Session::new(7);
        for words in lines {
            let line = words.join(" ");
            let before = s.position().map(|p| p.text());
            let reply = s.handle(&line);
            let after = s.position().map(|p| p.text());
            if line.trim_start().starts_with("position ") || line.trim() == "position" {
                match &reply {
                    Reply::Say(said) if said.is_empty() => {}
                    Reply::Say(said) => {
                        prop_assert!(said.len() == 1 && said[0].starts_with("info string "));
                        prop_assert_eq!(&before, &after);
                    }
                    other => prop_assert!(false, "{:?}", other),
                }
            }
        }
    }
}
