//! The store on both backends: the same schema, SQLite's moved migrations
//! still matching databases made before the move, a whole history moved to
//! PostgreSQL and back unchanged (`migrate-db`), timed jobs done once by
//! several hosts on one database and taken up again when the host holding
//! one dies, ratings that stay one chain when games end at once, and an
//! answer that waits behind a post a dead process held.

use crate::common;
use chronomate_host::{
    ChallengeTerms, ColourChoice, DAY, EndReason, GLOBAL, GameId, GameResult, GameStatus, Glicko,
    HOUR, MINUTE, ManualClock, NoticeKind, Span, TournamentFormat, TournamentId, TournamentTerms,
};

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use chronomate_host::migrate::{MigrateError, migrate_database};
use chronomate_rules::{Reason, Variant};
use chronomate_store::{Backend, Finish, Store};
use common::{T0, World, caller, deliver_all, open_url, pg};

fn one_day() -> ChallengeTerms {
    let mut t = ChallengeTerms::new(Variant::Standard);
    t.days = Some(1);
    t
}

async fn both_schemas_hold_the_history_and_the_claims() {
    let w = World::new().await;
    let mut expected: BTreeMap<String, Vec<String>> = Store::history_tables()
        .into_iter()
        .map(|(t, cols)| (t.to_owned(), cols.iter().map(|c| c.to_string()).collect()))
        .collect();
    expected.insert(
        "job_claims".into(),
        vec!["job".into(), "holder".into(), "until".into()],
    );
    let columns = |names: &[&str]| names.iter().map(|c| c.to_string()).collect::<Vec<_>>();
    expected.insert(
        "outbox".into(),
        columns(&[
            "id",
            "stream",
            "game_id",
            "shard_key",
            "body",
            "nonce",
            "answer",
            "holder",
            "until",
            "created_at",
            "tries",
            "last_error",
        ]),
    );
    expected.insert("guild_warnings".into(), columns(&["guild", "cause", "at"]));
    expected.insert(
        "shard_heartbeats".into(),
        columns(&["shard", "total", "process", "stage", "latency_ms", "at"]),
    );
    expected.insert(
        "processes".into(),
        columns(&["instance", "lock_key", "started_at", "shards"]),
    );
    expected.insert("web_links".into(), columns(&["game_id", "watch"]));
    expected.insert(
        "web_tokens".into(),
        columns(&["hash", "kind", "game_id", "player", "expires_at"]),
    );
    let found: BTreeMap<String, Vec<String>> =
        w.store().schema().await.unwrap().into_iter().collect();
    assert_eq!(
        found,
        expected,
        "{:?}: the schema and the copy's table list (store/copy.rs) differ",
        w.backend()
    );
    // Both backends applied the same migrations, version by version.
    let versions: Vec<i64> = w
        .store()
        .applied_migrations()
        .await
        .unwrap()
        .into_iter()
        .map(|(v, _)| v)
        .collect();
    assert_eq!(
        versions,
        [
            20250101000000,
            20250601000000,
            20261124000000,
            20261125000000,
            20261126120000,
            20261201000000,
            20261202000000,
            20261203000000,
            20261204000000,
            20261205000000,
            20261206000000
        ]
    );
}

/// sqlx recorded these checksums (SHA-384 of each file) in every SQLite
/// database made before the migrations moved to migrations/sqlite/; a
/// changed byte would make those databases refuse to open.
#[tokio::test]
async fn moved_sqlite_migrations_keep_their_checksums() {
    let w = World::on(Backend::Sqlite).await;
    let applied = w.store().applied_migrations().await.unwrap();
    assert_eq!(
        applied[..2],
        [
            (
                20250101000000,
                "f9aca484ad375b35f86c73b5ed66b1956c1bc6bb90f2006a82b6b203652eb123746099267a7b52d5d459fd1985ce579a".to_owned()
            ),
            (
                20250601000000,
                "df06f45c6c0df9cff0a4d960fafb1c13430113d5563c9e6b10e75d999f424abe25ab9d5532490baeca4cfaa6ef90c183".to_owned()
            ),
        ]
    );
}

