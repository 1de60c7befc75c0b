//! Drafted turns through the host (5D chess): `/move` adds a board move to
//! the mover's private draft, `/undo` takes one back, `/submit` commits the
//! whole turn as one action or refuses with the rules' reason and keeps
//! the draft; a draft survives a restart and is gone once the game moves
//! on. Variants played one action a turn have no drafts.

use crate::common;
use chronomate_host::{ChallengeTerms, ColourChoice, Player, Refusal};
use chronomate_rules::{Options, Variant};
use common::replies::assert_contains;
use common::{World, caller, refusal};

fn fived(options: &str) -> ChallengeTerms {
    let variant: Variant = "5d".parse().unwrap();
    let mut terms = ChallengeTerms::new(variant);
    terms.options = Options::parse(variant, options).unwrap();
    terms
}

async fn a_turn_is_drafted_undone_refused_kept_over_a_restart_and_submitted() {
    let mut w = World::new().await;
    let (alice, bob) = (caller("alice"), caller("bob"));
    let game = w
        .start_with(&alice, &bob, fived("board:two-timelines"))
        .await;

    // A move drafts, privately; nothing is played yet.
    let reply = w.host.games().act(&alice, None, "(-0T1)e4").await.unwrap();
    assert!(reply.private, "{}", reply.text);
    assert_contains(&reply.text, "Drafted (-0T1)e4.");
    assert_contains(
        &reply.text,
        "Your draft in game #1 (only you see it): (-0T1)e4",
    );
    assert_contains(&reply.text, "Not ready to submit");
    assert_contains(&reply.text, "(+0T1)");
    assert!(w.store().log(game).await.unwrap().is_empty());

    // The opponent cannot draft, nor see or submit the draft.
    let r = refusal(w.host.games().act(&bob, Some(game), "(-0T1)e5").await);
    assert!(matches!(r, Refusal::NotYourTurn { .. }), "{r}");
    let r = refusal(w.host.games().submit(&bob, Some(game)).await);
    assert!(matches!(r, Refusal::NotYourTurn { .. }), "{r}");

    // A move the rules refuse changes nothing and says why.
    let r = refusal(w.host.games().act(&alice, None, "(-0T1)e5").await);
    assert_contains(r.to_string(), "(-0T1)");
    let r = refusal(w.host.games().act(&alice, None, "(-0T1)e4 (+0T1)e4").await);
    assert_contains(r.to_string(), "one board move at a time");

    // Submitting with a board still owed: refused, naming it; kept.
    let r = refusal(w.host.games().submit(&alice, None).await);
    assert_contains(r.to_string(), "(+0T1)");
    let shown = w.host.games().draft(&alice, None).await.unwrap();
    assert_contains(&shown.text, "(-0T1)e4");

    // Undo, and undo with nothing left.
    let undone = w.host.games().undo(&alice, None).await.unwrap();
    assert_contains(&undone.text, "Took back (-0T1)e4.");
    assert_contains(&undone.text, "is empty");
    let r = refusal(w.host.games().undo(&alice, None).await);
    assert_eq!(r, Refusal::NothingDrafted(game));
    let r = refusal(w.host.games().submit(&alice, None).await);
    assert_contains(r.to_string(), "nothing is drafted yet");

    // Drafted again, then the bot restarts: the draft is still there.
    w.host.games().act(&alice, None, "(-0T1)e4").await.unwrap();
    w.host.games().act(&alice, None, "(+0T1)d4").await.unwrap();
    w.restart().await;
    let shown = w.host.games().draft(&alice, None).await.unwrap();
    assert_contains(&shown.text, "(-0T1)e4 (+0T1)d4");
    assert_contains(&shown.text, "Ready: /submit");

    // Submitted: one action, the whole turn; the draft is gone.
    let played = w.host.games().submit(&alice, None).await.unwrap();
    assert!(!played.private);
    assert_contains(
        &played.text,
        "alice played (-0T1)e4 (+0T1)d4 in game #1 (ply 1).",
    );
    let log = w.store().log(game).await.unwrap();
    assert_eq!(log.len(), 1);
    assert_eq!(log[0].text, "(-0T1)e4 (+0T1)d4");
    assert!(w.store().draft(game, 0).await.unwrap().is_empty());
    assert!(w.store().draft(game, 1).await.unwrap().is_empty());
    w.check_consistent(game).await;

    // Black drafts; White's resignation ends the game and the draft.
    w.host.games().act(&bob, None, "(-0T1)e5").await.unwrap();
    assert_eq!(w.store().draft(game, 1).await.unwrap().len(), 1);
    w.host
        .games()
        .resign(&alice, Some(game), true)
        .await
        .unwrap();
    assert!(w.store().draft(game, 1).await.unwrap().is_empty());
}

on_both_backends!(multi_thread: a_turn_is_drafted_undone_refused_kept_over_a_restart_and_submitted);

#[tokio::test]
async fn a_game_of_one_action_a_turn_has_no_drafts() {
    let w = World::new().await;
    let (alice, bob) = (caller("alice"), caller("bob"));
    let game = w.start(&alice, &bob).await;
    let reply = w.host.games().act(&alice, None, "e4").await.unwrap();
    assert!(!reply.private);
    assert_eq!(w.store().log(game).await.unwrap().len(), 1);
    let r = refusal(w.host.games().undo(&bob, None).await);
    assert_eq!(r, Refusal::NoDrafts(game));
    let r = refusal(w.host.games().submit(&bob, None).await);
    assert_eq!(r, Refusal::NoDrafts(game));
}

/// Chronomate plays 5D chess: after the player's submitted turn, its own
/// whole turn follows (level 1 drafts it board move by board move).
#[tokio::test]
async fn chronomate_answers_a_drafted_turn() {
    let w = World::new().await;
    let alice = caller("alice");
    let mut terms = fived("");
    terms.opponent = Some(Player::chronomate());
    terms.level = Some(1);
    terms.colour = ColourChoice::White;
    let game = w
        .host
        .challenges()
        .challenge(&alice, terms)
        .await
        .unwrap()
        .game
        .unwrap();
    w.host.engine_play().start().await.unwrap();
    w.host.games().act(&alice, Some(game), "e4").await.unwrap();
    w.host.games().submit(&alice, Some(game)).await.unwrap();
    let answered = tokio::time::timeout(std::time::Duration::from_secs(60), async {
        loop {
            let log = w.store().log(game).await.unwrap();
            if log.len() >= 2 {
                return log;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    })
    .await
    .expect("Chronomate plays its turn");
    assert_eq!(answered.len(), 2);
    w.host.engine_play().stop();
}
