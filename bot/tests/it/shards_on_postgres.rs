//! Two `chronomate serve` processes on one PostgreSQL database, each
//! running one of the bot's two gateway shards, driven through the fake
//! Discord (each interaction goes to the shard that owns its server:
//! `(guild_id >> 22) % 2`).
//!
//! 100 games in ten servers (five on each shard) are played move by move,
//! 1,000 actions from both sides, ten games at a time. Meanwhile 20 more
//! games get their reminder and then their deadline within a few seconds,
//! and the process running shard 0 is killed with SIGKILL in the middle of
//! it all and started again. Then:
//!
//! - every acknowledged action is in its game's log, at its ply;
//! - every game's log is exactly the actions played, each once (an action
//!   sent to the dying process and never answered is either in the log once
//!   or sent again), and replays to the game's snapshot;
//! - every deadline ended its game once (one result, one rating change per
//!   player and scope), announced in its thread exactly once and by DM to
//!   each player exactly once, after the game's move;
//! - every reminder was delivered exactly once;
//! - every game has one thread, and its move posts arrive there exactly
//!   once each, in ply order (also a move the killed process committed
//!   without answering: the outbox posts it, before the next move's answer);
//! - the outbox is empty and no claim on a timed job is left.
//!
//! Exactly once holds because every post of the outbox carries a nonce with
//! `enforce_nonce`, as Discord honours it (and the fake does): a repeat by
//! the restarted process returns the message the killed one made.
#![cfg(unix)]

use crate::common;
use crate::support;
use chronomate_host::{ChallengeId, GameId, GameResult, GameStatus, ManualClock, Timestamp};

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chronomate_store::Store;
use support::{FakeDiscord, GUILD_ID, Opt, Player, TOKEN, id_of, number_after, shard_of};

const GAMES: usize = 100;
const DEADLINE_GAMES: usize = 20;
const OPENING: [&str; 10] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
];
const WORKERS: usize = 10;
/// How long an answer may take before the action counts as unanswered
/// (its process died, or it is down). Shorter than [`POST_LEASE_MS`]: the
/// next move of a game whose move the killed process committed without
/// answering comes while that move's post is still held by the dead
/// process, so its answer must wait its turn.
const ANSWER: Duration = Duration::from_secs(4);
/// Claims on timed jobs lapse this soon, so the test sees them taken up.
const CLAIM_MS: u64 = 2000;
/// Posts held by a process lapse this soon: the killed process's are
/// taken up within the test.
const POST_LEASE_MS: u64 = 8000;

/// Server `k` (1..=10): shard `k % 2`.
fn guild(k: u64) -> u64 {
    (k << 22) | 77
}

fn lobby(guild: u64) -> u64 {
    guild + 1
}

fn unix_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

/// `... played ACTION in game #G (ply P).` -> (G, P, ACTION).
fn ack(text: &str) -> Option<(GameId, i64, String)> {
    let (_, rest) = text.split_once(" played ")?;
    let (action, rest) = rest.split_once(" in game #")?;
    let (game, rest) = rest.split_once(" (ply ")?;
    let ply: String = rest.chars().take_while(char::is_ascii_digit).collect();
    Some((game.parse().ok()?, ply.parse().ok()?, action.to_owned()))
}

fn serve(dir: &Path, fake: &FakeDiscord, database: &str, shard: u32, run: usize) -> Child {
    let log = std::fs::File::create(dir.join(format!("shard{shard}-run{run}.log"))).unwrap();
    Command::new(env!("CARGO_BIN_EXE_chronomate"))
        .args([
            "serve",
            "--shards",
            &format!("{shard}-{shard}"),
            "--shard-total",
            "2",
        ])
        .current_dir(dir)
        .env("DISCORD_TOKEN", TOKEN)
        .env("DISCORD_API_BASE", fake.base_url())
        .env("GUILD_ID", GUILD_ID.to_string())
        .env("DATABASE_URL", database)
        .env("TICK_EVERY_MS", "200")
        .env("JOB_CLAIM_MS", CLAIM_MS.to_string())
        .env("POST_LEASE_MS", POST_LEASE_MS.to_string())
        .env("RUST_LOG", "warn")
        .env_remove("SHARDS")
        .env_remove("SHARD_TOTAL")
        .env("WEB_ADDR", "off")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::from(log))
        .spawn()
        .unwrap()
}

