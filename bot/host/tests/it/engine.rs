//! Chronomate's games at the host: it declines a draw it does not need
//! and accepts one when it is clearly worse,
//! is never reminded, leaves ratings alone, and a level without it is
//! refused; a move whose post was lost is posted by the timed jobs. On
//! SQLite and on PostgreSQL.

use chronomate_host::{
    ChallengeTerms, ColourChoice, DAY, DrawMove, GameId, Notice, NoticeKind, Player, Refusal, Span,
};
use chronomate_testkit::replies::assert_contains;

use crate::common;

use std::time::Duration;

use chronomate_rules::{Color, Variant};
use chronomate_store::{ActionCommit, OwedPost};
use common::{T0, World, caller, refusal};

fn against_chronomate(level: u8, colour: ColourChoice) -> ChallengeTerms {
    let mut t = ChallengeTerms::new(Variant::Standard);
    t.opponent = Some(Player::chronomate());
    t.level = Some(level);
    t.colour = colour;
    t.days = Some(1);
    t
}

/// A game of alice's, with white, against Chronomate at `level`.
async fn alice_plays_chronomate(w: &World, level: u8) -> GameId {
    w.host
        .challenge(
            &caller("alice"),
            against_chronomate(level, ColourChoice::White),
        )
        .await
        .unwrap()
        .game
        .unwrap()
}

on_both_backends!(
    a_move_whose_post_was_lost_is_posted_once_later,
    owed_posts_span_a_turn_and_start_anew_after_the_player,
    draws_reminders_and_ratings,
    two_hosts_on_one_database_play_its_move_once,
    a_lost_position_accepts_a_draw
);

/// The process that played Chronomate's move died before posting it (the
/// notice is dropped): three minutes on, the timed jobs of a process on
/// the same database post it, rebuilt from the log, once. A move its
/// transport posted is not posted again, nor one the player already
/// answered.
async fn a_move_whose_post_was_lost_is_posted_once_later() {
    let w = World::new().await;
    let mut moves = w.host.start_engine().await.unwrap();
    let alice = caller("alice");
    let game = alice_plays_chronomate(&w, 2).await;
    w.host.act(&alice, Some(game), "e4").await.unwrap();
    let lost = next_move(&mut moves).await;
    assert_eq!((lost.game, lost.ply), (Some(game), Some(2)));
    w.host.stop_engine();
    let owed = OwedPost {
        game,
        from_ply: 1,
        through_ply: 2,
    };
    assert_eq!(w.store().owed_post(game).await.unwrap(), Some(owed));

    // Not while its process may still be posting it.
    let now = w.host.now();
    let played = |notices: &[Notice]| {
        notices
            .iter()
            .filter(|n| n.kind == NoticeKind::Played)
            .cloned()
            .collect::<Vec<_>>()
    };
    assert!(played(&w.host.tick(now + Span::from_millis(179_000)).await.unwrap()).is_empty());

    // A restarted process posts it, as it was played.
    let restarted = common::open_url(&w.url, w.clock.clone()).await;
    let late = played(
        &restarted
            .tick(now + Span::from_millis(180_000))
            .await
            .unwrap(),
    );
    let [late] = &late[..] else {
        panic!("one late post: {late:?}")
    };
    assert_eq!((late.game, late.ply), (Some(game), Some(2)));
    assert_eq!(late.reply.pings, ["console:alice"]);
    let first_line = lost.reply.text.lines().next().unwrap();
    assert!(
        first_line.starts_with("Chronomate (level 2) played "),
        "{first_line}"
    );
    assert!(
        late.reply.text.starts_with(first_line),
        "{}",
        late.reply.text
    );
    assert_contains(&late.reply.text, "Posted late");
    assert_contains(&late.reply.text, "alice (white) to move");
    assert_eq!(w.store().owed_post(game).await.unwrap(), None);
    assert!(played(&restarted.tick(now + DAY / 4).await.unwrap()).is_empty());

    // A move its transport posted is not owed.
    let mut moves = restarted.start_engine().await.unwrap();
    let any = |host: &chronomate_host::Host| {
        let host = host.clone();
        async move {
            let loaded = host.load(game).await.unwrap();
            loaded.game.legal_actions()[0].clone()
        }
    };
    let action = any(&restarted).await;
    restarted.act(&alice, Some(game), &action).await.unwrap();
    let posted = next_move(&mut moves).await;
    assert_eq!(posted.ply, Some(4));
    restarted.engine_posted(&posted).await.unwrap();
    assert_eq!(w.store().owed_post(game).await.unwrap(), None);

    // Nor one the player answered before the timed jobs came round: she
    // saw the board.
    let action = any(&restarted).await;
    restarted.act(&alice, Some(game), &action).await.unwrap();
    let unposted = next_move(&mut moves).await;
    restarted.stop_engine();
    assert!(w.store().owed_post(game).await.unwrap().is_some());
    let answer = any(&restarted).await;
    restarted.act(&alice, Some(game), &answer).await.unwrap();
    assert!(played(&restarted.tick(now + DAY / 3).await.unwrap()).is_empty());
    assert_eq!(w.store().owed_post(game).await.unwrap(), None);
    assert_eq!(unposted.ply, Some(6));
    w.check_consistent(game).await;
}

