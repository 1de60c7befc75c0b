//! The posts a dead process held go out at once: a process that serves
//! registers and holds a lock its death lets go, and whoever finds a holder
//! dead frees its rows, whatever their hold's end says; a holder that is
//! alive keeps its rows however long it takes (a slow Discord is not a
//! dead process).

use crate::common;
use chronomate_host::{Caller, GameId, Host, MINUTE, Span};
use chronomate_store::{Alive, Backend};
use common::{T0, World, caller, deliver_all, open_url};

use std::time::{Duration, Instant};

/// `c` answering interaction `token`: its rows held for that answer.
fn answering(c: &Caller, token: &str) -> Caller {
    let mut c = c.clone();
    c.answer = Some(format!("1:{token}"));
    c
}

/// A second process on `w`'s database, registered as serving.
async fn another_process(w: &World) -> Host {
    let host = open_url(&w.url, w.clock.clone()).await;
    host.upkeep().register_process("every shard").await.unwrap();
    host
}

/// A world with a game between `w` and `b`, its first post out (its
/// answer's hold long over): the world, white, black and the game.
async fn a_game_begun() -> (World, Caller, Caller, GameId) {
    let w = World::new().await;
    let (white, black) = (caller("w"), caller("b"));
    let g = w.start(&white, &black).await;
    w.clock.set(T0 + 2 * MINUTE);
    deliver_all(&w.host).await;
    (w, white, black, g)
}

