//! Where a game's posts go ([`Threads`]), and [`post_reply`]: the one way
//! a host [`Reply`] (or refusal) becomes an interaction's answer.
//!
//! Public replies about a game belong in the game's thread. When the
//! interaction came from elsewhere (a challenge accepted in the lobby, a
//! move typed in another channel) the interaction is answered first (a
//! pointer to the thread, or a deferral while the thread is opened) and the
//! reply is posted in the thread afterwards: nothing that waits on Discord
//! holds up the answer.
//!
//! A game's place is recorded by the host
//! ([`Outbox::bind_thread`](chronomate_host::Outbox::bind_thread)): the
//! thread opened for it, or, when the bot may not open threads there (403,
//! Missing Permissions), the channel itself, so the game is played in the
//! channel and the server's admins are told once which permission is
//! missing. When a recorded thread is gone (deleted: 404 Unknown Channel;
//! archived and locked: 50083) or refuses the bot, the next post opens
//! another thread in the game's channel, or falls back to the channel, and
//! records it. A game stays reachable by `game:ID` from anywhere.
//!
//! When a game ends, its thread is archived and locked after the final
//! board (archived only, when the bot may not lock: Manage Threads): an
//! announcement of the outbox ([`super::outbox`]), after the game's last.
//!
//! Places stay true: the gateway's THREAD_DELETE, THREAD_UPDATE (archived
//! and locked) and CHANNEL_DELETE forget a live game's place at once
//! ([`Outbox::place_gone`](chronomate_host::Outbox::place_gone)), so the
//! next post opens a new thread and no pointer names a place that is gone.
//! Warnings to admins are told once per server and cause, in the database
//! ([`Outbox::warn_admins`](chronomate_host::Outbox::warn_admins)).

use chronomate_host::{GameId, GamePlace, Host, HostError, Reply};
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};

use poise::serenity_prelude as serenity;
use serde_json::json;
use serenity::{ChannelId, MessageFlags, MessageId};

use super::Data;
use super::interaction::{Hold, Interaction};
use super::post::{Post, clip, create_message};
use super::rest::{Body, Failure, Repeat, Rest, Route as Api, codes};

/// Where a public reply about a game goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Route {
    /// Where it was asked for (looking at a board, a record).
    Here,
    /// In the game's thread (anything that changes the game).
    GameThread,
}

/// A permission whose lack sends a game to its channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Missing {
    CreateThreads,
    SendInThreads,
}

impl Missing {
    fn name(self) -> &'static str {
        match self {
            Missing::CreateThreads => "Create Public Threads",
            Missing::SendInThreads => "Send Messages in Threads",
        }
    }

    /// Its cause, as warnings are recorded once per server.
    fn cause(self) -> &'static str {
        match self {
            Missing::CreateThreads => "create-threads",
            Missing::SendInThreads => "send-in-threads",
        }
    }
}

/// Why a post about a game went nowhere.
#[derive(Debug)]
pub(crate) enum Undelivered {
    /// Discord refused or failed.
    Failed(Failure),
    /// The game has no place to post in (unknown, or not in a server).
    Nowhere(String),
}

impl fmt::Display for Undelivered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Undelivered::Failed(e) => e.fmt(f),
            Undelivered::Nowhere(why) => f.write_str(why),
        }
    }
}

/// A game as an answer about it found it, before the answer went out.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct BeforeAnswer {
    /// The game's recorded place (its thread, or its channel), if it has
    /// one.
    pub recorded: Option<ChannelId>,
}

/// Game threads: opening, posting with fallbacks, closing.
pub(crate) struct Threads {
    pub rest: Arc<Rest>,
    pub host: Arc<Host>,
    /// Games whose place is being opened: one opening at a time per game,
    /// so two commands at once cannot open two threads.
    opening: Mutex<HashMap<GameId, Arc<tokio::sync::Mutex<()>>>>,
}

impl Threads {
    pub(crate) fn new(rest: Arc<Rest>, host: Arc<Host>) -> Threads {
        Threads {
            rest,
            host,
            opening: Mutex::new(HashMap::new()),
        }
    }

    async fn place_of(&self, game: GameId) -> Result<GamePlace, Undelivered> {
        self.host.outbox().place_of(game).await.map_err(|e| {
            Undelivered::Nowhere(format!("cannot find where game {game} is played: {e}"))
        })
    }

