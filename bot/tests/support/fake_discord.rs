//! A fake Discord on loopback that the real serenity client talks to.
//!
//! Two listeners on `127.0.0.1:0`:
//!
//! - REST (hyper 1): every request is recorded as a [`Call`] (method, path,
//!   query, JSON body or the `payload_json` of a multipart body, and the
//!   files) and answered the way Discord would: 204 for interaction
//!   callbacks, a Message for webhooks and channel messages, a thread for
//!   thread creation, a DM channel for `POST /users/@me/channels`, and a 403
//!   with code 50007 for a message to a user whose DMs are closed. It keeps
//!   Discord's rules where the bot could break them: an interaction's first
//!   answer must come within 3 s (else 404, 10062) and only once (else 400,
//!   40060); a message create with `enforce_nonce` and a nonce seen before
//!   returns the message already made.
//! - Faults ([`Fault`], [`FakeDiscord::inject`]): the next N requests to a
//!   route answered with a 429 (per route or global, `retry_after` in the
//!   body and the headers), a 5xx (also after carrying the request out, as
//!   when Discord's answer is lost), or a 403/404 with Discord's code;
//!   threads deleted, archived and locked; permissions denied per channel.
//! - Gateway (tokio-tungstenite): HELLO, then READY for IDENTIFY or RESUMED
//!   for RESUME (op 9 for a session that is no more), op 11 for every
//!   heartbeat; tests push INTERACTION_CREATE events, op 7 (reconnect), op
//!   9 (invalid session, resumable or not), drop the socket, or stop
//!   acknowledging heartbeats.
//!
//! `GET /api/v10/gateway` hands out the gateway's `ws://` address, so the bot
//! only needs the REST base. Nothing leaves the machine.

use std::collections::{HashMap, HashSet};
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use bytes::Bytes;
use futures_util::{SinkExt, StreamExt};
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio::sync::{Notify, mpsc};
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message as WsMessage;

/// The application (and bot user) id the fake hands out in READY.
pub const APPLICATION_ID: u64 = 1_100_000_000_000_000_001;
/// The guild every interaction comes from.
pub const GUILD_ID: u64 = 1_200_000_000_000_000_001;
/// A text channel of that guild where challenges are made.
pub const LOBBY_ID: u64 = 1_200_000_000_000_000_002;
/// The token the bot must present (REST `Authorization`, gateway IDENTIFY).
pub const TOKEN: &str = "fake.bot.token";

const TIMESTAMP: &str = "2025-01-01T00:00:00.000000+00:00";
/// How long a wait may take before the test is declared hung.
const HANG: Duration = Duration::from_secs(60);
/// Discord's limit on an interaction's first answer.
pub const ANSWER_WITHIN: Duration = Duration::from_secs(3);

/// Permission bits used in members.
pub const ADMINISTRATOR: u64 = 1 << 3;
pub const MANAGE_GUILD: u64 = 1 << 5;

/// A Discord user the tests play as.
#[derive(Clone, Debug)]
pub struct Player {
    pub id: u64,
    pub name: String,
    /// Permission bits of the member in the guild.
    pub permissions: u64,
    pub bot: bool,
}

impl Player {
    pub fn new(id: u64, name: &str) -> Player {
        Player {
            id,
            name: name.to_owned(),
            permissions: 0,
            bot: false,
        }
    }

    pub fn admin(mut self) -> Player {
        self.permissions |= MANAGE_GUILD;
        self
    }

    pub fn user_json(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name,
            "avatar": null,
            "bot": self.bot,
        })
    }

    fn member_json(&self) -> Value {
        json!({
            "user": self.user_json(),
            "nick": null,
            "roles": [],
            "joined_at": TIMESTAMP,
            "deaf": false,
            "mute": false,
            "flags": 0,
            "pending": false,
            "permissions": self.permissions.to_string(),
        })
    }

    /// `<@id>`, as a ping in message content.
    pub fn mention(&self) -> String {
        format!("<@{}>", self.id)
    }
}

/// A file part of a multipart request.
#[derive(Clone, Debug)]
pub struct FilePart {
    /// The form field, `files[0]`.
    pub field: String,
    pub filename: String,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

/// One REST request the bot made, and what the fake answered.
#[derive(Clone, Debug)]
pub struct Call {
    pub seq: usize,
    pub method: String,
    /// The path after `/api/v10`, such as `/channels/1/messages`.
    pub path: String,
    pub query: Option<String>,
    /// The JSON body, or the `payload_json` part of a multipart body.
    pub json: Option<Value>,
    pub files: Vec<FilePart>,
    pub status: u16,
    pub authorized: bool,
    /// When the request arrived.
    pub at: Instant,
}

impl Call {
    pub fn is(&self, method: &str, path_prefix: &str) -> bool {
        self.method == method && self.path.starts_with(path_prefix)
    }

    /// The message data of the call: `data` of an interaction callback, the
    /// body itself for webhooks and channel messages.
    pub fn message(&self) -> Option<&Value> {
        let json = self.json.as_ref()?;
        if self.path.ends_with("/callback") {
            json.get("data")
        } else {
            Some(json)
        }
    }

    /// The text of the message this call sends, or "".
    pub fn content(&self) -> &str {
        self.message()
            .and_then(|m| m.get("content"))
            .and_then(Value::as_str)
            .unwrap_or("")
    }

    /// The interaction callback type, for `.../callback` calls.
    pub fn callback_type(&self) -> Option<u64> {
        if !self.path.ends_with("/callback") {
            return None;
        }
        self.json.as_ref()?.get("type")?.as_u64()
    }

    /// Every button custom id in the message's components.
    pub fn custom_ids(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(rows) = self
            .message()
            .and_then(|m| m.get("components"))
            .and_then(Value::as_array)
        {
            for row in rows {
                for c in row
                    .get("components")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    if let Some(id) = c.get("custom_id").and_then(Value::as_str) {
                        out.push(id.to_owned());
                    }
                }
            }
        }
        out
    }

    /// Whether the message is only for the one who asked (flag 64).
    pub fn is_ephemeral(&self) -> bool {
        self.message()
            .and_then(|m| m.get("flags"))
            .and_then(Value::as_u64)
            .is_some_and(|f| f & 64 != 0)
    }

    /// Files whose bytes start with the PNG signature.
    pub fn pngs(&self) -> Vec<&FilePart> {
        self.files
            .iter()
            .filter(|f| f.bytes.starts_with(b"\x89PNG\r\n\x1a\n"))
            .collect()
    }
}

/// An interaction the fake pushed through the gateway.
#[derive(Clone, Debug)]
pub struct Sent {
    pub id: u64,
    pub token: String,
    pub channel_id: u64,
    /// When it was pushed through the gateway.
    pub at: Instant,
}

/// A scripted fault: the next `times` requests matching `method` and the
/// path prefix are answered with `status`, `body` and `headers` instead.
#[derive(Clone, Debug)]
pub struct Fault {
    method: String,
    path_prefix: String,
    status: u16,
    body: Value,
    headers: Vec<(String, String)>,
    times: usize,
    /// Carry the request out first (the fault is only in the answer).
    land: bool,
    /// Any route but the interaction routes (a global rate limit).
    global: bool,
    /// A 429's wait, also when only the header says it.
    retry_after: Option<f64>,
}

impl Fault {
    /// `method path_prefix...` fails with a 500 once.
    pub fn on(method: &str, path_prefix: &str) -> Fault {
        Fault {
            method: method.to_owned(),
            path_prefix: path_prefix.to_owned(),
            status: 500,
            body: json!({"message": "500: Internal Server Error", "code": 0}),
            headers: Vec::new(),
            times: 1,
            land: false,
            global: false,
            retry_after: None,
        }
    }

    /// Every route but the interaction routes: a global rate limit.
    pub fn global() -> Fault {
        let mut f = Fault::on("*", "/");
        f.global = true;
        f
    }

    pub fn times(mut self, times: usize) -> Fault {
        self.times = times;
        self
    }

    /// A 5xx of this status.
    pub fn server_error(mut self, status: u16) -> Fault {
        self.status = status;
        self.body = json!({"message": format!("{status}: Server Error"), "code": 0});
        self
    }

