//! kill -9 between a commit and its post, on SQLite: one `chronomate
//! serve` process, driven through the fake Discord, killed with SIGKILL
//! while a post it committed is not yet made, and started again.
//!
//! SIGKILL's moment is made certain rather than hoped for: the fake answers
//! the post with a 503 (Discord failing) until the process is dead, and
//! the kill comes once a whole delivery failed and the outbox tried again,
//! so at the kill the post is committed in the outbox and not made (the
//! test reads the outbox to be sure). After the restart it is made
//! exactly once, in its turn:
//!
//! - a finished game's thread is archived and locked once, after the
//!   game's last post, and the game has no second thread;
//! - a tournament's round begun by a game's end is posted in the
//!   tournament's channel once and reaches each of its players by DM once
//!   (the DMs that went out before the kill are not sent again: their
//!   nonces), after the game's last post.
#![cfg(unix)]

use crate::support;

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use chronomate_store::Store;
use support::{
    Call, FakeDiscord, Fault, GUILD_ID, LOBBY_ID, Opt, Player, TOKEN, alice, bob, carol,
    channel_in, new_game, play,
};

/// Posts held by the killed process lapse this soon: longer than one
/// delivery takes with Discord failing (five tries over about 3 s), so no
/// second delivery of a post starts while the first goes on.
const POST_LEASE_MS: u64 = 5000;

/// One `chronomate serve` on the SQLite file in `dir`, its log in
/// `serve-runN.log` there.
pub(crate) struct Bot {
    pub(crate) child: Child,
}

impl Bot {
    fn start(dir: &Path, fake: &FakeDiscord, run: usize) -> Bot {
        Bot::start_with(dir, fake, run, &[])
    }

    /// With more settings (`env`, set last).
    pub(crate) fn start_with(
        dir: &Path,
        fake: &FakeDiscord,
        run: usize,
        env: &[(&str, &str)],
    ) -> Bot {
        let log = std::fs::File::create(log_path(dir, run)).unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_chronomate"))
            .arg("serve")
            .current_dir(dir)
            .env("DISCORD_TOKEN", TOKEN)
            .env("DISCORD_API_BASE", fake.base_url())
            .env("GUILD_ID", GUILD_ID.to_string())
            .env("DATABASE_URL", database(dir))
            .env("TICK_EVERY_MS", "200")
            .env("POST_LEASE_MS", POST_LEASE_MS.to_string())
            .env("RUST_LOG", "warn")
            .env_remove("SHARDS")
            .env_remove("SHARD_TOTAL")
            .env_remove("METRICS_ADDR")
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::from(log))
            .spawn()
            .unwrap();
        Bot { child }
    }

    /// Started again after a kill, once its gateway session is up.
    async fn restart(dir: &Path, fake: &FakeDiscord, run: usize) -> Bot {
        let before = fake.shard_identifies(0);
        let bot = Bot::start(dir, fake, run);
        fake.wait_shard_session(0, before).await;
        bot
    }

    /// SIGKILL, and reaped.
    pub(crate) fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The log of run `run` in `dir`.
pub(crate) fn log_path(dir: &Path, run: usize) -> std::path::PathBuf {
    dir.join(format!("serve-run{run}.log"))
}

pub(crate) fn database(dir: &Path) -> String {
    format!("sqlite://{}", dir.join("bot.db").display())
}

/// The outbox's streams as they are in the database now.
async fn waiting(dir: &Path) -> Vec<String> {
    let store = Store::open(&database(dir)).await.unwrap();
    let rows = store.announcements().await.unwrap();
    store.close().await;
    rows.into_iter().map(|r| r.stream).collect()
}

