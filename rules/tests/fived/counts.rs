//! Legal-turn counts (capped at 1000, the cap peers use) and mates
//! against a peer's, position by position: the start, then after each
//! whole turn (F-10). The games are Chronomate's own corpus
//! (`data/own`, README.md there); the answers are those of ftxi's
//! `5dtools` (`count balanced 1000`, `checkmate`), recorded by
//! `tools/rules/fived-corpus.sh`.

use chronomate_rules::{Reason, Status};

use crate::support::{data, positions, published};

/// Games whose counts take more than a few seconds in a debug build:
/// checked by the ignored test below.
const LONG: &[&str] = &["standard-many-timelines.5dpgn"];

/// The corpus's games, each with what it is there for: its positions
/// number, and its last position's answer.
const GAMES: usize = 23;

/// Compares every position's capped count of the corpus's games `keep`
/// selects with the peer's; the number of positions compared.
fn check_counts(keep: impl Fn(&str) -> bool) -> usize {
    let mut checked = 0;
    for (name, counts) in published("own/counts.txt") {
        if !keep(&name) {
            continue;
        }
        let want: Vec<usize> = counts
            .split_whitespace()
            .map(|c| c.parse().unwrap())
            .collect();
        let games = positions(&data(&format!("own/{name}")));
        let got: Vec<usize> = games.iter().map(|g| g.count_actions(1000)).collect();
        assert_eq!(got, want, "{name}: legal turns, capped at 1000");
        checked += got.len();
    }
    checked
}

#[test]
fn own_counts() {
    let checked = check_counts(|name| !LONG.contains(&name));
    assert!(checked >= 400, "{checked} positions compared");
}

#[test]
#[ignore = "about a minute in a debug build: most of its positions have 1000+ turns on many timelines"]
fn own_counts_long() {
    let checked = check_counts(|name| LONG.contains(&name));
    assert!(checked > 30, "{checked} positions compared");
}

/// Every position of the corpus's games judged as the peer judges it:
/// `n` where a legal turn exists, `c` checkmate, `s` stalemate; and the
/// corpus holds mates for both sides and stalemates.
#[test]
fn own_mates() {
    let (mut checked, mut mates, mut stalemates) = (0, 0, 0);
    for (name, marks) in published("own/mates.txt") {
        let games = positions(&data(&format!("own/{name}")));
        let got: String = games
            .iter()
            .map(|g| match g.status() {
                Status::Ongoing => 'n',
                Status::Finished(o) if o.reason == Reason::Checkmate => 'c',
                Status::Finished(_) => 's',
            })
            .collect();
        assert_eq!(got, marks, "{name}: n, c (checkmate) or s (stalemate)");
        for (i, g) in games.iter().enumerate() {
            let over = g.status().is_over();
            assert_eq!(over, g.count_actions(1) == 0, "{name}, position {i}");
        }
        mates += got.matches('c').count();
        stalemates += got.matches('s').count();
        checked += 1;
    }
    assert_eq!(checked, GAMES);
    assert!(
        mates >= 10 && stalemates >= 4,
        "{mates} mates, {stalemates} stalemates"
    );
}
