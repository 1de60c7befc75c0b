//! Reminders, timeouts and tournament news: what the host's clock says,
//! delivered.
//!
//! The outbox's task (`outbox.rs`) asks the host to do what is due every
//! so often ([`Upkeep::run_due_jobs`]: the host works from the database and
//! claims each job there, so nothing is lost across restarts and several
//! processes do each job once); each job's change is committed with its
//! announcements, which the outbox posts through [`deliver`].
//!
//! [`deliver`] is how a notice reaches its recipients: by DM first; where
//! a DM is refused (Discord's 50007: DMs closed, or no server shared) or
//! fails, the notice is posted in the game's place (its thread, found
//! again if it is gone; else its channel) with a ping for those the DM
//! missed. A game that ended on time is announced in its thread as well,
//! and a tournament that moved on (a round begun, its end) in its channel.
//! Every message carries a nonce made from the announcement's, so neither
//! Discord's failures nor a crash double one.
//!
//! [`Upkeep::run_due_jobs`]: chronomate_host::Upkeep::run_due_jobs

use chronomate_host::{Notice, NoticeKind};

use poise::serenity_prelude as serenity;
use serde_json::json;
use serenity::{ChannelId, UserId};

use super::caller::user_of_key;
use super::post::{Post, create_message};
use super::rest::{Body, Failure, Repeat, Route, codes};
use super::threads::{Threads, Undelivered, id_in, parse_channel};

/// Why a notice is to be delivered again.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Retry {
    /// Nobody got it: no DM went through and nothing was posted.
    #[error("it reached nobody")]
    Nobody,
    /// Its public post failed in a way Discord may get over.
    #[error("{0}; its public post is tried again")]
    Post(Failure),
}

/// Delivers one notice of the clock's (a reminder, a timeout, a
/// challenge expired, a tournament's news), its messages' nonces made from
/// `announcement`'s. An error when it reached nobody, or when its public
/// post failed in a way Discord may get over (a 5xx, no answer, a rate
/// limit): it is tried again whole, and the nonces keep the direct
/// messages that went out from going out twice.
pub(crate) async fn deliver(
    threads: &Threads,
    notice: &Notice,
    announcement: u64,
) -> Result<(), Retry> {
    let direct = Post::pinging(&notice.reply, &[]);
    let mut reached = false;
    let mut missed: Vec<UserId> = Vec::new();
    for key in &notice.recipients {
        let Some(user) = user_of_key(key) else {
            continue;
        };
        match send_dm(threads, user, &direct, announcement).await {
            Ok(()) => reached = true,
            Err(e) if e.is(codes::CANNOT_DM) => {
                tracing::info!(%user, game = ?notice.game, "{e}; DMs closed: posting in the game's thread instead");
                missed.push(user);
            }
            Err(e) => {
                tracing::warn!(%user, game = ?notice.game, "{e}; cannot DM: posting in the game's thread instead");
                missed.push(user);
            }
        }
    }
    // Public news goes to its place as well: a game that ended on time in
    // its thread, a tournament moving on (a round, its end) in its channel.
    let announce = matches!(
        notice.kind,
        NoticeKind::TimeForfeit | NoticeKind::Aborted | NoticeKind::Tournament
    );
    let nobody = || Err(Retry::Nobody);
    if missed.is_empty() && !announce {
        return if reached { Ok(()) } else { nobody() };
    }
    let post = Post::pinging(&notice.reply, &missed);
    let posted = post_in_place(threads, notice, &post, false, announcement).await;
    match posted {
        Ok(_) => Ok(()),
        Err(Undelivered::Failed(f)) if f.is_transient() => Err(Retry::Post(f)),
        Err(e) if missed.is_empty() => {
            tracing::warn!(game = ?notice.game, "{e}; the announcement is not posted (the players had it by DM)");
            if reached { Ok(()) } else { nobody() }
        }
        Err(e) => {
            tracing::error!(game = ?notice.game, "{e}; a notice reached nobody");
            if reached { Ok(()) } else { nobody() }
        }
    }
}

/// A direct message to `user`.
async fn send_dm(
    threads: &Threads,
    user: UserId,
    post: &Post,
    announcement: u64,
) -> Result<(), Failure> {
    let body = Body::Json(json!({"recipient_id": user.to_string()}));
    let v = threads
        .rest
        .send(&Route::dm_channel(), &body, Repeat::Safe, None)
        .await?;
    let channel: ChannelId = id_in(&v).ok_or_else(|| Failure {
        route: Route::dm_channel().label().to_owned(),
        status: None,
        code: None,
        message: "the answer has no channel id".to_owned(),
        maybe_landed: false,
    })?;
    create_message(&threads.rest, channel, post, Some(announcement))
        .await
        .map(|_| ())
}

/// Posts `post` about `notice` in its place: a game's (found again if its
/// thread is gone; a thread opened when it has none and `open` says so),
/// else the thread or channel it names; its message's nonce made from
/// `announcement`. Where it went.
pub(crate) async fn post_in_place(
    threads: &Threads,
    notice: &Notice,
    post: &Post,
    open: bool,
    announcement: u64,
) -> Result<ChannelId, Undelivered> {
    if let Some(game) = notice.game {
        return threads.post(game, post, open, Some(announcement)).await;
    }
    let place = notice
        .place
        .thread
        .as_deref()
        .or(notice.place.channel.as_deref())
        .and_then(parse_channel)
        .ok_or_else(|| Undelivered::Nowhere("no thread or channel to post in".to_owned()))?;
    create_message(&threads.rest, place, post, Some(announcement))
        .await
        .map(|_| place)
        .map_err(Undelivered::Failed)
}
