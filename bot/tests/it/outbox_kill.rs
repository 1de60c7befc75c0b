//! kill -9 between a commit and its post: on SQLite one `chronomate
//! serve` process, on PostgreSQL two (one shard each), driven through the
//! fake Discord. A tournament's game ends (a mate), which commits the
//! thread's archive and the next round's start; the process serving the
//! game's server is killed with SIGKILL while neither is posted yet, and
//! started again.
//!
//! SIGKILL's moment is made certain rather than hoped for: the fake answers
//! the post with a 503 (Discord failing) until the process is dead, and
//! the kill comes once a whole delivery failed and the outbox tried again,
//! so at the kill the post is committed in the outbox and not made (the
//! test reads the outbox to be sure). What the dead process held is then
//! made exactly once, in its turn, within seconds, though each post is
//! held for a minute ([`POST_LEASE_MS`]): a process's death lets go of
//! the lock that says it is alive, and whoever finds it dead posts what it
//! held (the host's `liveness.rs`):
//!
//! - a finished game's thread is archived and locked once, after the
//!   game's last post, and the game has no second thread;
//! - a tournament's round begun by a game's end is posted in the
//!   tournament's channel once and reaches each of its players by DM once
//!   (the DMs that went out before the kill are not sent again: their
//!   nonces), after the game's last post;
//! - Chronomate's own move, committed with its post owed, is posted once
//!   in its game's thread, after the move it answers, and the player's
//!   next move is answered in place, in public, after it;
//! - on SQLite the restarted process posts them within 5 s of being
//!   ready; on PostgreSQL the other process (another shard) posts them
//!   within 10 s of the kill, and the restarted one posts nothing twice.
#![cfg(unix)]

use crate::common;
use crate::support;

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use chronomate_store::Store;
use support::{
    APPLICATION_ID, Call, FakeDiscord, Fault, GUILD_ID, LOBBY_ID, Opt, Player, TOKEN, alice, bob,
    carol, channel_in, shard_of,
};

/// How long a post is held: the default, a minute, so that what the
/// tests see within seconds is the dead holder found dead, never a hold
/// that lapsed.
const POST_LEASE_MS: u64 = 60_000;

/// How soon the restarted process posts what its dead predecessor held.
const AFTER_A_RESTART: Duration = Duration::from_secs(5);

/// How soon another live process posts what a dead one held.
const BY_A_SURVIVOR: Duration = Duration::from_secs(10);

/// One `chronomate serve`, its log in `serve-runN.log` in its directory.
pub(crate) struct Bot {
    pub(crate) child: Child,
}

/// Where a `chronomate serve` runs: its directory (logs, and the SQLite
/// file unless `database` says otherwise), its database, its shard (of
/// two; `None`: every shard, one process).
pub(crate) struct Serve<'a> {
    pub(crate) dir: &'a Path,
    pub(crate) database: String,
    pub(crate) shard: Option<u32>,
}

impl Serve<'_> {
    /// One process on the SQLite file in `dir`.
    pub(crate) fn sqlite(dir: &Path) -> Serve<'_> {
        Serve {
            dir,
            database: format!("sqlite://{}", dir.join("bot.db").display()),
            shard: None,
        }
    }

    /// The log of run `run`.
    pub(crate) fn log(&self, run: usize) -> std::path::PathBuf {
        let shard = self.shard.map(|s| format!("shard{s}-")).unwrap_or_default();
        self.dir.join(format!("serve-{shard}run{run}.log"))
    }

    /// Run `run`, with more settings (`env`, set last).
    pub(crate) fn start(&self, fake: &FakeDiscord, run: usize, env: &[(&str, &str)]) -> Bot {
        let log = std::fs::File::create(self.log(run)).unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_chronomate"));
        command.arg("serve");
        if let Some(shard) = self.shard {
            let range = format!("{shard}-{shard}");
            command.args(["--shards", &range, "--shard-total", "2"]);
        }
        let child = command
            .current_dir(self.dir)
            .env("DISCORD_TOKEN", TOKEN)
            .env("DISCORD_API_BASE", fake.base_url())
            .env("GUILD_ID", GUILD_ID.to_string())
            .env("DATABASE_URL", &self.database)
            .env("TICK_EVERY_MS", "200")
            .env("POST_LEASE_MS", POST_LEASE_MS.to_string())
            .env("RUST_LOG", "warn")
            .env_remove("SHARDS")
            .env_remove("SHARD_TOTAL")
            .env_remove("METRICS_ADDR")
            .env_remove("PUBLIC_URL")
            .env("WEB_ADDR", "off")
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::from(log))
            .spawn()
            .unwrap();
        Bot { child }
    }

    /// Run `run`, once its gateway session is up.
    async fn start_up(&self, fake: &FakeDiscord, run: usize) -> Bot {
        let shard = self.shard.unwrap_or(0);
        let before = fake.shard_identifies(shard);
        let bot = self.start(fake, run, &[]);
        fake.wait_shard_session(shard, before).await;
        bot
    }
}

