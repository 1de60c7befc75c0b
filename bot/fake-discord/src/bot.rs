//! The real bot (serenity + poise + the host on a SQLite file) pointed at
//! the fake, and the steps most Discord tests begin with: a challenge, its
//! acceptance, a game's thread, a move.

use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use chronomate_discord::{self as discord, BotOptions, Running};
use chronomate_host::config::Secret;
use chronomate_host::{ChallengeId, GameId, Host, ManualClock};
use chronomate_store::Store;

use crate::*;

pub use chronomate_testkit::T0;
/// A whole test may take this long; longer means it hung.
pub(crate) const TEST_LIMIT: Duration = Duration::from_secs(120);

/// Runs a test body, failing it (rather than blocking CI) if it hangs.
pub async fn within_limit<F: Future<Output = ()>>(body: F) {
    if tokio::time::timeout(TEST_LIMIT, body).await.is_err() {
        panic!("the test hung for {TEST_LIMIT:?}");
    }
}

/// alice, a player.
pub fn alice() -> Player {
    Player::new(2_000_000_000_000_000_001, "alice")
}

/// bob, a player.
pub fn bob() -> Player {
    Player::new(2_000_000_000_000_000_002, "bob")
}

/// carol, a player.
pub fn carol() -> Player {
    Player::new(2_000_000_000_000_000_003, "carol")
}

/// dave, a player.
pub fn dave() -> Player {
    Player::new(2_000_000_000_000_000_004, "dave")
}

/// The bot's world: its database file and its clock.
pub struct BotWorld {
    /// Where its database file lives (removed when dropped).
    pub dir: tempfile::TempDir,
    /// The hosts' clock, at [`T0`] to start.
    pub clock: Arc<ManualClock>,
}

impl Default for BotWorld {
    fn default() -> BotWorld {
        BotWorld::new()
    }
}

impl BotWorld {
    /// A world with no database yet (the first host creates it).
    pub fn new() -> BotWorld {
        BotWorld {
            dir: tempfile::tempdir().expect("a temp dir"),
            clock: Arc::new(ManualClock::new(T0)),
        }
    }

    /// The database file.
    pub fn db(&self) -> PathBuf {
        self.dir.path().join("games.db")
    }

    /// A host on the world's database (a new one per bot process).
    pub async fn host(&self) -> Arc<Host> {
        let store = Store::open(&url(&self.db()))
            .await
            .expect("the database opens");
        Arc::new(Host::new(store, self.clock.clone()).with_seed(7))
    }

    /// Starts the real bot against `fake`, waiting for its gateway session.
    pub async fn start_bot(&self, fake: &FakeDiscord) -> (Running, Arc<Host>) {
        self.start_bot_with(fake, discord::DEFER_AFTER).await
    }

    /// [`BotWorld::start_bot`], deferring interactions after
    /// `defer_after` (0: always).
    pub async fn start_bot_with(
        &self,
        fake: &FakeDiscord,
        defer_after: Duration,
    ) -> (Running, Arc<Host>) {
        log_to_test_output();
        let host = self.host().await;
        let options = BotOptions {
            token: Secret::new(TOKEN.to_owned()),
            api_base: Some(fake.base_url()),
            guild_id: Some(GUILD_ID),
            tick_every: None,
            defer_after,
            // Discord's failures are repeated after 20, 40, 80... ms here:
            // the same bounded tries, sooner.
            rest_policy: discord::RestPolicy {
                backoff: Duration::from_millis(20),
                ..discord::RestPolicy::default()
            },
            metrics_addr: None,
        };
        let before = fake.identifies();
        let running = discord::start(options, host.clone())
            .await
            .expect("the bot starts");
        fake.wait_new_session(before).await;
        (running, host)
    }
}

/// The SQLite URL of the file at `path`.
pub fn url(path: &Path) -> String {
    format!("sqlite://{}", path.display())
}

/// Waits until the bot has registered its commands (in the guild).
pub async fn wait_registered(fake: &FakeDiscord) -> Call {
    let path = format!("/applications/{APPLICATION_ID}/guilds/{GUILD_ID}/commands");
    fake.wait_call("the command registration", |calls| {
        calls
            .iter()
            .find(|c| c.method == "PUT" && c.path == path)
            .cloned()
    })
    .await
}