/// Frees what dead processes hold, until `ready` holds: at once on
/// SQLite (a file lock is let go with its file), within moments on
/// PostgreSQL (the server drops a session's locks as it notices the
/// connection closed).
async fn release_until(host: &Host, mut ready: impl AsyncFnMut() -> bool) {
    let started = Instant::now();
    loop {
        host.upkeep().release_dead_holders().await.unwrap();
        if ready().await {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "a dead process's rows were not freed"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A process commits white's move, holding its post for the answer, and
/// dies before answering. Restarted, the next process frees the post at
/// start-up, not a minute later: black's move waits behind it only while
/// it is posted.
async fn a_dead_process_s_post_goes_out_at_once_after_a_restart() {
    let (w, white, black, g) = a_game_begun().await;

    let dying = another_process(&w).await;
    let lost = dying
        .games()
        .act(&answering(&white, "lost"), Some(g), "e4")
        .await
        .unwrap();
    let held = w.host.upkeep().held_rows().await.unwrap();
    assert_eq!(held.len(), 1, "{held:?}");
    assert_eq!((held[0].rows, held[0].alive), (1, Alive::Yes));
    // kill -9: its lock goes with it; its row and its hold stay.
    drop(dying);

    // The restarted process registers and finds it dead: the post is free
    // now, with its hold a minute from over.
    w.host
        .upkeep()
        .register_process("every shard")
        .await
        .unwrap();
    let mut claimed = Vec::new();
    release_until(&w.host, async || {
        claimed = w.host.outbox().due_announcements(None, 16).await.unwrap();
        !claimed.is_empty()
    })
    .await;
    assert_eq!(
        claimed.iter().map(|a| a.id).collect::<Vec<_>>(),
        lost.announced,
        "the dead process's post, at once"
    );
    assert_eq!(
        claimed[0].answer.as_deref(),
        Some("1:lost"),
        "it keeps the answer that may have landed"
    );
    w.host.outbox().announced(&lost.announced).await.unwrap();
    let reply = w
        .host
        .games()
        .act(&answering(&black, "b1"), Some(g), "e5")
        .await
        .unwrap();
    assert!(
        !w.host.outbox().overtakes(&reply.announced).await.unwrap(),
        "black's answer is the post"
    );
}

/// A process that holds a post while Discord takes its time keeps it: the
/// others look for dead holders again and again and leave it alone, after
/// as long as its hold lasts but for a moment. Once it dies, the post is
/// theirs at once.
async fn a_live_holder_keeps_its_rows_however_long_discord_takes() {
    let (w, white, _, g) = a_game_begun().await;
    w.host
        .upkeep()
        .register_process("every shard")
        .await
        .unwrap();

    let slow = another_process(&w).await;
    let reply = slow.games().act(&white, Some(g), "e4").await.unwrap();
    slow.outbox().hand_over(&reply.announced).await.unwrap();
    let posting = slow.outbox().due_announcements(None, 16).await.unwrap();
    assert_eq!(posting.len(), 1, "the slow process posts it: {posting:?}");

    // Discord answers it after 20 s, 40 s, 59.9 s: the holder is alive.
    for waited in [20_000, 40_000, 59_900] {
        w.clock.set(T0 + 2 * MINUTE + Span::from_millis(waited));
        w.host.upkeep().release_dead_holders().await.unwrap();
        assert!(
            w.host
                .outbox()
                .due_announcements(None, 16)
                .await
                .unwrap()
                .is_empty(),
            "a live holder's post taken after {waited} ms"
        );
        let held = w.host.upkeep().held_rows().await.unwrap();
        assert_eq!(held.len(), 1, "{held:?}");
        assert_eq!(held[0].alive, Alive::Yes);
        let status = w.host.upkeep().status_lines().await.unwrap();
        assert!(
            status
                .iter()
                .any(|l| l.starts_with("outbox: 1 held by process ") && l.ends_with("(alive)")),
            "{status:?}"
        );
    }

    drop(slow);
    let mut again = Vec::new();
    release_until(&w.host, async || {
        again = w.host.outbox().due_announcements(None, 16).await.unwrap();
        !again.is_empty()
    })
    .await;
    assert_eq!(
        again.iter().map(|a| a.id).collect::<Vec<_>>(),
        reply.announced
    );
    assert_eq!(
        again[0].nonce, posting[0].nonce,
        "the same nonce: Discord keeps one message if the slow one landed"
    );
}

/// A holder that never registered (an older build, a tool) is not known
/// to be dead: its rows wait for their hold to end, as they did before
/// processes registered, and `chronomate status` says so.
async fn an_unregistered_holder_s_rows_wait_for_their_hold() {
    let (w, white, _, g) = a_game_begun().await;
    w.host
        .upkeep()
        .register_process("every shard")
        .await
        .unwrap();

    let old = open_url(&w.url, w.clock.clone()).await;
    let lost = old
        .games()
        .act(&answering(&white, "old"), Some(g), "e4")
        .await
        .unwrap();
    drop(old);
    w.host.upkeep().release_dead_holders().await.unwrap();
    assert!(
        w.host
            .outbox()
            .due_announcements(None, 16)
            .await
            .unwrap()
            .is_empty()
    );
    let held = w.host.upkeep().held_rows().await.unwrap();
    assert_eq!(held[0].alive, Alive::Unknown);
    let status = w.host.upkeep().status_lines().await.unwrap();
    assert!(
        status.iter().any(|l| l.contains("not registered")),
        "{status:?}"
    );
    w.clock.set(T0 + 3 * MINUTE + Span::from_millis(1));
    let claimed = w.host.outbox().due_announcements(None, 16).await.unwrap();
    assert_eq!(
        claimed.iter().map(|a| a.id).collect::<Vec<_>>(),
        lost.announced
    );
}

/// A process that ends cleanly leaves no row and no lock file behind,
/// and a dead one's are cleared by whoever finds it dead.
async fn processes_leave_nothing_behind() {
    let w = World::new().await;
    let ended = another_process(&w).await;
    ended.close().await;
    let dead = another_process(&w).await;
    drop(dead);
    w.host
        .upkeep()
        .register_process("every shard")
        .await
        .unwrap();
    release_until(&w.host, async || {
        w.store().registered_processes().await.unwrap().len() == 1
    })
    .await;
    if w.backend() == Backend::Sqlite {
        let locks: Vec<_> = std::fs::read_dir(w.dir.path().join("games.db-processes"))
            .unwrap()
            .collect();
        assert_eq!(locks.len(), 1, "only the live process's lock: {locks:?}");
    }
    w.host.upkeep().unregister_process().await;
    assert!(w.store().registered_processes().await.unwrap().is_empty());
}

/// A process whose lock went while it ran (its PostgreSQL connection cut,
/// its lock file removed by hand) takes it again at its next look, before
/// the others take up what it holds.
async fn a_process_that_lost_its_lock_takes_it_again() {
    let w = World::new().await;
    w.host
        .upkeep()
        .register_process("every shard")
        .await
        .unwrap();
    let instance = w.store().registered_processes().await.unwrap().remove(0);
    assert_eq!(
        w.store().process_alive(&instance).await.unwrap(),
        Alive::Yes
    );
    match w.backend() {
        Backend::Sqlite => {
            for lock in std::fs::read_dir(w.dir.path().join("games.db-processes")).unwrap() {
                std::fs::remove_file(lock.unwrap().path()).unwrap();
            }
        }
        Backend::Postgres => {
            w.execute(
                "SELECT pg_terminate_backend(l.pid) FROM pg_locks l
                 JOIN processes p ON l.objid::bigint = p.lock_key
                 WHERE l.locktype = 'advisory' AND l.classid::bigint = 1128811860
                   AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())",
            )
            .await
        }
    }
    let started = Instant::now();
    while w.store().process_alive(&instance).await.unwrap() != Alive::No {
        assert!(started.elapsed() < Duration::from_secs(5), "the lock stays");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    w.host.upkeep().release_dead_holders().await.unwrap();
    assert_eq!(
        w.store().process_alive(&instance).await.unwrap(),
        Alive::Yes
    );
    assert_eq!(
        w.store().registered_processes().await.unwrap(),
        vec![instance],
        "still itself, not forgotten as dead"
    );
    w.host.upkeep().unregister_process().await;
}

on_both_backends!(
    a_process_that_lost_its_lock_takes_it_again,
    a_dead_process_s_post_goes_out_at_once_after_a_restart,
    a_live_holder_keeps_its_rows_however_long_discord_takes,
    an_unregistered_holder_s_rows_wait_for_their_hold,
    processes_leave_nothing_behind,
);