    /// Where a game stands as an answer about it is about to go out: its
    /// recorded place.
    pub(crate) async fn before_answer(&self, game: GameId) -> BeforeAnswer {
        match self.place_of(game).await {
            Ok(gp) => BeforeAnswer {
                recorded: gp.place.thread.as_deref().and_then(parse_channel),
            },
            Err(e) => {
                tracing::warn!("{e}");
                BeforeAnswer::default()
            }
        }
    }

    /// Opens the game's place if it has none: a thread under `starter`
    /// (the pressed challenge message) where there is one, else a thread in
    /// the game's channel (or `here`), else the channel itself when threads
    /// are refused. `None`: nowhere (not in a server, or Discord failed;
    /// the caller answers where asked).
    pub(crate) async fn open(
        &self,
        game: GameId,
        starter: Option<(ChannelId, MessageId)>,
        here: ChannelId,
    ) -> Option<ChannelId> {
        let _held = self.hold(game).await;
        self.open_once(game, starter, here).await
    }

    /// The game's opening lock (kept for the process's life: a few bytes a
    /// game).
    async fn hold(&self, game: GameId) -> Option<tokio::sync::OwnedMutexGuard<()>> {
        let lock = self
            .opening
            .lock()
            .map(|mut o| o.entry(game).or_default().clone())
            .ok()?;
        Some(lock.lock_owned().await)
    }

    /// A new place for a game whose place `gone` is gone, unless another
    /// task found one meanwhile.
    async fn reopen(&self, game: GameId, gone: ChannelId) -> Result<ChannelId, Undelivered> {
        let _held = self.hold(game).await;
        let gp = self.place_of(game).await?;
        if let Some(place) = gp.place.thread.as_deref().and_then(parse_channel)
            && place != gone
        {
            return Ok(place);
        }
        let channel = channel_of(&gp).ok_or_else(|| {
            Undelivered::Nowhere(format!("game {game} has no channel to post in"))
        })?;
        self.open_in(&gp, channel, None).await
    }

    async fn open_once(
        &self,
        game: GameId,
        starter: Option<(ChannelId, MessageId)>,
        here: ChannelId,
    ) -> Option<ChannelId> {
        let gp = match self.place_of(game).await {
            Ok(gp) => gp,
            Err(e) => {
                tracing::warn!("{e}");
                return None;
            }
        };
        if let Some(place) = gp.place.thread.as_deref().and_then(parse_channel) {
            return Some(place);
        }
        gp.place.guild.as_ref()?;
        let channel = channel_of(&gp).unwrap_or(here);
        self.open_in(&gp, channel, starter).await.ok()
    }

    /// Opens a thread for the game in `channel` (under `starter` if given)
    /// and records it; the channel itself when threads are refused there.
    async fn open_in(
        &self,
        gp: &GamePlace,
        channel: ChannelId,
        starter: Option<(ChannelId, MessageId)>,
    ) -> Result<ChannelId, Undelivered> {
        let name = clip(&gp.title, 100);
        let created = match starter {
            Some((c, m)) => create_thread_from_message(&self.rest, c, m, &name).await,
            None => create_thread(&self.rest, channel, &name).await,
        };
        match created {
            Ok(thread) => {
                tracing::info!(game = %gp.game, %thread, "opened the game's thread");
                self.record(gp.game, thread).await;
                if let Some(guild) = &gp.place.guild
                    && let Err(e) = self.host.outbox().thread_opened(guild).await
                {
                    tracing::warn!(error = %e, "cannot clear the server's warnings");
                }
                Ok(thread)
            }
            Err(f) if is_refusal_of_permission(&f) => {
                self.record(gp.game, channel).await;
                self.tell_admins(channel, gp.game, Missing::CreateThreads, &f)
                    .await;
                Ok(channel)
            }
            Err(f) => {
                tracing::warn!(game = %gp.game, "{f}; the game has no thread yet");
                Err(Undelivered::Failed(f))
            }
        }
    }

    async fn record(&self, game: GameId, place: ChannelId) {
        if let Err(e) = self
            .host
            .outbox()
            .bind_thread(game, &place.to_string())
            .await
        {
            tracing::warn!(game = %game, %place, error = %e, "cannot record where the game is played");
        }
    }

