//! When the host is slow (a big render, a busy database), interactions are
//! deferred before Discord's 3 seconds run out and answered afterwards:
//! the board travels in the follow-up, pings still ping (a fresh follow-up
//! instead of filling in the placeholder), refusals stay private.
//!
//! The bot here defers everything at once (`defer_after` = 0), so the
//! deferred path is taken on every interaction.

use chronomate_host::ChallengeId;
use chronomate_testkit::replies::assert_contains;

use crate::support;

use std::time::Duration;

use support::*;

/// The calls answering `sent`, in order, as `METHOD kind` words.
fn shape(fake: &FakeDiscord, sent: &Sent) -> Vec<String> {
    fake.responses(sent)
        .iter()
        .map(|c| match c.callback_type() {
            Some(t) => format!("callback {t}"),
            None if c.path.ends_with("@original") => format!("{} original", c.method),
            None => format!("{} followup", c.method),
        })
        .collect()
}

/// Waits for the message that answers a deferred interaction: a
/// follow-up, or the placeholder filled in.
async fn followup(fake: &FakeDiscord, sent: &Sent) -> Call {
    let path = format!("/webhooks/{APPLICATION_ID}/{}", sent.token);
    let original = format!("{path}/messages/@original");
    fake.wait_call("a follow-up", |calls| {
        calls
            .iter()
            .find(|c| {
                (c.method == "POST" && c.path == path)
                    || (c.method == "PATCH" && c.path == original)
            })
            .cloned()
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_answers_are_deferred_then_followed_up() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, _host) = world.start_bot_with(&fake, Duration::ZERO).await;
        wait_registered(&fake).await;

        // A challenge that pings bob: deferred publicly, then the
        // placeholder is replaced by a fresh message that pings.
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
        let posted = followup(&fake, &sent).await;
        assert_eq!(
            shape(&fake, &sent),
            ["callback 5", "DELETE original", "POST followup"]
        );
        assert!(!fake.callback(&sent).await.is_ephemeral());
        assert!(posted.content().contains(&bob().mention()));
        let id: ChallengeId =
            number_after(posted.content(), "Challenge").expect("the challenge's number");
        let accept_id = format!("challenge:{id}:accept");
        assert!(posted.custom_ids().contains(&accept_id));

        // The accept button: acknowledged (6), then the challenge message
        // is edited and the game starts in a new thread.
        let message = fake.message_with_button(&accept_id).await;
        let mark = fake.mark();
        let press = fake.click(&bob(), message, &accept_id).await;
        let edited = fake
            .wait_call("the challenge message edited", |calls| {
                calls
                    .iter()
                    .find(|c| c.method == "PATCH" && c.path.contains(&press.token))
                    .cloned()
            })
            .await;
        assert_eq!(fake.callback(&press).await.callback_type(), Some(6));
        assert!(edited.custom_ids().is_empty());
        assert_contains(edited.content(), "accepted");
        let thread = message;
        let first = fake
            .wait_call_after("the game in its thread", mark, |c| {
                c.is("POST", &format!("/channels/{thread}/messages"))
            })
            .await;
        assert_board_png(&first);

        // A move in the thread: the board in the follow-up, and bob pinged.
        let sent = fake
            .command(&alice(), thread, "move", &[Opt::str("action", "e4")])
            .await;
        let moved = followup(&fake, &sent).await;
        assert_eq!(
            shape(&fake, &sent),
            ["callback 5", "DELETE original", "POST followup"]
        );
        assert_contains(moved.content(), "played e4");
        assert!(moved.content().contains(&bob().mention()));
        assert_board_png(&moved);

        // The board pings nobody: it fills the placeholder in (an edit,
        // which a failure may repeat safely).
        let sent = fake.command(&bob(), thread, "board", &[]).await;
        let board = followup(&fake, &sent).await;
        assert_eq!(shape(&fake, &sent), ["callback 5", "PATCH original"]);
        assert_board_png(&board);

        // The snapshot reads in the chat; `full: true` asks for every board
        // of the history instead, a picture of its own.
        for (opts, suffix) in [
            (vec![], "-snapshot.png"),
            (vec![Opt::bool("full", true)], "-snapshot-full.png"),
        ] {
            let sent = fake.command(&bob(), thread, "snapshot", &opts).await;
            let shown = followup(&fake, &sent).await;
            assert_eq!(shape(&fake, &sent), ["callback 5", "PATCH original"]);
            let pngs = shown.pngs();
            assert_eq!(pngs.len(), 1, "one snapshot image");
            assert!(pngs[0].filename.ends_with(suffix), "{}", pngs[0].filename);
        }

        // A refusal after a public deferral is still private.
        let sent = fake
            .command(&alice(), thread, "move", &[Opt::str("action", "d4")])
            .await;
        let refused = followup(&fake, &sent).await;
        assert_eq!(
            shape(&fake, &sent),
            ["callback 5", "DELETE original", "POST followup"]
        );
        assert!(refused.is_ephemeral());
        assert_contains(refused.content(), "not your turn");

        // A private listing is deferred privately.
        let sent = fake.command(&bob(), LOBBY_ID, "games", &[]).await;
        let listed = followup(&fake, &sent).await;
        assert_eq!(shape(&fake, &sent), ["callback 5", "PATCH original"]);
        assert!(fake.callback(&sent).await.is_ephemeral());
        assert_contains(listed.content(), "Your games");

        bot.shutdown().await;
    })
    .await;
}
