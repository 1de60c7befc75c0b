//! Chronomate's games at the host: it declines a draw it does not need
//! and accepts one when it is clearly worse,
//! is never reminded, leaves ratings alone, and a level without it is
//! refused; its moves are announced through the outbox after the answer
//! they follow, exactly once, also across a restart between the commit and
//! the post, and between a claim and the post. On SQLite and on
//! PostgreSQL.

use chronomate_host::{
    ChallengeTerms, ColourChoice, DAY, DrawMove, GameId, GameResult, Host, MINUTE, Notice,
    NoticeKind, Player, Refusal, Reply, Span,
};
use chronomate_testkit::replies::assert_contains;

use crate::common;

use std::time::Duration;

use chronomate_rules::Variant;
use common::{T0, World, caller, deliver_all, refusal};

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
    let begun = w
        .host
        .challenges()
        .challenge(
            &caller("alice"),
            against_chronomate(level, ColourChoice::White),
        )
        .await
        .unwrap();
    told(&w.host, begun).await.game.unwrap()
}

/// A reply answered where it belongs: its announcements are delivered
/// (what a transport records once the answer landed).
async fn told(host: &Host, reply: Reply) -> Reply {
    host.outbox().announced(&reply.announced).await.unwrap();
    reply
}

/// The engine's queue is the live games where the side Chronomate plays
/// (`games.engine_side`, written when a game begins) is to move, never a
/// game between people.
async fn the_engine_queue_reads_the_engine_side() {
    let w = World::new().await;
    let g = alice_plays_chronomate(&w, 1).await;
    let people = w.start(&caller("bob"), &caller("carol")).await;
    assert_eq!(w.store().engine_to_move().await.unwrap(), []);
    // Chronomate plays black: its turn, behind the host's back.
    w.raw("UPDATE games SET to_move = 'black' WHERE id = $1", g)
        .await;
    w.raw("UPDATE games SET to_move = 'black' WHERE id = $1", people)
        .await;
    assert_eq!(w.store().engine_to_move().await.unwrap(), [g]);
    w.raw("UPDATE games SET engine_side = NULL WHERE id = $1", g)
        .await;
    assert_eq!(w.store().engine_to_move().await.unwrap(), []);
}

on_both_backends!(
    the_engine_queue_reads_the_engine_side,
    chronomate_moves_are_announced_once_in_order_across_restarts,
    draws_reminders_and_ratings,
    two_hosts_on_one_database_play_its_move_once,
    a_lost_position_accepts_a_draw
);

