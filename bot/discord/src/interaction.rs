//! Answering one interaction: on time, in the right place, exactly once.
//!
//! Discord wants a first answer within 3 seconds of the interaction.
//! [`Interaction::race`] runs the host's work and, when it is not done by
//! `defer_after` after the interaction arrived (a slow render, a busy
//! database), defers first and answers later, so no interaction fails for
//! being slow. Anything that may wait on Discord (a thread to open, a post
//! in it) comes after the first answer.
//!
//! Every answer goes through [`Rest`] and may be repeated safely: a repeated
//! callback that had landed is refused with 40060, which counts as done; a
//! deferred answer fills its placeholder in by editing it. Only a fresh
//! follow-up (one that must ping or change visibility) is not repeated
//! after a failure that may have landed. When the interaction cannot be
//! answered at all, a public reply goes to the channel instead, so a reply
//! that reports committed work is never lost.

use std::future::Future;
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use reqwest::Method;
use serde_json::{Value, json};
use serenity::{ChannelId, ChannelType};

use super::caller;
use super::post::{Post, create_message};
use super::rest::{Body, Failure, Repeat, Rest, Route, Upload, codes};
use chronomate_host::{Caller, HostError, Refusal};

/// What the player is told when something failed on our side.
pub(crate) const OUR_FAULT: &str =
    "Something went wrong on our side and nothing was changed. Please try again in a moment.";

/// How long after an interaction arrives its first answer may still be
/// sent: Discord's 3 seconds, less the time the event took to reach us.
pub(crate) const FIRST_ANSWER_WITHIN: Duration = Duration::from_millis(2700);

/// The interaction being answered.
#[derive(Clone, Copy)]
pub(crate) enum Source<'a> {
    Command(&'a serenity::CommandInteraction),
    Component(&'a serenity::ComponentInteraction),
}

impl Source<'_> {
    pub(crate) fn channel_id(&self) -> ChannelId {
        match self {
            Source::Command(i) => i.channel_id,
            Source::Component(i) => i.channel_id,
        }
    }

    pub(crate) fn guild_id(&self) -> Option<serenity::GuildId> {
        match self {
            Source::Command(i) => i.guild_id,
            Source::Component(i) => i.guild_id,
        }
    }

    fn channel(&self) -> Option<&serenity::PartialChannel> {
        match self {
            Source::Command(i) => i.channel.as_ref(),
            Source::Component(i) => i.channel.as_ref(),
        }
    }

    /// Whether the interaction came from inside a thread.
    pub(crate) fn in_thread(&self) -> bool {
        self.channel().is_some_and(|c| {
            matches!(
                c.kind,
                ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread
            )
        })
    }

    pub(crate) fn caller(&self) -> Caller {
        match self {
            Source::Command(i) => caller::caller(
                &i.user,
                i.member.as_deref(),
                i.guild_id,
                i.channel_id,
                i.channel.as_ref(),
            ),
            Source::Component(i) => caller::caller(
                &i.user,
                i.member.as_ref(),
                i.guild_id,
                i.channel_id,
                i.channel.as_ref(),
            ),
        }
    }

    /// The caller, with the handle on a command's answer (`APP:TOKEN`),
    /// kept with the announcements the command commits: a process taking
    /// them up after this one died looks up whether the answer landed. A
    /// button's answer updates the pressed message, which is never the
    /// announcement itself: no handle.
    pub(crate) fn caller_answering(&self) -> Caller {
        let mut caller = self.caller();
        if let Source::Command(i) = self {
            caller.answer = Some(format!("{}:{}", i.application_id.get(), i.token));
        }
        caller
    }

    /// The message a button was pressed on.
    pub(crate) fn message(&self) -> Option<&serenity::Message> {
        match self {
            Source::Command(_) => None,
            Source::Component(i) => Some(&i.message),
        }
    }

    pub(crate) fn id(&self) -> u64 {
        match self {
            Source::Command(i) => i.id.get(),
            Source::Component(i) => i.id.get(),
        }
    }

    fn token(&self) -> &str {
        match self {
            Source::Command(i) => &i.token,
            Source::Component(i) => &i.token,
        }
    }

    fn application_id(&self) -> u64 {
        match self {
            Source::Command(i) => i.application_id.get(),
            Source::Component(i) => i.application_id.get(),
        }
    }
}

/// How to hold an interaction while the work goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Hold {
    /// A "thinking" placeholder, public or only for the caller.
    Think { ephemeral: bool },
    /// Buttons only: acknowledge now, update the pressed message later.
    Update,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Fresh,
    Deferred { ephemeral: bool },
    DeferredUpdate,
    Answered,
}

/// One interaction to answer.
pub(crate) struct Interaction<'a> {
    pub rest: &'a Rest,
    pub source: Source<'a>,
    state: State,
    /// When it reached us: Discord's clock runs from about then.
    received: Instant,
    /// Where its first answer's latency is counted.
    metrics: Option<std::sync::Arc<super::metrics::Metrics>>,
}

