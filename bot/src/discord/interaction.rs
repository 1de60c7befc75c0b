//! Answering one interaction: on time, in the right place, exactly once.
//!
//! Discord wants a first answer within 3 seconds. [`Interaction::race`]
//! runs the host's work and, when it takes longer than `defer_after` (a
//! slow render, a busy database), defers first and answers later, so no
//! interaction ever fails. A deferred answer that must ping someone or must
//! change visibility replaces the "thinking" placeholder with a fresh
//! follow-up: filling the placeholder in would neither ping (Discord treats
//! it as an edit) nor change its visibility.

use std::future::Future;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, ChannelType, CreateInteractionResponse, EditInteractionResponse, Http};

use super::caller;
use super::post::{Post, allowed_mentions, send_with_retry};
use crate::host::{Caller, HostError, Refusal};

/// What the player is told when something failed on our side.
pub const OUR_FAULT: &str =
    "Something went wrong on our side and nothing was changed. Please try again in a moment.";

/// The interaction being answered.
#[derive(Clone, Copy)]
pub enum Source<'a> {
    Command(&'a serenity::CommandInteraction),
    Component(&'a serenity::ComponentInteraction),
}

impl Source<'_> {
    pub fn channel_id(&self) -> ChannelId {
        match self {
            Source::Command(i) => i.channel_id,
            Source::Component(i) => i.channel_id,
        }
    }

    pub fn guild_id(&self) -> Option<serenity::GuildId> {
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
    pub fn in_thread(&self) -> bool {
        self.channel().is_some_and(|c| {
            matches!(
                c.kind,
                ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread
            )
        })
    }

    pub fn caller(&self) -> Caller {
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

    /// The message a button was pressed on.
    pub fn message(&self) -> Option<&serenity::Message> {
        match self {
            Source::Command(_) => None,
            Source::Component(i) => Some(&i.message),
        }
    }

    async fn create_response(
        &self,
        http: &Http,
        r: CreateInteractionResponse,
    ) -> serenity::Result<()> {
        match self {
            Source::Command(i) => i.create_response(http, r).await,
            Source::Component(i) => i.create_response(http, r).await,
        }
    }

    async fn create_followup(
        &self,
        http: &Http,
        post: &Post,
    ) -> serenity::Result<serenity::Message> {
        match self {
            Source::Command(i) => i.create_followup(http, post.followup()).await,
            Source::Component(i) => i.create_followup(http, post.followup()).await,
        }
    }

    async fn edit_response(
        &self,
        http: &Http,
        e: EditInteractionResponse,
    ) -> serenity::Result<serenity::Message> {
        match self {
            Source::Command(i) => i.edit_response(http, e).await,
            Source::Component(i) => i.edit_response(http, e).await,
        }
    }

    async fn delete_response(&self, http: &Http) -> serenity::Result<()> {
        match self {
            Source::Command(i) => i.delete_response(http).await,
            Source::Component(i) => i.delete_response(http).await,
        }
    }
}

/// How to hold an interaction while the work goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hold {
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
pub struct Interaction<'a> {
    pub http: &'a Http,
    pub source: Source<'a>,
    state: State,
}

impl<'a> Interaction<'a> {
    pub fn new(http: &'a Http, source: Source<'a>) -> Interaction<'a> {
        Interaction {
            http,
            source,
            state: State::Fresh,
        }
    }

    /// Whether the interaction got its first answer (a deferral counts).
    pub fn acknowledged(&self) -> bool {
        self.state != State::Fresh
    }

    /// Runs `work`; if it is not done after `after`, holds the interaction
    /// as `hold` says and lets it finish.
    pub async fn race<F: Future>(&mut self, after: Duration, hold: Hold, work: F) -> F::Output {
        if after.is_zero() {
            if let Err(e) = self.hold(hold).await {
                tracing::warn!(error = %e, "cannot defer an interaction");
            }
            return work.await;
        }
        tokio::pin!(work);
        match tokio::time::timeout(after, &mut work).await {
            Ok(done) => done,
            Err(_) => {
                if let Err(e) = self.hold(hold).await {
                    tracing::warn!(error = %e, "cannot defer an interaction");
                }
                work.await
            }
        }
    }

    /// Acknowledges the interaction now, to answer later.
    pub async fn hold(&mut self, hold: Hold) -> serenity::Result<()> {
        if self.state != State::Fresh {
            return Ok(());
        }
        let (response, state) = match (hold, self.source) {
            (Hold::Update, Source::Component(_)) => (
                CreateInteractionResponse::Acknowledge,
                State::DeferredUpdate,
            ),
            (Hold::Think { .. }, _) | (Hold::Update, Source::Command(_)) => {
                let ephemeral = matches!(hold, Hold::Think { ephemeral: true });
                (
                    CreateInteractionResponse::Defer(
                        serenity::CreateInteractionResponseMessage::new().ephemeral(ephemeral),
                    ),
                    State::Deferred { ephemeral },
                )
            }
        };
        self.source.create_response(self.http, response).await?;
        self.state = state;
        Ok(())
    }

    /// Answers with a new message.
    pub async fn send(&mut self, post: &Post) -> serenity::Result<()> {
        match self.state {
            State::Fresh => {
                self.source
                    .create_response(
                        self.http,
                        CreateInteractionResponse::Message(post.response()),
                    )
                    .await?;
            }
            State::Deferred { ephemeral } => {
                if ephemeral != post.ephemeral || !post.mentions.is_empty() {
                    // A fresh message instead of the placeholder: it pings
                    // and has its own visibility.
                    if let Err(e) = self.source.delete_response(self.http).await {
                        tracing::debug!(error = %e, "cannot delete the placeholder");
                    }
                }
                self.source.create_followup(self.http, post).await?;
            }
            State::DeferredUpdate | State::Answered => {
                self.source.create_followup(self.http, post).await?;
            }
        }
        self.state = State::Answered;
        Ok(())
    }

    /// Replaces the pressed message's text and buttons (buttons only; for a
    /// command it sends a new message).
    pub async fn update(&mut self, post: &Post) -> serenity::Result<()> {
        match (self.source, self.state) {
            (Source::Component(_), State::Fresh) => {
                let message = serenity::CreateInteractionResponseMessage::new()
                    .content(post.content.clone())
                    .components(post.rows())
                    .allowed_mentions(allowed_mentions());
                self.source
                    .create_response(self.http, CreateInteractionResponse::UpdateMessage(message))
                    .await?;
                self.state = State::Answered;
                Ok(())
            }
            (Source::Component(_), State::DeferredUpdate | State::Answered) => {
                let edit = EditInteractionResponse::new()
                    .content(post.content.clone())
                    .components(post.rows())
                    .allowed_mentions(allowed_mentions());
                self.source.edit_response(self.http, edit).await?;
                self.state = State::Answered;
                Ok(())
            }
            _ => self.send(post).await,
        }
    }

    /// Answers with `post`, whatever happens: when the interaction cannot
    /// be answered (Discord failed, the token expired), a public post goes
    /// to the channel instead, so a reply that reports committed work is
    /// never lost. Failures are logged, not returned: the host's work is
    /// done either way, and the player must not be told otherwise.
    pub async fn answer(&mut self, post: &Post) {
        let Err(e) = self.send(post).await else {
            return;
        };
        tracing::warn!(error = %e, "cannot answer the interaction");
        if post.ephemeral {
            return;
        }
        let channel = self.source.channel_id();
        if let Err(e) = send_with_retry(self.http, channel, post).await {
            tracing::error!(%channel, error = %e, "a reply could not be delivered");
        }
    }

    /// Tells the caller, privately, that the host said no (or broke).
    pub async fn refuse(&mut self, error: &HostError) {
        let text = match error {
            HostError::Refused(r) => refusal_words(r),
            HostError::Store(e) => {
                tracing::error!(error = %e, "the host failed");
                OUR_FAULT.to_owned()
            }
        };
        self.answer(&Post::text(text).ephemeral(true)).await;
    }
}

/// A refusal as a sentence: capitalised, with a full stop.
pub fn refusal_words(r: &Refusal) -> String {
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