    /// Posts `post` in the game's place, finding another when its thread
    /// is gone or refuses the bot; returns where it went. A game with no
    /// place yet gets a thread when `open` says so, else the post goes to
    /// its channel.
    ///
    /// `announcement`: the nonce of the outbox row it posts, so that its
    /// message is made once whoever posts it.
    pub(crate) async fn post(
        &self,
        game: GameId,
        post: &Post,
        open: bool,
        announcement: Option<u64>,
    ) -> Result<ChannelId, Undelivered> {
        let gp = self.place_of(game).await?;
        let channel = channel_of(&gp);
        let nowhere = || Undelivered::Nowhere(format!("game {game} has no channel to post in"));
        let mut target = match gp.place.thread.as_deref().and_then(parse_channel) {
            Some(place) => place,
            None if open && gp.place.guild.is_some() => {
                let here = channel.ok_or_else(nowhere)?;
                self.open(game, None, here).await.ok_or_else(|| {
                    Undelivered::Nowhere(format!("game {game}: no thread could be opened"))
                })?
            }
            None => channel.ok_or_else(nowhere)?,
        };
        // At most: the thread, a new thread, the channel.
        for _ in 0..3 {
            let in_thread = Some(target) != channel;
            match create_message(&self.rest, target, post, announcement).await {
                Ok(_) => return Ok(target),
                Err(f) if in_thread && is_gone(&f) => {
                    tracing::warn!(game = %game, "{f}; the game's thread is gone: opening another");
                    target = self.reopen(game, target).await?;
                }
                Err(f) if in_thread && is_refusal_of_permission(&f) => {
                    let channel = channel.ok_or_else(nowhere)?;
                    self.record(game, channel).await;
                    self.tell_admins(channel, game, Missing::SendInThreads, &f)
                        .await;
                    target = channel;
                }
                Err(f) => return Err(Undelivered::Failed(f)),
            }
        }
        Err(Undelivered::Nowhere(format!(
            "game {game}: no place took the post"
        )))
    }

    /// Tells the server's admins, once per server and cause (recorded in
    /// the database), which permission the bot lacks and that the game is
    /// played in the channel meanwhile: an announcement of the outbox.
    async fn tell_admins(&self, channel: ChannelId, game: GameId, missing: Missing, why: &Failure) {
        tracing::warn!(
            game = %game,
            %channel,
            "{why}; the bot lacks {} in the channel: game {game} is played in the channel",
            missing.name(),
        );
        let Ok(gp) = self.place_of(game).await else {
            return;
        };
        let Some(guild) = gp.place.guild.as_deref() else {
            return;
        };
        let text = format!(
            "⚠️ Game #{game} cannot have a thread: Chronomate is missing the **{}** permission in <#{channel}>, so the game is played in this channel instead. A server admin can grant **Create Public Threads** and **Send Messages in Threads** to Chronomate in this channel's settings; new games will then get their own threads.",
            missing.name()
        );
        match self
            .host
            .outbox()
            .warn_admins(guild, missing.cause(), &channel.to_string(), &text)
            .await
        {
            Ok(true) => tracing::info!(guild, "telling the server's admins"),
            Ok(false) => {}
            Err(e) => tracing::error!(error = %e, "cannot record the warning to the admins"),
        }
    }

    /// Archives and locks a finished game's thread (archives it only when
    /// the bot may not lock: Manage Threads). Nothing for a live game or
    /// one played in its channel. A failure Discord may get over (no
    /// answer, a 5xx, a rate limit) is returned, to be tried again; a
    /// refusal is logged and the thread stays open.
    pub(crate) async fn close(&self, game: GameId) -> Result<(), Failure> {
        let Ok(gp) = self.place_of(game).await else {
            return Ok(());
        };
        let Some(thread) = gp.place.thread.as_deref().and_then(parse_channel) else {
            return Ok(());
        };
        if gp.live || Some(thread) == channel_of(&gp) {
            return Ok(());
        }
        let route = Api::edit_channel(thread.get());
        let close = |locked: bool| Body::Json(json!({"archived": true, "locked": locked}));
        match self
            .rest
            .send(&route, &close(true), Repeat::Safe, None)
            .await
        {
            Ok(_) => {
                tracing::info!(game = %game, %thread, "archived and locked the finished game's thread")
            }
            Err(f) if f.status == Some(403) => {
                match self
                    .rest
                    .send(&route, &close(false), Repeat::Safe, None)
                    .await
                {
                    Ok(_) => tracing::info!(
                        game = %game,
                        %thread,
                        "{f}; archived the finished game's thread without locking it (Manage Threads)"
                    ),
                    Err(e) if e.is_transient() => return Err(e),
                    Err(e) => {
                        tracing::warn!(game = %game, "{e}; the finished game's thread stays open")
                    }
                }
            }
            Err(f) if f.is_transient() => return Err(f),
            Err(f) => tracing::warn!(game = %game, "{f}; the finished game's thread stays open"),
        }
        Ok(())
    }
}

