//! The CLI contract (docs/cli.md): subcommands, their lines and
//! exit codes, driven through the real binary.

use crate::common;

use std::process::{Command, Output, Stdio};

fn chronomate(args: &[&str], stdin: &str) -> Output {
    common::run_binary(None, args, stdin.as_bytes())
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Morphy v Duke of Brunswick and Count Isouard, Paris 1858.
const OPERA_GAME: &str = "\
[Event \"Paris\"]
[Result \"1-0\"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7
8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7
14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0
";

#[test]
fn perft_prints_the_node_count() {
    let o = chronomate(&["perft", "5"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "4865609");
}

#[test]
fn perft_takes_a_fen_and_divides() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let o = chronomate(&["perft", "--fen", kiwipete, "3"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "97862");

    let o = chronomate(&["perft", "--divide", "2"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 21, "{out}");
    assert!(lines.contains(&"e2e4: 20"), "{out}");
    assert_eq!(*lines.last().unwrap(), "400");
}

#[test]
fn perft_refuses_a_bad_fen() {
    let o = chronomate(&["perft", "--fen", "not a fen", "1"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).starts_with("error: "), "{}", stderr(&o));
}

#[test]
fn replay_of_a_mating_game_prints_the_result() {
    let o = chronomate(&["replay", "standard", "-"], OPERA_GAME);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 34, "{out}");
    assert_eq!(lines[0], "e4");
    assert_eq!(lines[22], "O-O-O");
    assert_eq!(lines[32], "Rd8#");
    assert_eq!(lines[33], "result: 1-0 (checkmate)");
}

#[test]
fn replay_prints_canonical_notation_and_who_is_to_move() {
    let o = chronomate(&["replay", "standard"], "1. e2e4\n1... e7e5\n2. Ng1f3\n");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "e4\ne5\nNf3\nto move: black\n");
}

#[test]
fn replay_stops_at_an_illegal_action_with_exit_2() {
    let o = chronomate(&["replay", "standard"], "e4\ne5\nKe3\nNf3\n");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "e4\ne5\n");
    let err = stderr(&o);
    assert!(err.contains("action 3"), "{err}");
    assert!(err.contains("\"Ke3\""), "{err}");
}

#[test]
fn replay_json_is_one_object() {
    let o = chronomate(&["replay", "standard", "--json"], "f3 e5 g4 Qh4#");
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["result"], "0-1 (checkmate)");
    assert_eq!(v["steps"].as_array().unwrap().len(), 4);
    assert_eq!(v["steps"][3]["notation"], "Qh4#");
}

#[test]
fn replay_reports_the_collapse_made_as_a_game_is_created() {
    // E-9: with a branch limit of 1 the first collapse happens at creation:
    // an event line before the first action, and `opening_events` in JSON.
    let args = [
        "replay",
        "multiverse",
        "--options",
        "branches:1",
        "--seed",
        "7",
    ];
    let o = chronomate(&args, "(L1)Nf3\n");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("{collapse: L1 loses the "), "{out}");
    assert!(lines[0].ends_with('}'), "{out}");
    assert_eq!(lines[1], "(L1)Nf3", "{out}");
    assert!(lines[2].starts_with("{collapse: L1 loses the "), "{out}");

    let mut json_args = args.to_vec();
    json_args.push("--json");
    let o = chronomate(&json_args, "(L1)Nf3\n");
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let opening = v["opening_events"].as_array().unwrap();
    assert_eq!(opening.len(), 1, "{v}");
    assert_eq!(format!("{{{}}}", opening[0].as_str().unwrap()), lines[0]);
    assert_eq!(v["steps"][0]["notation"], "(L1)Nf3");

    // Nothing happens at creation under the default limit, nor in chess.
    let o = chronomate(&["replay", "multiverse"], "(L1)e4\n");
    assert_eq!(stdout(&o), "(L1)e4\nto move: black on L1\n");
    let o = chronomate(&["replay", "standard", "--json"], "e4");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["opening_events"], serde_json::json!([]));
}

#[test]
fn moves_lists_the_legal_actions() {
    let o = chronomate(&["moves", "standard", "-"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 20);
    assert!(out.lines().any(|l| l == "Nf3"));
    let o = chronomate(&["moves", "standard"], "f3 e5 g4 Qh4#");
    assert!(o.status.success());
    assert_eq!(stdout(&o), "");
}

#[test]
fn unknown_variants_and_options_are_usage_errors() {
    let o = chronomate(&["replay", "chess960"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown variant"), "{}", stderr(&o));
    let o = chronomate(&["replay", "standard", "--options", "branches:21"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("branches"), "{}", stderr(&o));
}

#[test]
fn a_closed_pipe_ends_output_quietly() {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_chronomate"))
        .args(["perft", "--divide", "3"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read one byte, then close the pipe, as `| head -c1` would.
    let mut first = [0u8; 1];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(!stderr(&output).contains("panicked"), "{}", stderr(&output));
}

#[test]
fn gif_writes_one_frame_per_action_and_says_how_many() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("opera.gif");
    let o = chronomate(
        &[
            "gif",
            "standard",
            "-",
            "-o",
            out.to_str().unwrap(),
            "--theme",
            "wood",
            "--delay",
            "500",
        ],
        OPERA_GAME,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    // 33 half-moves: the start and one frame each.
    assert_eq!(stdout(&o), "frames: 34 of 34\n");
    let bytes = std::fs::read(&out).unwrap();
    assert!(bytes.starts_with(b"GIF89a"), "a GIF");
    assert!(bytes.len() < 1_000_000, "{} bytes", bytes.len());
    assert_eq!(bytes.last(), Some(&0x3b), "the GIF trailer");

    // Flipped, from a file, another variant.
    let record = dir.path().join("traveler.txt");
    std::fs::write(&record, "e4\nNf6/e4\n").unwrap();
    let out = dir.path().join("traveler.gif");
    let o = chronomate(
        &[
            "gif",
            "traveler",
            record.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
            "--flip",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "frames: 3 of 3\n");
}

#[test]
fn gif_refuses_an_illegal_record_and_an_unknown_theme() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("bad.gif");
    let path = out.to_str().unwrap();
    let o = chronomate(&["gif", "standard", "-o", path], "e4\ne5\nKe3\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("Ke3"), "{}", stderr(&o));
    assert!(!out.exists(), "nothing written");
    // Refused before the record is read.
    let o = chronomate(&["gif", "standard", "-o", path, "--theme", "neon"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown theme"), "{}", stderr(&o));
}
