//! Reminders and timeouts: what the host's clock says, delivered.
//!
//! A background task asks [`Host::tick`] what is due every so often (the
//! host works from the database, so nothing is repeated or lost across
//! restarts) and delivers each notice to its recipients by DM. Where a DM is
//! refused (Discord's 50007: DMs closed, or no server shared) or fails, the
//! notice is posted in the game's thread (else its channel) with a ping for
//! those the DM missed. A game that ended on time is announced in its
//! thread as well, and a tournament that moved on (a round begun, its end)
//! in its channel. Failures are logged; the task never stops.
//!
//! [`Host::tick`]: crate::host::Host::tick

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, Http, UserId};

use super::caller::user_of_key;
use super::post::{Post, is_dm_refused, send_with_retry};
use crate::host::{Host, Notice, NoticeKind};

/// Asks the host what is due every `every`, for as long as the bot runs.
pub async fn run_ticker(host: Arc<Host>, http: Arc<Http>, every: Duration) {
    let mut interval = tokio::time::interval(every);
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        interval.tick().await;
        let (host, http) = (host.clone(), http.clone());
        // One round in a task of its own: even a bug in it cannot end the loop.
        let round = tokio::spawn(async move { tick_once(&host, &http, host.now()).await });
        if let Err(e) = round.await {
            tracing::error!(error = %e, "a round of reminders failed");
        }
    }
}

/// One round at `now` (Unix ms): returns how many notices reached someone.
/// The host claims each due job in the database, does it, hands its notice
/// here, and records a reminder as sent only once it reached someone.
pub async fn tick_once(host: &Host, http: &Http, now: i64) -> usize {
    let delivered = host
        .deliver_due(now, |notice| async move { deliver(http, &notice).await })
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
pub async fn deliver(http: &Http, notice: &Notice) -> bool {
    let direct = Post::pinging(&notice.reply, &[]);
    let mut reached = false;
    let mut missed: Vec<UserId> = Vec::new();
    for key in &notice.recipients {
        let Some(user) = user_of_key(key) else {
            continue;
        };
        match send_dm(http, user, &direct).await {
            Ok(()) => reached = true,
            Err(e) if is_dm_refused(&e) => {
                tracing::info!(%user, game = ?notice.game, "DMs closed; posting in the game's thread instead");
                missed.push(user);
            }
            Err(e) => {
                tracing::warn!(%user, game = ?notice.game, error = %e, "cannot DM; posting in the game's thread instead");
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
    let place = notice
        .place
        .thread
        .as_deref()
        .or(notice.place.channel.as_deref())
        .and_then(|id| id.parse::<u64>().ok())
        .filter(|id| *id != 0)
        .map(ChannelId::new);
    let Some(channel) = place else {
        if !missed.is_empty() {
            tracing::warn!(game = ?notice.game, "a notice reached nobody: no DM and no thread or channel to post in");
        }
        return reached;
    };
    let post = Post::pinging(&notice.reply, &missed);
    match send_with_retry(http, channel, &post).await {
        Ok(_) => true,
        Err(e) => {
            tracing::error!(game = ?notice.game, %channel, error = %e, "a notice could not be delivered");
            reached
        }
    }
}

/// A direct message to `user`.
async fn send_dm(http: &Http, user: UserId, post: &Post) -> serenity::Result<()> {
    let channel = user.create_dm_channel(http).await?;
    send_with_retry(http, channel.id, post).await.map(|_| ())
}