/// Chronomate's actions in a row (the multiverse's turns of several board
/// moves) are owed one post; after the player's action, a new one starts.
async fn owed_posts_span_a_turn_and_start_anew_after_the_player() {
    let w = World::new().await;
    let game = alice_plays_chronomate(&w, 1).await;
    let store = w.store();
    // Commits an action at `ply` straight to the store, owed a post (until
    // T0 + ply) when `owed`.
    let alice = common::key("console:alice");
    let alice = &alice;
    let commit = |ply: i64, owed: bool| async move {
        let action = ActionCommit {
            game,
            ply,
            text: "a3",
            side: Color::White,
            actor: alice,
            at: T0,
            snapshot: "{}",
            to_move: Some(Color::White),
            deadline: Some(T0 + DAY),
            remind_at: None,
            renewed: false,
            finish: None,
            post_owed_until: owed.then_some(T0 + Span::from_millis(ply)),
        };
        store.commit_action(&action).await.unwrap().unwrap();
    };
    let owed = |from_ply, through_ply| {
        Some(OwedPost {
            game,
            from_ply,
            through_ply,
        })
    };
    commit(1, true).await;
    commit(2, true).await;
    assert_eq!(store.owed_post(game).await.unwrap(), owed(0, 2));
    commit(3, false).await;
    commit(4, true).await;
    assert_eq!(store.owed_post(game).await.unwrap(), owed(3, 4));
    // Posted through an earlier ply: still owed.
    store.posted(game, 3).await.unwrap();
    assert_eq!(store.owed_post(game).await.unwrap(), owed(3, 4));
    assert_eq!(
        store
            .owed_posts_due(T0 + Span::from_millis(3))
            .await
            .unwrap(),
        []
    );
    assert_eq!(
        store
            .owed_posts_due(T0 + Span::from_millis(4))
            .await
            .unwrap(),
        [owed(3, 4).unwrap()]
    );
    store.posted(game, 4).await.unwrap();
    assert_eq!(store.owed_post(game).await.unwrap(), None);
}

/// Chronomate's next move from the engine's channel.
async fn next_move(moves: &mut tokio::sync::mpsc::UnboundedReceiver<Notice>) -> Notice {
    let notice = tokio::time::timeout(Duration::from_secs(60), moves.recv())
        .await
        .expect("Chronomate moves")
        .unwrap();
    assert_eq!(notice.kind, NoticeKind::Played);
    notice
}

/// Chronomate accepts a draw once its own look says it is clearly worse:
/// alice plays the engine's level 6 against level 1 (which blunders
/// material) and offers a draw before each of her moves.
async fn a_lost_position_accepts_a_draw() {
    let w = World::new().await;
    let mut moves = w.host.start_engine().await.unwrap();
    let alice = caller("alice");
    let game = alice_plays_chronomate(&w, 1).await;
    for turn in 0..80u64 {
        let offer = w
            .host
            .draw(&alice, Some(game), DrawMove::Offer)
            .await
            .unwrap();
        if offer.text.contains("accepts") {
            let row = w.store().game(game).await.unwrap().unwrap();
            assert_eq!(row.result.as_deref(), Some("1/2-1/2"), "{}", offer.text);
            assert!(w.store().rating_changes(game).await.unwrap().is_empty());
            assert!(turn > 0, "declined in the even start");
            return;
        }
        assert_contains(&offer.text, "declines");
        let loaded = w.host.load(game).await.unwrap();
        let strong = chronomate_engine::Level::new(6).unwrap();
        let action = chronomate_engine::choose(&loaded.game, strong, turn, None).unwrap();
        w.host.act(&alice, Some(game), &action).await.unwrap();
        let notice = next_move(&mut moves).await;
        assert_eq!(notice.game, Some(game));
        let loaded = w.host.load(game).await.unwrap();
        assert!(
            !loaded.game.status().is_over(),
            "the game ended before Chronomate accepted a draw: {:?}",
            loaded.game.record()
        );
    }
    panic!("Chronomate never accepted a draw in 80 moves against level 6");
}

