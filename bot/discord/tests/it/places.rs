//! Where a game is played when Discord says no or things vanish: a
//! channel where the bot may not open threads plays its games in the
//! channel and its admins hear once which permission is missing; a thread
//! deleted, or archived and locked, is replaced at the next post (a move, a
//! reminder); a finished game's thread is archived and locked after the
//! final board. The game stays reachable by `game:ID` from anywhere.

use chronomate_host::{DAY, GameId, HOUR};
use chronomate_testkit::replies::assert_contains;

use crate::support;

use serde_json::Value;
use support::*;

/// Another text channel of the guild.
const OTHER_ID: u64 = 1_200_000_000_000_000_003;

fn texts(messages: &[Value]) -> Vec<String> {
    messages
        .iter()
        .map(|m| m["content"].as_str().unwrap_or("").to_owned())
        .collect()
}

fn count_with(fake: &FakeDiscord, channel: u64, text: &str) -> usize {
    texts(&fake.messages_in(channel))
        .iter()
        .filter(|t| t.contains(text))
        .count()
}

async fn move_in(
    fake: &FakeDiscord,
    who: &Player,
    channel: u64,
    action: &str,
    game: GameId,
) -> Sent {
    fake.command(
        who,
        channel,
        "move",
        &[Opt::str("action", action), Opt::int("game", game.0)],
    )
    .await
}

/// The post in the lobby telling the admins the bot may not create
/// threads there.
async fn admins_told_threads_are_denied(fake: &FakeDiscord) -> Call {
    fake.wait_call("the admins told", |calls| {
        calls
            .iter()
            .find(|c| {
                c.is("POST", &format!("/channels/{LOBBY_ID}/messages"))
                    && c.content().contains("Create Public Threads")
            })
            .cloned()
    })
    .await
}

