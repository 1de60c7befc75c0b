//! The guided picker through the host: whole games played only by
//! choosing options and pressing Play, a picker that went stale (the game
//! moved on, the bot restarted), and refusals that say what a text could
//! mean.

use chronomate_host::{ChallengeTerms, Refusal, Reply};
use chronomate_model::GameId;
use chronomate_rules::{Game, Variant};

use crate::common::{World, caller, refusal};

/// Plays `text` through the picker: opens it, chooses the option the
/// rules' own path names at each step (each step offering at most 25),
/// presses Play; the reply to the move.
async fn pick_and_play(
    w: &World,
    who: &chronomate_host::Caller,
    game: GameId,
    mirror: &mut Game,
    text: &str,
) -> Reply {
    let path = mirror
        .path_to(text)
        .unwrap_or_else(|| panic!("{text} is legal"));
    let mut reply = w.host.games().pick(who, Some(game)).await.unwrap();
    for key in &path {
        assert!(reply.private, "a picker is for its player's eyes");
        let menu = reply
            .menu
            .as_ref()
            .unwrap_or_else(|| panic!("a menu: {}", reply.text));
        assert!(menu.options.len() <= 25, "{}", menu.options.len());
        let option = menu
            .options
            .iter()
            .find(|o| &o.key == key)
            .unwrap_or_else(|| panic!("{key} among {:?}", menu.options));
        reply = w
            .host
            .choose(who, &menu.choice(option).to_string())
            .await
            .unwrap();
    }
    assert!(reply.menu.is_none(), "{}", reply.text);
    let play = reply
        .choices
        .iter()
        .find(|c| c.label.starts_with("Play "))
        .unwrap_or_else(|| panic!("a Play button: {reply:?}"));
    let played = w.host.choose(who, &play.id.to_string()).await.unwrap();
    let notation = mirror.play(text).unwrap().notation;
    assert!(played.text.contains(&notation), "{}", played.text);
    played
}

async fn a_whole_many_worlds_game_through_the_picker() {
    let w = World::new().await;
    let (alice, bob) = (caller("alice"), caller("bob"));
    let g = w
        .start_with(&alice, &bob, ChallengeTerms::new(Variant::ManyWorlds))
        .await;
    let mut mirror = Game::new(Variant::ManyWorlds, 0);
    // Black's queen takes White's king on board VII.
    let script = [
        "(0) f3 f4",
        "(I) e5 e6",
        "(III) g4 g3",
        "(V) Qh4 Qg5",
        "(II) a3 a4",
        "(VII) Qxe1 a6",
    ];
    let mut last = Reply::default();
    for (i, text) in script.iter().enumerate() {
        let who = if i % 2 == 0 { &alice } else { &bob };
        last = pick_and_play(&w, who, g, &mut mirror, text).await;
    }
    assert!(
        last.text.contains("(king captured): bob wins"),
        "{}",
        last.text
    );
    w.check_consistent(g).await;
}

async fn a_multiverse_game_with_time_travel_through_the_picker() {
    let w = World::new().await;
    let (alice, bob) = (caller("alice"), caller("bob"));
    let g = w
        .start_with(&alice, &bob, ChallengeTerms::new(Variant::Multiverse))
        .await;
    let mut mirror = Game::new(Variant::Multiverse, 0);
    let script: [(&str, bool); 8] = [
        ("(L1)e4", true),
        ("(L1)e5", false),
        ("(L1)Nf3", true),
        // Black's knight goes back to T2: branch L2 opens.
        ("(L1)Nc6 Ng8>>(T2)e7", false),
        ("(L1)Bc4", true),
        ("(L2)d4", true),
        ("(L1) resign", false),
        ("(L2) resign", false),
    ];
    let mut last = Reply::default();
    for (text, white) in script {
        let who = if white { &alice } else { &bob };
        last = pick_and_play(&w, who, g, &mut mirror, text).await;
    }
    assert_eq!(mirror.record().len(), 8);
    assert!(
        last.text.contains("(branch majority): alice wins"),
        "{}",
        last.text
    );
    w.check_consistent(g).await;
}

