//! The gateway (tokio-tungstenite): HELLO, IDENTIFY and RESUME, heartbeats,
//! dispatches, and what a test does to a session (reconnect, invalid
//! session, a dropped socket, heartbeats left unacknowledged); shards for
//! bots run as several processes.

use crate::*;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message as WsMessage;

impl FakeDiscord {
    /// Waits until a session identified after the first `before` ones (a
    /// new bot process) is the live one, and returns how many IDENTIFYs
    /// there have been. Until its READY the live session may still be the
    /// old process's, whose socket closes a moment later.
    pub(crate) async fn wait_new_session(&self, before: u64) -> u64 {
        self.wait("a new gateway session", |s| {
            let live = s.gateway.as_ref().map(|(conn, _)| *conn);
            (s.identifies > before && live.is_some_and(|c| c >= s.identified_on))
                .then_some(s.identifies)
        })
        .await
    }

    /// How many IDENTIFYs the gateway has seen.
    pub fn identifies(&self) -> u64 {
        self.inner.lock().identifies
    }

    /// Whether a gateway session is live (a bot could be sent an event).
    pub fn has_live_session(&self) -> bool {
        self.inner.lock().gateway.is_some()
    }

    /// How many RESUMEs the gateway has seen.
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
    pub(crate) async fn send_on_live(&self, what: Outgoing) -> u64 {
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
    pub(crate) async fn push(&self, sent: &mut Sent, body: Value) {
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
}

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
    pub(crate) async fn dispatch_to_guild(&self, guild: u64, event: &'static str, data: Value) {
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
        let data = self.command_data(name, options);
        self.command_data_in(guild, player, channel_id, data).await
    }

    /// A command's `data` typed in `channel_id` of `guild`, routed to the
    /// shard that owns the guild.
    async fn command_data_in(
        &self,
        guild: u64,
        player: &Player,
        channel_id: u64,
        mut data: Value,
    ) -> Sent {
        data["guild_id"] = json!(guild.to_string());
        let (sent, mut body) = self.interaction(2, player, channel_id, data);
        body["guild_id"] = json!(guild.to_string());
        self.dispatch_to_guild(guild, "INTERACTION_CREATE", body)
            .await;
        sent
    }

    /// `/name sub options...` typed by `player` in `channel_id` of
    /// `guild`, routed to the shard that owns the guild.
    pub async fn subcommand_in(
        &self,
        guild: u64,
        player: &Player,
        channel_id: u64,
        (name, sub): (&str, &str),
        options: &[Opt],
    ) -> Sent {
        let data = self.subcommand_data(name, sub, options);
        self.command_data_in(guild, player, channel_id, data).await
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

pub(crate) async fn serve_gateway(listener: TcpListener, inner: Arc<Inner>) {
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

pub(crate) async fn gateway_session(
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
                            s.identified_on = conn;
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
