//! Games from challenge to result through the host, on a real SQLite file:
//! mate, resignation, draws, aborts, a restart in the middle, racing
//! actions, buttons pressed after a restart.

use chronomate_host::{
    ChallengeId, ChallengeTerms, ChoiceId, ColourChoice, DrawMove, EndReason, GameChoice, GameId,
    GameResult, GameStatus, HostError, Refusal, Reply,
};
use chronomate_store::StoreError;
use chronomate_testkit::replies::{assert_contains, assert_lacks};

use crate::common;

use chronomate_rules::{Reason, Variant};
use common::{World, caller, key, refusal};

fn choice_ids(reply: &Reply) -> Vec<String> {
    reply.choices.iter().map(|c| c.id.to_string()).collect()
}

async fn fools_mate_from_challenge_to_record() {
    let w = World::new().await;
    let (alice, bob) = (caller("alice"), caller("bob"));
    let mut terms = ChallengeTerms::new(Variant::Standard);
    terms.opponent = Some(bob.player.clone());
    terms.colour = ColourChoice::White;
    terms.days = Some(2);
    let reply = w.host.challenges().challenge(&alice, terms).await.unwrap();
    assert_contains(&reply.text, "alice challenges bob");
    assert_eq!(reply.pings, ["console:bob"]);
    assert_eq!(
        choice_ids(&reply),
        [
            "challenge:1:accept",
            "challenge:1:decline",
            "challenge:1:cancel"
        ]
    );

    let reply = w.host.challenges().accept(&bob, None).await.unwrap();
    assert_eq!(reply.game, Some(GameId(1)));
    assert_contains(&reply.text, "game #1 begins");
    assert_contains(&reply.text, "alice (white) vs bob (black)");
    assert!(reply.pings.contains(&key("console:alice")));

    let reply = w.host.games().act(&alice, None, "f3").await.unwrap();
    assert!(
        reply
            .text
            .starts_with("alice played f3 in game #1 (ply 1)."),
        "{}",
        reply.text
    );
    assert_contains(&reply.text, "bob (black) to move, due in 2 days");
    assert_eq!(reply.pings, ["console:bob"]);
    w.host.games().act(&bob, None, "e5").await.unwrap();
    w.host.games().act(&alice, None, "g4").await.unwrap();
    let reply = w.host.games().act(&bob, None, "Qh4").await.unwrap();
    assert_contains(&reply.text, "bob played Qh4# in game #1 (ply 4).");
    assert_contains(&reply.text, "Game over: 0-1 (checkmate): bob wins.");
    assert_eq!(reply.pings, ["console:alice"]);

    let row = w.store().game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(row.status, GameStatus::Finished);
    assert_eq!(row.result, Some(GameResult::BlackWins));
    assert_eq!(row.reason, Some(EndReason::Rules(Reason::Checkmate)));
    assert_eq!(row.deadline, None);
    w.check_consistent(GameId(1)).await;

    let history = w
        .host
        .games()
        .history(&alice, Some(GameId(1)))
        .await
        .unwrap()
        .text;
    for line in [
        "[Event \"Chronomate game #1\"]",
        "[Date \"2023.11.14\"]",
        "[White \"alice\"]",
        "[Black \"bob\"]",
        "[Result \"0-1\"]",
        "[Variant \"standard\"]",
        "[TimeControl \"1/172800\"]",
        "[Termination \"checkmate\"]",
        "1. f3 e5 2. g4 Qh4# 0-1",
    ] {
        assert!(history.lines().any(|l| l == line), "{line} in\n{history}");
    }
    // Anyone may read a record; nobody may play on.
    let carol = caller("carol");
    assert!(
        w.host
            .games()
            .history(&carol, Some(GameId(1)))
            .await
            .is_ok()
    );
    let over = refusal(w.host.games().act(&alice, Some(GameId(1)), "e4").await);
    assert!(
        matches!(
            over,
            Refusal::GameOver {
                game: GameId(1),
                ..
            }
        ),
        "{over}"
    );
    assert_eq!(
        over.to_string(),
        "game #1 is over: 0-1 (checkmate): bob wins"
    );
}

