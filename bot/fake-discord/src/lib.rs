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

#![warn(missing_docs, unreachable_pub)]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

mod bot;
mod faults;
mod gateway;
mod interactions;
mod logs;
mod multipart;
mod observe;
mod rest;
mod routes;
mod state;
mod values;

pub use bot::*;
pub use faults::{Fault, Perm};
pub use gateway::shard_of;
use logs::log_to_test_output;
pub use logs::{captured_logs, wait_log};
pub use values::{Call, FilePart, Opt, Player, Sent, button_ids, id_of, select_id, select_options};

pub(crate) use gateway::serve_gateway;
pub(crate) use multipart::*;
pub(crate) use rest::*;
pub(crate) use routes::route;
pub(crate) use state::*;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::Notify;
use tokio::task::JoinHandle;

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

/// The Manage Server permission bit, as a member's permissions carry it.
pub const MANAGE_GUILD: u64 = 1 << 5;

/// The fake Discord; dropping it stops both listeners.
pub struct FakeDiscord {
    pub(crate) inner: Arc<Inner>,
    pub(crate) rest: SocketAddr,
    pub(crate) tasks: Vec<JoinHandle<()>>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

impl FakeDiscord {
    /// A fake Discord listening on two loopback ports (REST and the
    /// gateway), with one guild and its lobby channel.
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
}
