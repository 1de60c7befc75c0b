//! Discord misbehaving on the REST side, through the real client: rate
//! limits (per route and global, the wait in the body or only in the
//! header), server errors (also ones where the request landed and only
//! the answer was lost), and an interaction that can no longer be
//! answered. What Discord received is counted exactly (nothing posted
//! twice, nothing lost), the database holds every accepted move once, the
//! player is answered at once whatever the thread post waits for, and the
//! log says what happened, in one line per failure, without the token.

use chronomate_host::{ChallengeId, GameId};
use chronomate_testkit::replies::assert_contains;

use crate::support;

use std::time::Duration;

use serde_json::Value;
use support::*;

/// `who` plays `action` in game `game`, typed in the lobby: the answer is a
/// pointer, the move is posted in the game's thread.
async fn move_from_lobby(fake: &FakeDiscord, who: &Player, game: GameId, action: &str) -> Sent {
    fake.command(
        who,
        LOBBY_ID,
        "move",
        &[Opt::str("action", action), Opt::int("game", game.0)],
    )
    .await
}

/// The messages in `channel` whose text contains `text`.
fn messages_with(fake: &FakeDiscord, channel: u64, text: &str) -> Vec<Value> {
    fake.messages_in(channel)
        .into_iter()
        .filter(|m| m["content"].as_str().is_some_and(|c| c.contains(text)))
        .collect()
}

/// The calls after `mark` to `method path` exactly.
fn calls_to(fake: &FakeDiscord, mark: usize, method: &str, path: &str) -> Vec<Call> {
    fake.calls()
        .into_iter()
        .skip(mark)
        .filter(|c| c.method == method && c.path == path)
        .collect()
}

fn statuses(calls: &[Call]) -> Vec<u16> {
    calls.iter().map(|c| c.status).collect()
}

