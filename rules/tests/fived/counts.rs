//! Legal-turn counts (capped at 1000, the cap peers use) and mates
//! against cwmtt's published ones, position by position: the start, then
//! after each whole turn (F-10).

use crate::support::{data, positions, published};

/// Games whose counts take more than a few seconds in a debug build:
/// checked by the ignored test below.
const LONG: &[&str] = &["niceAndrey.5dpgn", "wide.5dpgn"];

/// Compares every position's capped count of `games` with cwmtt's.
fn check_counts(keep: impl Fn(&str) -> bool) {
    let mut checked = 0;
    for (name, counts) in published("cwmtt/counts.txt") {
        if !keep(&name) {
            continue;
        }
        let want: Vec<usize> = counts
            .split_whitespace()
            .map(|c| c.parse().unwrap())
            .collect();
        let games = positions(&data(&format!("cwmtt/{name}")));
        let got: Vec<usize> = games.iter().map(|g| g.count_actions(1000)).collect();
        assert_eq!(got, want, "{name}: legal turns, capped at 1000");
        checked += 1;
    }
    assert!(checked > 0, "no game was checked");
}

#[test]
fn cwmtt_counts() {
    check_counts(|name| !LONG.contains(&name));
}

#[test]
#[ignore = "about 40 s in a debug build: niceAndrey has 122 positions, most with 1000+ turns"]
fn cwmtt_counts_long() {
    check_counts(|name| LONG.contains(&name));
}

/// Every position of cwmtt's games: `1` where a legal turn exists, `0`
/// where none does (the games end in checkmate or stalemate).
#[test]
fn cwmtt_mates() {
    let mut checked = 0;
    for (name, marks) in published("cwmtt/mates.txt") {
        let games = positions(&data(&format!("cwmtt/{name}")));
        let got: String = games
            .iter()
            .map(|g| if g.count_actions(1) == 0 { '0' } else { '1' })
            .collect();
        assert_eq!(got, marks, "{name}: 1 where a legal turn exists");
        for (i, g) in games.iter().enumerate() {
            let over = g.status().is_over();
            assert_eq!(over, g.count_actions(1) == 0, "{name}, position {i}");
        }
        checked += 1;
    }
    assert_eq!(checked, 20);
}