async fn resignation_asks_first_and_the_button_confirms() {
    let w = World::new().await;
    let (alice, bob) = (caller("alice"), caller("bob"));
    let g = w.start(&alice, &bob).await;
    w.play(g, &alice, &bob, &["e4"]).await;
    let before = w.store().dump().await.unwrap();
    let ask = w.host.games().resign(&bob, None, false).await.unwrap();
    assert!(ask.private);
    assert_eq!(choice_ids(&ask), [format!("game:{g}:resign:confirm")]);
    assert_eq!(
        w.store().dump().await.unwrap(),
        before,
        "asking changes nothing"
    );

    let carol = caller("carol");
    let r = refusal(
        w.host
            .choose(&carol, &format!("game:{g}:resign:confirm"))
            .await,
    );
    assert_eq!(r, Refusal::NotParticipant(g));

    let done = w
        .host
        .choose(&bob, &format!("game:{g}:resign:confirm"))
        .await
        .unwrap();
    assert!(
        done.text
            .contains("bob resigned game #1. 1-0 (resignation): alice wins."),
        "{}",
        done.text
    );
    assert_eq!(done.pings, ["console:alice"]);
    let row = w.store().game(g).await.unwrap().unwrap();
    assert_eq!(
        (row.result, row.reason),
        (
            Some(GameResult::WhiteWins),
            Some(EndReason::Rules(Reason::Resignation))
        )
    );
    w.check_consistent(g).await;
    let r = refusal(w.host.games().resign(&alice, Some(g), true).await);
    assert!(matches!(r, Refusal::GameOver { .. }));
}

async fn draws_are_offered_declined_lapse_and_agreed() {
    let w = World::new().await;
    let (alice, bob) = (caller("alice"), caller("bob"));
    let g = w.start(&alice, &bob).await;

    let offer = w
        .host
        .games()
        .draw(&alice, None, DrawMove::Offer)
        .await
        .unwrap();
    assert_eq!(offer.pings, ["console:bob"]);
    assert_eq!(
        choice_ids(&offer),
        [
            format!("game:{g}:draw:accept"),
            format!("game:{g}:draw:decline")
        ]
    );
    assert_eq!(
        refusal(w.host.games().draw(&alice, None, DrawMove::Offer).await),
        Refusal::OfferStands(g)
    );
    assert_eq!(
        refusal(w.host.games().draw(&alice, None, DrawMove::Accept).await),
        Refusal::OwnDrawOffer(g)
    );
    let board = w.host.games().board(&bob, None).await.unwrap();
    assert_contains(&board.text, "alice offers a draw.");
    assert!(choice_ids(&board).contains(&format!("game:{g}:draw:accept")));

    let declined = w
        .host
        .choose(&bob, &format!("game:{g}:draw:decline"))
        .await
        .unwrap();
    assert_contains(&declined.text, "bob declined the draw");
    assert_eq!(
        refusal(w.host.games().draw(&bob, None, DrawMove::Accept).await),
        Refusal::NoDrawOffer(g)
    );
    assert_eq!(
        refusal(w.host.games().draw(&bob, None, DrawMove::Decline).await),
        Refusal::NoDrawOffer(g)
    );

    // An offer lapses when the opponent acts; the offerer's own action keeps it.
    w.host
        .games()
        .draw(&alice, None, DrawMove::Offer)
        .await
        .unwrap();
    let moved = w.host.games().act(&alice, None, "e4").await.unwrap();
    assert_lacks(&moved.text, "lapsed");
    assert!(w.store().draw_offer(g).await.unwrap().is_some());
    let moved = w.host.games().act(&bob, None, "e5").await.unwrap();
    assert_contains(&moved.text, "alice's draw offer lapsed.");
    assert!(w.store().draw_offer(g).await.unwrap().is_none());

    // Withdrawing one's own offer.
    w.host
        .games()
        .draw(&bob, None, DrawMove::Offer)
        .await
        .unwrap();
    let withdrawn = w
        .host
        .games()
        .draw(&bob, None, DrawMove::Decline)
        .await
        .unwrap();
    assert_contains(&withdrawn.text, "bob withdrew the draw offer");

    // Offering while the opponent's offer stands agrees to it.
    w.host
        .games()
        .draw(&bob, None, DrawMove::Offer)
        .await
        .unwrap();
    let agreed = w
        .host
        .games()
        .draw(&alice, None, DrawMove::Offer)
        .await
        .unwrap();
    assert!(
        agreed
            .text
            .contains("Draw agreed in game #1: 1/2-1/2 (agreement): a draw."),
        "{}",
        agreed.text
    );
    let row = w.store().game(g).await.unwrap().unwrap();
    assert_eq!(row.result, Some(GameResult::Draw));
    assert!(w.store().draw_offer(g).await.unwrap().is_none());
    w.check_consistent(g).await;

    // Accepting through the button in a second game.
    let g2 = w.start(&alice, &bob).await;
    w.host
        .games()
        .draw(&bob, Some(g2), DrawMove::Offer)
        .await
        .unwrap();
    let agreed = w
        .host
        .choose(&alice, &format!("game:{g2}:draw:accept"))
        .await
        .unwrap();
    assert_contains(&agreed.text, "Draw agreed");
}

