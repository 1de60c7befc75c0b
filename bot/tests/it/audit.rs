//! The outside audit of the variants (issue 15), checked where players and
//! scripts meet the rules: `chronomate replay`/`moves` and the console.
//! The rules-level tests citing each tag are in rules/tests; these prove
//! the same records hold end to end.

use crate::common;

use common::run_binary;

/// `chronomate replay VARIANT` of `record` (one action a line): stdout,
/// stderr and the exit code.
fn replay(variant: &str, options: &[&str], record: &[&str]) -> (String, String, Option<i32>) {
    let dir = tempfile::tempdir().unwrap();
    let mut args = vec!["replay", variant];
    args.extend_from_slice(options);
    let o = run_binary(Some(dir.path()), &args, record.join("\n").as_bytes());
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
        o.status.code(),
    )
}

/// The console's answer to `script`, every line of it.
fn console(script: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let o = run_binary(Some(dir.path()), &["console"], script.as_bytes());
    assert!(o.status.success(), "{o:?}");
    String::from_utf8(o.stdout).unwrap()
}

/// A console script: alice (white) challenges bob, bob accepts, and the
/// two alternate `moves`, then one more `last` from whoever is next.
fn hot_seat(variant_and_options: &str, moves: &[&str]) -> String {
    let mut script = format!(
        "/as alice\n/challenge @bob {variant_and_options} colour:white\n/as bob\n/accept\n"
    );
    let mut turn = ["alice", "bob"].iter().cycle();
    for m in moves {
        script.push_str(&format!("/as {}\n/move {m}\n", turn.next().unwrap()));
    }
    script
}

fn refusals(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| l.starts_with("refused: ") || l.starts_with("error: "))
        .collect()
}

// ----- Traveler ---------------------------------------------------------

const TT3_LAST_RESONATOR: [&str; 6] = ["h3/h4", "Nf6", "a3", "Ng4", "a4", "Nxh2"];

#[test]
fn tt3_taking_the_last_resonator_ends_the_game_in_replay_and_console() {
    let (out, err, code) = replay("traveler", &[], &TT3_LAST_RESONATOR);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out.lines().last(),
        Some("result: 0-1 (grammatical incorrectness)")
    );

    let out = console(&hot_seat("traveler", &TT3_LAST_RESONATOR));
    assert!(refusals(&out).is_empty(), "{out}");
    assert!(out.contains("0-1"), "{out}");
}

#[test]
fn tt3_the_edge_of_the_cone_is_no_resonator_in_replay_and_moves() {
    let record = ["h3/h4", "a6", "a3", "Bf3/xg2"];
    let (out, err, code) = replay("traveler", &[], &record);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "h3/h4\na6\na3\nBf3/xg2\nto move: white\n");

    let dir = tempfile::tempdir().unwrap();
    let o = run_binary(
        Some(dir.path()),
        &["moves", "traveler"],
        record[..3].join("\n").as_bytes(),
    );
    let moves = String::from_utf8(o.stdout).unwrap();
    assert!(moves.lines().any(|l| l == "Bf3/xg2"), "{moves}");
}

const AFTER_ANNIHILATION: [&str; 5] = ["d4/d5", "e5", "a3", "e4", "d2//d4"];

#[test]
fn tt4_tt9_an_explosion_taking_en_passant_is_refused_with_the_reason() {
    let mut record = AFTER_ANNIHILATION.to_vec();
    record.push("c4/xd3");
    let (out, err, code) = replay("traveler", &[], &record);
    assert_eq!(code, Some(2), "{out}");
    assert_eq!(out.lines().count(), 5, "{out}");
    assert!(err.contains("action 6"), "{err}");
    assert!(err.contains("en passant"), "{err}");

    let out = console(&hot_seat("traveler", &record));
    let refused = refusals(&out);
    assert_eq!(refused.len(), 1, "{out}");
    assert!(refused[0].contains("en passant"), "{out}");
}