/// A history with something in every table.
async fn a_varied_history(w: &World) {
    let (alice, bob, carol) = (caller("alice"), caller("bob"), caller("carol"));
    let g = w.start(&alice, &bob).await;
    w.play(g, &alice, &bob, &["f3", "e5", "g4", "Qh4#"]).await;
    let g2 = w.start(&bob, &carol).await;
    w.play(g2, &bob, &carol, &["e4", "c5"]).await;
    w.host
        .games()
        .draw(&bob, Some(g2), chronomate_host::DrawMove::Offer)
        .await
        .unwrap();
    let mut open = ChallengeTerms::new(Variant::Standard);
    open.colour = ColourChoice::Black;
    w.host.challenges().challenge(&carol, open).await.unwrap();
    let mut manager = caller("alice");
    manager.manager = true;
    w.host
        .players()
        .settings(
            &manager,
            chronomate_host::SettingsChange {
                default_days: Some(5),
                reminder_hours: None,
            },
        )
        .await
        .unwrap();
    let mut terms = TournamentTerms::new(Variant::Standard, TournamentFormat::RoundRobin);
    terms.name = Some("Autumn".into());
    w.host.tournaments().create(&alice, terms).await.unwrap();
    for p in [&alice, &bob, &carol] {
        w.host
            .tournaments()
            .join(p, Some(TournamentId(1)))
            .await
            .unwrap();
    }
    w.host
        .tournaments()
        .start(&alice, Some(TournamentId(1)))
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: .ci/run runs it (or set TEST_DATABASE_URL, or install initdb, and pass --ignored)"]
async fn a_history_moves_to_postgres_and_back_unchanged() {
    pg::require();
    let w = World::on(Backend::Sqlite).await;
    a_varied_history(&w).await;
    let before = w.store().dump().await.unwrap();
    let games = w.store().game_ids().await.unwrap().len();
    assert!(games >= 3);
    w.store().close().await;

    let pg_url = pg::database().await.unwrap();
    let migrated = migrate_database(&w.url, &pg_url).await.unwrap();
    let lines = migrated.lines();
    assert_eq!(lines.len(), Store::history_tables().len() + 1);
    assert_eq!(lines[0], "players: 3 read, 3 on the target");
    let line = format!("games: {games} read, {games} on the target");
    assert!(lines.contains(&line), "{lines:?}");
    assert_eq!(
        lines.last().unwrap(),
        &format!("ok: {games} games replayed")
    );
    let on_pg = Store::open(&pg_url).await.unwrap();
    assert_eq!(
        on_pg.dump().await.unwrap(),
        before,
        "the same rows, cell by cell"
    );

    // Into a database that is not empty: refused, nothing written.
    let refused = migrate_database(&w.url, &pg_url).await.unwrap_err();
    assert!(matches!(refused, MigrateError::Refused(_)), "{refused}");
    assert!(refused.to_string().contains("not empty"), "{refused}");
    assert_eq!(on_pg.dump().await.unwrap(), before);

    // The bot goes on there: ids continue after the copied ones.
    let host = open_url(&pg_url, Arc::new(ManualClock::new(T0))).await;
    let (dave, erin) = (caller("dave"), caller("erin"));
    let mut terms = ChallengeTerms::new(Variant::Standard);
    terms.opponent = Some(erin.player.clone());
    host.challenges().challenge(&dave, terms).await.unwrap();
    let game = host
        .challenges()
        .accept(&erin, None)
        .await
        .unwrap()
        .game
        .unwrap();
    assert_eq!(game, GameId(games as i64 + 1));
    let after = on_pg.dump().await.unwrap();
    on_pg.close().await;
    host.store().close().await;

    // And back to a SQLite file, unchanged again.
    let back = tempfile::tempdir().unwrap();
    let back_url = format!("sqlite://{}", back.path().join("back.db").display());
    let migrated = migrate_database(&pg_url, &back_url).await.unwrap();
    assert_eq!(migrated.games, games + 1);
    let on_sqlite = Store::open(&back_url).await.unwrap();
    assert_eq!(on_sqlite.dump().await.unwrap(), after);
}

/// Games with one day per move, reminders 12 hours before the deadline.
/// The PostgreSQL tests are ignored unless asked for (`chronomate_testkit`'s
/// doc); in CI a missing server must still fail a plain `cargo test`, so
/// this one, never ignored, asks for it whenever `CI` is set.
#[test]
fn postgresql_is_there_when_ci_is_set() {
    if std::env::var_os("CI").is_some() {
        pg::require();
    }
}

async fn games_with_deadlines(w: &World, n: usize) -> Vec<GameId> {
    let mut games = Vec::new();
    for i in 0..n {
        let (white, black) = (caller(&format!("w{i}")), caller(&format!("b{i}")));
        let g = w.start_with(&white, &black, one_day()).await;
        w.play(g, &white, &black, &["e4"]).await;
        games.push(g);
    }
    games
}

async fn two_hosts_on_one_database_do_each_timed_job_once() {
    let w = World::new().await;
    let games = games_with_deadlines(&w, 12).await;
    let other = open_url(&w.url, w.clock.clone()).await;
    let hosts = [w.host.clone(), other];
    let mut seen: Vec<(NoticeKind, GameId)> = Vec::new();
    // Black's reminders (12 hours before the deadline), then the deadlines:
    // both hosts do the due jobs and post the outbox at once.
    for now in [T0 + 12 * HOUR, T0 + 13 * HOUR, T0 + DAY, T0 + DAY + HOUR] {
        w.clock.set(now);
        let runs = hosts.iter().map(|host| host.upkeep().run_due_jobs(now));
        for ran in futures_util::future::join_all(runs).await {
            ran.unwrap();
        }
        let posts = hosts.iter().map(deliver_all);
        for delivered in futures_util::future::join_all(posts).await {
            seen.extend(
                delivered
                    .iter()
                    .map(|a| (a.notice.kind, a.notice.game.unwrap_or(GameId(0)))),
            );
        }
    }
    for kind in [NoticeKind::Reminder, NoticeKind::TimeForfeit] {
        let mut per_game: BTreeMap<GameId, usize> = BTreeMap::new();
        for (k, g) in &seen {
            if *k == kind {
                *per_game.entry(*g).or_default() += 1;
            }
        }
        assert_eq!(
            per_game.keys().copied().collect::<Vec<_>>(),
            games,
            "{kind:?}: every game"
        );
        assert!(
            per_game.values().all(|&n| n == 1),
            "{kind:?} once each: {per_game:?}"
        );
    }
    for &g in &games {
        assert_eq!(w.store().rating_changes(g).await.unwrap().len(), 4);
    }
    assert!(
        w.store().claims().await.unwrap().is_empty(),
        "no claim left"
    );
    assert_eq!(w.host.outbox().stats().await.unwrap().depth, 0);
}

/// A reminder is committed with its announcement; a poster that claimed it
/// and died leaves it to another once its hold lapses (with the same
/// nonce, so Discord keeps one message), and a delivery that failed is
/// tried again a second later.
async fn a_reminder_whose_poster_died_is_posted_again_when_its_hold_lapses() {
    let w = World::new().await;
    let games = games_with_deadlines(&w, 1).await;
    let now = T0 + 12 * HOUR;
    w.clock.set(now);
    // The moves' posts, whose answers' holds lapsed long ago.
    deliver_all(&w.host).await;
    // The first host does the job, claims the reminder and dies posting it.
    let dying = open_url(&w.url, w.clock.clone()).await;
    dying.upkeep().run_due_jobs(now).await.unwrap();
    let claimed: Vec<_> = dying
        .outbox()
        .due_announcements(None, 16)
        .await
        .unwrap()
        .into_iter()
        .filter(|a| a.notice.kind == NoticeKind::Reminder)
        .collect();
    let [claimed] = &claimed[..] else {
        panic!("one reminder: {claimed:?}")
    };
    dying.store().close().await;
    assert!(
        w.store().claims().await.unwrap().is_empty(),
        "the job is done"
    );
    assert!(
        w.store()
            .game(games[0])
            .await
            .unwrap()
            .unwrap()
            .reminder_sent
    );

    // While its hold stands nobody else posts it; once it lapsed, one does.
    let reminders = |delivered: Vec<chronomate_host::Announcement>| {
        delivered
            .into_iter()
            .filter(|a| a.notice.kind == NoticeKind::Reminder)
            .collect::<Vec<_>>()
    };
    assert!(w.host.upkeep().run_due_jobs(now).await.unwrap().is_empty());
    assert!(reminders(deliver_all(&w.host).await).is_empty());
    w.clock.set(now + MINUTE + Span::from_millis(1));
    let again = reminders(deliver_all(&w.host).await);
    let [again] = &again[..] else {
        panic!("the reminder again: {again:?}")
    };
    assert_eq!(
        (again.id, again.nonce, again.tries),
        (claimed.id, claimed.nonce, 2)
    );
    assert!(deliver_all(&w.host).await.is_empty());

    // A delivery that failed is tried again, a second later.
    w.clock.set(T0);
    let g = w.start_with(&caller("x"), &caller("y"), one_day()).await;
    w.play(g, &caller("x"), &caller("y"), &["d4"]).await;
    let later = now + 2 * MINUTE;
    w.clock.set(later);
    deliver_all(&w.host).await;
    w.host.upkeep().run_due_jobs(later).await.unwrap();
    let failed = reminders(w.host.outbox().due_announcements(None, 16).await.unwrap());
    let [failed] = &failed[..] else {
        panic!("its reminder: {failed:?}")
    };
    w.host
        .outbox()
        .announce_failed(failed, "Discord said 503")
        .await
        .unwrap();
    assert!(reminders(deliver_all(&w.host).await).is_empty());
    w.clock.set(later + Span::from_millis(1_000));
    let retried = reminders(deliver_all(&w.host).await);
    assert_eq!(retried.len(), 1);
    assert_eq!(retried[0].notice.game, Some(g));
}

async fn games_ending_at_once_rate_each_player_in_one_chain() {
    const GAMES: usize = 24;
    let w = World::new().await;
    let hub = caller("hub");
    let mut games = Vec::new();
    for i in 0..GAMES {
        let rival = caller(&format!("rival{i}"));
        let g = w.start(&hub, &rival).await;
        w.play(g, &hub, &rival, &["e4", "e5"]).await;
        games.push((g, rival));
    }
    // Straight to the store, so the games' ends overlap as much as they can.
    let start = Arc::new(tokio::sync::Barrier::new(games.len()));
    let tasks: Vec<_> = games
        .into_iter()
        .map(|(g, _)| {
            let (store, start) = (w.store().clone(), start.clone());
            tokio::spawn(async move {
                let finish = Finish {
                    status: GameStatus::Finished,
                    result: Some(GameResult::WhiteWins),
                    reason: EndReason::Rules(Reason::Resignation),
                };
                start.wait().await;
                store
                    .finish_game(g, None, &finish, T0)
                    .await
                    .unwrap()
                    .unwrap();
            })
        })
        .collect();
    for t in tasks {
        t.await.unwrap();
    }
    // In each scope (the server, then global), each change starts where
    // another ended: one chain from the default rating.
    for scope in ["guild", GLOBAL] {
        let rating = w
            .store()
            .rating(hub.key(), "standard", scope)
            .await
            .unwrap()
            .unwrap();
        assert_eq!((rating.games, rating.wins), (GAMES as i64, GAMES as i64));
        let mut befores = Vec::new();
        let mut afters = BTreeSet::new();
        for g in w.store().game_ids().await.unwrap() {
            for c in w.store().rating_changes(g).await.unwrap() {
                if c.player == *hub.key() && c.scope == scope {
                    befores.push(key(c.before));
                    afters.insert(key(c.after));
                }
            }
        }
        let distinct: BTreeSet<_> = befores.iter().copied().collect();
        assert_eq!(
            distinct.len(),
            GAMES,
            "{scope}: no two games read the same rating"
        );
        let starts: Vec<_> = befores.iter().filter(|b| !afters.contains(*b)).collect();
        assert_eq!(starts, [&key(Glicko::default())], "{scope}");
        assert!(afters.contains(&key(rating.glicko)), "{scope}");
    }
}

fn key(g: Glicko) -> (u64, u64, u64) {
    (
        g.rating.to_bits(),
        g.deviation.to_bits(),
        g.volatility.to_bits(),
    )
}

/// A command's answer carries its game's post only when nothing of the
/// game's waits before it in the outbox: a post another process held for
/// its answer and died with (held, or since claimed by this process to be
/// posted) makes it wait; this process's own answered posts, about to be
/// deleted, do not.
async fn an_answer_waits_behind_a_post_a_dead_process_held() {
    let w = World::new().await;
    let (white, black) = (caller("w"), caller("b"));
    let g = w.start(&white, &black).await;
    // The game's first post, whose answer's hold lapsed long ago.
    w.clock.set(T0 + 2 * MINUTE);
    deliver_all(&w.host).await;
    let answering = |c: &chronomate_host::Caller, token: &str| {
        let mut c = c.clone();
        c.answer = Some(format!("1:{token}"));
        c
    };
    // Another process commits white's move and dies before answering.
    let dying = open_url(&w.url, w.clock.clone()).await;
    let lost = dying
        .games()
        .act(&answering(&white, "lost"), Some(g), "e4")
        .await
        .unwrap();
    dying.store().close().await;
    // Black's move, here: its answer would overtake white's post.
    let reply = w
        .host
        .games()
        .act(&answering(&black, "b1"), Some(g), "e5")
        .await
        .unwrap();
    assert!(w.host.outbox().overtakes(&reply.announced).await.unwrap());
    // Still so once this process claimed the dead post to post it.
    w.clock.set(T0 + 4 * MINUTE);
    let claimed = w.host.outbox().due_announcements(None, 16).await.unwrap();
    assert_eq!(
        claimed.iter().map(|a| a.id).collect::<Vec<_>>(),
        lost.announced,
        "the dead process's post, the head of the game's stream"
    );
    assert!(w.host.outbox().overtakes(&reply.announced).await.unwrap());
    // Posted: black's move is next, and after it this process's own
    // answered posts are no reason to wait.
    w.host.outbox().announced(&lost.announced).await.unwrap();
    assert!(!w.host.outbox().overtakes(&reply.announced).await.unwrap());
    let next = w
        .host
        .games()
        .act(&answering(&white, "w2"), Some(g), "Nf3")
        .await
        .unwrap();
    assert!(!w.host.outbox().overtakes(&next.announced).await.unwrap());
    assert!(!w.host.outbox().overtakes(&[]).await.unwrap());
}

/// A post one of this process's streams is delivering is not claimed
/// again by another of them as its stream's head: it would be posted
/// twice, the second time after later posts had gone out.
async fn a_post_in_flight_is_claimed_once_by_its_own_process() {
    let w = World::new().await;
    let (white, black) = (caller("w"), caller("b"));
    let g = w.start(&white, &black).await;
    w.clock.set(T0 + 2 * MINUTE);
    deliver_all(&w.host).await;
    let mut answering = white.clone();
    answering.answer = Some("1:pointer".to_owned());
    let reply = w.host.games().act(&answering, Some(g), "e4").await.unwrap();
    // Answered elsewhere: handed over, and claimed by one stream.
    w.host.outbox().hand_over(&reply.announced).await.unwrap();
    let claimed = w.host.outbox().due_announcements(None, 16).await.unwrap();
    let [post] = &claimed[..] else {
        panic!("the move's post: {claimed:?}")
    };
    assert_eq!(vec![post.id], reply.announced);
    // Another stream of this process, done with its own post, looks for
    // the game's next one: the post in flight is not it.
    let again = w
        .host
        .outbox()
        .next_announcement(&post.stream)
        .await
        .unwrap();
    assert!(again.is_none(), "claimed twice: {again:?}");
    // Delivered, the stream goes on to the next move's post.
    w.host.outbox().announced(&reply.announced).await.unwrap();
    let next = w.host.games().act(&black, Some(g), "e5").await.unwrap();
    w.host.outbox().hand_over(&next.announced).await.unwrap();
    let head = w
        .host
        .outbox()
        .next_announcement(&post.stream)
        .await
        .unwrap();
    assert_eq!(head.map(|a| vec![a.id]), Some(next.announced));
}

on_both_backends!(
    both_schemas_hold_the_history_and_the_claims,
    a_post_in_flight_is_claimed_once_by_its_own_process,
    a_reminder_whose_poster_died_is_posted_again_when_its_hold_lapses,
    an_answer_waits_behind_a_post_a_dead_process_held,
);
on_both_backends!(
    multi_thread:
    two_hosts_on_one_database_do_each_timed_job_once,
    games_ending_at_once_rate_each_player_in_one_chain,
);