async fn aborts_only_before_both_sides_moved() {
    let w = World::new().await;
    let (alice, bob, carol) = (caller("alice"), caller("bob"), caller("carol"));
    let g1 = w.start(&alice, &bob).await;
    assert_eq!(
        refusal(w.host.games().abort(&carol, Some(g1)).await),
        Refusal::NotParticipant(g1)
    );
    let r = w.host.games().abort(&bob, Some(g1)).await.unwrap();
    assert_contains(&r.text, "bob aborted game #1: no result.");
    let row = w.store().game(g1).await.unwrap().unwrap();
    assert_eq!(row.status, GameStatus::Aborted);
    assert_eq!(row.result, None);
    assert_eq!(row.reason, Some(EndReason::AbortedBy("bob".to_owned())));

    let g2 = w.start(&alice, &bob).await;
    w.play(g2, &alice, &bob, &["d4"]).await;
    w.host.games().abort(&alice, Some(g2)).await.unwrap();

    let g3 = w.start(&alice, &bob).await;
    w.play(g3, &alice, &bob, &["d4", "d5"]).await;
    let before = w.store().dump().await.unwrap();
    assert_eq!(
        refusal(w.host.games().abort(&alice, Some(g3)).await),
        Refusal::TooLateToAbort(g3)
    );
    assert_eq!(w.store().dump().await.unwrap(), before);
    let r = refusal(w.host.games().abort(&alice, Some(g1)).await);
    assert_eq!(r.to_string(), "game #1 is over: aborted by bob");
}

async fn a_restart_in_the_middle_changes_nothing() {
    let mut w = World::new().await;
    let (alice, bob) = (caller("alice"), caller("bob"));
    let g = w.start(&alice, &bob).await;
    w.play(g, &alice, &bob, &["e4", "c5", "Nf3"]).await;
    let before = w.host.games().load(g).await.unwrap();
    w.restart().await;
    let after = w.host.games().load(g).await.unwrap();
    assert_eq!(after.game.record(), before.game.record());
    assert_eq!(after.game.view(), before.game.view());
    assert_eq!(after.row, before.row);
    // Play on after the restart; the side to move is still black.
    assert!(matches!(
        refusal(w.host.games().act(&alice, None, "d4").await),
        Refusal::NotYourTurn { .. }
    ));
    w.host.games().act(&bob, None, "d6").await.unwrap();
    w.restart().await;
    w.play(g, &alice, &bob, &["d4"]).await;
    w.check_consistent(g).await;
    assert_eq!(w.store().log(g).await.unwrap().len(), 5);
}