/// One game as the test plays it.
#[derive(Clone, Debug)]
struct Table {
    guild: u64,
    thread: u64,
    game: GameId,
    white: Player,
    black: Player,
}

/// A challenge in the game's server, accepted: its thread and game.
async fn open_game(fake: &FakeDiscord, guild: u64, white: Player, black: Player) -> Table {
    let sent = fake
        .command_in(
            guild,
            &white,
            lobby(guild),
            "challenge",
            &[
                Opt::choice("variant", "standard"),
                Opt::user("opponent", &black),
                Opt::choice("colour", "white"),
                Opt::int("days", 3),
            ],
        )
        .await;
    let reply = fake.reply_within(&sent, ANSWER).await.expect("a challenge");
    let challenge: ChallengeId = number_after(reply.content(), "Challenge").expect("its number");
    let message = id_of(&fake.original(&sent).await);
    let mark = fake.mark();
    let press = fake
        .click_in(
            guild,
            &black,
            message,
            &format!("challenge:{challenge}:accept"),
        )
        .await;
    fake.reply_within(&press, ANSWER).await.expect("accepted");
    let thread = message;
    let first = fake
        .wait_call_after("the first post in the thread", mark, |c| {
            c.is("POST", &format!("/channels/{thread}/messages"))
        })
        .await;
    let game = number_after(first.content(), "game").expect("the game's number");
    Table {
        guild,
        thread,
        game,
        white,
        black,
    }
}

impl Table {
    /// Whether it is one of the games played through the opening.
    fn game_is_played(&self, played: &[Table]) -> bool {
        played.iter().any(|t| t.game == self.game)
    }
}

/// The plies of `game` posted in `thread`, in the order they arrived.
fn plies_posted(messages: &[(u64, String)], thread: u64, game: GameId) -> Vec<i64> {
    messages
        .iter()
        .filter(|(channel, _)| *channel == thread)
        .flat_map(|(_, text)| text.lines().filter_map(ack).collect::<Vec<_>>())
        .filter(|(g, _, _)| *g == game)
        .map(|(_, ply, _)| ply)
        .collect()
}

/// What a thread got, one line a message, for a failure's message.
fn thread_lines(messages: &[(u64, String)], thread: u64) -> String {
    let lines: Vec<String> = messages
        .iter()
        .filter(|(channel, _)| *channel == thread)
        .map(|(_, text)| text.replace('\n', " / "))
        .collect();
    lines.join("\n")
}

/// What the players did: acknowledged actions, and those sent without an
/// answer.
#[derive(Default)]
struct Played {
    acknowledged: Vec<(GameId, i64, String)>,
    unanswered: usize,
    /// Acknowledged actions per shard after the restart of shard 0.
    after_restart: [usize; 2],
}

