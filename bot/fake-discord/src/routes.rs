//! Where each REST request goes, by resource: the application (gateway,
//! the bot user, command registration, DM channels), interactions and
//! their webhooks, channels (messages, threads). Each answers as Discord
//! would, keeping Discord's rules where the bot could break them.

use serde_json::{Value, json};
use std::time::Instant;

use crate::*;

/// A status and, for most, a JSON body.
pub(crate) type Answer = (u16, Option<Value>);

/// Answers one request, `files` being a multipart body's files.
pub(crate) fn route(
    s: &mut State,
    inner: &Inner,
    method: &str,
    path: &str,
    body: Option<&Value>,
    files: &[FilePart],
) -> Answer {
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    match parts.first().copied() {
        Some("gateway" | "applications" | "users") => application(s, inner, method, &parts, body),
        Some("interactions" | "webhooks") => interactions(s, method, &parts, body, files),
        Some("channels") => channels(s, method, &parts, body, files),
        _ => no_route(),
    }
}

/// A route the fake does not know.
fn no_route() -> Answer {
    (
        404,
        Some(json!({"message": "404: Not Found (no such route in the fake)", "code": 0})),
    )
}

/// The gateway's address, the bot user, command registration, DM channels.
fn application(
    s: &mut State,
    inner: &Inner,
    method: &str,
    parts: &[&str],
    body: Option<&Value>,
) -> Answer {
    match (method, parts) {
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
        _ => no_route(),
    }
}

/// Interaction callbacks (the 3 s and answer-once rules) and the
/// webhooks that edit and follow up an answer.
fn interactions(
    s: &mut State,
    method: &str,
    parts: &[&str],
    body: Option<&Value>,
    files: &[FilePart],
) -> Answer {
    match (method, parts) {
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
        _ => no_route(),
    }
}

/// Channels: messages (nonces, locked threads, closed DMs), threads,
/// and what a deleted channel or a denied permission refuses.
fn channels(
    s: &mut State,
    method: &str,
    parts: &[&str],
    body: Option<&Value>,
    files: &[FilePart],
) -> Answer {
    let num = |i: usize| parts.get(i).and_then(|p| p.parse::<u64>().ok());
    match (method, parts) {
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
        _ => no_route(),
    }
}