async fn record(host: &chronomate_host::Host, game: GameId) -> Vec<String> {
    host.games()
        .load(game)
        .await
        .expect("the game loads")
        .game
        .record()
        .to_vec()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limits_are_waited_out_as_discord_says() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;
        let (id, message) = challenge(&fake).await;
        let (thread, game) = accept(&fake, id, message).await;
        let thread_messages = format!("/channels/{thread}/messages");

        // The thread is rate limited for 3.5 s (in the body and the
        // header): longer than an interaction may wait for its answer.
        fake.inject(Fault::on("POST", &thread_messages).rate_limit(3.5));
        let mark = fake.mark();
        let sent = move_from_lobby(&fake, &alice(), game, "e4").await;
        let pointer = fake.reply(&sent).await;
        assert_contains(pointer.content(), &format!("<#{thread}>"));
        // The answer does not wait for the thread: it came within
        // Discord's 3 s, long before the 3.5 s wait was over.
        let answered = fake.wait_answered(&sent).await;
        assert!(answered < ANSWER_WITHIN, "{answered:?}");
        // The move stands before Discord lets the post through.
        assert_eq!(record(&host, game).await, ["e4"]);
        fake.wait_call_after("the move posted", mark, |c| {
            c.is("POST", &thread_messages) && c.status == 200
        })
        .await;
        let tries = calls_to(&fake, mark, "POST", &thread_messages);
        let said: Vec<&str> = tries.iter().map(|c| c.content()).collect();
        assert_eq!(
            statuses(&tries),
            [429, 200],
            "tried again only once the wait was over: {said:?}"
        );
        assert!(sent.at + answered < tries[1].at, "answered before the post");
        let waited = tries[1].at - tries[0].at;
        assert!(waited >= Duration::from_millis(3500), "{waited:?}");
        assert!(waited < Duration::from_millis(4500), "{waited:?}");
        assert_eq!(messages_with(&fake, thread, "played e4").len(), 1);

        // The wait only in the Retry-After header.
        fake.inject(
            Fault::on("POST", &thread_messages)
                .rate_limit(1.0)
                .header_only(),
        );
        let mark = fake.mark();
        let sent = move_from_lobby(&fake, &bob(), game, "e5").await;
        fake.reply(&sent).await;
        fake.wait_call_after("the move posted", mark, |c| {
            c.is("POST", &thread_messages) && c.status == 200
        })
        .await;
        let tries = calls_to(&fake, mark, "POST", &thread_messages);
        assert_eq!(statuses(&tries), [429, 200]);
        assert!(tries[1].at - tries[0].at >= Duration::from_millis(1000));
        assert_eq!(messages_with(&fake, thread, "played e5").len(), 1);

        // A global limit holds every route but the interactions': the
        // players are answered meanwhile, the post waits for the end.
        fake.inject(Fault::global().rate_limit(1.5));
        let mark = fake.mark();
        let sent = move_from_lobby(&fake, &alice(), game, "Nf3").await;
        fake.reply(&sent).await;
        fake.wait_call_after("the global limit met", mark, |c| c.status == 429)
            .await;
        let board = fake.command(&bob(), thread, "board", &[]).await;
        let shown = fake.reply(&board).await;
        assert_board_png(&shown);
        let answered = fake.wait_answered(&board).await;
        assert!(answered < ANSWER_WITHIN, "{answered:?}");
        let global_429 = fake
            .calls()
            .into_iter()
            .skip(mark)
            .find(|c| c.status == 429)
            .expect("the global limit");
        assert!(
            board.at + answered < global_429.at + Duration::from_millis(1500),
            "the answer did not wait for the global limit"
        );
        fake.wait_call_after("the move posted", mark, |c| {
            c.is("POST", &thread_messages) && c.status == 200
        })
        .await;
        let tries = calls_to(&fake, mark, "POST", &thread_messages);
        let said: Vec<&str> = tries.iter().map(|c| c.content()).collect();
        assert_eq!(statuses(&tries)[..2], [429, 200], "{said:?}");
        assert!(tries[1].at - tries[0].at >= Duration::from_millis(1500));
        assert_eq!(
            messages_with(&fake, thread, "played Nf3").len(),
            1,
            "{said:?}"
        );
        assert_eq!(record(&host, game).await, ["e4", "e5", "Nf3"]);

        // One line per failure: the route, the status, what was done.
        let line = wait_log(|l| l.contains(&format!("POST {thread_messages}: 429")))
            .await
            .unwrap_or_else(|log| panic!("no line for the 429:\n{log}"));
        assert!(line.contains("trying again in"), "{line}");
        assert!(
            !captured_logs().contains(TOKEN),
            "the token reached the log"
        );

        bot.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_errors_are_repeated_without_posting_twice() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;
        let (id, message) = challenge(&fake).await;
        let (thread, game) = accept(&fake, id, message).await;
        let thread_messages = format!("/channels/{thread}/messages");

        // The thread post lands twice but both answers are lost (500, 502):
        // the repeats carry the same nonce, and Discord returns the message
        // already made.
        fake.inject(
            Fault::on("POST", &thread_messages)
                .server_error(500)
                .landing(),
        );
        fake.inject(
            Fault::on("POST", &thread_messages)
                .server_error(502)
                .landing(),
        );
        let mark = fake.mark();
        let sent = move_from_lobby(&fake, &alice(), game, "e4").await;
        fake.reply(&sent).await;
        fake.wait_call_after("the move posted", mark, |c| {
            c.is("POST", &thread_messages) && c.status == 200
        })
        .await;
        let tries = calls_to(&fake, mark, "POST", &thread_messages);
        assert_eq!(statuses(&tries), [500, 502, 200]);
        let nonces: Vec<&Value> = tries
            .iter()
            .map(|c| &c.json.as_ref().unwrap()["nonce"])
            .collect();
        assert!(nonces[0].is_string(), "{nonces:?}");
        assert!(nonces.iter().all(|n| *n == nonces[0]), "{nonces:?}");
        assert!(
            tries
                .iter()
                .all(|c| c.json.as_ref().unwrap()["enforce_nonce"] == true)
        );
        assert_eq!(messages_with(&fake, thread, "played e4").len(), 1);

        // The answer to an interaction lands, its acknowledgement is lost:
        // the repeat is refused as already acknowledged, which counts as
        // done; nothing is posted anywhere else.
        fake.inject(
            Fault::on("POST", "/interactions/")
                .server_error(503)
                .landing(),
        );
        let sent = fake
            .command(&bob(), thread, "move", &[Opt::str("action", "e5")])
            .await;
        fake.wait_answered(&sent).await;
        let callback = format!("/interactions/{}/{}/callback", sent.id, sent.token);
        let tries = fake
            .wait_call("the callback tried again", |calls| {
                let tries: Vec<Call> = calls
                    .iter()
                    .filter(|c| c.path == callback)
                    .cloned()
                    .collect();
                (tries.len() == 2).then_some(tries)
            })
            .await;
        assert_eq!(statuses(&tries), [503, 400]);
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(messages_with(&fake, thread, "played e5").len(), 1);
        assert!(
            fake.messages_in(LOBBY_ID)
                .iter()
                .all(|m| !m["content"].as_str().unwrap().contains("played e5"))
        );

        // A 500 that did not land: the answer is tried again and arrives.
        fake.inject(Fault::on("POST", "/interactions/").server_error(500));
        let sent = fake
            .command(&alice(), thread, "move", &[Opt::str("action", "Nf3")])
            .await;
        let moved = fake.reply(&sent).await;
        assert_contains(moved.content(), "played Nf3");
        assert_eq!(messages_with(&fake, thread, "played Nf3").len(), 1);
        assert_eq!(record(&host, game).await, ["e4", "e5", "Nf3"]);

        // Every try of the answer fails (5 × 503): whether one landed is
        // looked up (it did not), and the move is posted in the channel
        // it was typed in.
        fake.inject(
            Fault::on("POST", "/interactions/")
                .server_error(503)
                .times(5),
        );
        let mark = fake.mark();
        let sent = fake
            .command(&bob(), thread, "move", &[Opt::str("action", "Nc6")])
            .await;
        let posted = fake
            .wait_call_after("the move posted in the thread instead", mark, |c| {
                c.is("POST", &thread_messages) && c.status == 200
            })
            .await;
        assert_contains(posted.content(), "played Nc6");
        let looked: Vec<(String, u16)> = fake
            .responses(&sent)
            .iter()
            .map(|c| (c.method.clone(), c.status))
            .collect();
        assert_eq!(looked.len(), 6, "{looked:?}");
        assert_eq!(looked[5], ("GET".to_owned(), 404));
        assert_eq!(messages_with(&fake, thread, "played Nc6").len(), 1);

        // The interaction cannot be answered any more (Unknown interaction):
        // the move stands, and its post goes to the channel it was typed in.
        fake.inject(Fault::on("POST", "/interactions/").refuse(404, 10062, "Unknown interaction"));
        let mark = fake.mark();
        let sent = fake
            .command(&alice(), thread, "move", &[Opt::str("action", "Bc4")])
            .await;
        let posted = fake
            .wait_call_after("the move posted in the thread instead", mark, |c| {
                c.is("POST", &thread_messages) && c.status == 200
            })
            .await;
        assert_contains(posted.content(), "played Bc4");
        assert!(posted.content().contains(&bob().mention()));
        assert_board_png(&posted);
        assert_eq!(statuses(&fake.responses(&sent)), [404]);
        assert_eq!(record(&host, game).await, ["e4", "e5", "Nf3", "Nc6", "Bc4"]);
        assert!(fake.faults_spent());

        wait_log(|l| {
            l.contains(&format!("POST {thread_messages}: 500")) && l.contains("trying again")
        })
        .await
        .unwrap_or_else(|log| panic!("no line for the 500:\n{log}"));
        wait_log(|l| l.contains("10062") && l.contains("posted in the channel instead"))
            .await
            .unwrap_or_else(|log| panic!("no line for the unanswerable interaction:\n{log}"));
        assert!(
            !captured_logs().contains(TOKEN),
            "the token reached the log"
        );

        bot.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deferred_answers_survive_server_errors() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        // Every interaction deferred at once: the answers are edits and
        // follow-ups.
        let (bot, host) = world.start_bot_with(&fake, Duration::ZERO).await;
        wait_registered(&fake).await;
        let (id, message) = challenge_deferred(&fake).await;
        let accept_id = format!("challenge:{id}:accept");
        let press = fake.click(&bob(), message, &accept_id).await;
        fake.wait_answered(&press).await;
        let thread = message;
        fake.wait_call("the game's first post", |calls| {
            calls
                .iter()
                .find(|c| c.is("POST", &format!("/channels/{thread}/messages")) && c.status == 200)
                .cloned()
        })
        .await;

        // Filling the placeholder in is an edit: a 500 is repeated.
        let sent = fake.command(&bob(), thread, "board", &[]).await;
        let original = format!(
            "/webhooks/{APPLICATION_ID}/{}/messages/@original",
            sent.token
        );
        fake.inject(Fault::on("PATCH", &original).server_error(500).times(2));
        let shown = fake
            .wait_call("the board", |calls| {
                calls
                    .iter()
                    .find(|c| c.method == "PATCH" && c.path == original && c.status == 200)
                    .cloned()
            })
            .await;
        assert_board_png(&shown);
        let edits: Vec<u16> = fake
            .responses(&sent)
            .iter()
            .filter(|c| c.method == "PATCH")
            .map(|c| c.status)
            .collect();
        assert_eq!(edits, [500, 500, 200]);

        // A move pings: a fresh follow-up. One that may have landed is not
        // repeated (a follow-up has no nonce): it is there once.
        let followup = format!("/webhooks/{APPLICATION_ID}/");
        fake.inject(Fault::on("POST", &followup).server_error(500).landing());
        let sent = fake
            .command(&alice(), thread, "move", &[Opt::str("action", "e4")])
            .await;
        let path = format!("/webhooks/{APPLICATION_ID}/{}", sent.token);
        fake.wait_call("the follow-up", |calls| {
            calls
                .iter()
                .find(|c| c.method == "POST" && c.path == path)
                .cloned()
        })
        .await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        let posts: Vec<u16> = calls_to(&fake, 0, "POST", &path)
            .iter()
            .map(|c| c.status)
            .collect();
        assert_eq!(posts, [500], "not repeated");
        assert_eq!(messages_with(&fake, thread, "played e4").len(), 1);
        assert_eq!(record(&host, GameId(1)).await, ["e4"]);
        wait_log(|l| {
            l.contains(&format!("POST /webhooks/{APPLICATION_ID}/…: 500"))
                && l.contains("may have landed; not repeated")
        })
        .await
        .unwrap_or_else(|log| panic!("no line for the follow-up:\n{log}"));
        assert!(
            !captured_logs().contains(&sent.token),
            "an interaction token reached the log"
        );

        bot.shutdown().await;
    })
    .await;
}

/// alice challenges bob with a bot that defers everything; the challenge's
/// number and the message with its buttons.
async fn challenge_deferred(fake: &FakeDiscord) -> (ChallengeId, u64) {
    let sent = fake
        .command(
            &alice(),
            LOBBY_ID,
            "challenge",
            &[
                Opt::choice("variant", "standard"),
                Opt::user("opponent", &bob()),
                Opt::choice("colour", "white"),
            ],
        )
        .await;
    let path = format!("/webhooks/{APPLICATION_ID}/{}", sent.token);
    let posted = fake
        .wait_call("the challenge", |calls| {
            calls.iter().find(|c| c.is("POST", &path)).cloned()
        })
        .await;
    let id = number_after(posted.content(), "Challenge").expect("the challenge's number");
    let message = fake
        .message_with_button(&format!("challenge:{id}:accept"))
        .await;
    (id, message)
}
