//! Places stay true: the gateway's THREAD_DELETE, THREAD_UPDATE and
//! CHANNEL_DELETE update where a game is played before its next post.
//!
//! A deleted thread or channel, or a thread archived and locked by someone
//! else, is forgotten as the place of the live games played there
//! ([`Outbox::place_gone`]): their next post opens a new thread in the
//! game's channel, and a pointer names that one. A live game's thread
//! archived but not locked (a moderator tidying up, or Discord's own
//! auto-archive) is unarchived at once; if Discord refuses, it is
//! forgotten and replaced like a deleted one. A finished game's thread is
//! archived and locked by the bot itself: nothing to do.
//!
//! [`Outbox::place_gone`]: chronomate_host::Outbox::place_gone

use poise::serenity_prelude as serenity;
use serde_json::json;
use serenity::{ChannelId, GuildChannel};

use super::Data;
use super::rest::{Body, Repeat, Route};

/// A thread or channel was deleted.
pub(super) async fn gone(data: &Data, place: ChannelId) {
    if let Err(e) = data.host.outbox().place_gone(&place.to_string()).await {
        tracing::warn!(%place, error = %e, "cannot forget a deleted place");
    }
}

/// A thread changed: archived (and locked) threads of live games are
/// unarchived or forgotten.
pub(super) async fn thread_updated(data: &Data, thread: &GuildChannel) {
    let Some(meta) = thread.thread_metadata else {
        return;
    };
    if !meta.archived {
        return;
    }
    let place = thread.id.to_string();
    let live = match data.host.outbox().live_games_in(&place).await {
        Ok(games) => games,
        Err(e) => {
            tracing::warn!(%place, error = %e, "cannot look up the games of an archived thread");
            return;
        }
    };
    if live.is_empty() {
        return;
    }
    if !meta.locked {
        let route = Route::edit_channel(thread.id.get());
        let open = Body::Json(json!({"archived": false}));
        match data.rest.send(&route, &open, Repeat::Safe, None).await {
            Ok(_) => {
                tracing::info!(%place, games = ?live, "unarchived a live game's thread");
                return;
            }
            Err(e) => {
                tracing::warn!(%place, "{e}; cannot unarchive a live game's thread: replacing it")
            }
        }
    }
    gone(data, thread.id).await;
}