    /// A refusal with Discord's JSON code: 403 50013, 404 10003, ...
    pub fn refuse(mut self, status: u16, code: u64, message: &str) -> Fault {
        self.status = status;
        self.body = json!({"message": message, "code": code});
        self
    }

    /// A 429 as Discord sends it: `retry_after` (seconds) in the body and
    /// in the `Retry-After` header, with the scope.
    pub fn rate_limit(mut self, retry_after: f64) -> Fault {
        let global = self.global;
        self.status = 429;
        self.retry_after = Some(retry_after);
        self.body = json!({
            "message": "You are being rate limited.",
            "retry_after": retry_after,
            "global": global,
            "code": 0,
        });
        self.headers = vec![
            (
                "retry-after".to_owned(),
                format!("{}", retry_after.ceil() as u64),
            ),
            (
                "x-ratelimit-scope".to_owned(),
                if global { "global" } else { "user" }.to_owned(),
            ),
        ];
        if global {
            self.headers
                .push(("x-ratelimit-global".to_owned(), "true".to_owned()));
        }
        self
    }

    /// The wait only in the `Retry-After` header.
    pub fn header_only(mut self) -> Fault {
        if let Some(o) = self.body.as_object_mut() {
            o.remove("retry_after");
        }
        self
    }

    /// The request is carried out, then answered with the fault: a reply
    /// lost on its way back.
    pub fn landing(mut self) -> Fault {
        self.land = true;
        self
    }

    fn matches(&self, method: &str, path: &str) -> bool {
        self.times > 0 && self.matches_route(method, path)
    }

    fn matches_route(&self, method: &str, path: &str) -> bool {
        if self.global {
            return !path.starts_with("/interactions/")
                && !path.starts_with("/webhooks/")
                && path != "/gateway";
        }
        (self.method == "*" || self.method == method) && path.starts_with(&self.path_prefix)
    }
}

/// A permission the fake can deny the bot in a channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(clippy::enum_variant_names)] // Discord's names
pub enum Perm {
    /// Create Public Threads: opening a thread in the channel.
    CreateThreads,
    /// Send Messages in Threads: posting in the channel's threads.
    SendInThreads,
    /// Manage Threads: locking a thread (anywhere).
    ManageThreads,
}

/// An interaction's clock: when it was pushed, when first answered.
struct Pending {
    sent: Instant,
    acked: Option<Instant>,
}

enum Outgoing {
    Dispatch(&'static str, Value),
    Reconnect,
    InvalidSession(bool),
    Drop,
    StopAcks,
}

#[derive(Default)]
struct State {
    calls: Vec<Call>,
    next_id: u64,
    /// Every message the bot created, by id.
    messages: HashMap<u64, Value>,
    /// The message an interaction's response created, by token.
    originals: HashMap<String, u64>,
    /// Channels the bot created or opened: threads and DMs.
    channels: HashMap<u64, Value>,
    /// DM channel -> its user.
    dm_users: HashMap<u64, u64>,
    closed_dms: HashSet<u64>,
    faults: Vec<Fault>,
    /// Interactions by token: Discord's 3 s and answer-once rules.
    pending: HashMap<String, Pending>,
    /// (channel, nonce) -> message, for `enforce_nonce`.
    nonces: HashMap<(u64, String), u64>,
    /// Channels deleted (404, Unknown Channel).
    deleted: HashSet<u64>,
    /// Permissions denied: per channel (Manage Threads: channel 0, anywhere).
    denied: HashSet<(u64, Perm)>,
    /// Session ids that may be resumed.
    sessions: HashSet<String>,
    /// Rate limits in force: a request they match before they end gets
    /// another 429, as from Discord.
    windows: Vec<(Fault, Instant)>,
    /// The session's dispatches (seq, type, data), replayed on RESUME.
    events: Vec<(u64, String, Value)>,
    /// The live gateway session: connection number and its sender.
    gateway: Option<(u64, mpsc::UnboundedSender<Outgoing>)>,
    connections: u64,
    identifies: u64,
    resumes: u64,
    seq: u64,
    /// Command names to ids, from the last registration.
    command_ids: HashMap<String, u64>,
    /// The registered commands by name, as the bot described them.
    registered: HashMap<String, Value>,
    /// The channel each interaction token was issued in.
    token_channels: HashMap<String, u64>,
    /// Sessions by shard, for bots that identify with a shard (several
    /// processes, each running a range): shard -> (connection, sender,
    /// shard count), and IDENTIFYs per shard.
    shard_sessions: HashMap<u32, (u64, mpsc::UnboundedSender<Outgoing>, u32)>,
    shard_identifies: HashMap<u32, u64>,
    /// The shard each session id was given to (for RESUME).
    session_shards: HashMap<String, u32>,
}

impl State {
    fn snowflake(&mut self) -> u64 {
        self.next_id += 1;
        1_300_000_000_000_000_000 + self.next_id
    }
}

struct Inner {
    state: Mutex<State>,
    changed: Notify,
    gateway_url: String,
}

impl Inner {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A test that panicked while holding the lock has failed already.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn touch(&self) {
        self.changed.notify_waiters();
    }
}

/// The fake Discord; dropping it stops both listeners.
pub struct FakeDiscord {
    inner: Arc<Inner>,
    rest: SocketAddr,
    tasks: Vec<JoinHandle<()>>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

impl FakeDiscord {
    pub async fn start() -> FakeDiscord {
        let rest = TcpListener::bind("127.0.0.1:0").await.expect("bind REST");
        let gateway = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind gateway");
        let rest_addr = rest.local_addr().expect("REST address");
        let gateway_addr = gateway.local_addr().expect("gateway address");
        let inner = Arc::new(Inner {
            state: Mutex::new(State::default()),
            changed: Notify::new(),
            gateway_url: format!("ws://{gateway_addr}"),
        });
        let tasks = vec![
            tokio::spawn(serve_rest(rest, inner.clone())),
            tokio::spawn(serve_gateway(gateway, inner.clone())),
        ];
        FakeDiscord {
            inner,
            rest: rest_addr,
            tasks,
        }
    }

    /// What `DISCORD_API_BASE` should be.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.rest)
    }

    // ---- scripting ----

    /// Messages to this user's DMs are refused with 403 / 50007.
    pub fn close_dms(&self, user: u64) {
        self.inner.lock().closed_dms.insert(user);
    }

    /// The next `times` requests `method path_prefix...` get `status` and
    /// `body` (a JSON error such as a 429 or a 500).
    pub fn fail_next(
        &self,
        method: &str,
        path_prefix: &str,
        status: u16,
        body: Value,
        times: usize,
    ) {
        let mut f = Fault::on(method, path_prefix).times(times);
        f.status = status;
        f.body = body;
        self.inject(f);
    }

    /// Scripts a fault (see [`Fault`]).
    pub fn inject(&self, fault: Fault) {
        self.inner.lock().faults.push(fault);
    }

    /// Whether every scripted fault has been used up.
    pub fn faults_spent(&self) -> bool {
        self.inner.lock().faults.iter().all(|f| f.times == 0)
    }

    /// The channel or thread is deleted: requests to it get 404 (10003).
    pub fn delete_channel(&self, id: u64) {
        let mut s = self.inner.lock();
        s.channels.remove(&id);
        s.deleted.insert(id);
    }

    /// The thread is archived and locked, as by a moderator: posts in it
    /// are refused (400, 50083).
    pub fn lock_thread(&self, id: u64) {
        let mut s = self.inner.lock();
        if let Some(c) = s.channels.get_mut(&id) {
            c["thread_metadata"]["archived"] = json!(true);
            c["thread_metadata"]["locked"] = json!(true);
        }
    }

    /// Denies the bot `perm` in `channel` (for Manage Threads: anywhere).
    pub fn deny(&self, channel: u64, perm: Perm) {
        let channel = if perm == Perm::ManageThreads {
            0
        } else {
            channel
        };
        self.inner.lock().denied.insert((channel, perm));
    }

    /// Gives `perm` back.
    pub fn allow(&self, channel: u64, perm: Perm) {
        let channel = if perm == Perm::ManageThreads {
            0
        } else {
            channel
        };
        self.inner.lock().denied.remove(&(channel, perm));
    }