/// Answers an interaction with the host's reply: refusals privately,
/// private replies privately, public replies about a game in its place.
/// Typed in the game's place, the answer is the post (unless an earlier
/// post of the game's still waits in the outbox); elsewhere, or behind
/// such a post, the post goes to the game's place through the outbox (after whatever the game's
/// stream holds; a thread opened first when the game has none) and the
/// answer, deferred meanwhile, says where it actually went.
pub(crate) async fn post_reply(
    data: &Data,
    r: &mut Interaction<'_>,
    result: Result<Reply, HostError>,
    route: Route,
) {
    let reply = match result {
        Ok(reply) => reply,
        Err(e) => return r.refuse(&e).await,
    };
    answer_reply(data, r, &reply, route).await;
    // Another stream's news the command caused follows the answer.
    data.outbox.answered(&reply.follows, false).await;
}

/// How long an answer waits for an earlier post of its game to clear
/// before it is posted in its turn instead ("Posted here."): a post being
/// delivered this moment (a move answered a few milliseconds before, its
/// row not yet deleted; Chronomate's reply on its way) clears within it.
/// Discord allows 3 s for the answer.
const OVERTAKE_WAIT: std::time::Duration = std::time::Duration::from_millis(1_000);

/// Whether `reply`'s announcements would still overtake an earlier post
/// of their game after waiting up to [`OVERTAKE_WAIT`] for it to clear.
async fn behind_after_a_moment(host: &Host, reply: &Reply) -> bool {
    let until = tokio::time::Instant::now() + OVERTAKE_WAIT;
    loop {
        match host.outbox().overtakes(&reply.announced).await {
            Ok(false) => return false,
            Ok(true) if tokio::time::Instant::now() < until => {
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
            Ok(true) => return true,
            Err(e) => {
                tracing::warn!(error = %e, "cannot read the game's stream; answering in place");
                return false;
            }
        }
    }
}

/// [`post_reply`]'s answer with a reply.
async fn answer_reply(data: &Data, r: &mut Interaction<'_>, reply: &Reply, route: Route) {
    let post = Post::from_reply(reply);
    let game = match (route, reply.game) {
        (Route::GameThread, Some(game)) if !reply.private => game,
        _ => {
            // Answered where asked: where a challenge's answer lives.
            let landed = r.answer(&post).await;
            data.outbox.answered(&reply.announced, landed).await;
            return;
        }
    };
    let here = r.source.channel_id();
    let before = data.threads.before_answer(game).await;
    if reply.announced.is_empty() {
        r.answer(&post).await;
        return;
    }
    // Typed in the game's place, the answer is the post, unless the game's
    // stream still holds an earlier post (its process died before
    // answering with it): the answer would overtake it.
    let behind = before.recorded == Some(here) && behind_after_a_moment(&data.host, reply).await;
    if before.recorded == Some(here) && !behind {
        let landed = r.answer(&post).await;
        data.outbox.answered(&reply.announced, landed).await;
        return;
    }
    let told = match before.recorded {
        // The place is known (and true: the gateway's events forget a
        // deleted or locked one): point there at once.
        Some(place) if place != here => {
            r.answer(&pointer(place)).await;
            Some(place)
        }
        recorded => {
            // Opening a thread, or the posts ahead, may wait on Discord:
            // acknowledge first.
            if let Err(e) = r.hold(Hold::Think { ephemeral: true }).await {
                tracing::warn!("{e}; the interaction could not be deferred");
            }
            if recorded.is_none() {
                data.threads.open(game, starter(r), here).await;
            }
            None
        }
    };
    // The post goes through the game's stream, after what it holds.
    let at = data.outbox.post_now(&reply.announced).await;
    match (told, at) {
        (Some(place), Some(at)) if at != place && at != here => {
            let note = format!("Game #{game} moved: it continues in <#{at}>.");
            r.also(&Post::text(note).ephemeral(true)).await;
        }
        (Some(_), _) => {}
        (None, Some(at)) if at != here => {
            r.answer(&pointer(at)).await;
        }
        (None, Some(_)) => {
            r.answer(&Post::text("Posted here.").ephemeral(true)).await;
        }
        (None, None) => {
            tracing::warn!(game = %game, "the post has not gone out yet; showing it where it was asked for");
            r.answer(&post.clone().ephemeral(true)).await;
        }
    }
}

/// "Posted in <#thread>.", for the player only.
fn pointer(place: ChannelId) -> Post {
    Post::text(format!("Posted in <#{place}>.")).ephemeral(true)
}

/// The message a thread can hang under: the pressed one, when it is a
/// public message in a server channel (not in a thread).
pub(crate) fn starter(r: &Interaction<'_>) -> Option<(ChannelId, MessageId)> {
    let m = r.source.message()?;
    let fits = !r.source.in_thread()
        && r.source.guild_id().is_some()
        && !m.flags.is_some_and(|f| f.contains(MessageFlags::EPHEMERAL));
    fits.then_some((m.channel_id, m.id))
}

/// A thread under a message. A repeat of one that landed is refused with
/// 160004: the thread is there, and has the message's id.
async fn create_thread_from_message(
    rest: &Rest,
    channel: ChannelId,
    message: MessageId,
    name: &str,
) -> Result<ChannelId, Failure> {
    let route = Api::thread_from_message(channel.get(), message.get());
    let body = Body::Json(json!({"name": name, "auto_archive_duration": 10080}));
    match rest.send(&route, &body, Repeat::Safe, None).await {
        Ok(v) => id_in(&v).ok_or_else(|| no_id(&route)),
        Err(f) if f.is(codes::THREAD_EXISTS) => Ok(ChannelId::new(message.get())),
        Err(f) => Err(f),
    }
}

/// A public thread with no starter message. Not repeated after a failure
/// that may have landed: a second try could open a second thread.
async fn create_thread(rest: &Rest, channel: ChannelId, name: &str) -> Result<ChannelId, Failure> {
    let route = Api::threads(channel.get());
    let body = Body::Json(json!({"name": name, "type": 11, "auto_archive_duration": 10080}));
    let v = rest.send(&route, &body, Repeat::OnlyIfUnsent, None).await?;
    id_in(&v).ok_or_else(|| no_id(&route))
}

fn no_id(route: &Api) -> Failure {
    Failure {
        route: route.label().to_owned(),
        status: None,
        code: None,
        message: "the answer has no channel id".to_owned(),
        maybe_landed: true,
    }
}

/// The snowflake in a JSON object's `id`.
pub(crate) fn id_in(v: &serde_json::Value) -> Option<ChannelId> {
    v.get("id")
        .and_then(serde_json::Value::as_str)
        .and_then(|s| s.parse::<u64>().ok())
        .filter(|n| *n != 0)
        .map(ChannelId::new)
}

/// The thread is deleted, or archived and locked.
fn is_gone(f: &Failure) -> bool {
    (f.status == Some(404) && f.is(codes::UNKNOWN_CHANNEL)) || f.is(codes::THREAD_ARCHIVED)
}

/// The bot may not do it here.
fn is_refusal_of_permission(f: &Failure) -> bool {
    f.status == Some(403) && (f.is(codes::MISSING_PERMISSIONS) || f.is(codes::MISSING_ACCESS))
}

fn channel_of(gp: &GamePlace) -> Option<ChannelId> {
    gp.place.channel.as_deref().and_then(parse_channel)
}

pub(crate) fn parse_channel(id: &str) -> Option<ChannelId> {
    id.parse::<u64>()
        .ok()
        .filter(|n| *n != 0)
        .map(ChannelId::new)
}