async fn thread_of(host: &chronomate_host::Host, game: GameId) -> Option<String> {
    host.outbox().place_of(game).await.unwrap().place.thread
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_thread_permissions_games_are_played_in_the_channel() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;
        fake.deny(LOBBY_ID, Perm::CreateThreads);

        let (game, message, _) = new_game(&fake, &alice(), &bob(), LOBBY_ID).await;
        let thread_route = format!("/channels/{LOBBY_ID}/messages/{message}/threads");
        let refused = fake
            .wait_call("the thread refused", |calls| {
                calls.iter().find(|c| c.is("POST", &thread_route)).cloned()
            })
            .await;
        assert_eq!(refused.status, 403);
        // The admins are told which permission is missing, in the channel.
        let told = admins_told_threads_are_denied(&fake).await;
        assert_contains(told.content(), &format!("Game #{game}"));
        assert_eq!(thread_of(&host, game).await, Some(LOBBY_ID.to_string()));
        outbox_drained(&host).await;

        // Moves typed in the channel are answered there, with the board;
        // no thread is tried again, nobody is told twice.
        for (who, action) in [(alice(), "e4"), (bob(), "e5"), (alice(), "Nf3")] {
            let sent = move_in(&fake, &who, LOBBY_ID, action, game).await;
            let moved = fake.reply(&sent).await;
            assert_eq!(moved.callback_type(), Some(4));
            assert_contains(moved.content(), &format!("played {action}"));
            assert_board_png(&moved);
        }
        // From anywhere else: a pointer to the channel, the move posted there.
        let sent = move_in(&fake, &bob(), OTHER_ID, "Nc6", game).await;
        let pointer = fake.reply(&sent).await;
        assert_contains(pointer.content(), &format!("<#{LOBBY_ID}>"));
        fake.wait_call("the move in the channel", |calls| {
            calls
                .iter()
                .find(|c| {
                    c.is("POST", &format!("/channels/{LOBBY_ID}/messages"))
                        && c.content().contains("played Nc6")
                })
                .cloned()
        })
        .await;

        // A second game in the channel: its thread is tried once, the
        // admins are not told again.
        let (second, _, _) = new_game(&fake, &carol(), &dave(), LOBBY_ID).await;
        let sent = move_in(&fake, &carol(), LOBBY_ID, "d4", second).await;
        fake.reply(&sent).await;
        let thread_tries = fake
            .calls()
            .iter()
            .filter(|c| c.method == "POST" && c.path.ends_with("/threads"))
            .count();
        assert_eq!(thread_tries, 2, "one try per game");
        assert_eq!(count_with(&fake, LOBBY_ID, "Create Public Threads"), 1);

        // The permission granted: the next game gets its thread.
        fake.allow(LOBBY_ID, Perm::CreateThreads);
        let (third, message, _) = new_game(&fake, &alice(), &carol(), LOBBY_ID).await;
        fake.wait_call("the third game's thread", |calls| {
            calls
                .iter()
                .find(|c| c.is("POST", &format!("/channels/{message}/messages")))
                .cloned()
        })
        .await;
        assert_eq!(thread_of(&host, third).await, Some(message.to_string()));
        assert_eq!(
            host.games().load(game).await.unwrap().game.record(),
            ["e4", "e5", "Nf3", "Nc6"]
        );

        bot.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn vanished_threads_are_replaced() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;

        // A deleted thread: the move from elsewhere is answered with a
        // pointer at once; its post finds the thread gone (404, 10003),
        // opens another in the game's channel, posts there, and tells the
        // player where the game went.
        let (game, thread, _) = new_game(&fake, &alice(), &bob(), LOBBY_ID).await;
        fake.wait_call("the first post in the thread", |calls| {
            calls
                .iter()
                .find(|c| c.is("POST", &format!("/channels/{thread}/messages")))
                .cloned()
        })
        .await;
        fake.delete_channel(thread);
        let sent = move_in(&fake, &alice(), OTHER_ID, "e4", game).await;
        let moved_to = fake
            .wait_call("the player told where the game went", |calls| {
                calls
                    .iter()
                    .find(|c| c.path.contains(&sent.token) && c.content().contains("moved"))
                    .cloned()
            })
            .await;
        assert!(moved_to.is_ephemeral());
        let replacement = channel_in(moved_to.content()).expect("the new thread");
        assert_ne!(replacement, thread);
        assert_eq!(count_with(&fake, replacement, "played e4"), 1);
        assert!(fake.channel(replacement).is_some_and(|c| {
            c["parent_id"].as_str().and_then(|p| p.parse().ok()) == Some(LOBBY_ID)
        }));
        assert_eq!(thread_of(&host, game).await, Some(replacement.to_string()));
        // The game goes on in its new thread.
        let moved = play(&fake, &bob(), replacement, "e5").await;
        assert_contains(moved.content(), "played e5");

        // A thread archived and locked by a moderator: a reminder that
        // cannot go by DM finds another thread.
        fake.lock_thread(replacement);
        fake.close_dms(alice().id);
        let mark = fake.mark();
        assert_eq!(bot.tick(T0 + 2 * DAY + HOUR).await, 1);
        let refused = fake
            .calls()
            .into_iter()
            .skip(mark)
            .find(|c| c.is("POST", &format!("/channels/{replacement}/messages")))
            .expect("the locked thread was tried");
        assert_eq!(refused.status, 400);
        let third = thread_of(&host, game)
            .await
            .unwrap()
            .parse::<u64>()
            .unwrap();
        assert_ne!(third, replacement);
        let reminders = texts(&fake.messages_in(third));
        assert_eq!(reminders.len(), 1, "{reminders:?}");
        assert!(reminders[0].contains("Reminder"), "{reminders:?}");
        assert!(reminders[0].contains(&alice().mention()), "{reminders:?}");

        // Posting in threads denied: the game comes to its channel, and the
        // admins hear which permission is missing.
        fake.deny(LOBBY_ID, Perm::SendInThreads);
        let sent = move_in(&fake, &alice(), OTHER_ID, "Nf3", game).await;
        fake.reply(&sent).await;
        fake.wait_call("the move in the channel", |calls| {
            calls
                .iter()
                .find(|c| {
                    c.is("POST", &format!("/channels/{LOBBY_ID}/messages"))
                        && c.content().contains("played Nf3")
                })
                .cloned()
        })
        .await;
        fake.wait_call("the admins told", |calls| {
            calls
                .iter()
                .find(|c| c.content().contains("Send Messages in Threads"))
                .cloned()
        })
        .await;
        assert_eq!(count_with(&fake, LOBBY_ID, "Send Messages in Threads"), 1);
        assert_eq!(thread_of(&host, game).await, Some(LOBBY_ID.to_string()));
        assert_eq!(
            host.games().load(game).await.unwrap().game.record(),
            ["e4", "e5", "Nf3"]
        );

        bot.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_games_thread_is_archived_and_locked() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, _host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;

        // Fool's mate, typed in the thread: the final board, then the
        // thread archived and locked.
        let (_, thread, _) = new_game(&fake, &alice(), &bob(), LOBBY_ID).await;
        for (who, action) in [(alice(), "f3"), (bob(), "e5"), (alice(), "g4")] {
            play(&fake, &who, thread, action).await;
        }
        let sent = fake
            .command(&bob(), thread, "move", &[Opt::str("action", "Qh4#")])
            .await;
        let last = fake.reply(&sent).await;
        assert_contains(last.content(), "0-1");
        let closed = fake
            .wait_call("the thread closed", |calls| {
                calls
                    .iter()
                    .find(|c| c.is("PATCH", &format!("/channels/{thread}")))
                    .cloned()
            })
            .await;
        assert!(closed.seq > last.seq, "after the final board");
        assert_eq!(closed.json.as_ref().unwrap()["archived"], true);
        assert_eq!(closed.json.as_ref().unwrap()["locked"], true);
        let meta = fake.thread_metadata(thread).unwrap();
        assert_eq!(
            (meta["archived"].clone(), meta["locked"].clone()),
            (true.into(), true.into())
        );

        // Without Manage Threads the thread is archived, not locked.
        fake.deny(0, Perm::ManageThreads);
        let (_, thread, _) = new_game(&fake, &carol(), &dave(), LOBBY_ID).await;
        let sent = fake.command(&carol(), thread, "abort", &[]).await;
        let aborted = fake.reply(&sent).await;
        assert_contains(aborted.content(), "abort");
        fake.wait_call("the thread archived", |calls| {
            calls
                .iter()
                .find(|c| c.is("PATCH", &format!("/channels/{thread}")) && c.status == 200)
                .cloned()
        })
        .await;
        let meta = fake.thread_metadata(thread).unwrap();
        assert_eq!(
            (meta["archived"].clone(), meta["locked"].clone()),
            (true.into(), false.into())
        );

        bot.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_commands_at_once_open_one_thread() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;

        // An open challenge, accepted by command: the thread is opened in
        // the channel, slowly (Discord rate limits it for half a second).
        let sent = fake
            .command(
                &alice(),
                LOBBY_ID,
                "challenge",
                &[Opt::choice("variant", "standard")],
            )
            .await;
        let open = fake.reply(&sent).await;
        let id = number_after(open.content(), "Challenge").expect("the challenge's number");
        let threads = format!("/channels/{LOBBY_ID}/threads");
        fake.inject(Fault::on("POST", &threads).rate_limit(0.5));
        let accepted = fake
            .command(&carol(), LOBBY_ID, "accept", &[Opt::int("challenge", id)])
            .await;
        fake.wait_call("the thread rate limited", |calls| {
            calls.iter().find(|c| c.is("POST", &threads)).cloned()
        })
        .await;
        // Meanwhile alice offers a draw from the lobby: it waits for the
        // same thread instead of opening a second one.
        let offer = fake
            .command(
                &alice(),
                LOBBY_ID,
                "draw",
                &[Opt::choice("answer", "offer")],
            )
            .await;
        let first = fake.reply(&accepted).await;
        let second = fake.reply(&offer).await;
        let thread = channel_in(first.content()).expect("a pointer to the thread");
        assert_eq!(
            channel_in(second.content()),
            Some(thread),
            "{}",
            second.content()
        );
        let opened: Vec<u16> = fake
            .calls()
            .iter()
            .filter(|c| c.is("POST", &threads))
            .map(|c| c.status)
            .collect();
        assert_eq!(opened, [429, 201], "one thread");
        assert_eq!(
            host.outbox()
                .place_of(GameId(1))
                .await
                .unwrap()
                .place
                .thread,
            Some(thread.to_string())
        );
        fake.wait_call("the offer in the thread", |calls| {
            calls
                .iter()
                .find(|c| {
                    c.is("POST", &format!("/channels/{thread}/messages"))
                        && c.content().contains("draw")
                })
                .cloned()
        })
        .await;

        bot.shutdown().await;
    })
    .await;
}