/// Plays the opening in each game of `tables`, one action at a time; an
/// unanswered action is looked up in the database (it may have been
/// committed by a process that died before answering) and sent again if
/// it is not there.
async fn play(
    fake: Arc<FakeDiscord>,
    store: Store,
    tables: Vec<Table>,
    played: Arc<Mutex<Played>>,
    acks: Arc<AtomicUsize>,
    restarted: Arc<AtomicUsize>,
) {
    for t in tables {
        let mut ply = 1;
        while ply <= OPENING.len() {
            let action = OPENING[ply - 1];
            let who = if ply % 2 == 1 { &t.white } else { &t.black };
            let sent = fake
                .command_in(
                    t.guild,
                    who,
                    t.thread,
                    "move",
                    &[Opt::str("action", action)],
                )
                .await;
            let answer = fake.reply_within(&sent, ANSWER).await;
            match answer.as_ref().and_then(|c| ack(c.content())) {
                Some((game, p, text)) => {
                    assert_eq!((game, p, text.as_str()), (t.game, ply as i64, action));
                    let mut played = played.lock().unwrap();
                    played.acknowledged.push((game, p, text));
                    if restarted.load(Ordering::SeqCst) > 0 {
                        played.after_restart[shard_of(t.guild, 2) as usize] += 1;
                    }
                    acks.fetch_add(1, Ordering::SeqCst);
                    ply += 1;
                }
                None => {
                    if let Some(c) = &answer {
                        // Answered without the post: a refusal because it
                        // was played already, or played and posted behind
                        // an earlier post of the game's.
                        let text = c.content();
                        assert!(
                            text.contains("not your turn")
                                || text.contains("moved on")
                                || text.starts_with("Posted "),
                            "{text}"
                        );
                    }
                    played.lock().unwrap().unanswered += 1;
                    // Where the game really is.
                    ply = store.log(t.game).await.unwrap().len() + 1;
                }
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs PostgreSQL: .ci/run runs it (or set TEST_DATABASE_URL, or install initdb, and pass --ignored)"]
async fn two_processes_on_postgres_survive_a_kill_9() {
    common::pg::require();
    support::within_limit(run()).await;
}

async fn run() {
    let database = common::pg::database().await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let fake = Arc::new(FakeDiscord::start().await);
    let mut bots = [
        serve(dir.path(), &fake, &database, 0, 0),
        serve(dir.path(), &fake, &database, 1, 0),
    ];
    fake.wait_shard_session(0, 0).await;
    fake.wait_shard_session(1, 0).await;
    support::wait_registered(&fake).await;
    let store = Store::open(&database).await.unwrap();

    // The games: 100 to play, 20 to run out of time; ten servers.
    let mut tables = Vec::new();
    let mut deadline_tables = Vec::new();
    let seats: Vec<(u64, Player, Player)> = (0..GAMES + DEADLINE_GAMES)
        .map(|i| {
            let id = 4_000_000_000_000_000_000 + 2 * i as u64;
            (
                guild(i as u64 % 10 + 1),
                Player::new(id, &format!("w{i}")),
                Player::new(id + 1, &format!("b{i}")),
            )
        })
        .collect();
    for chunk in seats.chunks(WORKERS) {
        let opened = futures_util::future::join_all(
            chunk
                .iter()
                .map(|(g, w, b)| open_game(&fake, *g, w.clone(), b.clone())),
        )
        .await;
        for t in opened {
            if tables.len() < GAMES {
                tables.push(t);
            } else {
                deadline_tables.push(t);
            }
        }
    }
    // The deadline games: white moves, black is to move.
    for t in &deadline_tables {
        let sent = fake
            .command_in(
                t.guild,
                &t.white,
                t.thread,
                "move",
                &[Opt::str("action", "d4")],
            )
            .await;
        let answer = fake.reply_within(&sent, ANSWER).await.unwrap();
        assert!(ack(answer.content()).is_some(), "{}", answer.content());
    }

    // Play, ten games at a time.
    let played = Arc::new(Mutex::new(Played::default()));
    let acks = Arc::new(AtomicUsize::new(0));
    let restarted = Arc::new(AtomicUsize::new(0));
    let mut workers = Vec::new();
    for w in 0..WORKERS {
        let mine: Vec<Table> = tables.iter().skip(w).step_by(WORKERS).cloned().collect();
        workers.push(tokio::spawn(play(
            fake.clone(),
            store.clone(),
            mine,
            played.clone(),
            acks.clone(),
            restarted.clone(),
        )));
    }

    // A third of the way in, the deadline games' reminders and deadlines
    // are set to come within the next seconds (reminder 4.5 s before each
    // deadline), and the process running shard 0 dies among them.
    let started = Instant::now();
    while acks.load(Ordering::SeqCst) < 300 {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "stuck before the kill"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let set_at = unix_ms();
    let mut deadlines = BTreeMap::new();
    let mut schedule = Vec::new();
    for (i, t) in deadline_tables.iter().enumerate() {
        let remind = set_at + 1000 + 250 * i as i64;
        let deadline = remind + 4500;
        schedule.push((
            t.game,
            Timestamp::from_millis(remind),
            Timestamp::from_millis(deadline),
        ));
        deadlines.insert(t.game, deadline);
    }
    common::pg::set_deadlines(&database, &schedule).await;
    // The kill: after half the reminders, before most deadlines.
    tokio::time::sleep(Duration::from_millis(3500)).await;
    let acked_at_kill = acks.load(Ordering::SeqCst);
    bots[0].kill().unwrap(); // SIGKILL
    bots[0].wait().unwrap();
    let killed_at = unix_ms() - set_at;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let before = fake.shard_identifies(0);
    bots[0] = serve(dir.path(), &fake, &database, 0, 1);
    fake.wait_shard_session(0, before).await;
    restarted.store(1, Ordering::SeqCst);
    eprintln!(
        "shard 0 killed {killed_at} ms after the deadlines were set, with {acked_at_kill} actions acknowledged; back after {} ms",
        unix_ms() - set_at - killed_at
    );

    for w in workers {
        w.await.unwrap();
    }
    // Every deadline passed and was handled, and the claims lapsed.
    let last = *deadlines.values().max().unwrap();
    loop {
        let mut live = 0;
        for t in &deadline_tables {
            if store.game(t.game).await.unwrap().unwrap().status == GameStatus::Live {
                live += 1;
            }
        }
        if live == 0 && unix_ms() > last + CLAIM_MS as i64 + 1000 {
            break;
        }
        assert!(
            unix_ms() < last + 60_000,
            "{live} deadline games still live"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Every post delivered: the outbox empties (the killed process's
    // posts once their hold lapsed).
    let drained = Instant::now();
    loop {
        let waiting = store.announcements().await.unwrap();
        if waiting.is_empty() {
            break;
        }
        assert!(
            drained.elapsed() < Duration::from_secs(30),
            "the outbox keeps {} posts: {:?}",
            waiting.len(),
            waiting.iter().map(|r| &r.stream).collect::<Vec<_>>()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    for bot in &mut bots {
        bot.kill().unwrap();
        bot.wait().unwrap();
    }

    let played = std::mem::take(&mut *played.lock().unwrap());
    eprintln!(
        "{} actions acknowledged, {} unanswered (looked up and resent if missing); after the restart {} on shard 0, {} on shard 1",
        played.acknowledged.len(),
        played.unanswered,
        played.after_restart[0],
        played.after_restart[1]
    );
    assert!(played.after_restart[0] > 0, "the restarted process served");

    // No acknowledged action lost.
    for (game, ply, text) in &played.acknowledged {
        let log = store.log(*game).await.unwrap();
        let entry = log.iter().find(|a| a.ply == *ply);
        assert_eq!(
            entry.map(|a| a.text.as_str()),
            Some(text.as_str()),
            "acknowledged game {game} ply {ply}"
        );
    }
    // No action applied twice: each game's log is the opening, once.
    let host = common::open_url(
        &database,
        Arc::new(ManualClock::new(Timestamp::from_millis(unix_ms()))),
    )
    .await;
    let mut actions = 0;
    for t in &tables {
        let log: Vec<String> = store
            .log(t.game)
            .await
            .unwrap()
            .into_iter()
            .map(|a| a.text)
            .collect();
        assert_eq!(log, OPENING, "game {}", t.game);
        actions += log.len();
        common::check_consistent(&store, &host, t.game).await;
    }
    assert_eq!(actions, GAMES * OPENING.len());
    eprintln!(
        "{actions} actions applied, {} of them acknowledged",
        played.acknowledged.len()
    );

    // Every game has one thread, and its moves are posted there once each,
    // in order.
    let messages = fake.public_messages();
    let threads: Vec<u64> = fake.threads().iter().map(id_of).collect();
    assert_eq!(threads.len(), GAMES + DEADLINE_GAMES, "one thread a game");
    for t in tables.iter().chain(&deadline_tables) {
        assert!(threads.contains(&t.thread), "game {}: its thread", t.game);
        let plies = plies_posted(&messages, t.thread, t.game);
        let expected = if t.game_is_played(&tables) {
            (1..=OPENING.len() as i64).collect::<Vec<_>>()
        } else {
            vec![1]
        };
        assert_eq!(
            plies,
            expected,
            "game {}: the moves in its thread:\n{}",
            t.game,
            thread_lines(&messages, t.thread)
        );
    }
    // No move post went anywhere else.
    for (channel, text) in &messages {
        for (game, ply, _) in text.lines().filter_map(ack) {
            let table = tables
                .iter()
                .chain(&deadline_tables)
                .find(|t| t.game == game)
                .unwrap();
            assert_eq!(
                *channel, table.thread,
                "game {game} ply {ply} posted elsewhere"
            );
        }
    }

    // Every deadline handled once: one result, four rating changes.
    let forfeits: Vec<&(u64, String)> = messages
        .iter()
        .filter(|(_, text)| text.contains("ran out of time"))
        .collect();
    let reminders: Vec<&(u64, String)> = messages
        .iter()
        .filter(|(_, text)| text.starts_with("Reminder: your move in game #"))
        .collect();
    let mut missed_announcements = 0;
    let mut extra_announcements = 0;
    let mut extra_reminders = 0;
    for t in &deadline_tables {
        let row = store.game(t.game).await.unwrap().unwrap();
        assert_eq!(row.status, GameStatus::Finished, "game {}", t.game);
        assert_eq!(
            row.reason.map(|r| r.words()).as_deref(),
            Some("time forfeit")
        );
        assert_eq!(row.result.map(GameResult::as_str), Some("1-0"));
        assert_eq!(store.rating_changes(t.game).await.unwrap().len(), 4);
        common::check_consistent(&store, &host, t.game).await;
        let heading = format!("Game #{}: ", t.game);
        let about_it = |(_, text): &&&(u64, String)| text.starts_with(&heading);
        let in_thread = forfeits
            .iter()
            .filter(about_it)
            .filter(|(channel, _)| *channel == t.thread)
            .count();
        let by_dm = forfeits
            .iter()
            .filter(about_it)
            .filter(|(channel, _)| *channel != t.thread)
            .count();
        missed_announcements += usize::from(in_thread == 0) + 2usize.saturating_sub(by_dm);
        extra_announcements += in_thread.saturating_sub(1) + by_dm.saturating_sub(2);
        // The end comes after the game's move in its thread.
        let thread: Vec<&String> = messages
            .iter()
            .filter(|(c, _)| *c == t.thread)
            .map(|(_, text)| text)
            .collect();
        let moved = thread
            .iter()
            .position(|text| text.lines().any(|l| ack(l).is_some()));
        let ended = thread.iter().position(|text| text.starts_with(&heading));
        assert!(moved < ended, "game {}: its end before its move", t.game);
        let reminder = format!("Reminder: your move in game #{} ", t.game);
        let reminded = reminders
            .iter()
            .filter(|(_, text)| text.starts_with(&reminder))
            .count();
        assert!(reminded >= 1, "game {}: no reminder", t.game);
        extra_reminders += reminded - 1;
    }
    eprintln!(
        "{DEADLINE_GAMES} deadlines: {missed_announcements} announcements missed, {extra_announcements} repeated, {extra_reminders} reminders sent twice"
    );
    assert_eq!(missed_announcements, 0, "every forfeit announced");
    assert_eq!(extra_announcements, 0, "no forfeit announced twice");
    assert_eq!(extra_reminders, 0, "no reminder sent twice");
    assert!(store.claims().await.unwrap().is_empty(), "a claim was left");
    store.close().await;
    host.store().close().await;
}