/// Waits until the outbox is empty: every post made.
pub(crate) async fn drained(dir: &Path) {
    let started = Instant::now();
    loop {
        let left = waiting(dir).await;
        if left.is_empty() {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the outbox keeps {left:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Waits until a delivery of the outbox's row of `stream` (the fake
/// answering it with 503 until told otherwise) failed whole and the row
/// was claimed again: the post is still owed, and its process tries again.
async fn failed_and_owed(dir: &Path, stream: &str) {
    let started = Instant::now();
    loop {
        let store = Store::open(&database(dir)).await.unwrap();
        let rows = store.announcements().await.unwrap();
        store.close().await;
        if rows
            .iter()
            .any(|r| r.stream.starts_with(stream) && r.tries >= 2)
        {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "no second try of {stream}: {rows:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// How many public messages in `channel` contain `part`.
fn count_in(fake: &FakeDiscord, channel: u64, part: &str) -> usize {
    fake.public_messages()
        .iter()
        .filter(|(c, text)| *c == channel && text.contains(part))
        .count()
}

/// The fool's mate after `f3 e5 g4`, answered in the thread: the seq of
/// the mating answer's call.
pub(crate) async fn mate(fake: &FakeDiscord, black: &Player, thread: u64) -> usize {
    let mated = play(fake, black, thread, "Qh4#").await;
    assert!(mated.content().contains("0-1"), "{}", mated.content());
    mated.seq
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_between_a_games_end_and_its_threads_archive() {
    support::within_limit(async {
        let dir = tempfile::tempdir().unwrap();
        let fake = FakeDiscord::start().await;
        let bot = Bot::start(dir.path(), &fake, 0);
        support::wait_registered(&fake).await;

        let (white, black) = (alice(), bob());
        let (game, thread, _) = new_game(&fake, &white, &black, LOBBY_ID).await;
        for (who, action) in [(&white, "f3"), (&black, "e5"), (&white, "g4")] {
            play(&fake, who, thread, action).await;
        }
        // Discord fails the archive: the mate is posted, the close not.
        let path = format!("/channels/{thread}");
        fake.inject(Fault::on("PATCH", &path).server_error(503).times(1_000));
        let mated = mate(&fake, &black, thread).await;
        failed_and_owed(dir.path(), &format!("game:{game}")).await;
        bot.kill();
        assert_eq!(
            waiting(dir.path()).await,
            [format!("game:{game}")],
            "the archive committed, not made"
        );

        fake.clear_faults();
        let bot = Bot::restart(dir.path(), &fake, 1).await;
        drained(dir.path()).await;
        let archives: Vec<Call> = fake
            .calls()
            .into_iter()
            .filter(|c| c.method == "PATCH" && c.path == path && c.status < 300)
            .collect();
        assert_eq!(archives.len(), 1, "archived once");
        let body = archives[0].json.as_ref().unwrap();
        assert_eq!(
            (&body["archived"], &body["locked"]),
            (&true.into(), &true.into())
        );
        assert!(archives[0].seq > mated, "after the game's last post");
        let meta = fake.thread_metadata(thread).unwrap();
        assert_eq!(meta["archived"], true);
        assert_eq!(meta["locked"], true);
        assert_eq!(count_in(&fake, thread, "Qh4#"), 1, "the mate posted once");
        assert_eq!(fake.threads().len(), 1, "no second thread");
        bot.kill();
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_between_a_tournament_rounds_start_and_its_posts() {
    support::within_limit(async {
        let dir = tempfile::tempdir().unwrap();
        let fake = FakeDiscord::start().await;
        let bot = Bot::start(dir.path(), &fake, 0);
        support::wait_registered(&fake).await;

        // A round robin of three: one board a round and a bye.
        let tournament = |who: Player, sub: &'static str, options: Vec<Opt>| {
            let fake = &fake;
            async move {
                let sent = fake
                    .subcommand(&who, LOBBY_ID, "tournament", sub, &options)
                    .await;
                fake.reply(&sent).await
            }
        };
        tournament(
            alice(),
            "create",
            vec![
                Opt::choice("variant", "standard"),
                Opt::choice("format", "round robin"),
                Opt::str("name", "Kill Cup"),
            ],
        )
        .await;
        for p in [alice(), bob(), carol()] {
            tournament(p, "join", Vec::new()).await;
        }
        let started = tournament(alice(), "start", Vec::new()).await;
        let board = started
            .content()
            .lines()
            .find(|l| l.trim_start().starts_with("Board 1: "))
            .unwrap_or_else(|| panic!("round 1's board in {}", started.content()))
            .to_owned();
        let name_of = |side: &str| {
            let (names, _) = board.split_once(&format!(" ({side})")).unwrap();
            names.rsplit([' ', ':']).next().unwrap().to_owned()
        };
        let by_name = |name: &str| match name {
            "alice" => alice(),
            "bob" => bob(),
            "carol" => carol(),
            other => panic!("no player {other}"),
        };
        let (white, black) = (by_name(&name_of("white")), by_name(&name_of("black")));

        // White's first move in the lobby opens the game's thread.
        let sent = fake
            .command(&white, LOBBY_ID, "move", &[Opt::str("action", "f3")])
            .await;
        let thread = channel_in(fake.reply(&sent).await.content()).expect("the thread");
        play(&fake, &black, thread, "e5").await;
        play(&fake, &white, thread, "g4").await;

        // Discord fails the round's post in the lobby: its DMs go out, the
        // post does not.
        let path = format!("/channels/{LOBBY_ID}/messages");
        fake.inject(Fault::on("POST", &path).server_error(503).times(1_000));
        let mated = mate(&fake, &black, thread).await;
        failed_and_owed(dir.path(), "tournament:").await;
        bot.kill();
        let left = waiting(dir.path()).await;
        assert!(
            left.iter().any(|s| s.starts_with("tournament:")),
            "the round committed, not posted: {left:?}"
        );
        let dms_before = round_dms(&fake, 2);
        assert!(
            !dms_before.is_empty(),
            "the round's DMs went out before the kill"
        );

        fake.clear_faults();
        let bot = Bot::restart(dir.path(), &fake, 1).await;
        drained(dir.path()).await;
        assert_eq!(
            count_in(&fake, LOBBY_ID, "round 2 begins"),
            1,
            "the round posted in the tournament's channel once"
        );
        let dms = round_dms(&fake, 2);
        assert_eq!(dms, dms_before, "no DM sent twice, none missing");
        assert!(
            dms.iter().all(|(_, n)| *n == 1),
            "each player once: {dms:?}"
        );
        assert!(dms.len() >= 2, "the round's players told: {dms:?}");
        let posted = fake
            .calls()
            .into_iter()
            .find(|c| c.path == path && c.status < 300 && c.content().contains("round 2 begins"))
            .unwrap();
        assert!(posted.seq > mated, "after the game's last post");
        assert_eq!(count_in(&fake, thread, "Qh4#"), 1, "the mate posted once");
        assert_eq!(
            fake.threads().len(),
            1,
            "one thread: round 2 not yet played"
        );
        bot.kill();
    })
    .await;
}

/// Round `round`'s announcement in DMs: (DM channel, messages), every DM
/// channel that has one.
fn round_dms(fake: &FakeDiscord, round: i64) -> Vec<(u64, usize)> {
    let begins = format!("round {round} begins");
    let mut per: std::collections::BTreeMap<u64, usize> = std::collections::BTreeMap::new();
    for (channel, text) in fake.public_messages() {
        if channel != LOBBY_ID && text.contains(&begins) && fake.is_dm(channel) {
            *per.entry(channel).or_default() += 1;
        }
    }
    per.into_iter().collect()
}
