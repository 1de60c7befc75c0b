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
//! A game's place is recorded by the host ([`Host::bind_thread`]): the
//! thread opened for it, or, when the bot may not open threads there
//! (403, Missing Permissions), the channel itself, so the game is played in
//! the channel and the server's admins are told once which permission is
//! missing. When a recorded thread is gone (deleted: 404 Unknown Channel;
//! archived and locked: 50083) or refuses the bot, the next post opens
//! another thread in the game's channel, or falls back to the channel, and
//! records it. A game stays reachable by `game:ID` from anywhere.
//!
//! When a game ends, its thread is archived and locked after the final
//! board (archived only, when the bot may not lock: Manage Threads).

use chronomate_host::{GameId, GamePlace, Host, HostError, PlayerKey, Reply};
use std::collections::{HashMap, HashSet};
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
    /// Whether it had ended. Only an answer that found it ended closes its
    /// place, so an earlier answer still on its way cannot close the
    /// thread under the final board (the player may have moved again
    /// meanwhile).
    pub ended: bool,
}

/// Game threads: opening, posting with fallbacks, closing.
pub(crate) struct Threads {
    pub rest: Arc<Rest>,
    pub host: Arc<Host>,
    /// (channel, permission) pairs whose admins were told: once per process.
    told: Mutex<HashSet<(ChannelId, Missing)>>,
    /// Games whose place is being opened: one opening at a time per game,
    /// so two commands at once cannot open two threads.
    opening: Mutex<HashMap<GameId, Arc<tokio::sync::Mutex<()>>>>,
    /// Answers on their way, by who asked and by game (see
    /// [`Threads::replying`]).
    replying: Mutex<HashMap<Answering, usize>>,
    replied: tokio::sync::Notify,
}

/// Whom or what an answer on its way is about.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Answering {
    /// A player's command or button, from before the host works on it:
    /// the host may wake Chronomate before the answer is even written,
    /// and Chronomate's reply to that player must wait for it.
    Player(PlayerKey),
    /// A reply about a game, as it is posted.
    Game(GameId),
}

/// An answer on its way; dropped once it is out.
pub(crate) struct Replying<'a> {
    threads: &'a Threads,
    about: Answering,
}

impl Drop for Replying<'_> {
    fn drop(&mut self) {
        if let Ok(mut r) = self.threads.replying.lock()
            && let Some(n) = r.get_mut(&self.about)
        {
            *n -= 1;
            if *n == 0 {
                r.remove(&self.about);
            }
        }
        self.threads.replied.notify_waiters();
    }
}

impl Threads {
    pub(crate) fn new(rest: Arc<Rest>, host: Arc<Host>) -> Threads {
        Threads {
            rest,
            host,
            told: Mutex::new(HashSet::new()),
            opening: Mutex::new(HashMap::new()),
            replying: Mutex::new(HashMap::new()),
            replied: tokio::sync::Notify::new(),
        }
    }