/// The process that committed alice's move and Chronomate's answer died
/// before answering her: nothing goes out while her answer is held (her
/// answer comes first), then a restarted process posts both, in order,
/// once. A process that claimed Chronomate's next move and died before
/// posting it leaves it to the next, with the same nonce (so Discord
/// keeps one message), once its hold lapsed.
async fn chronomate_moves_are_announced_once_in_order_across_restarts() {
    let w = World::new().await;
    w.host.engine_play().start().await.unwrap();
    let alice = caller("alice");
    let game = alice_plays_chronomate(&w, 2).await;
    // Her move's answer never goes out: its process dies.
    w.host.games().act(&alice, Some(game), "e4").await.unwrap();
    w.host.engine_play().idle().await;
    w.host.engine_play().stop();
    assert_eq!(
        w.store().log(game).await.unwrap().len(),
        2,
        "Chronomate played"
    );
    assert!(
        deliver_all(&w.host).await.is_empty(),
        "behind her held answer"
    );

    let restarted = common::open_url(&w.url, w.clock.clone()).await;
    assert!(
        deliver_all(&restarted).await.is_empty(),
        "held for a minute"
    );
    let later = w.host.now() + MINUTE + Span::from_millis(1);
    w.clock.set(later);
    let told = deliver_all(&restarted).await;
    let texts: Vec<&str> = told.iter().map(|a| a.notice.reply.text.as_str()).collect();
    let [hers, its] = &told[..] else {
        panic!("her move, then Chronomate's: {texts:?}")
    };
    assert_eq!(
        (hers.notice.game, its.notice.game),
        (Some(game), Some(game))
    );
    assert!(
        hers.notice.reply.text.starts_with("alice played e4"),
        "{texts:?}"
    );
    assert_eq!(its.notice.kind, NoticeKind::Played);
    assert!(
        its.notice
            .reply
            .text
            .starts_with("Chronomate (level 2) played "),
        "{texts:?}"
    );
    assert_eq!(its.notice.reply.pings, ["console:alice"]);
    assert_contains(&its.notice.reply.text, "Posted late");
    assert_contains(&its.notice.reply.text, "alice (white) to move");
    assert!(deliver_all(&restarted).await.is_empty(), "exactly once");
    assert!(deliver_all(&w.host).await.is_empty(), "exactly once");

    // A poster that claimed Chronomate's next move and died.
    restarted.engine_play().start().await.unwrap();
    let action = restarted
        .games()
        .load(game)
        .await
        .unwrap()
        .game
        .legal_actions()[0]
        .clone();
    told_act(&restarted, &alice, game, &action).await;
    restarted.engine_play().idle().await;
    restarted.engine_play().stop();
    let claimed = restarted
        .outbox()
        .due_announcements(None, 16)
        .await
        .unwrap();
    let [claimed] = &claimed[..] else {
        panic!("Chronomate's move: {claimed:?}")
    };
    let third = common::open_url(&w.url, w.clock.clone()).await;
    assert!(deliver_all(&third).await.is_empty(), "held by its poster");
    w.clock.set(later + MINUTE + Span::from_millis(1));
    let again = deliver_all(&third).await;
    let [again] = &again[..] else {
        panic!("Chronomate's move again: {again:?}")
    };
    assert_eq!((again.id, again.nonce), (claimed.id, claimed.nonce));
    assert_eq!((claimed.tries, again.tries), (1, 2));
    // Told again from the log: the same move.
    let first_line = |a: &chronomate_host::Announcement| {
        a.notice
            .reply
            .text
            .lines()
            .next()
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(first_line(again), first_line(claimed));
    assert!(deliver_all(&third).await.is_empty(), "exactly once");
    w.check_consistent(game).await;
}

/// Acts for `caller` and delivers the answer's announcements.
async fn told_act(host: &Host, caller: &chronomate_host::Caller, game: GameId, action: &str) {
    let reply = host.games().act(caller, Some(game), action).await.unwrap();
    told(host, reply).await;
}

/// Chronomate's next move in `game`, delivered from `host`'s outbox
/// (whatever comes before it delivered too).
async fn next_move(host: &Host, game: GameId) -> Notice {
    let found = tokio::time::timeout(Duration::from_secs(60), async {
        loop {
            if let Some(a) = deliver_all(host)
                .await
                .into_iter()
                .find(|a| a.notice.kind == NoticeKind::Played && a.notice.game == Some(game))
            {
                return a.notice;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await;
    found.expect("Chronomate moves")
}

/// Chronomate accepts a draw once its own look says it is clearly worse:
/// alice plays the engine's level 6 against level 1 (which blunders
/// material) and offers a draw before each of her moves.
async fn a_lost_position_accepts_a_draw() {
    let w = World::new().await;
    w.host.engine_play().start().await.unwrap();
    let alice = caller("alice");
    let game = alice_plays_chronomate(&w, 1).await;
    for turn in 0..80u64 {
        let offer = w
            .host
            .games()
            .draw(&alice, Some(game), DrawMove::Offer)
            .await
            .unwrap();
        let offer = told(&w.host, offer).await;
        if offer.text.contains("accepts") {
            let row = w.store().game(game).await.unwrap().unwrap();
            assert_eq!(row.result, Some(GameResult::Draw), "{}", offer.text);
            assert!(w.store().rating_changes(game).await.unwrap().is_empty());
            assert!(turn > 0, "declined in the even start");
            return;
        }
        assert_contains(&offer.text, "declines");
        let loaded = w.host.games().load(game).await.unwrap();
        let strong = chronomate_engine::Level::new(6).unwrap();
        let action = chronomate_engine::choose(&loaded.game, strong, turn, None).unwrap();
        told_act(&w.host, &alice, game, &action).await;
        let notice = next_move(&w.host, game).await;
        assert_eq!(notice.game, Some(game));
        let loaded = w.host.games().load(game).await.unwrap();
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
    told_act(&w.host, &alice, game, "e4").await;
    let other = common::open_url(&w.url, w.clock.clone()).await;
    let (a, b) = tokio::join!(w.host.engine_play().start(), other.engine_play().start());
    a.unwrap();
    b.unwrap();
    let first = next_move(&w.host, game).await;
    assert_eq!((first.kind, first.game), (NoticeKind::Played, Some(game)));
    tokio::join!(w.host.engine_play().idle(), other.engine_play().idle());
    assert!(deliver_all(&w.host).await.is_empty(), "one announcement");
    assert!(deliver_all(&other).await.is_empty(), "one announcement");
    assert_eq!(w.store().log(game).await.unwrap().len(), 2, "one move");
    w.check_consistent(game).await;
}

async fn draws_reminders_and_ratings() {
    let w = World::new().await;
    w.host.engine_play().start().await.unwrap();
    let alice = caller("alice");
    let begun = w
        .host
        .challenges()
        .challenge(&alice, against_chronomate(2, ColourChoice::White))
        .await
        .unwrap();
    let begun = told(&w.host, begun).await;
    let game = begun.game.unwrap();
    assert_contains(&begun.text, "Unrated");
    assert_eq!(begun.pings, ["console:alice"], "Chronomate is never pinged");

    // An even position: it declines, and the game goes on without an offer.
    let reply = w
        .host
        .games()
        .draw(&alice, Some(game), DrawMove::Offer)
        .await
        .unwrap();
    let reply = told(&w.host, reply).await;
    assert_contains(&reply.text, "declines the draw");
    assert_eq!(w.store().draw_offer(game).await.unwrap(), None);

    // Its answer comes as a notice to post.
    told_act(&w.host, &alice, game, "e4").await;
    let notice = next_move(&w.host, game).await;
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
    w.host.engine_play().stop();
    let g2 = w
        .host
        .challenges()
        .challenge(&alice, t)
        .await
        .unwrap()
        .game
        .unwrap();
    let notices = w
        .host
        .upkeep()
        .tick(T0 + DAY / 2 + Span::from_millis(1))
        .await
        .unwrap();
    assert!(notices.iter().all(|n| n.game != Some(g2)), "{notices:?}");
    assert!(
        w.host
            .upkeep()
            .tick(T0 + DAY / 2 + Span::from_millis(2))
            .await
            .unwrap()
            .iter()
            .all(|n| n.game != Some(g2))
    );

    // Resigning ends the game unrated; the answer to it closes the game's
    // place (the last action was Chronomate's, but it did not end the game).
    w.host
        .games()
        .resign(&alice, Some(game), true)
        .await
        .unwrap();
    assert!(w.store().rating_changes(game).await.unwrap().is_empty());
    assert!(!w.host.engine_play().ended_by_engine(game).await.unwrap());

    // A level is for Chronomate only.
    let mut t = ChallengeTerms::new(Variant::Standard);
    t.opponent = Some(Player::console("bob"));
    t.level = Some(3);
    assert_eq!(
        refusal(w.host.challenges().challenge(&alice, t).await),
        Refusal::LevelWithoutChronomate
    );
    // And one of its eight.
    for level in [0, 9, 255] {
        assert_eq!(
            refusal(
                w.host
                    .challenges()
                    .challenge(&alice, against_chronomate(level, ColourChoice::White))
                    .await
            ),
            Refusal::NoSuchLevel(level)
        );
    }
}
