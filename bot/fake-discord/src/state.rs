//! What the fake remembers: every call, message, channel, interaction,
//! session and fault in force, behind one lock.

use crate::*;
use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, MutexGuard};
use std::time::Instant;

use serde_json::Value;
use tokio::sync::{Notify, mpsc};

/// An interaction's clock: when it was pushed, when first answered.
pub(crate) struct Pending {
    pub(crate) sent: Instant,
    pub(crate) acked: Option<Instant>,
}

pub(crate) enum Outgoing {
    Dispatch(&'static str, Value),
    Reconnect,
    InvalidSession(bool),
    Drop,
    StopAcks,
}

#[derive(Default)]
pub(crate) struct State {
    pub(crate) calls: Vec<Call>,
    pub(crate) next_id: u64,
    /// Every message the bot created, by id.
    pub(crate) messages: HashMap<u64, Value>,
    /// The message an interaction's response created, by token.
    pub(crate) originals: HashMap<String, u64>,
    /// Channels the bot created or opened: threads and DMs.
    pub(crate) channels: HashMap<u64, Value>,
    /// DM channel -> its user.
    pub(crate) dm_users: HashMap<u64, u64>,
    pub(crate) closed_dms: HashSet<u64>,
    pub(crate) faults: Vec<Fault>,
    /// Interactions by token: Discord's 3 s and answer-once rules.
    pub(crate) pending: HashMap<String, Pending>,
    /// (channel, nonce) -> message, for `enforce_nonce`.
    pub(crate) nonces: HashMap<(u64, String), u64>,
    /// Channels deleted (404, Unknown Channel).
    pub(crate) deleted: HashSet<u64>,
    /// Permissions denied: per channel (Manage Threads: channel 0, anywhere).
    pub(crate) denied: HashSet<(u64, Perm)>,
    /// Session ids that may be resumed.
    pub(crate) sessions: HashSet<String>,
    /// Rate limits in force: a request they match before they end gets
    /// another 429, as from Discord.
    pub(crate) windows: Vec<(Fault, Instant)>,
    /// The session's dispatches (seq, type, data), replayed on RESUME.
    pub(crate) events: Vec<(u64, String, Value)>,
    /// The live gateway session: connection number and its sender.
    pub(crate) gateway: Option<(u64, mpsc::UnboundedSender<Outgoing>)>,
    pub(crate) connections: u64,
    /// The connection the last IDENTIFY came on.
    pub(crate) identified_on: u64,
    pub(crate) identifies: u64,
    pub(crate) resumes: u64,
    pub(crate) seq: u64,
    /// Command names to ids, from the last registration.
    pub(crate) command_ids: HashMap<String, u64>,
    /// The registered commands by name, as the bot described them.
    pub(crate) registered: HashMap<String, Value>,
    /// The channel each interaction token was issued in.
    pub(crate) token_channels: HashMap<String, u64>,
    /// Sessions by shard, for bots that identify with a shard (several
    /// processes, each running a range): shard -> (connection, sender,
    /// shard count), and IDENTIFYs per shard.
    pub(crate) shard_sessions: HashMap<u32, (u64, mpsc::UnboundedSender<Outgoing>, u32)>,
    pub(crate) shard_identifies: HashMap<u32, u64>,
    /// The shard each session id was given to (for RESUME).
    pub(crate) session_shards: HashMap<String, u32>,
}

impl State {
    pub(crate) fn snowflake(&mut self) -> u64 {
        self.next_id += 1;
        1_300_000_000_000_000_000 + self.next_id
    }
}

pub(crate) struct Inner {
    pub(crate) state: Mutex<State>,
    pub(crate) changed: Notify,
    pub(crate) gateway_url: String,
}

impl Inner {
    pub(crate) fn lock(&self) -> MutexGuard<'_, State> {
        // A test that panicked while holding the lock has failed already.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(crate) fn touch(&self) {
        self.changed.notify_waiters();
    }
}
