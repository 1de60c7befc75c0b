//! A whole tournament typed in the console: created, joined, started,
//! played to its end, its standings, pairings, exports and ratings.

use crate::common;

#[test]
fn a_tournament_in_the_console() {
    let dir = tempfile::tempdir().unwrap();
    let mut script = String::from(
        "/as alice\n/tournament create standard days:3 name:Console_Cup\n/tournament join\n\
         /as bob\n/tournament join 1\n/as carol\n/tournament join\n/as dave\n/tournament join\n\
         /as alice\n/images off\n/tournament start\n",
    );
    // Berger, four players: round 1 alice-dave, bob-carol; round 2
    // dave-carol, alice-bob; round 3 bob-dave, carol-alice. Black resigns.
    for (game, black) in [
        (1, "dave"),
        (2, "carol"),
        (3, "carol"),
        (4, "bob"),
        (5, "dave"),
        (6, "alice"),
    ] {
        script.push_str(&format!("/as {black}\n/resign game:{game} confirm\n"));
    }
    script.push_str(
        "/tournament standings\n/tournament pairings round:2\n/export csv tournament:1\n\
         /rating\n/rating @bob standard\n/leaderboard standard\n/export pgn game:1\n\
         /tournament bogus\n/export csv\n",
    );
    let out = common::run_binary(Some(dir.path()), &["console"], script.as_bytes());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{stdout}");
    let has = |line: &str| {
        assert!(
            stdout.lines().any(|l| l == line),
            "no line {line:?} in:\n{stdout}"
        )
    };
    has("alice created Tournament #1 Console Cup: standard, round robin, 3 days per move.");
    has("  Board 1: alice (white) vs dave (black), game #1: in play");
    has("Tournament #1 Console Cup is over.");
    // White won every game: alice beat dave and bob, lost to carol (SB
    // 1 + 2 = 3); bob beat carol and dave (SB 1 + 1 = 2).
    has("1. alice 2 (SB 3) +2 =0 -1");
    has("2. bob 2 (SB 2) +2 =0 -1");
    has("rank,player,points,sb,games,wins,draws,losses,byes,withdrawn,round_1,round_2,round_3");
    has("[Event \"Console Cup\"]");
    has("[Round \"1\"]");
    has(
        "error: unknown /tournament bogus; usage: /tournament create|join|leave|start|standings|pairings|withdraw|cancel|list [ID]",
    );
    assert!(
        stdout.contains("alice's ratings (? = provisional):"),
        "{stdout}"
    );
    assert!(stdout.contains("Leaderboard: standard"), "{stdout}");
    assert!(!stdout.contains("refused:"), "{stdout}");
    assert!(!stdout.contains("error: storage"), "{stdout}");
}