#[test]
fn a_lone_slash_cannot_be_read() {
    let out = console(&hot_seat("traveler", &["/"]));
    let refused = refusals(&out);
    assert_eq!(refused.len(), 1, "{out}");
    assert!(refused[0].contains("cannot read \"/\""), "{out}");
}

#[test]
fn the_rule_texts_pawn_captures_by_files_read_in_replay() {
    // Time Traveler's Chess, Game 1 as the rule text writes it.
    let (out, err, code) = replay("traveler", &[], &["1.Nf6/e8", "1...gf"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out,
        "Nf6/xe8\ngxf6\nresult: 0-1 (grammatical incorrectness)\n"
    );
    let (out, err, code) = replay("standard", &[], &["e4", "d5", "e5", "f5", "ef"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().nth(4), Some("exf6"));
}

// ----- Multiverse -------------------------------------------------------

#[test]
fn e5_a_king_may_not_travel_onto_an_attacked_square_in_replay_and_console() {
    let record = [
        "(L1)e4",
        "(L1)e5",
        "(L1)Nf3",
        "(L1)Bc5",
        "(L1)d3",
        "(L1)Nf6",
        "(L1)Nc3 Ke1>>(T5)e3",
    ];
    let (out, err, code) = replay("multiverse", &[], &record);
    assert_eq!(code, Some(2), "{out}");
    assert!(err.contains("action 7"), "{err}");
    assert!(err.contains("attacked"), "{err}");

    let out = console(&hot_seat("multiverse", &record));
    let refused = refusals(&out);
    assert_eq!(refused.len(), 1, "{out}");
    assert!(refused[0].contains("attacked"), "{out}");
}

#[test]
fn e7_a_queen_promoted_in_the_board_move_never_pays() {
    let record = [
        "(L1)Nf3",
        "(L1)b5",
        "(L1)Ng1 Nb1>>(T1)c3",
        "(L1)b4",
        "(L2)Nc6",
        "(L1)a3",
        "(L2)e3",
        "(L1)bxa3",
        "(L2)Nb8",
        "(L1)Nf3",
        "(L2)h3",
        "(L1)axb2",
        "(L2)Nc6",
        "(L1)Ng1",
        "(L2)h4",
        "(L2)Nb8",
        "(L1)bxa1=Q Ng8>(L2)h6",
    ];
    let (out, err, code) = replay("multiverse", &[], &record);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().nth(16), Some("(L1)bxa1=Q Ng8>(L2)h6"));
    // After a quiet White turn, a Black queen still moves on L1: the one
    // on a1, since d8 is walled in by its own men.
    let mut next = record.to_vec();
    next.extend(["(L1)e3", "(L2)e4"]);
    let dir = tempfile::tempdir().unwrap();
    let o = run_binary(
        Some(dir.path()),
        &["moves", "multiverse"],
        next.join("\n").as_bytes(),
    );
    assert!(o.status.success(), "{o:?}");
    let moves = String::from_utf8(o.stdout).unwrap();
    assert!(moves.lines().any(|l| l.starts_with("(L1)Q")), "{moves}");
}

#[test]
fn options_given_twice_are_refused_in_replay_and_console() {
    let (_, err, code) = replay("multiverse", &["--options", "branches:3 branches:5"], &[]);
    assert_eq!(code, Some(2));
    assert!(err.contains("given twice"), "{err}");

    let out = console("/as alice\n/challenge @bob manyworlds turns:on turns:off\n");
    let refused = refusals(&out);
    assert_eq!(refused.len(), 1, "{out}");
    assert!(refused[0].contains("given twice"), "{out}");
}

#[test]
fn a_five_megabyte_action_is_answered_in_a_short_line() {
    let huge = "Nf3".repeat(1_700_000);
    for variant in [
        "standard",
        "traveler",
        "gifford",
        "multiverse",
        "temporal",
        "manyworlds",
    ] {
        let (_, err, code) = replay(variant, &[], &[&huge]);
        assert_eq!(code, Some(2), "{variant}");
        assert!(err.len() < 600, "{variant}: {} bytes of error", err.len());
    }
}