async fn a_stale_picker_says_so_and_a_restart_changes_nothing() {
    let mut w = World::new().await;
    let (alice, bob) = (caller("alice"), caller("bob"));
    let g = w.start(&alice, &bob).await;
    let first = w.host.games().pick(&alice, Some(g)).await.unwrap();
    let menu = first.menu.clone().unwrap();
    let knight = menu.options.iter().find(|o| o.key == "ng1-").unwrap();
    let knight_id = menu.choice(knight).to_string();
    assert_eq!(knight_id, format!("pick:{g}:0:ng1-"));
    // After a restart the same id is the same step.
    w.restart().await;
    let step = w.host.choose(&alice, &knight_id).await.unwrap();
    let keys: Vec<&str> = step
        .menu
        .as_ref()
        .unwrap()
        .options
        .iter()
        .map(|o| o.key.as_str())
        .collect();
    assert_eq!(keys, ["nf3", "nh3"]);
    // Play e4 by typing; the old picker now says so and plays nothing.
    w.host.games().act(&alice, Some(g), "e4").await.unwrap();
    w.host.games().act(&bob, Some(g), "e5").await.unwrap();
    let play_nf3 = format!("play:{g}:0:ng1-;nf3");
    let stale = w.host.choose(&alice, &play_nf3).await.unwrap();
    assert!(
        stale
            .text
            .contains("moved on since this picker was opened: nothing was played"),
        "{}",
        stale.text
    );
    assert_eq!(stale.menu.as_ref().unwrap().id.ply, 2, "a fresh picker");
    // A key no longer offered says so too.
    let gone = w
        .host
        .choose(&alice, &format!("pick:{g}:2:e2-"))
        .await
        .unwrap();
    assert!(
        gone.text.contains("\"e2-\" is not offered"),
        "{}",
        gone.text
    );
    // Nothing was played by either.
    assert!(
        w.host
            .games()
            .board(&alice, Some(g))
            .await
            .unwrap()
            .text
            .contains("Ply 2")
    );
    // The one to move gets a Make a move button under the board; the
    // other is told it is not their turn.
    let board = w.host.games().board(&alice, Some(g)).await.unwrap();
    assert!(board.choices.iter().any(|c| c.label == "Make a move"));
    assert!(matches!(
        refusal(w.host.games().pick(&bob, Some(g)).await),
        Refusal::NotYourTurn { .. }
    ));
}

async fn an_unreadable_action_is_answered_with_what_it_could_mean() {
    let w = World::new().await;
    let (alice, bob) = (caller("alice"), caller("bob"));
    let g = w
        .start_with(&alice, &bob, ChallengeTerms::new(Variant::ManyWorlds))
        .await;
    match refusal(w.host.games().act(&alice, Some(g), "e4").await) {
        r @ Refusal::Action { .. } => {
            let Refusal::Action {
                suggestions,
                could_mean,
                ..
            } = &r
            else {
                unreachable!()
            };
            assert!(
                suggestions.contains(&"(0) e4 (=I) a3 (=II)".to_owned()),
                "{suggestions:?}"
            );
            assert!(*could_mean >= 19, "{could_mean}");
            let words = r.to_string();
            assert!(
                words.contains("it could mean (0) e4 (=I) a3 (=II)"),
                "{words}"
            );
            assert!(words.contains("/move alone lets you pick"), "{words}");
        }
        other => panic!("{other:?}"),
    }
    // Autocomplete finds what `e4` means, and groups what does not fit.
    let found = w.host.games().find(&alice, Some(g), "N", 25).await.unwrap();
    assert_eq!(found.total, 76);
    assert!(found.entries.iter().all(|e| !e.is_action()), "{found:?}");
}

on_both_backends!(
    a_whole_many_worlds_game_through_the_picker,
    a_multiverse_game_with_time_travel_through_the_picker,
    a_stale_picker_says_so_and_a_restart_changes_nothing,
    an_unreadable_action_is_answered_with_what_it_could_mean,
);
