//! The guided picker typed in the console: `/move` alone, then `/choose`
//! on the `choice:` lines it prints.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use super::*;

/// The id of the `choice:` line whose id ends with `end`.
fn choice_ending(lines: &[String], end: &str) -> String {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("choice: "))
        .filter_map(|l| l.split_once(' ').map(|(id, _)| id))
        .find(|id| id.ends_with(end))
        .unwrap_or_else(|| panic!("no choice ending {end}: {lines:?}"))
        .to_owned()
}

/// A session where alice (white) is to move in a new game of `variant`
/// against bob, and the folder that holds its database.
async fn alice_to_move(variant: &str) -> (tempfile::TempDir, Session) {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    let host = Host::open(&url).await.unwrap();
    let mut s = Session::new(host, dir.path().join("images"));
    let challenge = format!("/challenge @bob {variant} colour:white");
    for line in [
        "/images off",
        "/as alice",
        &challenge,
        "/as bob",
        "/accept",
        "/as alice",
    ] {
        s.line(line).await.unwrap();
    }
    (dir, s)
}

#[tokio::test]
async fn a_move_picked_step_by_step() {
    let (_dir, mut s) = alice_to_move("standard").await;
    let first = s.line("/move").await.unwrap();
    assert!(
        first
            .iter()
            .any(|l| l == "choice: pick:1:0:ng1- (knight on g1: 2 actions)"),
        "{first:?}"
    );
    assert!(first.iter().filter(|l| l.starts_with("choice: ")).count() <= 25);
    let knight = s
        .line(&format!("/choose {}", choice_ending(&first, ":ng1-")))
        .await
        .unwrap();
    let nf3 = s
        .line(&format!("/choose {}", choice_ending(&knight, ";nf3")))
        .await
        .unwrap();
    assert!(nf3.contains(&"Play Nf3?".to_owned()), "{nf3:?}");
    let play = choice_ending(&nf3, ";nf3");
    assert!(play.starts_with("play:1:0:"), "{play}");
    let played = s.line(&format!("/choose {play}")).await.unwrap();
    assert!(played[0].starts_with("alice played Nf3"), "{played:?}");
    // Pressed again, the stale confirm plays nothing and says why.
    s.line("/as bob").await.unwrap();
    s.line("/move e5").await.unwrap();
    s.line("/as alice").await.unwrap();
    let stale = s.line(&format!("/choose {play}")).await.unwrap();
    assert!(stale[0].contains("moved on"), "{stale:?}");
    // `/moves` shows what a text finds, groups with their counts.
    let found = s.line("/moves N").await.unwrap();
    assert!(found.iter().any(|l| l == "Nxe5"), "{found:?}");
    s.host().close().await;
}

#[tokio::test]
async fn an_unreadable_move_lists_what_it_could_mean() {
    let (_dir, mut s) = alice_to_move("manyworlds").await;
    // `e4` alone is no Many Worlds action (a first move splits): refused,
    // with the splits it could be and the way to pick one.
    let refused = s.line("/move e4").await.unwrap().join("\n");
    assert!(refused.contains("it could mean (0) e4 (=I)"), "{refused}");
    assert!(refused.contains("/move alone lets you pick"), "{refused}");
    let board = s.line("/history").await.unwrap().join("\n");
    assert!(!board.contains("e4 (=I)"), "nothing was played: {board}");
    // `/moves e4` lists them first, then groups of those where e4 is the
    // second move, each with its count.
    let found = s.line("/moves e4").await.unwrap();
    assert_eq!(found[0], "(0) e4 (=I) a3 (=II)", "{found:?}");
    assert!(found.len() <= 25, "{found:?}");
    assert!(
        found.contains(&"(0) a2- … pawn on a2: 2 actions".to_owned()),
        "{found:?}"
    );
    s.host().close().await;
}