impl Bot {
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

/// The outbox as it is in `database` now.
async fn outbox(database: &str) -> Vec<chronomate_store::OutboxRow> {
    let store = Store::open(database).await.unwrap();
    let rows = store.announcements().await.unwrap();
    store.close().await;
    rows
}

/// The outbox's streams as they are in `database` now.
async fn waiting(database: &str) -> Vec<String> {
    outbox(database)
        .await
        .into_iter()
        .map(|r| r.stream)
        .collect()
}

/// Waits until `database`'s outbox is empty: every post made.
pub(crate) async fn drained(database: &str) {
    drained_within(database, Instant::now(), Duration::from_secs(30)).await;
}

/// Waits until `database`'s outbox is empty, at most `limit` after
/// `since`.
async fn drained_within(database: &str, since: Instant, limit: Duration) {
    loop {
        let left = waiting(database).await;
        if left.is_empty() {
            return;
        }
        assert!(
            since.elapsed() < limit,
            "the outbox keeps {left:?} {:?} after",
            since.elapsed()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits until a delivery of the outbox's row of `stream` (the fake
/// answering it with 503 until told otherwise) failed whole and the row
/// was claimed again: the post is still owed, and its process tries again.
async fn failed_and_owed(database: &str, stream: &str) {
    let started = Instant::now();
    loop {
        let rows = outbox(database).await;
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

/// `/move action` typed by `who` in `channel` of the test's server,
/// routed to its shard: the answer.
async fn move_in(fake: &FakeDiscord, who: &Player, channel: u64, action: &str) -> Call {
    let sent = fake
        .command_in(
            GUILD_ID,
            who,
            channel,
            "move",
            &[Opt::str("action", action)],
        )
        .await;
    fake.reply(&sent).await
}

/// The fool's mate after `f3 e5 g4`, answered in the thread: the seq of
/// the mating answer's call.
pub(crate) async fn mate(fake: &FakeDiscord, black: &Player, thread: u64) -> usize {
    let mated = move_in(fake, black, thread, "Qh4#").await;
    assert!(mated.content().contains("0-1"), "{}", mated.content());
    mated.seq
}

/// The archive of `thread`: every time Discord took it, once asserted,
/// after the call `after`, archived and locked.
fn assert_archived_once(fake: &FakeDiscord, thread: u64, after: usize) {
    let path = format!("/channels/{thread}");
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
    assert!(archives[0].seq > after, "after the game's last post");
    let meta = fake.thread_metadata(thread).unwrap();
    assert_eq!(
        (&meta["archived"], &meta["locked"]),
        (&true.into(), &true.into())
    );
    assert_eq!(count_in(fake, thread, "Qh4#"), 1, "the mate posted once");
    assert_eq!(fake.threads().len(), 1, "no second thread");
}

/// A round robin of three in the test's server (one board a round, and a
/// bye), started, its first game played to the move before black's mate:
/// round 1's white and black, and the game's thread.
async fn round_one(fake: &FakeDiscord) -> (Player, Player, u64) {
    let tournament = |who: Player, sub: &'static str, options: Vec<Opt>| async move {
        let sent = fake
            .subcommand_in(GUILD_ID, &who, LOBBY_ID, ("tournament", sub), &options)
            .await;
        fake.reply(&sent).await
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
    let player = |side: &str| {
        let (names, _) = board.split_once(&format!(" ({side})")).unwrap();
        match names.rsplit([' ', ':']).next().unwrap() {
            "alice" => alice(),
            "bob" => bob(),
            "carol" => carol(),
            other => panic!("no player {other}"),
        }
    };
    let (white, black) = (player("white"), player("black"));
    // White's first move in the lobby opens the game's thread.
    let pointer = move_in(fake, &white, LOBBY_ID, "f3").await;
    let thread = channel_in(pointer.content()).expect("the thread");
    move_in(fake, &black, thread, "e5").await;
    move_in(fake, &white, thread, "g4").await;
    (white, black, thread)
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

/// Round 2 told once after the kill and the restart: in the tournament's
/// channel once, after the call `after`, and by DM as before the kill
/// (`dms_before`), to each player once.
fn assert_round_two_told_once(fake: &FakeDiscord, dms_before: &[(u64, usize)], after: usize) {
    assert_eq!(
        count_in(fake, LOBBY_ID, "round 2 begins"),
        1,
        "the round posted in the tournament's channel once"
    );
    let dms = round_dms(fake, 2);
    assert_eq!(dms, dms_before, "no DM sent twice, none missing");
    assert!(
        dms.iter().all(|(_, n)| *n == 1),
        "each player once: {dms:?}"
    );
    assert!(dms.len() >= 2, "the round's players told: {dms:?}");
    let path = format!("/channels/{LOBBY_ID}/messages");
    let posted = fake
        .calls()
        .into_iter()
        .find(|c| c.path == path && c.status < 300 && c.content().contains("round 2 begins"))
        .unwrap();
    assert!(posted.seq > after, "after the game's last post");
}

/// Round 1's game ends with black's mate while Discord fails both what
/// the end committed: the thread's archive (the game's stream) and round
/// 2's post in the tournament's channel (its DMs go out). Once each was
/// tried whole and is tried again, `bot` (serving the test's server) is
/// killed. With `another` process running (another shard), that one
/// makes them within [`BY_A_SURVIVOR`]; alone, `serve` restarted makes
/// them within [`AFTER_A_RESTART`] of being ready. Each once, after the
/// game's last post.
async fn end_of_round_killed(fake: &FakeDiscord, serve: &Serve<'_>, bot: Bot, another: bool) {
    let (_, black, thread) = round_one(fake).await;
    let lobby = format!("/channels/{LOBBY_ID}/messages");
    let archive = format!("/channels/{thread}");
    fake.inject(Fault::on("POST", &lobby).server_error(503).times(1_000));
    fake.inject(Fault::on("PATCH", &archive).server_error(503).times(1_000));
    let mated = mate(fake, &black, thread).await;
    failed_and_owed(&serve.database, "tournament:").await;
    failed_and_owed(&serve.database, "game:").await;
    bot.kill();
    let killed = Instant::now();
    // Read while Discord still fails: nobody can have made them yet.
    let mut left = waiting(&serve.database).await;
    left.sort();
    assert!(
        left.len() == 2 && left[0].starts_with("game:") && left[1].starts_with("tournament:"),
        "the archive and the round committed, not made: {left:?}"
    );
    assert_eq!(count_in(fake, LOBBY_ID, "round 2 begins"), 0);
    let dms_before = round_dms(fake, 2);
    assert!(!dms_before.is_empty(), "its DMs went out before the kill");
    fake.clear_faults();

    let bot = if another {
        drained_within(&serve.database, killed, BY_A_SURVIVOR).await;
        let bot = serve.start_up(fake, 1).await;
        // Back, the dead process's shard has nothing left to make.
        tokio::time::sleep(Duration::from_millis(1_500)).await;
        bot
    } else {
        let bot = serve.start_up(fake, 1).await;
        drained_within(&serve.database, Instant::now(), AFTER_A_RESTART).await;
        bot
    };
    drained(&serve.database).await;
    assert_archived_once(fake, thread, mated);
    assert_round_two_told_once(fake, &dms_before, mated);
    bot.kill();
}

/// alice (white) challenges Chronomate at level 1 in the lobby and plays
/// e4 in the game's thread while Discord fails every post there: the
/// answer to e4 goes out (an interaction's), Chronomate's reply is
/// committed and owed. Once its delivery failed whole and is tried again,
/// `bot` is killed. Chronomate's move is then posted once, after the
/// answer to e4: by the `another` process within [`BY_A_SURVIVOR`], or by
/// `serve` restarted within [`AFTER_A_RESTART`] of being ready. alice's
/// next move, typed in the thread once `serve` is back, is answered there
/// in public (the post itself, not a private "posted here"), after
/// Chronomate's, within [`AFTER_A_RESTART`] too.
async fn chronomates_move_killed(fake: &FakeDiscord, serve: &Serve<'_>, bot: Bot, another: bool) {
    let mut chronomate = Player::new(APPLICATION_ID, "Chronomate");
    chronomate.bot = true;
    let mark = fake.mark();
    let sent = fake
        .command_in(
            GUILD_ID,
            &alice(),
            LOBBY_ID,
            "challenge",
            &[
                Opt::choice("variant", "standard"),
                Opt::user("opponent", &chronomate),
                Opt::choice("colour", "white"),
                Opt::int("level", 1),
            ],
        )
        .await;
    let pointer = fake.reply(&sent).await;
    let thread = channel_in(pointer.content()).expect("the game's thread");
    fake.wait_call_after("the game's first post", mark, |c| {
        c.status < 300 && c.path == format!("/channels/{thread}/messages")
    })
    .await;
    drained(&serve.database).await;
    let posts = format!("/channels/{thread}/messages");
    fake.inject(Fault::on("POST", &posts).server_error(503).times(1_000));
    let answered = move_in(fake, &alice(), thread, "e4").await;
    assert!(
        answered.content().contains("played e4"),
        "{}",
        answered.content()
    );
    failed_and_owed(&serve.database, "game:").await;
    bot.kill();
    let killed = Instant::now();
    let left = waiting(&serve.database).await;
    assert!(
        left.len() == 1 && left[0].starts_with("game:"),
        "Chronomate's move committed, not posted: {left:?}"
    );
    let played = "Chronomate (level 1) played";
    assert_eq!(count_in(fake, thread, played), 0);
    fake.clear_faults();

    let bot = if another {
        drained_within(&serve.database, killed, BY_A_SURVIVOR).await;
        serve.start_up(fake, 1).await
    } else {
        serve.start_up(fake, 1).await
    };
    // alice moves the moment the process is back: d4 is legal whatever
    // Chronomate's first move was.
    let ready = Instant::now();
    let next = move_in(fake, &alice(), thread, "d4").await;
    drained_within(&serve.database, ready, AFTER_A_RESTART).await;
    assert!(
        ready.elapsed() < AFTER_A_RESTART,
        "answered {:?} after the restart",
        ready.elapsed()
    );
    // Chronomate answers d4 too: its posts before alice's are the one owed.
    let owed: Vec<Call> = fake
        .calls()
        .into_iter()
        .filter(|c| {
            c.path == posts && c.status < 300 && c.content().contains(played) && c.seq < next.seq
        })
        .collect();
    let [post] = &owed[..] else {
        panic!("Chronomate's move posted once before alice's next: {owed:?}")
    };
    assert!(post.seq > answered.seq, "after the answer to e4");
    assert!(next.content().contains("played d4"), "{}", next.content());
    assert!(
        !next.is_ephemeral(),
        "the answer is the public post: {next:?}"
    );
    assert_eq!(count_in(fake, thread, "played d4"), 1);
    assert_eq!(fake.threads().len(), 1, "no second thread");
    bot.kill();
}

/// What a kill test does between starting its processes and its last
/// assertion.
#[derive(Clone, Copy)]
enum Scenario {
    /// [`end_of_round_killed`].
    EndOfRound,
    /// [`chronomates_move_killed`].
    ChronomatesMove,
}

impl Scenario {
    async fn run(self, fake: &FakeDiscord, serve: &Serve<'_>, bot: Bot, another: bool) {
        match self {
            Scenario::EndOfRound => end_of_round_killed(fake, serve, bot, another).await,
            Scenario::ChronomatesMove => chronomates_move_killed(fake, serve, bot, another).await,
        }
    }

    /// With one `serve` on SQLite.
    async fn on_sqlite(self) {
        support::within_limit(async {
            let dir = tempfile::tempdir().unwrap();
            let serve = Serve::sqlite(dir.path());
            let fake = FakeDiscord::start().await;
            let bot = serve.start(&fake, 0, &[]);
            support::wait_registered(&fake).await;
            self.run(&fake, &serve, bot, false).await;
        })
        .await;
    }

    /// With two processes on PostgreSQL, one shard each, the one serving
    /// the test's server killed (its tests are ignored unless asked for:
    /// `chronomate_testkit`'s doc).
    async fn on_postgres(self) {
        common::pg::require();
        support::within_limit(async {
            let database = common::pg::database().await.unwrap();
            let dir = tempfile::tempdir().unwrap();
            let fake = FakeDiscord::start().await;
            let ours = shard_of(GUILD_ID, 2);
            let serve = |shard: u32| Serve {
                dir: dir.path(),
                database: database.clone(),
                shard: Some(shard),
            };
            let (mine, other) = (serve(ours), serve(1 - ours));
            let _other = other.start_up(&fake, 0).await;
            let bot = mine.start_up(&fake, 0).await;
            support::wait_registered(&fake).await;
            self.run(&fake, &mine, bot, true).await;
        })
        .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_between_commits_and_posts_on_sqlite() {
    Scenario::EndOfRound.on_sqlite().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: .ci/run runs it (or set TEST_DATABASE_URL, or install initdb, and pass --ignored)"]
async fn kill_9_between_commits_and_posts_with_two_processes_on_postgres() {
    Scenario::EndOfRound.on_postgres().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_between_chronomates_move_and_its_post_on_sqlite() {
    Scenario::ChronomatesMove.on_sqlite().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: .ci/run runs it (or set TEST_DATABASE_URL, or install initdb, and pass --ignored)"]
async fn kill_9_between_chronomates_move_and_its_post_with_two_processes_on_postgres() {
    Scenario::ChronomatesMove.on_postgres().await;
}