/// The channel the answer to `sent` points to ("Posted in <#...>").
async fn pointed_to(fake: &FakeDiscord, sent: &Sent) -> u64 {
    let pointer = fake
        .wait_call("the pointer", |calls| {
            calls
                .iter()
                .find(|c| c.path.contains(&sent.token) && c.content().contains("Posted in"))
                .cloned()
        })
        .await;
    channel_in(pointer.content()).expect("a channel pointed to")
}

/// Waits (10 s at most) until the host records `game`'s place as `want`.
async fn place_becomes(host: &chronomate_host::Host, game: GameId, want: Option<String>) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while thread_of(host, game).await != want {
        assert!(std::time::Instant::now() < deadline, "the place stays");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// THREAD_DELETE from the gateway forgets the game's thread at once: the
/// next move from the lobby opens a new thread, is posted there, and the
/// pointer names it; the deleted thread is never tried.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_deleted_on_the_gateway_is_replaced_before_the_next_post() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;
        let (game, thread, _) = new_game(&fake, &alice(), &bob(), LOBBY_ID).await;
        place_becomes(&host, game, Some(thread.to_string())).await;
        fake.delete_thread_told(GUILD_ID, thread).await;
        place_becomes(&host, game, None).await;

        let mark = fake.mark();
        let sent = move_in(&fake, &alice(), LOBBY_ID, "e4", game).await;
        let replacement = pointed_to(&fake, &sent).await;
        assert_ne!(replacement, thread);
        assert_eq!(count_with(&fake, replacement, "played e4"), 1);
        assert_eq!(thread_of(&host, game).await, Some(replacement.to_string()));
        let tried_gone = fake
            .calls()
            .into_iter()
            .skip(mark)
            .any(|c| c.path.starts_with(&format!("/channels/{thread}/")));
        assert!(!tried_gone, "the deleted thread was tried");
        bot.shutdown().await;
    })
    .await;
}