    /// Registers a thread of `parent` (as if a person opened it).
    pub fn add_thread(&self, id: u64, parent: u64, name: &str) {
        self.inner
            .lock()
            .channels
            .insert(id, thread_json(id, parent, name, 10080));
    }

    // ---- gateway ----

    /// Waits for a live session (READY or RESUMED sent) and returns how many
    /// IDENTIFYs the fake has seen.
    pub async fn wait_session(&self) -> u64 {
        self.wait("a live gateway session", |s| {
            s.gateway.as_ref().map(|_| s.identifies)
        })
        .await
    }

    /// Waits for a session identified after the first `before` ones (a new
    /// bot process), and returns how many IDENTIFYs there have been.
    pub async fn wait_new_session(&self, before: u64) -> u64 {
        self.wait("a new gateway session", |s| {
            (s.identifies > before && s.gateway.is_some()).then_some(s.identifies)
        })
        .await
    }

    pub fn identifies(&self) -> u64 {
        self.inner.lock().identifies
    }

    pub fn resumes(&self) -> u64 {
        self.inner.lock().resumes
    }

    /// Sends op 7 (reconnect) on the live connection and waits until the bot
    /// is back (by RESUME or IDENTIFY) on a new one.
    pub async fn reconnect(&self) {
        let conn = self.send_on_live(Outgoing::Reconnect).await;
        self.wait_back(conn).await;
    }

    /// Sends op 9 (invalid session) on the live connection; when it cannot
    /// be resumed the session is forgotten, so a RESUME gets op 9 again.
    /// Returns when it was sent; the bot is not waited for.
    pub async fn invalid_session(&self, resumable: bool) -> Instant {
        self.send_on_live(Outgoing::InvalidSession(resumable)).await;
        Instant::now()
    }

    /// Drops the live connection without a close frame. Returns when.
    pub async fn drop_socket(&self) -> Instant {
        self.send_on_live(Outgoing::Drop).await;
        Instant::now()
    }

    /// The live connection stops acknowledging heartbeats (a zombie
    /// connection); later connections acknowledge them again.
    pub async fn stop_heartbeat_acks(&self) -> Instant {
        self.send_on_live(Outgoing::StopAcks).await;
        Instant::now()
    }

    /// How many connections the gateway has accepted.
    pub fn connections(&self) -> u64 {
        self.inner.lock().connections
    }

    /// Waits for a live session on a connection after `conn`.
    pub async fn wait_back(&self, conn: u64) {
        self.wait("the bot back on a new connection", |s| match &s.gateway {
            Some((c, _)) if *c > conn => Some(()),
            _ => None,
        })
        .await;
    }

    /// Sends `what` on the live connection. A fault that ends the session
    /// ends it here and now: whatever is pushed next waits for the bot to
    /// come back (or, resumed, gets replayed).
    async fn send_on_live(&self, what: Outgoing) -> u64 {
        let (conn, _) = self
            .wait("a live gateway session", |s| s.gateway.clone())
            .await;
        let mut s = self.inner.lock();
        let ends = !matches!(what, Outgoing::StopAcks | Outgoing::Dispatch(..));
        let live = if ends {
            s.gateway.take()
        } else {
            s.gateway.clone()
        };
        if let Some((_, tx)) = live {
            let _ = tx.send(what);
        }
        conn
    }

    /// Pushes an interaction once a session is live; its 3 s start then.
    async fn push(&self, sent: &mut Sent, body: Value) {
        let (_, tx) = self
            .wait("a live gateway session", |s| s.gateway.clone())
            .await;
        sent.at = Instant::now();
        self.inner.lock().pending.insert(
            sent.token.clone(),
            Pending {
                sent: sent.at,
                acked: None,
            },
        );
        tx.send(Outgoing::Dispatch("INTERACTION_CREATE", body))
            .expect("the gateway connection is gone");
    }

    // ---- interactions ----

    fn interaction(
        &self,
        kind: u8,
        player: &Player,
        channel_id: u64,
        data: Value,
    ) -> (Sent, Value) {
        let (id, token, channel) = {
            let mut s = self.inner.lock();
            let id = s.snowflake();
            let token = format!("interaction-token-{id}");
            s.token_channels.insert(token.clone(), channel_id);
            // The partial channel Discord sends along: a thread the bot
            // opened, or a plain text channel.
            let channel = match s.channels.get(&channel_id) {
                Some(c) if c["type"] == json!(11) => json!({
                    "id": channel_id.to_string(),
                    "type": 11,
                    "name": c["name"],
                    "parent_id": c["parent_id"],
                    "thread_metadata": c["thread_metadata"],
                }),
                _ => json!({"id": channel_id.to_string(), "type": 0, "name": "lobby"}),
            };
            (id, token, channel)
        };
        let body = json!({
            "id": id.to_string(),
            "application_id": APPLICATION_ID.to_string(),
            "type": kind,
            "token": token,
            "version": 1,
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "attachment_size_limit": 10_485_760,
            "app_permissions": "562949953421311",
            "guild_id": GUILD_ID.to_string(),
            "channel_id": channel_id.to_string(),
            "channel": channel,
            "member": player.member_json(),
            "data": data,
        });
        (
            Sent {
                id,
                token,
                channel_id,
                at: Instant::now(),
            },
            body,
        )
    }

    fn command_data(&self, name: &str, options: &[Opt]) -> Value {
        let (command_id, registered) = {
            let s = self.inner.lock();
            (
                s.command_ids
                    .get(name)
                    .copied()
                    .unwrap_or(1_400_000_000_000_000_000),
                s.registered.get(name).cloned(),
            )
        };
        let mut users = serde_json::Map::new();
        let options: Vec<Value> = options
            .iter()
            .map(|o| {
                if let Some(p) = &o.user {
                    users.insert(p.id.to_string(), p.user_json());
                }
                let (kind, value) = match &o.choice {
                    // What Discord sends for a choice: the registered value.
                    Some(choice) => {
                        let option = registered
                            .as_ref()
                            .and_then(|c| c["options"].as_array())
                            .and_then(|a| a.iter().find(|opt| opt["name"] == o.name.as_str()))
                            .unwrap_or_else(|| {
                                panic!("/{name} has no registered option {}", o.name)
                            });
                        let value = option["choices"]
                            .as_array()
                            .and_then(|a| a.iter().find(|c| c["name"] == choice.as_str()))
                            .map(|c| c["value"].clone())
                            .unwrap_or_else(|| panic!("/{name} {} has no choice {choice}", o.name));
                        (option["type"].as_u64().unwrap_or(3) as u8, value)
                    }
                    None => (o.kind, o.value.clone()),
                };
                let mut v = json!({"name": o.name, "type": kind, "value": value});
                if o.focused {
                    v["focused"] = json!(true);
                }
                v
            })
            .collect();
        json!({
            "id": command_id.to_string(),
            "name": name,
            "type": 1,
            "guild_id": GUILD_ID.to_string(),
            "options": options,
            "resolved": {"users": users},
        })
    }

    /// `/name options...` typed by `player` in `channel_id`.
    pub async fn command(
        &self,
        player: &Player,
        channel_id: u64,
        name: &str,
        options: &[Opt],
    ) -> Sent {
        let data = self.command_data(name, options);
        let (mut sent, body) = self.interaction(2, player, channel_id, data);
        self.push(&mut sent, body).await;
        sent
    }

    /// `/name sub options...` (a subcommand, such as `/tournament join`)
    /// typed by `player` in `channel_id`.
    pub async fn subcommand(
        &self,
        player: &Player,
        channel_id: u64,
        name: &str,
        sub: &str,
        options: &[Opt],
    ) -> Sent {
        let data = self.subcommand_data(name, sub, options);
        let (mut sent, body) = self.interaction(2, player, channel_id, data);
        self.push(&mut sent, body).await;
        sent
    }