async fn a_stale_snapshot_is_rebuilt_from_the_log() {
    let mut w = World::new().await;
    let (alice, bob) = (caller("alice"), caller("bob"));
    let g = w.start(&alice, &bob).await;
    w.play(g, &alice, &bob, &["e4", "e5"]).await;
    let expected = w.host.games().load(g).await.unwrap();
    w.restart().await;
    // Damage the cached snapshot behind the store's back.
    w.raw(
        "UPDATE games SET snapshot = '{\"not\": \"a game\"}' WHERE id = $1",
        g,
    )
    .await;
    let loaded = w.host.games().load(g).await.unwrap();
    assert_eq!(loaded.game.record(), expected.game.record());
    assert_eq!(loaded.game.view(), expected.game.view());
    w.check_consistent(g).await; // the snapshot was repaired
    w.play(g, &alice, &bob, &["Nf3"]).await;
    w.check_consistent(g).await;
}

/// A row the store cannot read is reported where it is read, naming the
/// row and what is wrong, and nothing is made of it.
async fn a_damaged_row_is_reported_naming_it() {
    let w = World::new().await;
    let (alice, bob) = (caller("alice"), caller("bob"));
    let g = w.start(&alice, &bob).await;
    // A player key no transport writes, behind the store's back (the
    // game's id doubles as the player's times).
    w.raw(
        "INSERT INTO players (key, name, created_at, updated_at) VALUES ('alice', 'alice', $1, $1)",
        g,
    )
    .await;
    w.raw("UPDATE games SET white = 'alice' WHERE id = $1", g)
        .await;
    let damaged = |e: HostError| match e {
        HostError::Store(e @ StoreError::Corrupt { .. }) => e.to_string(),
        other => panic!("not a damaged row: {other}"),
    };
    assert_eq!(
        damaged(w.host.games().load(g).await.unwrap_err()),
        "game #1 is damaged in the database: white: \"alice\" is not a player key (discord:ID, console:NAME or chronomate:LEVEL)"
    );
    w.raw(
        "UPDATE games SET white = 'console:alice', variant = 'chess9' WHERE id = $1",
        g,
    )
    .await;
    // (The list of variants it names after that grows with the rules.)
    let text = damaged(w.host.games().load(g).await.unwrap_err());
    assert!(
        text.starts_with("game #1 is damaged in the database: unknown variant \"chess9\": "),
        "{text}"
    );
}

/// A score or a reason the store does not know is a damaged row, never a
/// game without a result.
async fn unknown_results_and_reasons_are_damaged_rows() {
    let w = World::new().await;
    let (alice, bob) = (caller("alice"), caller("bob"));
    let g = w.start(&alice, &bob).await;
    w.host.games().resign(&alice, Some(g), true).await.unwrap();
    let damaged = |e: StoreError| match e {
        e @ StoreError::Corrupt { .. } => e.to_string(),
        other => panic!("not a damaged row: {other}"),
    };
    // The schema refuses such a score: only a database edited by hand
    // could hold one.
    w.raw_unchecked("UPDATE games SET result = '2-0' WHERE id = $1", g)
        .await;
    assert_eq!(
        damaged(w.store().game(g).await.unwrap_err()),
        "game #1 is damaged in the database: result: unknown result \"2-0\""
    );
    w.raw(
        "UPDATE games SET result = '0-1', reason = 'timeout' WHERE id = $1",
        g,
    )
    .await;
    assert_eq!(
        damaged(w.store().game(g).await.unwrap_err()),
        "game #1 is damaged in the database: unknown reason \"timeout\""
    );
    w.raw(
        "UPDATE games SET reason = 'aborted by bob' WHERE id = $1",
        g,
    )
    .await;
    let row = w.store().game(g).await.unwrap().unwrap();
    assert_eq!(
        (row.result, row.reason),
        (
            Some(GameResult::BlackWins),
            Some(EndReason::AbortedBy("bob".to_owned()))
        )
    );
}

/// Days per move out of bounds are a damaged row, in a game, a challenge
/// or a server's settings alike.
async fn days_out_of_bounds_are_a_damaged_row() {
    let w = World::new().await;
    let (alice, bob) = (caller("alice"), caller("bob"));
    let g = w.start(&alice, &bob).await;
    // The schema refuses such days: only a database edited by hand could
    // hold them.
    w.raw_unchecked("UPDATE games SET days = 0 WHERE id = $1", g)
        .await;
    match w.store().game(g).await {
        Err(e @ StoreError::Corrupt { .. }) => assert_eq!(
            e.to_string(),
            "game #1 is damaged in the database: days: 0 days per move"
        ),
        other => panic!("not a damaged row: {other:?}"),
    }
    w.raw_unchecked("UPDATE challenges SET days = 15 WHERE game_id = $1", g)
        .await;
    match w.store().challenge(ChallengeId(1)).await {
        Err(e @ StoreError::Corrupt { .. }) => assert_eq!(
            e.to_string(),
            "challenge #1 is damaged in the database: days: 15 days per move"
        ),
        other => panic!("not a damaged row: {other:?}"),
    }
}