/// THREAD_UPDATE: a live game's thread archived by a moderator is
/// unarchived at once; archived and locked, it is forgotten and the next
/// post opens another.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_archived_thread_is_unarchived_and_a_locked_one_replaced() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;
        let (game, thread, _) = new_game(&fake, &alice(), &bob(), LOBBY_ID).await;
        place_becomes(&host, game, Some(thread.to_string())).await;

        fake.archive_thread_told(GUILD_ID, thread, false).await;
        fake.wait_call("the thread unarchived", |calls| {
            calls
                .iter()
                .find(|c| {
                    c.is("PATCH", &format!("/channels/{thread}"))
                        && c.json.as_ref().is_some_and(|b| b["archived"] == false)
                })
                .cloned()
        })
        .await;
        assert!(
            fake.channel(thread)
                .is_some_and(|c| c["thread_metadata"]["archived"] == false)
        );
        assert_eq!(thread_of(&host, game).await, Some(thread.to_string()));

        fake.archive_thread_told(GUILD_ID, thread, true).await;
        place_becomes(&host, game, None).await;
        let sent = move_in(&fake, &alice(), LOBBY_ID, "e4", game).await;
        let replacement = pointed_to(&fake, &sent).await;
        assert_ne!(replacement, thread);
        assert_eq!(count_with(&fake, replacement, "played e4"), 1);
        bot.shutdown().await;
    })
    .await;
}

/// Admins are told about a missing permission once per server, recorded
/// in the database: a restarted bot does not tell them again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn admins_are_warned_once_per_server_across_a_restart() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;
        fake.deny(LOBBY_ID, Perm::CreateThreads);
        let (game, _, _) = new_game(&fake, &alice(), &bob(), LOBBY_ID).await;
        place_becomes(&host, game, Some(LOBBY_ID.to_string())).await;
        admins_told_threads_are_denied(&fake).await;
        bot.shutdown().await;
        host.store().close().await;

        let (bot, host) = world.start_bot(&fake).await;
        let (second, _, _) = new_game(&fake, &carol(), &dave(), LOBBY_ID).await;
        place_becomes(&host, second, Some(LOBBY_ID.to_string())).await;
        let sent = move_in(&fake, &carol(), LOBBY_ID, "d4", second).await;
        fake.reply(&sent).await;
        // Whatever the first bot left is held by it (the hosts' clock
        // stands still): the second game's posts went out all the same.
        fake.wait_call("the second game's move", |calls| {
            calls
                .iter()
                .find(|c| c.content().contains("played d4"))
                .cloned()
        })
        .await;
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        assert_eq!(count_with(&fake, LOBBY_ID, "Create Public Threads"), 1);
        bot.shutdown().await;
    })
    .await;
}
