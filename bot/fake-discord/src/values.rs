//! What the tests hand the fake and read back: players, the calls the bot
//! made, the interactions sent, command options.

use crate::*;
use std::time::Instant;

use serde_json::{Value, json};

/// A Discord user the tests play as.
#[derive(Clone, Debug)]
pub struct Player {
    /// The user's id.
    pub id: u64,
    /// Their user name (and global name).
    pub name: String,
    /// Permission bits of the member in the guild.
    pub permissions: u64,
    /// Whether the user is a bot.
    pub bot: bool,
}

impl Player {
    /// A person `name` with id `id`, and no permissions.
    pub fn new(id: u64, name: &str) -> Player {
        Player {
            id,
            name: name.to_owned(),
            permissions: 0,
            bot: false,
        }
    }

    /// The same user with Manage Server.
    pub fn admin(mut self) -> Player {
        self.permissions |= MANAGE_GUILD;
        self
    }

    pub(crate) fn user_json(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name,
            "avatar": null,
            "bot": self.bot,
        })
    }

    pub(crate) fn member_json(&self) -> Value {
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
    /// The file's name.
    pub filename: String,
    /// Its declared type, if any.
    pub content_type: Option<String>,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// One REST request the bot made, and what the fake answered.
#[derive(Clone, Debug)]
pub struct Call {
    /// Its place among every request the fake received (from 0).
    pub seq: usize,
    /// `GET`, `POST`, `PATCH`, ...
    pub method: String,
    /// The path after `/api/v10`, such as `/channels/1/messages`.
    pub path: String,
    /// The query string, if any.
    pub query: Option<String>,
    /// The JSON body, or the `payload_json` part of a multipart body.
    pub json: Option<Value>,
    /// The files of a multipart body.
    pub files: Vec<FilePart>,
    /// The status the fake answered with.
    pub status: u16,
    /// Whether it carried the bot's token.
    pub authorized: bool,
    /// When the request arrived.
    pub at: Instant,
}

impl Call {
    /// Whether it is a `method` request to a path starting with
    /// `path_prefix`.
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
    /// The interaction's id.
    pub id: u64,
    /// Its token (the bot answers through it).
    pub token: String,
    /// The channel it came from.
    pub channel_id: u64,
    /// When it was pushed through the gateway.
    pub at: Instant,
}

/// A command option as the user filled it in.
#[derive(Clone, Debug)]
pub struct Opt {
    pub(crate) name: String,
    pub(crate) kind: u8,
    pub(crate) value: Value,
    pub(crate) focused: bool,
    pub(crate) user: Option<Player>,
    /// A choice of a choice list, by its name.
    pub(crate) choice: Option<String>,
}

impl Opt {
    /// A string option.
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

    /// A boolean option.
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

    /// An integer option.
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

    /// A user option: `player`, resolved as Discord resolves it.
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

/// The values of the options of select menu `custom_id` in a stored
/// message.
pub fn select_options(message: &Value, custom_id: &str) -> Vec<String> {
    let mut out = Vec::new();
    for row in message["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            if c["type"] == json!(3) && c["custom_id"] == json!(custom_id) {
                for o in c["options"].as_array().into_iter().flatten() {
                    if let Some(v) = o["value"].as_str() {
                        out.push(v.to_owned());
                    }
                }
            }
        }
    }
    out
}

/// The custom id of the first select menu of a stored message.
pub fn select_id(message: &Value) -> Option<String> {
    message["components"]
        .as_array()?
        .iter()
        .flat_map(|row| row["components"].as_array().into_iter().flatten())
        .find(|c| c["type"] == json!(3))
        .and_then(|c| c["custom_id"].as_str())
        .map(str::to_owned)
}

/// The snowflake in a JSON object's `id`.
pub fn id_of(v: &Value) -> u64 {
    v["id"]
        .as_str()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no id in {v}"))
}
