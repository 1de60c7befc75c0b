//! Chronomate plays through Discord: challenged as the bot's own user, it
//! plays a whole game in the game's thread (each move posted after the
//! answer to the move it replies to, pinging the player), resumes a game
//! after a restart that caught it thinking, posts a move Discord refused at
//! the next round of timed jobs, and `/analyse` charts a finished game
//! (refusing a live one).

use chronomate_host::{GameId, Span};
use chronomate_testkit::replies::assert_contains;

use crate::common;
use crate::support;

use chronomate_rules::{Game, Variant};
use common::hurry::hurrying_action;
use support::*;

/// The bot's own user, as Discord shows it.
fn chronomate() -> Player {
    let mut p = Player::new(APPLICATION_ID, "Chronomate");
    p.bot = true;
    p
}

/// `NAME played ACTION in game #G (ply P).` in a post -> (NAME, ACTION).
fn played(text: &str, game: GameId) -> Option<(String, String)> {
    text.lines().find_map(|line| {
        let (name, rest) = line.split_once(" played ")?;
        let (action, _) = rest.rsplit_once(&format!(" in game #{game} (ply "))?;
        Some((name.to_owned(), action.to_owned()))
    })
}

/// alice challenges Chronomate at `level`; returns the game and its thread.
async fn challenge_chronomate(fake: &FakeDiscord, level: i64, colour: &str) -> (GameId, u64) {
    let mark = fake.mark();
    let sent = fake
        .command(
            &alice(),
            LOBBY_ID,
            "challenge",
            &[
                Opt::choice("variant", "standard"),
                Opt::user("opponent", &chronomate()),
                Opt::choice("colour", colour),
                Opt::int("level", level),
            ],
        )
        .await;
    let begun = fake
        .wait_call_after("the game's first post", mark, |c| {
            c.method == "POST"
                && c.status < 300
                && c.path.starts_with("/channels/")
                && c.content().contains("begins")
        })
        .await;
    let text = begun.content().to_owned();
    assert!(
        text.contains(&format!("Chronomate (level {level}) accepted challenge")),
        "{text}"
    );
    assert!(text.contains("Unrated"), "{text}");
    let thread: u64 = begun
        .path
        .trim_start_matches("/channels/")
        .trim_end_matches("/messages")
        .parse()
        .unwrap();
    assert_ne!(thread, LOBBY_ID, "the game has a thread of its own");
    // alice is pointed there.
    let pointer = fake.reply(&sent).await;
    assert_eq!(channel_in(pointer.content()), Some(thread));
    (number_after(&text, "game").unwrap(), thread)
}

/// Waits for Chronomate's next move in `thread` (posted after `mark`).
async fn chronomate_move(
    fake: &FakeDiscord,
    thread: u64,
    game: GameId,
    mark: usize,
) -> (Call, String) {
    let path = format!("/channels/{thread}/messages");
    let post = fake
        .wait_call_after("Chronomate's move", mark, |c| {
            c.is("POST", &path)
                && c.status < 300
                && played(c.content(), game).is_some_and(|(n, _)| n.starts_with("Chronomate"))
        })
        .await;
    let (_, action) = played(post.content(), game).unwrap();
    (post, action)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_against_chronomate_then_its_analysis() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;

        let (game, thread) = challenge_chronomate(&fake, 1, "white").await;
        let mut state = Game::new(Variant::Standard, 0);
        let mut analysed_live = false;
        loop {
            // Chronomate's last post made and cleared: alice's move is
            // answered in the thread, not behind it.
            outbox_drained(&host).await;
            let action = hurrying_action(&state).unwrap();
            let mark = fake.mark();
            let moved = play(&fake, &alice(), thread, &action).await;
            let (_, text) = played(moved.content(), game)
                .unwrap_or_else(|| panic!("alice's move: {}", moved.content()));
            state.play(&text).unwrap();
            if state.status().is_over() {
                break;
            }
            if !analysed_live {
                // No help during play.
                let sent = fake
                    .command(&alice(), thread, "analyse", &[Opt::int("game", game.0)])
                    .await;
                let refused = fake.reply(&sent).await;
                assert!(refused.is_ephemeral());
                assert_contains(refused.content(), "still being played");
                analysed_live = true;
            }
            let (post, text) = chronomate_move(&fake, thread, game, mark).await;
            // After the answer to alice's move, pinging her, with the board.
            assert!(
                post.seq > moved.seq,
                "Chronomate's move came first: {} {} {:?} at {} vs post at {}; all: {:?}",
                moved.method,
                moved.path,
                moved.callback_type(),
                moved.seq,
                post.seq,
                fake.calls()
                    .iter()
                    .skip(mark)
                    .map(|c| (
                        c.seq,
                        c.method.clone(),
                        c.path.chars().take(40).collect::<String>(),
                        c.status,
                        c.callback_type()
                    ))
                    .collect::<Vec<_>>()
            );
            assert!(
                post.content().contains(&alice().mention()),
                "{}",
                post.content()
            );
            assert_board_png(&post);
            state.play(&text).unwrap();
            if state.status().is_over() {
                break;
            }
            assert!(state.record().len() < 400, "the game does not end");
        }

        // One thread, closed after its last post (whoever's move ended the
        // game), never reopened.
        let closed = fake
            .wait_call("the thread closed", |calls| {
                calls
                    .iter()
                    .find(|c| c.is("PATCH", &format!("/channels/{thread}")))
                    .cloned()
            })
            .await;
        let calls = fake.calls();
        let opened = calls
            .iter()
            .filter(|c| c.method == "POST" && c.path.ends_with("/threads"))
            .count();
        assert_eq!(opened, 1, "one thread for the game");
        let last_post = calls
            .iter()
            .filter(|c| c.is("POST", &format!("/channels/{thread}/messages")))
            .map(|c| c.seq)
            .max()
            .unwrap();
        assert!(closed.seq > last_post, "closed after its last post");

        let sent = fake
            .command(&alice(), LOBBY_ID, "analyse", &[Opt::int("game", game.0)])
            .await;
        let analysis = fake.reply(&sent).await;
        let text = analysis.content();
        assert!(
            text.contains(&format!("Analysis of game #{game}")),
            "{text}"
        );
        for i in 1..=3 {
            assert!(text.contains(&format!("\n{i}. ply ")), "{text}");
        }
        let pngs = analysis.pngs();
        assert_eq!(pngs.len(), 1, "the chart");
        assert!(pngs[0].filename.ends_with("-analysis.png"));
        bot.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_while_chronomate_thinks_then_it_moves() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;
        // Level 8 with white: it thinks at once, for seconds here.
        let (game, thread) = challenge_chronomate(&fake, 8, "black").await;
        bot.shutdown().await;
        assert!(host.store().log(game).await.unwrap().is_empty());
        host.store().close().await;

        let mark = fake.mark();
        let (bot, host) = world.start_bot(&fake).await;
        let (post, action) = chronomate_move(&fake, thread, game, mark).await;
        assert!(post.content().contains("Chronomate (level 8) played"));
        assert!(
            post.content().contains(&alice().mention()),
            "{}",
            post.content()
        );
        let log = host.store().log(game).await.unwrap();
        assert_eq!(log.len(), 1);
        assert_eq!(
            (log[0].text.as_str(), log[0].actor.to_string().as_str()),
            (action.as_str(), "chronomate:8")
        );
        // Posted, so deleted from the outbox (just after the post).
        outbox_drained(&host).await;
        bot.shutdown().await;
    })
    .await;
}