    fn subcommand_data(&self, name: &str, sub: &str, options: &[Opt]) -> Value {
        let (command_id, registered) = {
            let s = self.inner.lock();
            (
                s.command_ids
                    .get(name)
                    .copied()
                    .unwrap_or(1_400_000_000_000_000_000),
                s.registered.get(name).cloned(),
            )
        };
        // The subcommand as registered: its options carry the choices.
        let registered_sub = registered
            .as_ref()
            .and_then(|c| c["options"].as_array())
            .and_then(|a| a.iter().find(|o| o["name"] == sub && o["type"] == json!(1)))
            .cloned();
        let mut users = serde_json::Map::new();
        let options: Vec<Value> = options
            .iter()
            .map(|o| {
                if let Some(p) = &o.user {
                    users.insert(p.id.to_string(), p.user_json());
                }
                let (kind, value) = match &o.choice {
                    Some(choice) => {
                        let option = registered_sub
                            .as_ref()
                            .and_then(|c| c["options"].as_array())
                            .and_then(|a| a.iter().find(|opt| opt["name"] == o.name.as_str()))
                            .unwrap_or_else(|| {
                                panic!("/{name} {sub} has no registered option {}", o.name)
                            });
                        let value = option["choices"]
                            .as_array()
                            .and_then(|a| a.iter().find(|c| c["name"] == choice.as_str()))
                            .map(|c| c["value"].clone())
                            .unwrap_or_else(|| {
                                panic!("/{name} {sub} {} has no choice {choice}", o.name)
                            });
                        (option["type"].as_u64().unwrap_or(3) as u8, value)
                    }
                    None => (o.kind, o.value.clone()),
                };
                json!({"name": o.name, "type": kind, "value": value})
            })
            .collect();
        json!({
            "id": command_id.to_string(),
            "name": name,
            "type": 1,
            "guild_id": GUILD_ID.to_string(),
            "options": [{"name": sub, "type": 1, "options": options}],
            "resolved": {"users": users},
        })
    }

    /// Every message the bot sent to `channel_id` (a thread, a DM), in order.
    pub fn posts_in(&self, channel_id: u64) -> Vec<Call> {
        let path = format!("/channels/{channel_id}/messages");
        self.calls()
            .into_iter()
            .filter(|c| c.method == "POST" && c.path == path && c.status < 300)
            .collect()
    }

    /// Every message in `channel` as it stands, oldest first: what a
    /// person would see there (a repeated create with a nonce is one).
    pub fn messages_in(&self, channel_id: u64) -> Vec<Value> {
        let s = self.inner.lock();
        let mut out: Vec<Value> = s
            .messages
            .values()
            .filter(|m| m["channel_id"] == json!(channel_id.to_string()))
            .cloned()
            .collect();
        out.sort_by_key(id_of);
        out
    }

    /// Whether the interaction's answer is for the caller alone: the flag
    /// of its first answer (a deferral sets it for what fills it in).
    pub async fn answered_privately(&self, sent: &Sent) -> bool {
        self.callback(sent).await.is_ephemeral()
    }

    /// When the interaction got its first answer, after it was pushed.
    pub fn answered_after(&self, sent: &Sent) -> Option<Duration> {
        let s = self.inner.lock();
        let p = s.pending.get(&sent.token)?;
        p.acked.map(|a| a.duration_since(p.sent))
    }

    /// Waits until the interaction has its first answer; how long it took.
    pub async fn wait_answered(&self, sent: &Sent) -> Duration {
        self.wait(
            &format!("the first answer to interaction {}", sent.id),
            |s| {
                let p = s.pending.get(&sent.token)?;
                p.acked.map(|a| a.duration_since(p.sent))
            },
        )
        .await
    }

    /// A channel or thread as it stands (threads: archived, locked).
    pub fn thread_metadata(&self, id: u64) -> Option<Value> {
        self.inner
            .lock()
            .channels
            .get(&id)
            .map(|c| c["thread_metadata"].clone())
    }

    /// An autocomplete request (one option must be focused).
    pub async fn autocomplete(
        &self,
        player: &Player,
        channel_id: u64,
        name: &str,
        options: &[Opt],
    ) -> Sent {
        let data = self.command_data(name, options);
        let (mut sent, body) = self.interaction(4, player, channel_id, data);
        self.push(&mut sent, body).await;
        sent
    }

    /// A click on the button `custom_id` of a message the bot sent.
    pub async fn click(&self, player: &Player, message_id: u64, custom_id: &str) -> Sent {
        let (mut sent, mut body, channel_id) = self.button_press(player, message_id, custom_id);
        if self.inner.lock().dm_users.contains_key(&channel_id) {
            // A press in a DM: no guild, no member, the user itself.
            let object = body.as_object_mut().expect("an object");
            object.remove("guild_id");
            object.remove("member");
            object.remove("guild_locale");
            body["user"] = player.user_json();
            body["channel"] = json!({"id": channel_id.to_string(), "type": 1});
        }
        self.push(&mut sent, body).await;
        sent
    }

    /// The interaction of a press on button `custom_id` of message
    /// `message_id` the bot sent, and the message's channel; edits of the
    /// press's "original" will edit that message.
    fn button_press(
        &self,
        player: &Player,
        message_id: u64,
        custom_id: &str,
    ) -> (Sent, Value, u64) {
        let message = self
            .inner
            .lock()
            .messages
            .get(&message_id)
            .cloned()
            .unwrap_or_else(|| panic!("the bot sent no message {message_id}"));
        let channel_id = message["channel_id"]
            .as_str()
            .and_then(|c| c.parse().ok())
            .expect("message channel");
        let data = json!({"custom_id": custom_id, "component_type": 2});
        let (sent, mut body) = self.interaction(3, player, channel_id, data);
        body["message"] = message;
        self.inner
            .lock()
            .originals
            .insert(sent.token.clone(), message_id);
        (sent, body, channel_id)
    }

    // ---- what the bot did ----

    pub fn calls(&self) -> Vec<Call> {
        self.inner.lock().calls.clone()
    }

    /// Waits until `f` finds something in the calls so far.
    pub async fn wait_call<T>(&self, what: &str, f: impl Fn(&[Call]) -> Option<T>) -> T {
        self.wait(what, |s| f(&s.calls)).await
    }

    /// Waits for a call matching `pred` that comes after call `after`.
    pub async fn wait_call_after(
        &self,
        what: &str,
        after: usize,
        pred: impl Fn(&Call) -> bool,
    ) -> Call {
        self.wait_call(what, |calls| {
            calls.iter().find(|c| c.seq >= after && pred(c)).cloned()
        })
        .await
    }

    /// How many calls so far: a mark for [`wait_call_after`].
    pub fn mark(&self) -> usize {
        self.inner.lock().calls.len()
    }

    /// Every call that answers the interaction (callback, follow-ups, edits).
    pub fn responses(&self, sent: &Sent) -> Vec<Call> {
        self.calls()
            .into_iter()
            .filter(|c| c.path.contains(&sent.token))
            .collect()
    }

    /// Waits for the interaction's callback (its first response).
    pub async fn callback(&self, sent: &Sent) -> Call {
        let path = format!("/interactions/{}/{}/callback", sent.id, sent.token);
        self.wait_call(
            &format!("the callback of interaction {}", sent.id),
            |calls| calls.iter().find(|c| c.path == path).cloned(),
        )
        .await
    }

    /// Waits until the interaction has a response that carries a message
    /// (a callback of type 4 or 7, a follow-up, or an edit of the original),
    /// and returns the first such call.
    pub async fn reply(&self, sent: &Sent) -> Call {
        self.wait_call(&format!("a reply to interaction {}", sent.id), |calls| {
            calls
                .iter()
                .find(|c| {
                    c.path.contains(&sent.token)
                        && c.status < 300
                        && match c.callback_type() {
                            Some(t) => t == 4 || t == 7,
                            None => c.method == "POST" || c.method == "PATCH",
                        }
                })
                .cloned()
        })
        .await
    }

    /// The message an interaction's response created (callback type 4/5).
    pub async fn original(&self, sent: &Sent) -> Value {
        self.wait(
            &format!("the original message of interaction {}", sent.id),
            |s| {
                let id = s.originals.get(&sent.token)?;
                s.messages.get(id).cloned()
            },
        )
        .await
    }

    /// A message the bot created or edited, as it stands.
    pub fn message(&self, id: u64) -> Option<Value> {
        self.inner.lock().messages.get(&id).cloned()
    }

