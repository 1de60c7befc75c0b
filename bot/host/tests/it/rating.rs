//! Ratings through the host: a game is rated once, when its result is
//! recorded, on its server and globally; aborted games are not rated;
//! ratings, leaderboards and PGN exports read back.

use chronomate_testkit::replies::{assert_contains, assert_lacks};

use crate::common;

use chronomate_host::{Caller, GLOBAL, Place, Player};
use chronomate_rules::Variant;
use common::{World, caller, key, refusal};

async fn a_finished_game_is_rated_once_and_an_aborted_one_never() {
    let w = World::new().await;
    let (alice, bob) = (caller("alice"), caller("bob"));
    let g = w.start(&alice, &bob).await;
    let mate = w.play(g, &alice, &bob, &["f3", "e5", "g4", "Qh4#"]).await;
    assert!(
        mate.text.ends_with(
            "Ratings (standard, this server): alice 1500? → 1338? (-162), bob 1500? → 1662? (+162)."
        ),
        "{}",
        mate.text
    );
    let changes = w.store().rating_changes(g).await.unwrap();
    assert_eq!(changes.len(), 4, "server and global, both players");
    let bob_global = w
        .store()
        .rating(&key("console:bob"), "standard", GLOBAL)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((bob_global.games, bob_global.wins), (1, 1));
    assert!(bob_global.glicko.provisional());

    // An aborted game changes no rating.
    let g2 = w.start(&alice, &bob).await;
    let before = w.store().dump().await.unwrap();
    let aborted = w.host.games().abort(&alice, Some(g2)).await.unwrap();
    assert_lacks(&aborted.text, "Ratings");
    assert!(w.store().rating_changes(g2).await.unwrap().is_empty());
    let after = w.store().dump().await.unwrap();
    let ratings = |d: &str| d.split("ratings\n").nth(1).map(str::to_owned);
    assert_eq!(ratings(&before), ratings(&after));

    // A game outside any server is rated globally only.
    let dm = |name: &str| Caller::new(Player::console(name), Place::new(None, None, None));
    let g3 = w.start(&dm("carol"), &dm("dave")).await;
    w.host
        .games()
        .resign(&dm("dave"), Some(g3), true)
        .await
        .unwrap();
    let changes = w.store().rating_changes(g3).await.unwrap();
    assert_eq!(changes.len(), 2);
    assert!(changes.iter().all(|c| c.scope == GLOBAL));

    let mine = w.host.players().rating(&bob, None, None).await.unwrap();
    assert_contains(&mine.text, "bob's ratings");
    assert!(
        mine.text
            .contains("standard: 1662? on this server (1 game: +1 =0 -0)"),
        "{}",
        mine.text
    );
    let none = w
        .host
        .players()
        .rating(&bob, None, Some(Variant::Traveler))
        .await
        .unwrap();
    assert_eq!(
        none.text,
        "bob has no rated games in traveler yet: everyone starts at 1500? (provisional)."
    );
    let board = w
        .host
        .players()
        .leaderboard(&bob, Variant::Standard)
        .await
        .unwrap();
    let lines: Vec<&str> = board.text.lines().collect();
    assert_eq!(lines[1], "1. bob 1662? (1 game: +1 =0 -0)");
    assert_eq!(lines[2], "2. alice 1338? (1 game: +0 =0 -1)");

    // PGN: the Seven Tag Roster, SAN with move numbers, the result.
    let pgn = w
        .host
        .games()
        .export_pgn(&alice, Some(g))
        .await
        .unwrap()
        .text;
    assert_eq!(
        pgn,
        "[Event \"Chronomate game #1\"]\n[Site \"Chronomate\"]\n[Date \"2023.11.14\"]\n\
         [Round \"-\"]\n[White \"alice\"]\n[Black \"bob\"]\n[Result \"0-1\"]\n\n\
         1. f3 e5 2. g4 Qh4# 0-1\n\n"
    );
    let mut t = chronomate_host::ChallengeTerms::new(Variant::Traveler);
    t.opponent = None;
    let g4 = w.start_with(&alice, &bob, t).await;
    let r = refusal(w.host.games().export_pgn(&alice, Some(g4)).await);
    assert!(
        r.to_string().starts_with("PGN is for standard chess"),
        "{r}"
    );
}

on_both_backends!(a_finished_game_is_rated_once_and_an_aborted_one_never,);