    /// Marks an answer as on its way until the guard drops: Chronomate's
    /// move in reply to it waits ([`Threads::after_replies`]), so the
    /// thread reads in order.
    pub(crate) fn replying(&self, about: Answering) -> Replying<'_> {
        if let Ok(mut r) = self.replying.lock() {
            *r.entry(about.clone()).or_default() += 1;
        }
        Replying {
            threads: self,
            about,
        }
    }

    /// Waits (10 seconds at most) until no answer about `game`, and none
    /// to any of `players`, is on its way.
    pub(crate) async fn after_replies(&self, game: GameId, players: &[PlayerKey]) {
        let waiting = |r: &HashMap<Answering, usize>| {
            r.contains_key(&Answering::Game(game))
                || players
                    .iter()
                    .any(|p| r.contains_key(&Answering::Player(p.clone())))
        };
        let wait = async {
            loop {
                let notified = self.replied.notified();
                tokio::pin!(notified);
                notified.as_mut().enable();
                if self.replying.lock().map_or(true, |r| !waiting(&r)) {
                    return;
                }
                notified.await;
            }
        };
        let _ = tokio::time::timeout(std::time::Duration::from_secs(10), wait).await;
    }

    async fn place_of(&self, game: GameId) -> Result<GamePlace, Undelivered> {
        self.host.place_of(game).await.map_err(|e| {
            Undelivered::Nowhere(format!("cannot find where game {game} is played: {e}"))
        })
    }

    /// Where a game stands as an answer about it is about to go out: its
    /// recorded place, and whether it has ended.
    pub(crate) async fn before_answer(&self, game: GameId) -> BeforeAnswer {
        match self.place_of(game).await {
            Ok(gp) => BeforeAnswer {
                recorded: gp.place.thread.as_deref().and_then(parse_channel),
                ended: !gp.live,
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
        if let Err(e) = self.host.bind_thread(game, &place.to_string()).await {
            tracing::warn!(game = %game, %place, error = %e, "cannot record where the game is played");
        }
    }

    /// Posts `post` in the game's place, finding another when its thread
    /// is gone or refuses the bot; returns where it went. A game with no
    /// place yet gets a thread when `open` says so, else the post goes to
    /// its channel.
    pub(crate) async fn post(
        &self,
        game: GameId,
        post: &Post,
        open: bool,
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
            match create_message(&self.rest, target, post).await {
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

    /// Tells the channel, once per process, which permission the bot lacks
    /// and that the game is played here meanwhile.
    async fn tell_admins(&self, channel: ChannelId, game: GameId, missing: Missing, why: &Failure) {
        let first = self
            .told
            .lock()
            .map(|mut told| told.insert((channel, missing)))
            .unwrap_or(true);
        tracing::warn!(
            game = %game,
            %channel,
            "{why}; the bot lacks {} in the channel: game {game} is played in the channel{}",
            missing.name(),
            if first { "; telling its admins" } else { "" }
        );
        if !first {
            return;
        }
        let text = format!(
            "⚠️ Game #{game} cannot have a thread: Chronomate is missing the **{}** permission in <#{channel}>, so the game is played in this channel instead. A server admin can grant **Create Public Threads** and **Send Messages in Threads** to Chronomate in this channel's settings; new games will then get their own threads.",
            missing.name()
        );
        if let Err(e) = create_message(&self.rest, channel, &Post::text(text)).await {
            tracing::error!("{e}; the admins could not be told about the missing permission");
        }
    }

    /// Archives and locks a finished game's thread (archives it only when
    /// the bot may not lock: Manage Threads). Nothing for a live game or
    /// one played in its channel, nor for a game Chronomate's move ended:
    /// the post of that move closes it ([`Threads::close_after_engine`]).
    pub(crate) async fn close_if_over(&self, game: GameId) {
        self.close(game, false).await;
    }

    /// [`Threads::close_if_over`] after Chronomate's move was posted.
    pub(crate) async fn close_after_engine(&self, game: GameId) {
        self.close(game, true).await;
    }

    async fn close(&self, game: GameId, after_engine: bool) {
        let Ok(gp) = self.place_of(game).await else {
            return;
        };
        let Some(thread) = gp.place.thread.as_deref().and_then(parse_channel) else {
            return;
        };
        if gp.live || Some(thread) == channel_of(&gp) {
            return;
        }
        if !after_engine && self.host.ended_by_engine(game).await.unwrap_or(false) {
            return;
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
                    Err(e) => {
                        tracing::warn!(game = %game, "{e}; the finished game's thread stays open")
                    }
                }
            }
            Err(f) => tracing::warn!(game = %game, "{f}; the finished game's thread stays open"),
        }
    }
}

/// Answers an interaction with the host's reply: refusals privately,
/// private replies privately, public replies about a game in its place
/// (opening a thread when the game has none yet), after the interaction
/// got its first answer.
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
    let _replying = reply
        .game
        .map(|g| data.threads.replying(Answering::Game(g)));
    let post = Post::from_reply(&reply);
    let game = match (route, reply.game) {
        (Route::GameThread, Some(game)) if !reply.private => game,
        _ => return r.answer(&post).await,
    };
    let before = data.threads.before_answer(game).await;
    let here = r.source.channel_id();
    match before.recorded {
        Some(place) if place == here => r.answer(&post).await,
        Some(place) => {
            r.answer(&pointer(place)).await;
            deliver_after(data, r, game, &post, Some(place)).await;
        }
        None => {
            // Opening a thread may wait on Discord: acknowledge first.
            if let Err(e) = r.hold(Hold::Think { ephemeral: true }).await {
                tracing::warn!("{e}; the interaction could not be deferred");
            }
            match data.threads.open(game, starter(r), here).await {
                Some(place) if place != here => match data.threads.post(game, &post, false).await {
                    Ok(at) => r.answer(&pointer(at)).await,
                    Err(e) => {
                        tracing::warn!(game = %game, "{e}; answering where asked instead");
                        r.answer(&post).await;
                    }
                },
                _ => r.answer(&post).await,
            }
        }
    }
    if before.ended {
        data.threads.close_if_over(game).await;
    }
}

/// Posts about `game` after the interaction was answered with a pointer
/// to `told` (or nothing); tells the player where it went instead when the
/// thread moved, and shows them the post itself when it went nowhere.
pub(crate) async fn deliver_after(
    data: &Data,
    r: &mut Interaction<'_>,
    game: GameId,
    post: &Post,
    told: Option<ChannelId>,
) -> Option<ChannelId> {
    match data.threads.post(game, post, true).await {
        Ok(at) if Some(at) == told || at == r.source.channel_id() => Some(at),
        Ok(at) => {
            if told.is_some() {
                let note = format!("Game #{game} moved: it continues in <#{at}>.");
                r.also(&Post::text(note).ephemeral(true)).await;
            }
            Some(at)
        }
        Err(e) => {
            tracing::warn!(game = %game, "{e}; showing the post where it was asked for");
            r.also(&post.clone().ephemeral(false)).await;
            None
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