    /// Waits for a message of the bot's carrying a button with `custom_id`
    /// (the latest one) and returns its id.
    pub async fn message_with_button(&self, custom_id: &str) -> u64 {
        self.wait(&format!("a message with the button {custom_id}"), |s| {
            s.messages
                .values()
                .filter(|m| button_ids(m).iter().any(|id| id == custom_id))
                .map(id_of)
                .max()
        })
        .await
    }

    /// A channel the bot created (a thread) or opened (a DM).
    pub fn channel(&self, id: u64) -> Option<Value> {
        self.inner.lock().channels.get(&id).cloned()
    }

    /// Threads the bot opened, in order.
    pub fn threads(&self) -> Vec<Value> {
        let s = self.inner.lock();
        let mut threads: Vec<Value> = s
            .channels
            .values()
            .filter(|c| c["type"] == json!(11))
            .cloned()
            .collect();
        threads.sort_by_key(id_of);
        threads
    }

    /// The DM channel opened with `user`, if any.
    pub fn dm_channel(&self, user: u64) -> Option<u64> {
        let s = self.inner.lock();
        s.dm_users
            .iter()
            .find(|(_, u)| **u == user)
            .map(|(c, _)| *c)
    }

    async fn wait<T>(&self, what: &str, f: impl Fn(&State) -> Option<T>) -> T {
        let waited = tokio::time::timeout(HANG, async {
            loop {
                let notified = self.inner.changed.notified();
                tokio::pin!(notified);
                notified.as_mut().enable();
                if let Some(found) = f(&self.inner.lock()) {
                    return found;
                }
                notified.await;
            }
        })
        .await;
        match waited {
            Ok(found) => found,
            Err(_) => {
                let calls: Vec<String> = self
                    .calls()
                    .iter()
                    .map(|c| format!("{} {} {} {}", c.method, c.path, c.status, c.content()))
                    .collect();
                panic!(
                    "hung waiting for {what}; REST calls so far:\n{}",
                    calls.join("\n")
                )
            }
        }
    }
}

/// A command option as the user filled it in.
#[derive(Clone, Debug)]
pub struct Opt {
    name: String,
    kind: u8,
    value: Value,
    focused: bool,
    user: Option<Player>,
    /// A choice of a choice list, by its name.
    choice: Option<String>,
}

impl Opt {
    pub fn str(name: &str, value: &str) -> Opt {
        Opt {
            name: name.to_owned(),
            kind: 3,
            value: json!(value),
            focused: false,
            user: None,
            choice: None,
        }
    }

    pub fn bool(name: &str, value: bool) -> Opt {
        Opt {
            name: name.to_owned(),
            kind: 5,
            value: json!(value),
            focused: false,
            user: None,
            choice: None,
        }
    }

    pub fn int(name: &str, value: i64) -> Opt {
        Opt {
            name: name.to_owned(),
            kind: 4,
            value: json!(value),
            focused: false,
            user: None,
            choice: None,
        }
    }

    pub fn user(name: &str, player: &Player) -> Opt {
        Opt {
            name: name.to_owned(),
            kind: 6,
            value: json!(player.id.to_string()),
            focused: false,
            user: Some(player.clone()),
            choice: None,
        }
    }

    /// The choice named `choice` of a choice-list option (the registered
    /// value is sent, as Discord does).
    pub fn choice(name: &str, choice: &str) -> Opt {
        Opt {
            name: name.to_owned(),
            kind: 0,
            value: Value::Null,
            focused: false,
            user: None,
            choice: Some(choice.to_owned()),
        }
    }

    /// What the user is typing, for autocomplete.
    pub fn focused(mut self) -> Opt {
        self.focused = true;
        self
    }
}

/// Every button custom id of a stored message.
pub fn button_ids(message: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for row in message["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            if let Some(id) = c["custom_id"].as_str() {
                out.push(id.to_owned());
            }
        }
    }
    out
}

/// The snowflake in a JSON object's `id`.
pub fn id_of(v: &Value) -> u64 {
    v["id"]
        .as_str()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no id in {v}"))
}

// ------------------------------------------------- several bot processes --

/// The shard that owns a guild, by Discord's rule.
pub fn shard_of(guild: u64, total: u32) -> u32 {
    ((guild >> 22) % u64::from(total.max(1))) as u32
}

impl FakeDiscord {
    /// IDENTIFYs seen for `shard` so far.
    pub fn shard_identifies(&self, shard: u32) -> u64 {
        self.inner
            .lock()
            .shard_identifies
            .get(&shard)
            .copied()
            .unwrap_or(0)
    }

    /// Waits for a live session of `shard` identified after the first
    /// `before` ones (a new process running it).
    pub async fn wait_shard_session(&self, shard: u32, before: u64) {
        self.wait(&format!("a new session of shard {shard}"), |s| {
            let identified = s.shard_identifies.get(&shard).copied().unwrap_or(0);
            (identified > before && s.shard_sessions.contains_key(&shard)).then_some(())
        })
        .await
    }

    /// Sends an event to the session of the shard that owns `guild`,
    /// waiting for one if that shard has none now (its process is down).
    async fn dispatch_to_guild(&self, guild: u64, event: &'static str, data: Value) {
        let tx = self
            .wait(&format!("a live session for guild {guild}"), |s| {
                let total = s.shard_sessions.values().map(|e| e.2).max()?;
                s.shard_sessions
                    .get(&shard_of(guild, total))
                    .map(|e| e.1.clone())
            })
            .await;
        // A session that died just now drops it; the caller sees no reply.
        let _ = tx.send(Outgoing::Dispatch(event, data));
    }

    /// `/name options...` typed by `player` in `channel_id` of `guild`,
    /// routed to the shard that owns the guild.
    pub async fn command_in(
        &self,
        guild: u64,
        player: &Player,
        channel_id: u64,
        name: &str,
        options: &[Opt],
    ) -> Sent {
        let mut data = self.command_data(name, options);
        data["guild_id"] = json!(guild.to_string());
        let (sent, mut body) = self.interaction(2, player, channel_id, data);
        body["guild_id"] = json!(guild.to_string());
        self.dispatch_to_guild(guild, "INTERACTION_CREATE", body)
            .await;
        sent
    }

    /// A click on a button of a message the bot sent in `guild`, routed to
    /// the shard that owns the guild.
    pub async fn click_in(
        &self,
        guild: u64,
        player: &Player,
        message_id: u64,
        custom_id: &str,
    ) -> Sent {
        let (sent, mut body, _) = self.button_press(player, message_id, custom_id);
        body["guild_id"] = json!(guild.to_string());
        self.dispatch_to_guild(guild, "INTERACTION_CREATE", body)
            .await;
        sent
    }

    /// The first call since `after` that answers the interaction with a
    /// message, if one came within `limit` (none: its process died).
    pub async fn reply_within(&self, sent: &Sent, limit: Duration) -> Option<Call> {
        tokio::time::timeout(limit, self.reply(sent)).await.ok()
    }

    /// The contents of the messages the bot posted (channels and DMs) whose
    /// content passes `keep`, in order; files are left out.
    pub fn posted_texts(&self, keep: impl Fn(&str) -> bool) -> Vec<(u64, String)> {
        let s = self.inner.lock();
        s.calls
            .iter()
            .filter(|c| c.method == "POST" && c.status < 300 && c.path.starts_with("/channels/"))
            .filter_map(|c| {
                let channel = c.path.split('/').nth(2)?.parse().ok()?;
                let content = c.content();
                keep(content).then(|| (channel, content.to_owned()))
            })
            .collect()
    }
}

// ---------------------------------------------------------------- REST --

