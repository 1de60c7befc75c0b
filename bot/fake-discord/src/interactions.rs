//! Interactions the tests push as Discord would: slash commands,
//! subcommands, autocomplete, button presses, choices in select menus.

use crate::*;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

impl FakeDiscord {
    pub(crate) fn interaction(
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

    /// A command's id and its definition as the bot registered it.
    fn registered(&self, name: &str) -> (u64, Option<Value>) {
        let s = self.inner.lock();
        (
            s.command_ids
                .get(name)
                .copied()
                .unwrap_or(1_400_000_000_000_000_000),
            s.registered.get(name).cloned(),
        )
    }

    /// `options` as Discord sends them for `what` (`/name`, `/name sub`),
    /// whose definition is `registered` (a choice goes as its registered
    /// value), and the users they name, resolved.
    fn options_json(
        what: &str,
        registered: Option<&Value>,
        options: &[Opt],
    ) -> (Vec<Value>, serde_json::Map<String, Value>) {
        let mut users = serde_json::Map::new();
        let options = options
            .iter()
            .map(|o| {
                if let Some(p) = &o.user {
                    users.insert(p.id.to_string(), p.user_json());
                }
                let (kind, value) = match &o.choice {
                    Some(choice) => {
                        let option = registered
                            .and_then(|c| c["options"].as_array())
                            .and_then(|a| a.iter().find(|opt| opt["name"] == o.name.as_str()))
                            .unwrap_or_else(|| {
                                panic!("{what} has no registered option {}", o.name)
                            });
                        let value = option["choices"]
                            .as_array()
                            .and_then(|a| a.iter().find(|c| c["name"] == choice.as_str()))
                            .map(|c| c["value"].clone())
                            .unwrap_or_else(|| panic!("{what} {} has no choice {choice}", o.name));
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
        (options, users)
    }

    pub(crate) fn command_data(&self, name: &str, options: &[Opt]) -> Value {
        let (command_id, registered) = self.registered(name);
        let (options, users) =
            FakeDiscord::options_json(&format!("/{name}"), registered.as_ref(), options);
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

    pub(crate) fn subcommand_data(&self, name: &str, sub: &str, options: &[Opt]) -> Value {
        let (command_id, registered) = self.registered(name);
        // The subcommand as registered: its options carry the choices.
        let registered_sub = registered
            .as_ref()
            .and_then(|c| c["options"].as_array())
            .and_then(|a| a.iter().find(|o| o["name"] == sub && o["type"] == json!(1)));
        let (options, users) =
            FakeDiscord::options_json(&format!("/{name} {sub}"), registered_sub, options);
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

    /// A choice of option `value` in the select menu `custom_id` of a
    /// message the bot sent. The menu and the option must be there.
    pub async fn select(
        &self,
        player: &Player,
        message_id: u64,
        custom_id: &str,
        value: &str,
    ) -> Sent {
        let message = self
            .message(message_id)
            .unwrap_or_else(|| panic!("the bot sent no message {message_id}"));
        let offered = select_options(&message, custom_id);
        assert!(
            offered.iter().any(|v| v == value),
            "no option {value} in select {custom_id} of message {message_id}: {offered:?}"
        );
        let data = json!({"custom_id": custom_id, "component_type": 3, "values": [value]});
        let (mut sent, body, _) = self.component(player, message_id, data);
        self.push(&mut sent, body).await;
        sent
    }

    /// The interaction of a press on button `custom_id` of message
    /// `message_id` the bot sent, and the message's channel; edits of the
    /// press's "original" will edit that message.
    pub(crate) fn button_press(
        &self,
        player: &Player,
        message_id: u64,
        custom_id: &str,
    ) -> (Sent, Value, u64) {
        self.component(
            player,
            message_id,
            json!({"custom_id": custom_id, "component_type": 2}),
        )
    }

    /// A component interaction on message `message_id` with `data`.
    fn component(&self, player: &Player, message_id: u64, data: Value) -> (Sent, Value, u64) {
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
        let (sent, mut body) = self.interaction(3, player, channel_id, data);
        body["message"] = message;
        self.inner
            .lock()
            .originals
            .insert(sent.token.clone(), message_id);
        (sent, body, channel_id)
    }
}
