//! Reminders and timeouts reach the players: by DM, and in the game's
//! thread when a DM is refused (Discord's 50007) or a game ends on time;
//! a rate-limited post is tried again; a reminder that reached nobody is
//! delivered at the next round, and never twice.

use chronomate_testkit::replies::assert_contains;

use crate::support;

use serde_json::json;
use support::*;

use chronomate_host::{DAY, HOUR};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_dm_falls_back_to_the_thread() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, _host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;
        let (id, message) = challenge(&fake).await;
        let (thread, game) = accept(&fake, id, message).await;
        let thread_messages = format!("/channels/{thread}/messages");

        // alice (to move, 3 days per move) has her DMs closed, and the
        // thread is rate limited once.
        fake.close_dms(alice().id);
        fake.fail_next(
            "POST",
            &thread_messages,
            429,
            json!({"message": "You are being rate limited.", "retry_after": 0.01, "global": false, "code": 0}),
            1,
        );
        let mark = fake.mark();
        // A day before the deadline: the reminder is due.
        let delivered = bot.tick(T0 + 2 * DAY + HOUR).await;
        assert_eq!(delivered, 1);

        let calls: Vec<Call> = fake.calls().into_iter().skip(mark).collect();
        let opened = calls
            .iter()
            .find(|c| c.is("POST", "/users/@me/channels"))
            .expect("a DM channel is opened");
        assert_eq!(opened.json.as_ref().unwrap()["recipient_id"], alice().id.to_string());
        let dm = fake.dm_channel(alice().id).expect("alice's DM channel");
        let refused = calls
            .iter()
            .find(|c| c.is("POST", &format!("/channels/{dm}/messages")))
            .expect("the DM is tried");
        assert_eq!(refused.status, 403);
        let posts: Vec<&Call> = calls.iter().filter(|c| c.is("POST", &thread_messages)).collect();
        assert_eq!(posts.len(), 2, "rate limited once, then posted");
        assert_eq!(posts[0].status, 429);
        assert_eq!(posts[1].status, 200);
        let text = posts[1].content();
        assert!(text.contains("Reminder"), "{text}");
        assert!(text.contains(&alice().mention()), "alice is pinged instead: {text}");
        assert_eq!(
            posts[1].message().unwrap()["allowed_mentions"]["users"],
            json!([alice().id.to_string()])
        );
        assert_eq!(posts[1].custom_ids(), [format!("game:{game}:board")]);

        // The reminder is sent once.
        let mark = fake.mark();
        assert_eq!(bot.tick(T0 + 2 * DAY + 2 * HOUR).await, 0);
        assert_eq!(fake.mark(), mark, "nothing more was sent");

        bot.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_by_dm_and_a_time_forfeit_in_the_thread() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, _host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;
        let (id, message) = challenge(&fake).await;
        let (thread, game) = accept(&fake, id, message).await;
        let thread_messages = format!("/channels/{thread}/messages");

        // alice moves on the second day; bob's three days start then.
        world.clock.set(T0 + DAY);
        play(&fake, &alice(), thread, "e4").await;

        // bob's reminder, a day before his deadline, reaches him by DM alone.
        let mark = fake.mark();
        assert_eq!(bot.tick(T0 + 3 * DAY + HOUR).await, 1);
        let dm = fake.dm_channel(bob().id).expect("bob's DM channel");
        let calls: Vec<Call> = fake.calls().into_iter().skip(mark).collect();
        let direct = calls
            .iter()
            .find(|c| c.is("POST", &format!("/channels/{dm}/messages")))
            .expect("a DM to bob");
        assert_eq!(direct.status, 200);
        assert_contains(direct.content(), "Reminder");
        assert!(!direct.content().contains("<@"), "no pings in a DM");
        assert!(
            calls.iter().all(|c| !c.is("POST", &thread_messages)),
            "nothing in the thread"
        );

        // bob presses Board in his DM: the board, right there.
        let board = format!("game:{game}:board");
        let on = fake.message_with_button(&board).await;
        let press = fake.click(&bob(), on, &board).await;
        let shown = fake.reply(&press).await;
        assert_contains(shown.content(), &format!("Game #{game}"));
        assert_board_png(&shown);

        // bob lets his time run out: both are told, and the thread hears it.
        let mark = fake.mark();
        assert_eq!(bot.tick(T0 + 5 * DAY).await, 1);
        let calls: Vec<Call> = fake.calls().into_iter().skip(mark).collect();
        let alice_dm = fake.dm_channel(alice().id).expect("alice's DM channel");
        for channel in [alice_dm, dm] {
            let sent = calls
                .iter()
                .find(|c| c.is("POST", &format!("/channels/{channel}/messages")))
                .expect("a DM to each player");
            assert_contains(sent.content(), "ran out of time");
        }
        let announced = calls
            .iter()
            .find(|c| c.is("POST", &thread_messages))
            .expect("the result in the thread");
        assert_contains(announced.content(), "ran out of time");
        assert!(
            !announced.content().contains("<@"),
            "both were reached by DM"
        );
        // After the announcement, the thread is archived and locked.
        let closed = calls
            .iter()
            .find(|c| c.is("PATCH", &format!("/channels/{thread}")))
            .expect("the thread closed");
        assert!(closed.seq > announced.seq);
        let meta = fake.thread_metadata(thread).unwrap();
        assert_eq!(meta["archived"], true);
        assert_eq!(meta["locked"], true);

        // The game is over.
        let late = play(&fake, &bob(), thread, "e5").await;
        assert!(late.is_ephemeral());
        assert_contains(late.content(), "over");

        bot.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_that_reached_nobody_comes_again_then_never_twice() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;
        let (id, message) = challenge(&fake).await;
        let (thread, _game) = accept(&fake, id, message).await;
        let thread_messages = format!("/channels/{thread}/messages");
        // The game's own posts are made before Discord goes down: its
        // faults are the reminder's alone.
        outbox_drained(&host).await;

        // Discord is down for the round: the DM and the thread fail every
        // try (bounded), and the reminder reached nobody.
        fake.inject(
            Fault::on("POST", "/users/@me/channels")
                .server_error(500)
                .times(5),
        );
        fake.inject(
            Fault::on("POST", &thread_messages)
                .server_error(503)
                .times(5),
        );
        let due = T0 + 2 * DAY + HOUR;
        assert_eq!(bot.tick(due).await, 0);
        assert!(fake.faults_spent(), "every try was made");
        let dm = fake.dm_channel(alice().id);
        assert!(dm.is_none_or(|dm| fake.messages_in(dm).is_empty()));
        assert!(
            fake.messages_in(thread)
                .iter()
                .all(|m| !m["content"].as_str().unwrap().contains("Reminder"))
        );

        // The outbox tries it again once its retry is due: by DM; the next
        // round has nothing.
        world.clock.set(due + HOUR);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        let dm = loop {
            if let Some(dm) = fake.dm_channel(alice().id)
                && !fake.messages_in(dm).is_empty()
            {
                break dm;
            }
            assert!(std::time::Instant::now() < deadline, "the reminder again");
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        };
        let sent = fake.messages_in(dm);
        assert_eq!(sent.len(), 1);
        assert!(sent[0]["content"].as_str().unwrap().contains("Reminder"));
        let mark = fake.mark();
        assert_eq!(bot.tick(due + 2 * HOUR).await, 0);
        assert_eq!(fake.mark(), mark, "nothing more was sent");
        assert_eq!(fake.messages_in(dm).len(), 1);

        bot.shutdown().await;
    })
    .await;
}