async fn serve_rest(listener: TcpListener, inner: Arc<Inner>) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let inner = inner.clone();
        tokio::spawn(async move {
            let service = service_fn(move |req| {
                let inner = inner.clone();
                async move { Ok::<_, Infallible>(handle_rest(&inner, req).await) }
            });
            let _ = http1::Builder::new()
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
}

fn respond(
    status: u16,
    body: Option<Value>,
    headers: &[(String, String)],
) -> Response<Full<Bytes>> {
    let mut builder =
        Response::builder().status(StatusCode::from_u16(status).unwrap_or(StatusCode::OK));
    for (k, v) in headers {
        builder = builder.header(k.as_str(), v.as_str());
    }
    let body = match body {
        Some(v) => {
            builder = builder.header("content-type", "application/json");
            Full::new(Bytes::from(v.to_string()))
        }
        None => Full::new(Bytes::new()),
    };
    builder
        .body(body)
        .unwrap_or_else(|_| Response::new(Full::new(Bytes::new())))
}

async fn handle_rest(inner: &Inner, req: Request<Incoming>) -> Response<Full<Bytes>> {
    let method = req.method().as_str().to_owned();
    let full_path = req.uri().path().to_owned();
    let query = req.uri().query().map(str::to_owned);
    let authorized = req
        .headers()
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v == format!("Bot {TOKEN}"));
    let content_type = req
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    let body = match req.into_body().collect().await {
        Ok(b) => b.to_bytes(),
        Err(_) => Bytes::new(),
    };
    let (json, files) = if let Some(boundary) = content_type
        .strip_prefix("multipart/form-data")
        .and_then(|rest| rest.split("boundary=").nth(1))
    {
        parse_multipart(&body, boundary.trim_matches('"'))
    } else {
        (serde_json::from_slice(&body).ok(), Vec::new())
    };
    let path = full_path
        .strip_prefix("/api/v10")
        .unwrap_or(&full_path)
        .to_owned();

    let at = Instant::now();
    let (status, answer, headers) = {
        let mut s = inner.lock();
        let now = Instant::now();
        s.windows.retain(|(_, until)| *until > now);
        let limited = s
            .windows
            .iter()
            .find(|(f, _)| f.matches_route(&method, &path))
            .map(|(f, until)| {
                f.clone()
                    .rate_limit(until.duration_since(now).as_secs_f64())
            });
        let scripted = limited.or_else(|| {
            s.faults
                .iter_mut()
                .find(|f| f.matches(&method, &path))
                .map(|f| {
                    f.times -= 1;
                    f.clone()
                })
        });
        if let Some(f) = &scripted
            && f.status == 429
            && let Some(wait) = f.body["retry_after"].as_f64().or(f.retry_after)
        {
            let until = now + Duration::from_secs_f64(wait);
            s.windows.push((f.clone(), until));
        }
        let (status, answer, headers) = match scripted {
            Some(f) => {
                if f.land {
                    let _ = route(&mut s, inner, &method, &path, json.as_ref(), &files);
                }
                (f.status, Some(f.body), f.headers)
            }
            None if !authorized && path != "/gateway" => (
                401,
                Some(json!({"message": "401: Unauthorized", "code": 0})),
                Vec::new(),
            ),
            None => {
                let (status, answer) = route(&mut s, inner, &method, &path, json.as_ref(), &files);
                (status, answer, Vec::new())
            }
        };
        let seq = s.calls.len();
        s.calls.push(Call {
            seq,
            method,
            path,
            query,
            json,
            files,
            status,
            authorized,
            at,
        });
        (status, answer, headers)
    };
    inner.touch();
    respond(status, answer, &headers)
}

/// Splits a multipart body into its `payload_json` and its files.
fn parse_multipart(body: &[u8], boundary: &str) -> (Option<Value>, Vec<FilePart>) {
    let delimiter = format!("--{boundary}");
    let mut json = None;
    let mut files = Vec::new();
    for part in split_bytes(body, delimiter.as_bytes()) {
        let part = part.strip_prefix(b"\r\n").unwrap_or(part);
        if part.starts_with(b"--") || part.is_empty() {
            continue;
        }
        let Some(split) = find(part, b"\r\n\r\n") else {
            continue;
        };
        let headers = String::from_utf8_lossy(&part[..split]).to_string();
        let mut content = &part[split + 4..];
        content = content.strip_suffix(b"\r\n").unwrap_or(content);
        let header = |key: &str| -> Option<String> {
            let start = headers.find(&format!("{key}=\""))? + key.len() + 2;
            let end = headers[start..].find('"')? + start;
            Some(headers[start..end].to_owned())
        };
        let name = header("name").unwrap_or_default();
        if name == "payload_json" {
            json = serde_json::from_slice(content).ok();
        } else {
            let content_type = headers.lines().find_map(|l| {
                l.strip_prefix("Content-Type: ")
                    .or_else(|| l.strip_prefix("content-type: "))
                    .map(str::to_owned)
            });
            files.push(FilePart {
                field: name,
                filename: header("filename").unwrap_or_default(),
                content_type,
                bytes: content.to_vec(),
            });
        }
    }
    (json, files)
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    // Scan for the first byte, then compare: cheap even unoptimised, for
    // bodies that carry board images.
    let (&first, rest) = needle.split_first()?;
    let mut from = 0;
    while let Some(at) = haystack[from..].iter().position(|&b| b == first) {
        let start = from + at;
        let end = start + needle.len();
        if end > haystack.len() {
            return None;
        }
        if &haystack[start + 1..end] == rest {
            return Some(start);
        }
        from = start + 1;
    }
    None
}

fn split_bytes<'a>(mut body: &'a [u8], delimiter: &[u8]) -> Vec<&'a [u8]> {
    let mut parts = Vec::new();
    while let Some(at) = find(body, delimiter) {
        parts.push(&body[..at]);
        body = &body[at + delimiter.len()..];
    }
    parts.push(body);
    parts
}

fn bot_user() -> Value {
    json!({
        "id": APPLICATION_ID.to_string(),
        "username": "chronomate",
        "discriminator": "0",
        "global_name": null,
        "avatar": null,
        "bot": true,
    })
}

/// A Message as Discord returns it.
fn message_json(id: u64, channel_id: u64, data: Option<&Value>, files: &[FilePart]) -> Value {
    let data = data.cloned().unwrap_or_else(|| json!({}));
    let attachments: Vec<Value> = files
        .iter()
        .enumerate()
        .map(|(i, f)| {
            json!({
                "id": (id * 10 + i as u64).to_string(),
                "filename": f.filename,
                "size": f.bytes.len(),
                "url": format!("https://cdn.invalid/{id}/{}", f.filename),
                "proxy_url": format!("https://cdn.invalid/{id}/{}", f.filename),
                "content_type": f.content_type,
            })
        })
        .collect();
    json!({
        "id": id.to_string(),
        "channel_id": channel_id.to_string(),
        "author": bot_user(),
        "content": data.get("content").cloned().unwrap_or(json!("")),
        "timestamp": TIMESTAMP,
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": data.get("embeds").cloned().unwrap_or(json!([])),
        "components": data.get("components").cloned().unwrap_or(json!([])),
        "pinned": false,
        "type": 0,
        "flags": data.get("flags").cloned().unwrap_or(json!(0)),
        "application_id": APPLICATION_ID.to_string(),
    })
}

fn edit_message(message: &mut Value, data: Option<&Value>, files: &[FilePart]) {
    let Some(data) = data else { return };
    for key in ["content", "components", "embeds", "flags"] {
        if let Some(v) = data.get(key) {
            message[key] = v.clone();
        }
    }
    if !files.is_empty() {
        let id = id_of(message);
        message["attachments"] = message_json(id, 0, None, files)["attachments"].clone();
    }
    message["edited_timestamp"] = json!(TIMESTAMP);
}

fn not_found(what: &str) -> (u16, Option<Value>) {
    let code = match what {
        "Message" => 10008,
        _ => 10003,
    };
    (
        404,
        Some(json!({"message": format!("Unknown {what}"), "code": code})),
    )
}

fn missing_permissions() -> (u16, Option<Value>) {
    (
        403,
        Some(json!({"message": "Missing Permissions", "code": 50013})),
    )
}

/// A public thread as Discord returns it.
fn thread_json(id: u64, parent: u64, name: &str, archive: u64) -> Value {
    json!({
        "id": id.to_string(),
        "type": 11,
        "guild_id": GUILD_ID.to_string(),
        "parent_id": parent.to_string(),
        "owner_id": APPLICATION_ID.to_string(),
        "name": name,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "thread_metadata": {
            "archived": false,
            "auto_archive_duration": archive,
            "archive_timestamp": TIMESTAMP,
            "locked": false,
        },
        "flags": 0,
    })
}