async fn racing_actions_on_one_game_apply_once() {
    let w = World::new().await;
    let (alice, bob) = (caller("alice"), caller("bob"));
    let mut games = Vec::new();
    for _ in 0..3 {
        games.push(w.start(&alice, &bob).await);
    }
    for &g in &games {
        let moves = ["e4", "d4", "c4", "Nf3", "Nc3", "b3", "g3", "f4"];
        let tasks: Vec<_> = moves
            .iter()
            .map(|m| {
                let host = w.host.clone();
                let alice = alice.clone();
                let m = m.to_string();
                tokio::spawn(async move { host.games().act(&alice, Some(g), &m).await })
            })
            .collect();
        let mut applied = 0;
        for t in tasks {
            match t.await.unwrap() {
                Ok(_) => applied += 1,
                Err(e) => assert!(
                    matches!(
                        e.refusal(),
                        Some(Refusal::MovedOn(_) | Refusal::NotYourTurn { .. })
                    ),
                    "{e}"
                ),
            }
        }
        assert_eq!(applied, 1, "exactly one action applies");
        assert_eq!(w.store().log(g).await.unwrap().len(), 1);
        w.check_consistent(g).await;
    }
}

async fn many_games_move_at_once() {
    let w = World::new().await;
    let players: Vec<_> = (0..8).map(|i| caller(&format!("p{i}"))).collect();
    let mut games = Vec::new();
    for pair in players.chunks(2) {
        games.push((
            w.start(&pair[0], &pair[1]).await,
            pair[0].clone(),
            pair[1].clone(),
        ));
    }
    let tasks: Vec<_> = games
        .iter()
        .cloned()
        .map(|(g, white, black)| {
            let host = w.host.clone();
            tokio::spawn(async move {
                for (i, m) in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"].iter().enumerate() {
                    let who = if i % 2 == 0 { &white } else { &black };
                    host.games().act(who, Some(g), m).await.unwrap();
                }
            })
        })
        .collect();
    for t in tasks {
        t.await.unwrap();
    }
    for (g, ..) in &games {
        assert_eq!(w.store().log(*g).await.unwrap().len(), 6);
        w.check_consistent(*g).await;
    }
}

async fn buttons_work_after_a_restart() {
    let mut w = World::new().await;
    let (alice, bob) = (caller("alice"), caller("bob"));
    let mut terms = ChallengeTerms::new(Variant::Standard);
    terms.opponent = Some(bob.player.clone());
    let reply = w.host.challenges().challenge(&alice, terms).await.unwrap();
    let accept = reply.choices[0].id.to_string();
    w.restart().await;
    let reply = w.host.choose(&bob, &accept).await.unwrap();
    let g = reply.game.unwrap();
    w.restart().await;
    let board = w
        .host
        .choose(&bob, &ChoiceId::Game(g, GameChoice::Board).to_string())
        .await
        .unwrap();
    assert_contains(&board.text, &format!("Game #{g}"));
}

