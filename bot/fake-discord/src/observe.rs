//! What the bot did, as the tests read it: its REST calls, the messages,
//! threads and DM channels it made, the answers to interactions, waits
//! for any of them.

use crate::*;

use serde_json::{Value, json};

impl FakeDiscord {
    /// Every REST request so far, in order.
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

    /// How many calls so far: a mark for [`FakeDiscord::wait_call_after`].
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

    /// Every message the bot made that everyone sees (not ephemeral:
    /// channel and thread posts, DMs, public interaction answers), as it
    /// stands, oldest first: (channel, content). A create repeated with its
    /// nonce is one message, as on Discord.
    pub fn public_messages(&self) -> Vec<(u64, String)> {
        let s = self.inner.lock();
        let mut out: Vec<(u64, u64, String)> = s
            .messages
            .values()
            .filter(|m| m["flags"].as_u64().unwrap_or(0) & (1 << 6) == 0)
            .map(|m| {
                let channel = m["channel_id"]
                    .as_str()
                    .and_then(|c| c.parse().ok())
                    .unwrap_or(0);
                let content = m["content"].as_str().unwrap_or("").to_owned();
                (id_of(m), channel, content)
            })
            .collect();
        out.sort();
        out.into_iter().map(|(_, c, text)| (c, text)).collect()
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

    /// Whether `channel` is a DM channel the bot opened.
    pub fn is_dm(&self, channel: u64) -> bool {
        self.inner.lock().dm_users.contains_key(&channel)
    }

    /// The DM channel opened with `user`, if any.
    pub fn dm_channel(&self, user: u64) -> Option<u64> {
        let s = self.inner.lock();
        s.dm_users
            .iter()
            .find(|(_, u)| **u == user)
            .map(|(c, _)| *c)
    }

    pub(crate) async fn wait<T>(&self, what: &str, f: impl Fn(&State) -> Option<T>) -> T {
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