/// Several processes on one database each resume Chronomate's games when
/// they start: its move is played once and announced once, by the host
/// that claimed it.
async fn two_hosts_on_one_database_play_its_move_once() {
    let w = World::new().await;
    let alice = caller("alice");
    let game = alice_plays_chronomate(&w, 3).await;
    // Chronomate to move before either host runs its engine.
    w.host.act(&alice, Some(game), "e4").await.unwrap();
    let other = common::open_url(&w.url, w.clock.clone()).await;
    let (mut a, mut b) = tokio::join!(w.host.start_engine(), other.start_engine());
    let (a, b) = (a.as_mut().unwrap(), b.as_mut().unwrap());
    let first = tokio::time::timeout(Duration::from_secs(60), async {
        tokio::select! {
            n = a.recv() => n,
            n = b.recv() => n,
        }
    })
    .await
    .expect("Chronomate moves")
    .unwrap();
    assert_eq!((first.kind, first.game), (NoticeKind::Played, Some(game)));
    tokio::join!(w.host.engine_idle(), other.engine_idle());
    assert!(a.try_recv().is_err(), "one announcement");
    assert!(b.try_recv().is_err(), "one announcement");
    assert_eq!(w.store().log(game).await.unwrap().len(), 2, "one move");
    w.check_consistent(game).await;
}

async fn draws_reminders_and_ratings() {
    let w = World::new().await;
    let mut moves = w.host.start_engine().await.unwrap();
    let alice = caller("alice");
    let begun = w
        .host
        .challenge(&alice, against_chronomate(2, ColourChoice::White))
        .await
        .unwrap();
    let game = begun.game.unwrap();
    assert_contains(&begun.text, "Unrated");
    assert_eq!(begun.pings, ["console:alice"], "Chronomate is never pinged");

    // An even position: it declines, and the game goes on without an offer.
    let reply = w
        .host
        .draw(&alice, Some(game), DrawMove::Offer)
        .await
        .unwrap();
    assert_contains(&reply.text, "declines the draw");
    assert_eq!(w.store().draw_offer(game).await.unwrap(), None);

    // Its answer comes as a notice to post.
    w.host.act(&alice, Some(game), "e4").await.unwrap();
    let notice = moves.recv().await.unwrap();
    assert_eq!((notice.kind, notice.game), (NoticeKind::Played, Some(game)));
    assert!(
        notice
            .reply
            .text
            .starts_with("Chronomate (level 2) played "),
        "{}",
        notice.reply.text
    );
    assert_eq!(notice.reply.pings, ["console:alice"]);

    // Chronomate to move near its deadline: nobody is reminded.
    let mut t = against_chronomate(1, ColourChoice::Black);
    t.days = Some(1);
    w.host.stop_engine();
    let g2 = w.host.challenge(&alice, t).await.unwrap().game.unwrap();
    let notices = w
        .host
        .tick(T0 + DAY / 2 + Span::from_millis(1))
        .await
        .unwrap();
    assert!(notices.iter().all(|n| n.game != Some(g2)), "{notices:?}");
    assert!(
        w.host
            .tick(T0 + DAY / 2 + Span::from_millis(2))
            .await
            .unwrap()
            .iter()
            .all(|n| n.game != Some(g2))
    );

    // Resigning ends the game unrated; the answer to it closes the game's
    // place (the last action was Chronomate's, but it did not end the game).
    w.host.resign(&alice, Some(game), true).await.unwrap();
    assert!(w.store().rating_changes(game).await.unwrap().is_empty());
    assert!(!w.host.ended_by_engine(game).await.unwrap());

    // A level is for Chronomate only.
    let mut t = ChallengeTerms::new(Variant::Standard);
    t.opponent = Some(Player::console("bob"));
    t.level = Some(3);
    assert_eq!(
        refusal(w.host.challenge(&alice, t).await),
        Refusal::LevelWithoutChronomate
    );
    // And one of its eight.
    for level in [0, 9, 255] {
        assert_eq!(
            refusal(
                w.host
                    .challenge(&alice, against_chronomate(level, ColourChoice::White))
                    .await
            ),
            Refusal::NoSuchLevel(level)
        );
    }
}
