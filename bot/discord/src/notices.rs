//! Reminders and timeouts: what the host's clock says, delivered.
//!
//! A background task asks [`Host::deliver_due`] what is due every so
//! often (the host works from the database and claims each job there, so
//! nothing is lost across restarts and several processes do each job once) and delivers each notice to its recipients by DM. Where a DM is
//! refused (Discord's 50007: DMs closed, or no server shared) or fails, the
//! notice is posted in the game's place (its thread, found again if it is
//! gone; else its channel) with a ping for those the DM missed. A game that
//! ended on time is announced in its thread as well, which is then archived,
//! and a tournament that moved on (a round begun, its end) in its channel.
//!
//! A reminder is recorded as sent once it reached someone: one that reached
//! nobody is due again when its claim lapses, so it is delivered at least
//! once, and twice only if a process stopped between sending and recording
//! it. Every message carries a nonce, so Discord's failures never
//! double one. Failures are logged; the task never stops.
//!
//! Chronomate's moves ([`run_engine`]) come as notices too, and are posted
//! like a person's move: in the game's place, pinging the player to move,
//! after the answer to the move they reply to is out.
//!
//! [`Host::deliver_due`]: chronomate_host::Host::deliver_due

use chronomate_host::{Notice, NoticeKind, Timestamp};
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serde_json::json;
use serenity::{ChannelId, UserId};
use tokio::sync::mpsc;

use super::caller::user_of_key;
use super::post::{Post, create_message};
use super::rest::{Body, Failure, Repeat, Route, codes};
use super::threads::{Threads, id_in, parse_channel};

/// Asks the host what is due every `every`, for as long as the bot runs.
pub(crate) async fn run_ticker(threads: Arc<Threads>, every: Duration) {
    let mut interval = tokio::time::interval(every);
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        interval.tick().await;
        let threads = threads.clone();
        // One round in a task of its own: even a bug in it cannot end the loop.
        let round = tokio::spawn(async move { tick_once(&threads, threads.host.now()).await });
        if let Err(e) = round.await {
            tracing::error!(error = %e, "a round of reminders failed");
        }
    }
}

/// Posts Chronomate's moves as the host plays them, each in its game's
/// place, for as long as the bot runs.
pub(crate) async fn run_engine(threads: Arc<Threads>, mut moves: mpsc::UnboundedReceiver<Notice>) {
    while let Some(notice) = moves.recv().await {
        let threads = threads.clone();
        tokio::spawn(async move {
            if deliver(&threads, &notice).await
                && let Err(e) = threads.host.engine_posted(&notice).await
            {
                // Posted again by the timed jobs: twice rather than never.
                tracing::warn!(game = ?notice.game, error = %e, "cannot record Chronomate's move as posted");
            }
        });
    }
}

/// One of Chronomate's moves, posted like a person's: in the game's place
/// (opening a thread if it has none), pinging the player to move; after
/// any answer about the game still on its way (the move it replies to).
async fn deliver_played(threads: &Threads, notice: &Notice) -> bool {
    let Some(game) = notice.game else {
        return false;
    };
    threads.after_replies(game, &notice.reply.pings).await;
    let post = Post::from_reply(&notice.reply);
    match threads.post(game, &post, true).await {
        Ok(_) => {
            threads.close_after_engine(game).await;
            true
        }
        Err(e) => {
            tracing::error!(
                game = %game,
                "{e}; Chronomate's move is not posted (it is played: /board shows it)"
            );
            false
        }
    }
}

/// One round at `now`: returns how many notices reached someone.
/// The host claims each due job in the database, does it, hands its notice
/// here, and records a reminder as sent only once it reached someone.
pub(crate) async fn tick_once(threads: &Threads, now: Timestamp) -> usize {
    let delivered = threads
        .host
        .deliver_due(now, |notice| async move {
            let reached = deliver(threads, &notice).await;
            if !reached && notice.kind == NoticeKind::Reminder {
                tracing::warn!(game = ?notice.game, "a reminder reached nobody; trying again when its claim lapses");
            }
            reached
        })
        .await;
    match delivered {
        Ok(delivered) => {
            if delivered > 0 {
                tracing::info!(delivered, "reminders and timeouts");
            }
            delivered
        }
        Err(e) => {
            tracing::error!(error = %e, "cannot look for due reminders and timeouts");
            0
        }
    }
}

/// Delivers one notice; `false` when it reached nobody.
pub(crate) async fn deliver(threads: &Threads, notice: &Notice) -> bool {
    if notice.kind == NoticeKind::Played {
        return deliver_played(threads, notice).await;
    }
    let direct = Post::pinging(&notice.reply, &[]);
    let mut reached = false;
    let mut missed: Vec<UserId> = Vec::new();
    for key in &notice.recipients {
        let Some(user) = user_of_key(key) else {
            continue;
        };
        match send_dm(threads, user, &direct).await {
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
    if missed.is_empty() && !announce {
        return reached;
    }
    let post = Post::pinging(&notice.reply, &missed);
    let posted = match notice.game {
        // A game's place, found again if its thread is gone.
        Some(game) => threads
            .post(game, &post, false)
            .await
            .map_err(|e| e.to_string()),
        None => {
            let place = notice
                .place
                .thread
                .as_deref()
                .or(notice.place.channel.as_deref())
                .and_then(parse_channel);
            match place {
                Some(channel) => create_message(&threads.rest, channel, &post)
                    .await
                    .map(|_| channel)
                    .map_err(|e| e.to_string()),
                None => Err("no thread or channel to post in".to_owned()),
            }
        }
    };
    let reached = match posted {
        Ok(_) => true,
        Err(e) if missed.is_empty() => {
            tracing::warn!(game = ?notice.game, "{e}; the announcement is not posted (the players had it by DM)");
            reached
        }
        Err(e) => {
            tracing::error!(game = ?notice.game, "{e}; a notice reached nobody");
            reached
        }
    };
    if let Some(game) = notice.game
        && matches!(notice.kind, NoticeKind::TimeForfeit | NoticeKind::Aborted)
    {
        threads.close_if_over(game).await;
    }
    reached
}

/// A direct message to `user`.
async fn send_dm(threads: &Threads, user: UserId, post: &Post) -> Result<(), Failure> {
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
    create_message(&threads.rest, channel, post)
        .await
        .map(|_| ())
}