fn route(
    s: &mut State,
    inner: &Inner,
    method: &str,
    path: &str,
    body: Option<&Value>,
    files: &[FilePart],
) -> (u16, Option<Value>) {
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    let num = |i: usize| parts.get(i).and_then(|p| p.parse::<u64>().ok());
    match (method, parts.as_slice()) {
        ("GET", ["gateway"]) => (200, Some(json!({"url": inner.gateway_url}))),
        ("GET", ["gateway", "bot"]) => (
            200,
            Some(json!({
                "url": inner.gateway_url,
                "shards": 1,
                "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
            })),
        ),
        ("GET", ["users", "@me"]) => (200, Some(bot_user())),
        ("PUT", ["applications", _, "commands"])
        | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
            let guild = parts.get(3).copied();
            let mut out = Vec::new();
            for command in body.and_then(Value::as_array).into_iter().flatten() {
                let id = s.snowflake();
                let mut c = command.clone();
                c["id"] = json!(id.to_string());
                c["application_id"] = json!(APPLICATION_ID.to_string());
                c["version"] = json!(id.to_string());
                if c.get("type").is_none() {
                    c["type"] = json!(1);
                }
                if let Some(g) = guild {
                    c["guild_id"] = json!(g);
                }
                if let Some(name) = c["name"].as_str() {
                    s.command_ids.insert(name.to_owned(), id);
                    s.registered.insert(name.to_owned(), c.clone());
                }
                out.push(c);
            }
            (200, Some(Value::Array(out)))
        }
        ("POST", ["interactions", _, token, "callback"]) => {
            if let Some(p) = s.pending.get_mut(*token) {
                if p.acked.is_some() {
                    return (
                        400,
                        Some(
                            json!({"message": "Interaction has already been acknowledged.", "code": 40060}),
                        ),
                    );
                }
                if p.sent.elapsed() > ANSWER_WITHIN {
                    return (
                        404,
                        Some(json!({"message": "Unknown interaction", "code": 10062})),
                    );
                }
                p.acked = Some(Instant::now());
            }
            let kind = body.and_then(|b| b["type"].as_u64()).unwrap_or(0);
            let data = body.and_then(|b| b.get("data"));
            match kind {
                // A new message (4) or a deferred one to be edited (5).
                4 | 5 => {
                    let id = s.snowflake();
                    let channel = channel_of_token(s, token);
                    s.messages
                        .insert(id, message_json(id, channel, data, files));
                    s.originals.insert((*token).to_owned(), id);
                }
                // Update the message the component was on (7).
                7 => {
                    if let Some(id) = s.originals.get(*token).copied()
                        && let Some(m) = s.messages.get_mut(&id)
                    {
                        edit_message(m, data, files);
                    }
                }
                _ => {}
            }
            (204, None)
        }
        ("POST" | "PATCH" | "DELETE" | "GET", ["webhooks", _, token, ..])
            if s.pending.get(*token).is_some_and(|p| p.acked.is_none()) =>
        {
            (
                404,
                Some(json!({"message": "Unknown Webhook", "code": 10015})),
            )
        }
        ("POST", ["webhooks", _, token]) => {
            let id = s.snowflake();
            let channel = channel_of_token(s, token);
            let m = message_json(id, channel, body, files);
            s.messages.insert(id, m.clone());
            (200, Some(m))
        }
        ("GET" | "PATCH", ["webhooks", _, token, "messages", which]) => {
            let id = if *which == "@original" {
                s.originals.get(*token).copied()
            } else {
                which.parse().ok()
            };
            let Some(m) = id.and_then(|id| s.messages.get_mut(&id)) else {
                return not_found("Message");
            };
            if method == "PATCH" {
                edit_message(m, body, files);
            }
            (200, Some(m.clone()))
        }
        ("DELETE", ["webhooks", _, _, "messages", _]) => (204, None),
        (_, ["channels", id, ..]) if id.parse::<u64>().is_ok_and(|c| s.deleted.contains(&c)) => {
            not_found("Channel")
        }
        ("POST", ["channels", _, "messages"]) => {
            let channel = num(1).unwrap_or(0);
            if let Some(thread) = s.channels.get(&channel).filter(|c| c["type"] == json!(11)) {
                let parent = thread["parent_id"]
                    .as_str()
                    .and_then(|p| p.parse::<u64>().ok())
                    .unwrap_or(0);
                if thread["thread_metadata"]["locked"] == json!(true) {
                    return (
                        400,
                        Some(json!({"message": "Thread is locked", "code": 50083})),
                    );
                }
                if s.denied.contains(&(parent, Perm::SendInThreads)) {
                    return missing_permissions();
                }
            }
            // enforce_nonce: a nonce seen before returns that message.
            let nonce = body
                .filter(|b| b["enforce_nonce"] == json!(true))
                .and_then(|b| b["nonce"].as_str())
                .map(str::to_owned);
            if let Some(nonce) = &nonce
                && let Some(id) = s.nonces.get(&(channel, nonce.clone()))
                && let Some(m) = s.messages.get(id)
            {
                return (200, Some(m.clone()));
            }
            if let Some(c) = s.channels.get_mut(&channel)
                && c["type"] == json!(11)
            {
                // A post in an archived (not locked) thread reopens it.
                c["thread_metadata"]["archived"] = json!(false);
            }
            if let Some(user) = s.dm_users.get(&channel)
                && s.closed_dms.contains(user)
            {
                return (
                    403,
                    Some(json!({"message": "Cannot send messages to this user", "code": 50007})),
                );
            }
            let id = s.snowflake();
            let m = message_json(id, channel, body, files);
            s.messages.insert(id, m.clone());
            if let Some(nonce) = nonce {
                s.nonces.insert((channel, nonce), id);
            }
            (200, Some(m))
        }
        ("PATCH", ["channels", _, "messages", _]) => {
            let Some(m) = num(3).and_then(|id| s.messages.get_mut(&id)) else {
                return not_found("Message");
            };
            edit_message(m, body, files);
            (200, Some(m.clone()))
        }
        ("GET", ["channels", _, "messages", _]) => {
            match num(3).and_then(|id| s.messages.get(&id)) {
                Some(m) => (200, Some(m.clone())),
                None => not_found("Message"),
            }
        }
        ("POST", ["channels", _, "messages", _, "threads"])
        | ("POST", ["channels", _, "threads"]) => {
            let parent = num(1).unwrap_or(0);
            if s.denied.contains(&(parent, Perm::CreateThreads)) {
                return missing_permissions();
            }
            // A thread started from a message takes the message's id.
            let id = match num(3) {
                Some(message)
                    if s.channels.contains_key(&message) || s.deleted.contains(&message) =>
                {
                    return (
                        400,
                        Some(
                            json!({"message": "A thread has already been created for this message", "code": 160004}),
                        ),
                    );
                }
                Some(message) => message,
                None => s.snowflake(),
            };
            let name = body
                .and_then(|b| b["name"].as_str())
                .unwrap_or("thread")
                .to_owned();
            let archive = body
                .and_then(|b| b["auto_archive_duration"].as_u64())
                .unwrap_or(10080);
            let thread = thread_json(id, parent, &name, archive);
            s.channels.insert(id, thread.clone());
            (201, Some(thread))
        }
        ("PUT" | "DELETE", ["channels", _, "thread-members", _]) => (204, None),
        ("GET", ["channels", _]) => match num(1).and_then(|id| s.channels.get(&id)) {
            Some(c) => (200, Some(c.clone())),
            None => (
                200,
                Some(json!({
                    "id": parts[1],
                    "type": 0,
                    "guild_id": GUILD_ID.to_string(),
                    "name": "lobby",
                    "position": 0,
                    "permission_overwrites": [],
                })),
            ),
        },
        ("PATCH", ["channels", _]) => {
            let id = num(1).unwrap_or(0);
            let locking = body.is_some_and(|b| b["locked"] == json!(true));
            if locking && s.denied.contains(&(0, Perm::ManageThreads)) {
                return missing_permissions();
            }
            let channel = s.channels.entry(id).or_insert_with(|| {
                json!({"id": id.to_string(), "type": 11, "guild_id": GUILD_ID.to_string(), "name": "thread"})
            });
            if let Some(b) = body.and_then(Value::as_object) {
                for (k, v) in b {
                    if k == "archived" || k == "locked" {
                        channel["thread_metadata"][k] = v.clone();
                    } else {
                        channel[k] = v.clone();
                    }
                }
            }
            (200, Some(channel.clone()))
        }
        ("POST", ["users", "@me", "channels"]) => {
            let user: u64 = body
                .and_then(|b| {
                    b["recipient_id"]
                        .as_str()
                        .map(str::to_owned)
                        .or_else(|| b["recipient_id"].as_u64().map(|u| u.to_string()))
                })
                .and_then(|u| u.parse().ok())
                .unwrap_or(0);
            let existing = s
                .dm_users
                .iter()
                .find(|(_, u)| **u == user)
                .map(|(c, _)| *c);
            let id = match existing {
                Some(c) => c,
                None => {
                    let c = s.snowflake();
                    s.dm_users.insert(c, user);
                    c
                }
            };
            let channel = json!({
                "id": id.to_string(),
                "type": 1,
                "last_message_id": null,
                "recipients": [{"id": user.to_string(), "username": format!("user{user}"), "discriminator": "0", "avatar": null, "global_name": null}],
            });
            s.channels.insert(id, channel.clone());
            (200, Some(channel))
        }
        _ => (
            404,
            Some(json!({"message": "404: Not Found (no such route in the fake)", "code": 0})),
        ),
    }
}