/// Discord fails every try to post Chronomate's move: the move stands,
/// its announcement stays in the outbox, and once its retry is due the
/// poster posts it in the thread, pinging alice, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_discord_refused_is_posted_when_its_retry_is_due() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;
        let (game, thread) = challenge_chronomate(&fake, 1, "white").await;
        let path = format!("/channels/{thread}/messages");
        fake.inject(Fault::on("POST", &path).server_error(503).times(5));
        play(&fake, &alice(), thread, "e4").await;
        wait_log(|l| l.contains("trying again later"))
            .await
            .unwrap();
        assert!(fake.faults_spent());
        assert_eq!(host.store().log(game).await.unwrap().len(), 2);
        assert_eq!(host.outbox().stats().await.unwrap().depth, 1);

        // Its retry comes due (the hosts' clock moves on).
        let mark = fake.mark();
        world.clock.set(T0 + Span::from_millis(3 * 60_000));
        let (post, action) = chronomate_move(&fake, thread, game, mark).await;
        assert_eq!(
            host.store().log(game).await.unwrap()[1].text,
            action,
            "the move played"
        );
        assert_contains(post.content(), "Posted late");
        assert!(
            post.content().contains(&alice().mention()),
            "{}",
            post.content()
        );
        assert_board_png(&post);
        outbox_drained(&host).await;
        assert_eq!(
            bot.tick(T0 + Span::from_millis(10 * 60_000)).await,
            0,
            "posted once"
        );
        bot.shutdown().await;
    })
    .await;
}

/// alice moves while Chronomate's reply is still on its way to her game's
/// thread (Discord made the bot wait a moment to post it): her answer
/// waits for that post to land, then is her move's post, in the thread
/// and after Chronomate's, rather than a private "Posted here." pointing
/// to a post made separately.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_waits_a_moment_for_chronomates_post_on_its_way() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;
        let (game, thread) = challenge_chronomate(&fake, 1, "white").await;
        let path = format!("/channels/{thread}/messages");
        // Chronomate's reply is rate limited once, for 300 ms.
        fake.inject(Fault::on("POST", &path).rate_limit(0.3));
        let mark = fake.mark();
        play(&fake, &alice(), thread, "e4").await;
        fake.wait_call_after("Chronomate's post held back", mark, |c| {
            c.is("POST", &path) && c.status == 429
        })
        .await;
        // Her reply, at once: the answer would overtake Chronomate's post.
        let mut state = Game::new(Variant::Standard, 0);
        for record in host.store().log(game).await.unwrap() {
            state.play(&record.text).unwrap();
        }
        assert_eq!(state.record().len(), 2, "Chronomate has replied");
        let action = hurrying_action(&state).unwrap();
        let moved = play(&fake, &alice(), thread, &action).await;
        assert!(
            !moved.is_ephemeral() && played(moved.content(), game).is_some(),
            "alice's answer is her move's post: {}",
            moved.content()
        );
        let (post, _) = chronomate_move(&fake, thread, game, mark).await;
        assert!(post.seq < moved.seq, "after Chronomate's post");
        bot.shutdown().await;
    })
    .await;
}