impl<'a> Interaction<'a> {
    pub(crate) fn new(rest: &'a Rest, source: Source<'a>) -> Interaction<'a> {
        Interaction {
            rest,
            source,
            state: State::Fresh,
            received: Instant::now(),
            metrics: None,
        }
    }

    /// Counts the interaction and its first answer's latency in `metrics`.
    pub(crate) fn counted(mut self, metrics: &std::sync::Arc<super::metrics::Metrics>) -> Self {
        self.metrics = Some(metrics.clone());
        self
    }

    /// Whether the interaction got its first answer (a deferral counts).
    pub(crate) fn acknowledged(&self) -> bool {
        self.state != State::Fresh
    }

    /// Until when the first answer may be sent.
    fn answer_by(&self) -> Instant {
        self.received + FIRST_ANSWER_WITHIN
    }

    /// Runs `work`; if it is not done `after` the interaction arrived,
    /// holds the interaction as `hold` says and lets it finish.
    pub(crate) async fn race<F: Future>(
        &mut self,
        after: Duration,
        hold: Hold,
        work: F,
    ) -> F::Output {
        if self.acknowledged() {
            return work.await;
        }
        let at = self.received + after;
        if at <= Instant::now() {
            self.hold_or_log(hold).await;
            return work.await;
        }
        tokio::pin!(work);
        match tokio::time::timeout_at(at.into(), &mut work).await {
            Ok(done) => done,
            Err(_) => {
                self.hold_or_log(hold).await;
                work.await
            }
        }
    }

    async fn hold_or_log(&mut self, hold: Hold) {
        if let Err(e) = self.hold(hold).await {
            tracing::warn!("{e}; the interaction could not be deferred; answering when done");
        }
    }

    /// The first answer: a callback of `kind`. Repeated on Discord's
    /// failures until the 3 seconds are out; a repeat refused as "already
    /// acknowledged" means an earlier try landed.
    async fn callback(
        &self,
        kind: u8,
        data: Option<Value>,
        files: &[Upload],
    ) -> Result<(), Failure> {
        let body = match data {
            // The files are listed in the message data's attachments.
            Some(data) if !files.is_empty() => match Body::with_files(data, files) {
                Body::Files { payload, files } => Body::Files {
                    payload: json!({"type": kind, "data": payload}),
                    files,
                },
                other => other,
            },
            Some(data) => Body::Json(json!({"type": kind, "data": data})),
            None => Body::Json(json!({"type": kind})),
        };
        let route = Route::callback(self.source.id(), self.source.token());
        match self
            .rest
            .send(&route, &body, Repeat::Safe, Some(self.answer_by()))
            .await
        {
            Ok(_) => {
                if let Some(m) = &self.metrics {
                    m.answered(
                        matches!(self.source, Source::Command(_)),
                        self.received.elapsed(),
                    );
                }
                Ok(())
            }
            Err(f) if f.is(codes::ALREADY_ACKNOWLEDGED) => {
                tracing::info!("{f}: an earlier try had landed");
                Ok(())
            }
            Err(f) => Err(f),
        }
    }

    async fn followup(&self, post: &Post) -> Result<(), Failure> {
        let route = Route::followup(self.source.application_id(), self.source.token());
        self.rest
            .send(&route, &post.body(), Repeat::OnlyIfUnsent, None)
            .await
            .map(|_| ())
    }

    /// Sends `body` to the interaction's original message with `method`
    /// (safe to repeat: every such request sets or reads the same state).
    async fn original(&self, method: Method, body: &Body) -> Result<Value, Failure> {
        let route = Route::original(method, self.source.application_id(), self.source.token());
        self.rest.send(&route, body, Repeat::Safe, None).await
    }

    async fn edit_original(&self, body: Body) -> Result<(), Failure> {
        self.original(Method::PATCH, &body).await.map(|_| ())
    }

    /// Whether the interaction's original message exists: `None` when
    /// Discord does not say.
    async fn original_exists(&self) -> Option<bool> {
        match self.original(Method::GET, &Body::Empty).await {
            Ok(_) => Some(true),
            Err(f) if f.status == Some(404) => Some(false),
            Err(f) => {
                tracing::warn!("{f}; cannot tell whether the answer landed");
                None
            }
        }
    }

    async fn delete_original(&self) {
        match self.original(Method::DELETE, &Body::Empty).await {
            Ok(_) => {}
            Err(f) if f.is(codes::UNKNOWN_MESSAGE) => {}
            Err(f) => tracing::info!("{f}; the placeholder stays"),
        }
    }

    /// Acknowledges the interaction now, to answer later.
    pub(crate) async fn hold(&mut self, hold: Hold) -> Result<(), Failure> {
        if self.state != State::Fresh {
            return Ok(());
        }
        let (kind, data, state) = match (hold, self.source) {
            (Hold::Update, Source::Component(_)) => (6, None, State::DeferredUpdate),
            (Hold::Think { .. }, _) | (Hold::Update, Source::Command(_)) => {
                let ephemeral = matches!(hold, Hold::Think { ephemeral: true });
                let data = ephemeral.then(|| json!({"flags": 1 << 6}));
                (5, data, State::Deferred { ephemeral })
            }
        };
        self.callback(kind, data, &[]).await?;
        self.state = state;
        Ok(())
    }

    /// Answers with a new message.
    pub(crate) async fn send(&mut self, post: &Post) -> Result<(), Failure> {
        match self.state {
            State::Fresh => {
                self.callback(4, Some(post.payload()), &post.files).await?;
            }
            State::Deferred { ephemeral } => {
                if ephemeral != post.ephemeral || !post.mentions.is_empty() {
                    // A fresh message instead of the placeholder: it pings
                    // and has its own visibility.
                    self.delete_original().await;
                    self.followup(post).await?;
                } else {
                    // Filling the placeholder in: an edit, safe to repeat.
                    self.edit_original(post.edit_body()).await?;
                }
            }
            State::DeferredUpdate | State::Answered => {
                self.followup(post).await?;
            }
        }
        self.state = State::Answered;
        Ok(())
    }

    /// Replaces the pressed message's text and buttons (buttons only; for a
    /// command it sends a new message).
    pub(crate) async fn update(&mut self, post: &Post) -> Result<(), Failure> {
        match (self.source, self.state) {
            (Source::Component(_), State::Fresh) => {
                self.callback(7, Some(post.replacement()), &[]).await?;
                self.state = State::Answered;
                Ok(())
            }
            (Source::Component(_), State::DeferredUpdate | State::Answered) => {
                self.edit_original(Body::Json(post.replacement())).await?;
                self.state = State::Answered;
                Ok(())
            }
            _ => self.send(post).await,
        }
    }

    /// Answers with `post`, whatever happens: when the interaction cannot
    /// be answered (Discord failed for good, the 3 seconds ran out), a
    /// public post goes to the channel instead, so a reply that reports
    /// committed work is never lost. Failures are logged, not returned:
    /// the host's work is done either way, and the player must not be told
    /// otherwise.
    /// Returns whether the answer is (or may be) out: false when it is
    /// lost for sure.
    pub(crate) async fn answer(&mut self, post: &Post) -> bool {
        let first = !self.acknowledged();
        let Err(e) = self.send(post).await else {
            return true;
        };
        if post.ephemeral {
            tracing::warn!("{e}; a private answer is lost (the player may ask again)");
            return false;
        }
        if e.maybe_landed {
            // A first answer that may have landed can be looked up: its
            // message is the interaction's original.
            match (first, self.original_exists().await) {
                (true, Some(true)) => {
                    tracing::info!("{e}; it had landed");
                    self.state = State::Answered;
                    return true;
                }
                (true, Some(false)) => {}
                _ => {
                    tracing::warn!("{e}; the answer may have landed: not posted again");
                    return true;
                }
            }
        }
        let channel = self.source.channel_id();
        match create_message(self.rest, channel, post, None).await {
            Ok(_) => {
                tracing::warn!("{e}; posted in the channel instead");
                true
            }
            Err(e2) => {
                tracing::error!("{e}; and in the channel: {e2}: a reply is lost");
                false
            }
        }
    }

    /// A further message after the first answer (a note, a board that
    /// could not go where it belonged). Logged, not returned.
    pub(crate) async fn also(&mut self, post: &Post) {
        if !self.acknowledged() {
            self.answer(post).await;
            return;
        }
        if let Err(e) = self.followup(post).await {
            tracing::warn!("{e}; a further message is lost");
        }
    }

    /// Tells the caller, privately, that the host said no (or broke).
    pub(crate) async fn refuse(&mut self, error: &HostError) {
        let text = match error {
            HostError::Refused(r) => refusal_words(r),
            e @ (HostError::Store(_) | HostError::System(_)) => {
                tracing::error!(error = %e, "the host failed");
                OUR_FAULT.to_owned()
            }
        };
        self.answer(&Post::text(text).ephemeral(true)).await;
    }
}

/// A refusal as a sentence: capitalised, with a full stop.
pub(crate) fn refusal_words(r: &Refusal) -> String {
    let text = r.to_string();
    let mut chars = text.chars();
    let Some(first) = chars.next() else {
        return text;
    };
    let mut out = format!("{}{}", first.to_uppercase(), chars.as_str());
    if !out.ends_with(['.', '!', '?', ')']) {
        out.push('.');
    }
    out
}