/// The channel an interaction token was issued in.
fn channel_of_token(s: &State, token: &str) -> u64 {
    s.token_channels.get(token).copied().unwrap_or(0)
}

// ------------------------------------------------------------- gateway --

async fn serve_gateway(listener: TcpListener, inner: Arc<Inner>) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let inner = inner.clone();
        tokio::spawn(async move {
            let Ok(ws) = tokio_tungstenite::accept_async(stream).await else {
                return;
            };
            gateway_session(ws, &inner).await;
        });
    }
}

async fn gateway_session(
    ws: tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>,
    inner: &Inner,
) {
    let (mut sink, mut stream) = ws.split();
    let (tx, mut rx) = mpsc::unbounded_channel::<Outgoing>();
    let conn = {
        let mut s = inner.lock();
        s.connections += 1;
        s.connections
    };
    let mut acking = true;
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 1000}, "s": null, "t": null});
    if sink.send(WsMessage::Text(hello.to_string())).await.is_err() {
        return;
    }
    let dispatch = |inner: &Inner, t: &str, d: Value| -> WsMessage {
        let mut s = inner.lock();
        s.seq += 1;
        let seq = s.seq;
        let msg = json!({"op": 0, "s": seq, "t": t, "d": d}).to_string();
        s.events.push((seq, t.to_owned(), d));
        WsMessage::Text(msg)
    };
    let op9 = |resumable: bool| {
        WsMessage::Text(json!({"op": 9, "d": resumable, "s": null, "t": null}).to_string())
    };
    // The session is not live any more until the bot comes back.
    let not_live = |inner: &Inner| {
        let mut s = inner.lock();
        if s.gateway.as_ref().is_some_and(|(c, _)| *c == conn) {
            s.gateway = None;
        }
    };
    loop {
        tokio::select! {
            incoming = stream.next() => {
                let Some(Ok(msg)) = incoming else { break };
                let text = match msg {
                    WsMessage::Text(t) => t,
                    WsMessage::Close(_) => break,
                    _ => continue,
                };
                let Ok(payload) = serde_json::from_str::<Value>(&text) else { continue };
                let reply = match payload["op"].as_u64() {
                    Some(1) if acking => Some(WsMessage::Text(json!({"op": 11, "d": null, "s": null, "t": null}).to_string())),
                    Some(1) => None,
                    Some(2) => {
                        let token = payload["d"]["token"].as_str().unwrap_or("");
                        let token_ok = token.strip_prefix("Bot ").unwrap_or(token) == TOKEN;
                        if !token_ok {
                            let _ = sink.send(WsMessage::Close(Some(tokio_tungstenite::tungstenite::protocol::CloseFrame {
                                code: 4004.into(),
                                reason: "Authentication failed.".into(),
                            }))).await;
                            break;
                        }
                        // The shard it identifies as (`[id, total]`), if any.
                        let shard = payload["d"]["shard"]
                            .as_array()
                            .and_then(|a| Some((a.first()?.as_u64()? as u32, a.get(1)?.as_u64()? as u32)));
                        let ready = {
                            let mut s = inner.lock();
                            s.identifies += 1;
                            s.seq = 0;
                            s.events.clear();
                            let session_id = format!("session-{}", s.identifies);
                            s.sessions.insert(session_id.clone());
                            if let Some((id, total)) = shard {
                                s.shard_sessions.insert(id, (conn, tx.clone(), total));
                                *s.shard_identifies.entry(id).or_default() += 1;
                                s.session_shards.insert(session_id.clone(), id);
                            }
                            let (id, total) = shard.unwrap_or((0, 1));
                            json!({
                                "v": 10,
                                "user": bot_user(),
                                "guilds": [],
                                "session_id": session_id,
                                "resume_gateway_url": inner.gateway_url,
                                "shard": [id, total],
                                "application": {"id": APPLICATION_ID.to_string(), "flags": 0},
                            })
                        };
                        let msg = dispatch(inner, "READY", ready);
                        inner.lock().gateway = Some((conn, tx.clone()));
                        Some(msg)
                    }
                    Some(6) => {
                        let session = payload["d"]["session_id"].as_str().unwrap_or("");
                        if inner.lock().sessions.contains(session) {
                            // What the bot missed, in order, then RESUMED.
                            let after = payload["d"]["seq"].as_u64().unwrap_or(0);
                            let missed: Vec<String> = inner
                                .lock()
                                .events
                                .iter()
                                .filter(|(seq, t, _)| *seq > after && t != "RESUMED" && t != "READY")
                                .map(|(seq, t, d)| json!({"op": 0, "s": seq, "t": t, "d": d}).to_string())
                                .collect();
                            let mut failed = false;
                            for m in missed {
                                if sink.send(WsMessage::Text(m)).await.is_err() {
                                    failed = true;
                                    break;
                                }
                            }
                            if failed {
                                break;
                            }
                            let msg = dispatch(inner, "RESUMED", json!({}));
                            {
                                let mut s = inner.lock();
                                s.resumes += 1;
                                s.gateway = Some((conn, tx.clone()));
                                let shard = s.session_shards.get(session).copied();
                                if let Some(id) = shard {
                                    let total = s.shard_sessions.get(&id).map_or(1, |e| e.2);
                                    s.shard_sessions.insert(id, (conn, tx.clone(), total));
                                }
                            }
                            Some(msg)
                        } else {
                            Some(op9(false))
                        }
                    }
                    _ => None,
                };
                if let Some(reply) = reply {
                    if sink.send(reply).await.is_err() {
                        break;
                    }
                    inner.touch();
                }
            }
            outgoing = rx.recv() => {
                let msg = match outgoing {
                    Some(Outgoing::Dispatch(t, d)) => dispatch(inner, t, d),
                    Some(Outgoing::Reconnect) => {
                        not_live(inner);
                        WsMessage::Text(json!({"op": 7, "d": null, "s": null, "t": null}).to_string())
                    }
                    Some(Outgoing::InvalidSession(resumable)) => {
                        not_live(inner);
                        if !resumable {
                            inner.lock().sessions.clear();
                        }
                        op9(resumable)
                    }
                    Some(Outgoing::Drop) => {
                        not_live(inner);
                        // No close frame: the TCP connection just ends.
                        break;
                    }
                    Some(Outgoing::StopAcks) => {
                        acking = false;
                        continue;
                    }
                    None => break,
                };
                if sink.send(msg).await.is_err() {
                    break;
                }
                inner.touch();
            }
        }
    }
    let mut s = inner.lock();
    if s.gateway.as_ref().is_some_and(|(c, _)| *c == conn) {
        s.gateway = None;
    }
    s.shard_sessions.retain(|_, (c, _, _)| *c != conn);
    drop(s);
    inner.touch();
}
