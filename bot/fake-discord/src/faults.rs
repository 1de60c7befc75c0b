//! Faults to inject: rate limits, server errors, refusals with Discord's
//! codes, deleted, archived and locked threads, permissions denied.

use crate::*;

use serde_json::{Value, json};

/// A scripted fault: the next `times` requests matching `method` and the
/// path prefix are answered with `status`, `body` and `headers` instead.
#[derive(Clone, Debug)]
pub struct Fault {
    pub(crate) method: String,
    pub(crate) path_prefix: String,
    pub(crate) status: u16,
    pub(crate) body: Value,
    pub(crate) headers: Vec<(String, String)>,
    pub(crate) times: usize,
    /// Carry the request out first (the fault is only in the answer).
    pub(crate) land: bool,
    /// Any route but the interaction routes (a global rate limit).
    pub(crate) global: bool,
    /// A 429's wait, also when only the header says it.
    pub(crate) retry_after: Option<f64>,
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

    /// The same fault, for the next `times` matching requests.
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

    pub(crate) fn matches(&self, method: &str, path: &str) -> bool {
        self.times > 0 && self.matches_route(method, path)
    }

    pub(crate) fn matches_route(&self, method: &str, path: &str) -> bool {
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

impl FakeDiscord {
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

    /// Forgets every scripted fault and rate limit still in force:
    /// Discord is well again.
    pub fn clear_faults(&self) {
        let mut s = self.inner.lock();
        s.faults.clear();
        s.windows.clear();
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

    /// The thread is deleted, as by a moderator, and the gateway says so
    /// (THREAD_DELETE to the shard of `guild`).
    pub async fn delete_thread_told(&self, guild: u64, id: u64) {
        let parent = self
            .inner
            .lock()
            .channels
            .get(&id)
            .and_then(|c| c.get("parent_id").cloned());
        self.delete_channel(id);
        let event = json!({
            "id": id.to_string(),
            "guild_id": guild.to_string(),
            "parent_id": parent,
            "type": 11,
        });
        self.dispatch_to_guild(guild, "THREAD_DELETE", event).await;
    }

    /// The thread is archived (and locked, when `locked`), as by a
    /// moderator, and the gateway says so (THREAD_UPDATE).
    pub async fn archive_thread_told(&self, guild: u64, id: u64, locked: bool) {
        let channel = {
            let mut s = self.inner.lock();
            let Some(c) = s.channels.get_mut(&id) else {
                return;
            };
            c["thread_metadata"]["archived"] = json!(true);
            c["thread_metadata"]["locked"] = json!(locked);
            c["guild_id"] = json!(guild.to_string());
            c.clone()
        };
        self.dispatch_to_guild(guild, "THREAD_UPDATE", channel)
            .await;
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
}