async fn threads_and_single_games_need_no_id() {
    let w = World::new().await;
    let (alice, bob, carol) = (caller("alice"), caller("bob"), caller("carol"));
    let g1 = w.start(&alice, &bob).await;
    let g2 = w.start(&alice, &carol).await;
    // Two live games, alice to move in both: she must say which.
    assert_eq!(
        refusal(w.host.games().act(&alice, None, "e4").await),
        Refusal::WhichGame(vec![g1, g2])
    );
    w.host.games().act(&alice, Some(g1), "e4").await.unwrap();
    // Now alice is to move only in g2.
    let r = w.host.games().act(&alice, None, "d4").await.unwrap();
    assert_eq!(r.game, Some(g2));
    // In a game's thread, the thread decides.
    w.host.outbox().bind_thread(g1, "thread-1").await.unwrap();
    let mut in_thread = bob.clone();
    in_thread.place.thread = Some("thread-1".to_owned());
    let r = w.host.games().act(&in_thread, None, "e5").await.unwrap();
    assert_eq!(r.game, Some(g1));
    assert_eq!(
        refusal(
            w.host
                .outbox()
                .bind_thread(GameId(99), "t")
                .await
                .map(|_| Reply::default())
        ),
        Refusal::NoSuchGame(GameId(99))
    );
    // Listing.
    let list = w.host.games().list(&alice).await.unwrap();
    assert!(list.private);
    assert_contains(
        &list.text,
        &format!("#{g1} standard vs bob (you: white, ply 2): your move"),
    );
    assert_contains(
        &list.text,
        &format!("#{g2} standard vs carol (you: white, ply 1): carol to move"),
    );
    // Suggestions for autocomplete.
    let s = w
        .host
        .games()
        .find(&alice, Some(g1), "N", 10)
        .await
        .unwrap();
    assert!(s.entries.iter().any(|e| e.value == "Nf3"), "{s:?}");
}

async fn open_challenges_are_taken_by_anyone() {
    let w = World::new().await;
    let (alice, bob) = (caller("alice"), caller("bob"));
    let reply = w
        .host
        .challenges()
        .challenge(&alice, ChallengeTerms::new(Variant::Standard))
        .await
        .unwrap();
    assert_contains(&reply.text, "alice challenges anyone");
    assert_eq!(
        choice_ids(&reply),
        ["challenge:1:accept", "challenge:1:cancel"]
    );
    let list = w.host.games().list(&bob).await.unwrap();
    assert_contains(&list.text, "#1 from alice to anyone");
    assert_eq!(choice_ids(&list), ["challenge:1:accept"]);
    let r = w.host.challenges().accept(&bob, None).await.unwrap();
    let g = r.game.unwrap();
    let row = w.store().game(g).await.unwrap().unwrap();
    let mut players = [row.white.clone(), row.black.clone()];
    players.sort();
    assert_eq!(players, ["console:alice", "console:bob"]);
    let c = w.store().challenge(ChallengeId(1)).await.unwrap().unwrap();
    assert_eq!(c.game_id, Some(g));
}

async fn settings_set_the_default_days() {
    let w = World::new().await;
    let (mut admin, bob) = (caller("admin"), caller("bob"));
    let shown = w
        .host
        .players()
        .settings(&bob, Default::default())
        .await
        .unwrap();
    assert_contains(&shown.text, "Default days per move: 3.");
    admin.manager = true;
    let change = chronomate_host::SettingsChange::parse("days:5 reminder:12").unwrap();
    let saved = w.host.players().settings(&admin, change).await.unwrap();
    assert!(
        saved
            .text
            .contains("Settings saved. Default days per move: 5. Reminder: 12 hours"),
        "{}",
        saved.text
    );
    let g = w.start(&admin, &bob).await;
    let row = w.store().game(g).await.unwrap().unwrap();
    assert_eq!((row.days.get(), row.reminder_hours), (5, 12));
    assert_eq!(row.deadline, Some(common::T0 + 5 * chronomate_host::DAY));
}

on_both_backends!(
    fools_mate_from_challenge_to_record,
    resignation_asks_first_and_the_button_confirms,
    draws_are_offered_declined_lapse_and_agreed,
    aborts_only_before_both_sides_moved,
    a_restart_in_the_middle_changes_nothing,
    a_stale_snapshot_is_rebuilt_from_the_log,
    a_damaged_row_is_reported_naming_it,
    unknown_results_and_reasons_are_damaged_rows,
    days_out_of_bounds_are_a_damaged_row,
    buttons_work_after_a_restart,
    threads_and_single_games_need_no_id,
    open_challenges_are_taken_by_anyone,
    settings_set_the_default_days,
);
on_both_backends!(
    multi_thread:
    racing_actions_on_one_game_apply_once,
    many_games_move_at_once,
);
