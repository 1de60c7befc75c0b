//! The gateway misbehaving mid-game, through the real client: op 7
//! RECONNECT, op 9 INVALID_SESSION (resumable or not), a dropped socket, a
//! connection that stops acknowledging heartbeats. After each the bot
//! resumes or identifies anew and the interactions that come after are
//! answered; how long that takes is measured and bounded.
//!
//! Discord allows one IDENTIFY per 5 seconds (serenity's shard queuer keeps
//! it), so the faults that need a new IDENTIFY come at least 5 seconds
//! after the bot's own.

use chronomate_testkit::replies::assert_contains;

use crate::support;

use std::time::{Duration, Instant};

use support::*;

/// The most a recovery may take, from the fault to the first answer of the
/// next interaction (a re-identify included): about 0.1 s here, with room
/// for a loaded machine; serenity alone took 5 s after an op 9.
const RECOVERED_WITHIN: Duration = Duration::from_millis(2500);

/// `who` plays `action` in `thread` right after a fault at `fault`: the
/// move is answered; returns how long after the fault.
async fn move_after(
    fake: &FakeDiscord,
    fault: Instant,
    who: &Player,
    thread: u64,
    action: &str,
) -> Duration {
    let sent = fake
        .command(who, thread, "move", &[Opt::str("action", action)])
        .await;
    let moved = fake.reply(&sent).await;
    assert_contains(moved.content(), &format!("played {action}"));
    let answered = sent.at + fake.wait_answered(&sent).await;
    answered.duration_since(fault)
}

/// Waits until `since` is 5 seconds past, Discord's gap between IDENTIFYs.
async fn identify_allowed(since: Instant) {
    let ready = since + Duration::from_millis(5200);
    tokio::time::sleep_until(ready.into()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_answers_through_reconnects_invalid_sessions_and_drops() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let started = Instant::now();
        let (bot, host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;
        let (id, message) = challenge(&fake).await;
        let (thread, game) = accept(&fake, id, message).await;
        assert_eq!((fake.identifies(), fake.resumes()), (1, 0));

        // op 7: resumed, no new IDENTIFY.
        let at = Instant::now();
        fake.reconnect().await;
        let took = move_after(&fake, at, &alice(), thread, "e4").await;
        assert_eq!((fake.identifies(), fake.resumes()), (1, 1));
        eprintln!("op 7 RECONNECT: answered {took:?} after");
        assert!(took < RECOVERED_WITHIN, "{took:?}");

        // op 9, resumable: resumed.
        let at = fake.invalid_session(true).await;
        let took = move_after(&fake, at, &bob(), thread, "e5").await;
        assert_eq!((fake.identifies(), fake.resumes()), (1, 2));
        eprintln!("op 9 (resumable): answered {took:?} after");
        assert!(took < RECOVERED_WITHIN, "{took:?}");

        // The socket dropped without a close frame: resumed.
        let at = fake.drop_socket().await;
        let took = move_after(&fake, at, &alice(), thread, "Nf3").await;
        assert_eq!((fake.identifies(), fake.resumes()), (1, 3));
        eprintln!("dropped socket: answered {took:?} after");
        assert!(took < RECOVERED_WITHIN, "{took:?}");

        // op 9, not resumable: a new session, at once (serenity 0.12.5
        // alone stays deaf for 5 s here).
        identify_allowed(started).await;
        let at = fake.invalid_session(false).await;
        let took = move_after(&fake, at, &bob(), thread, "Nc6").await;
        assert_eq!(fake.identifies(), 2, "a new IDENTIFY");
        eprintln!("op 9 (not resumable): answered {took:?} after");
        assert!(took < RECOVERED_WITHIN, "{took:?}");

        assert_eq!(
            host.games().load(game).await.unwrap().game.record(),
            ["e4", "e5", "Nf3", "Nc6"]
        );
        bot.shutdown().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_stops_acknowledging_heartbeats_is_replaced() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let started = Instant::now();
        let (bot, host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;
        let (id, message) = challenge(&fake).await;
        let (thread, game) = accept(&fake, id, message).await;

        // The heartbeat ACKs stop (a zombie connection): the bot notices at
        // its next heartbeat (every second here) and connects anew.
        identify_allowed(started).await;
        let conn = fake.connections();
        let at = fake.stop_heartbeat_acks().await;
        fake.wait_back(conn).await;
        let took = move_after(&fake, at, &alice(), thread, "e4").await;
        eprintln!("heartbeat ACKs stopped: answered {took:?} after");
        assert!(took < RECOVERED_WITHIN + Duration::from_secs(2), "{took:?}");
        assert_eq!(host.games().load(game).await.unwrap().game.record(), ["e4"]);

        bot.shutdown().await;
    })
    .await;
}

/// A stopped bot has closed its socket: nothing Discord sends after
/// `shutdown` can reach the old process and its closed store.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_returns_once_the_socket_is_closed() {
    within_limit(async {
        let fake = FakeDiscord::start().await;
        let world = BotWorld::new();
        let (bot, _host) = world.start_bot(&fake).await;
        wait_registered(&fake).await;
        assert!(fake.has_live_session());
        bot.shutdown().await;
        assert!(!fake.has_live_session(), "the socket is still open");
    })
    .await;
}