/// The names in a registration body.
pub fn command_names(call: &Call) -> Vec<String> {
    call.json
        .as_ref()
        .and_then(|j| j.as_array())
        .map(|a| {
            a.iter()
                .filter_map(|c| c["name"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// The `#N` after `word` in a text, as the id it is: `game #7` ->
/// `GameId(7)`.
pub fn number_after<T: std::str::FromStr>(text: &str, word: &str) -> Option<T> {
    let at = text.find(&format!("{word} #"))? + word.len() + 2;
    let digits: String = text[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

// ---- a game, as the tests play it ----

/// alice challenges bob (alice white); returns the challenge's number and
/// the id of the message carrying its buttons.
pub async fn challenge(fake: &FakeDiscord) -> (ChallengeId, u64) {
    let sent = fake
        .command(
            &alice(),
            LOBBY_ID,
            "challenge",
            &[
                Opt::choice("variant", "standard"),
                Opt::user("opponent", &bob()),
                Opt::choice("colour", "white"),
                Opt::int("days", 3),
            ],
        )
        .await;
    let reply = fake.reply(&sent).await;
    assert_eq!(reply.callback_type(), Some(4), "answered at once");
    assert!(!reply.is_ephemeral());
    let text = reply.content().to_owned();
    assert!(text.contains(&bob().mention()), "bob is pinged: {text}");
    let allowed = &reply.message().unwrap()["allowed_mentions"];
    assert_eq!(allowed["users"][0], bob().id.to_string(), "{allowed}");
    assert_eq!(
        allowed["parse"],
        serde_json::json!([]),
        "no roles, no @everyone"
    );
    let id = number_after(&text, "Challenge").expect("the challenge's number");
    assert_eq!(
        reply.custom_ids(),
        [
            format!("challenge:{id}:accept"),
            format!("challenge:{id}:decline"),
            format!("challenge:{id}:cancel"),
        ]
    );
    let message = id_of(&fake.original(&sent).await);
    (id, message)
}

/// bob presses Accept: the game's thread, its first post and the game id.
pub async fn accept(fake: &FakeDiscord, challenge: ChallengeId, message: u64) -> (u64, GameId) {
    let mark = fake.mark();
    let press = fake
        .click(&bob(), message, &format!("challenge:{challenge}:accept"))
        .await;
    // The thread hangs under the challenge message.
    let thread_path = format!("/channels/{LOBBY_ID}/messages/{message}/threads");
    let opened = fake
        .wait_call_after("the game's thread", mark, |c| c.is("POST", &thread_path))
        .await;
    let thread = message; // Discord gives a thread started from a message that message's id.
    assert!(
        opened.json.as_ref().unwrap()["name"]
            .as_str()
            .unwrap()
            .contains("alice vs bob")
    );
    let first = fake
        .wait_call_after("the first post in the thread", mark, |c| {
            c.is("POST", &format!("/channels/{thread}/messages"))
        })
        .await;
    let text = first.content();
    assert!(text.contains("begins"), "{text}");
    assert!(
        text.contains(&alice().mention()),
        "white, to move, is pinged: {text}"
    );
    assert_board_png(&first);
    let game = number_after(text, "game").expect("the game's number");

    // The challenge message is closed at once (no buttons, the outcome),
    // then links the thread once it is open.
    let closed = fake.callback(&press).await;
    assert_eq!(closed.callback_type(), Some(7));
    assert!(closed.custom_ids().is_empty());
    assert!(
        closed.content().contains("accepted"),
        "{}",
        closed.content()
    );
    let link = format!("<#{thread}>");
    let linked = fake
        .wait_call("the challenge message linking the thread", |calls| {
            calls
                .iter()
                .find(|c| {
                    c.method == "PATCH"
                        && c.path.contains(&press.token)
                        && c.content().contains(&link)
                })
                .cloned()
        })
        .await;
    assert!(linked.custom_ids().is_empty());
    (thread, game)
}

/// `white` challenges `black` in `channel` (white playing white) and
/// `black` presses Accept; returns the game's number, the challenge
/// message (a thread started under it takes its id) and the press.
pub async fn new_game(
    fake: &FakeDiscord,
    white: &Player,
    black: &Player,
    channel: u64,
) -> (GameId, u64, Sent) {
    let sent = fake
        .command(
            white,
            channel,
            "challenge",
            &[
                Opt::choice("variant", "standard"),
                Opt::user("opponent", black),
                Opt::choice("colour", "white"),
            ],
        )
        .await;
    let reply = fake.reply(&sent).await;
    let id: ChallengeId =
        number_after(reply.content(), "Challenge").expect("the challenge's number");
    let message = id_of(&fake.original(&sent).await);
    let mark = fake.mark();
    let press = fake
        .click(black, message, &format!("challenge:{id}:accept"))
        .await;
    // This game's first post pings its white player: another game's late
    // "begins" (a burst starts many) is not this one's.
    let begins = |c: &Call| {
        c.status < 300 && c.content().contains("begins") && c.content().contains(&white.mention())
    };
    let begun = fake
        .wait_call_after("the game's first post", mark, begins)
        .await;
    let game = number_after(begun.content(), "game").expect("the game's number");
    // The game's place is open (its thread, or the channel).
    fake.wait_call_after("the game's place", mark, |c| {
        c.method == "POST"
            && begins(c)
            && (c.path.starts_with("/channels/") || c.path.starts_with("/webhooks/"))
    })
    .await;
    (game, message, press)
}

/// Waits until `host`'s outbox holds nothing: every post made and its row
/// deleted (a row outlives its post by a moment). An answer waits behind
/// an earlier post of its game still owed, so a test that expects a
/// command answered at once waits for this first.
pub async fn outbox_drained(host: &Host) {
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while host
        .outbox()
        .stats()
        .await
        .expect("the outbox's depth")
        .depth
        > 0
    {
        assert!(std::time::Instant::now() < deadline, "still in the outbox");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Fails unless `call` carries exactly one board image, as
/// `files[0]`, a `.png`.
pub fn assert_board_png(call: &Call) {
    let pngs = call.pngs();
    assert_eq!(
        pngs.len(),
        1,
        "one board image in {} {}",
        call.method,
        call.path
    );
    assert_eq!(pngs[0].field, "files[0]");
    assert!(pngs[0].filename.ends_with(".png"), "{}", pngs[0].filename);
}

/// `who` types `/move action` in `thread`; the bot's answer.
pub async fn play(fake: &FakeDiscord, who: &Player, thread: u64, action: &str) -> Call {
    let sent = fake
        .command(who, thread, "move", &[Opt::str("action", action)])
        .await;
    fake.reply(&sent).await
}

/// The channel of the first `<#id>` in a text (a pointer to a thread).
pub fn channel_in(text: &str) -> Option<u64> {
    let at = text.find("<#")? + 2;
    let digits: String = text[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}
