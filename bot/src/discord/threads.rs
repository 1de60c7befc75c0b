//! Where a reply about a game goes, and [`post_reply`]: the one way a
//! host [`Reply`] (or refusal) becomes an interaction's answer.
//!
//! Public replies about a game belong in the game's thread. When the
//! interaction came from elsewhere (a challenge accepted in the lobby, a
//! move typed in another channel) the reply is posted in the thread (opened
//! on demand, from the challenge message where there is one) and the
//! interaction gets a short pointer to it.

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, ChannelType, CreateThread, MessageFlags};

use super::Data;
use super::interaction::Interaction;
use super::post::{Post, clip, send_with_retry};
use crate::host::{HostError, Reply};

/// Where a public reply about a game goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// Where it was asked for (looking at a board, a record).
    Here,
    /// In the game's thread (anything that changes the game).
    GameThread,
}

/// Answers an interaction with the host's reply: refusals privately,
/// private replies privately, public replies about a game in its thread
/// (opening it when the game has none yet).
pub async fn post_reply(
    data: &Data,
    r: &mut Interaction<'_>,
    result: Result<Reply, HostError>,
    route: Route,
) {
    let reply = match result {
        Ok(reply) => reply,
        Err(e) => return r.refuse(&e).await,
    };
    let post = Post::from_reply(&reply);
    let elsewhere = match (route, reply.game) {
        (Route::GameThread, Some(game)) if !reply.private => {
            post_in_game_thread(data, r, game, &post).await
        }
        _ => None,
    };
    match elsewhere {
        Some(thread) => {
            r.answer(&Post::text(format!("Posted in <#{thread}>.")).ephemeral(true))
                .await
        }
        None => r.answer(&post).await,
    }
}

/// Posts `post` in the game's thread unless the interaction is in it;
/// returns the thread when it was posted there. `None`: answer here.
pub async fn post_in_game_thread(
    data: &Data,
    r: &Interaction<'_>,
    game: i64,
    post: &Post,
) -> Option<ChannelId> {
    let thread = game_thread(data, r, game).await?;
    if thread == r.source.channel_id() {
        return None;
    }
    match send_with_retry(r.http, thread, post).await {
        Ok(_) => Some(thread),
        Err(e) => {
            tracing::warn!(game, %thread, error = %e, "cannot post in the game's thread; answering where asked");
            None
        }
    }
}

/// The game's thread, opened now if it has none: from the pressed
/// challenge message where there is one (the thread hangs under the
/// challenge), else in the channel the challenge was made in.
pub async fn game_thread(data: &Data, r: &Interaction<'_>, game: i64) -> Option<ChannelId> {
    let loaded = match data.host.load(game).await {
        Ok(l) => l,
        Err(e) => {
            tracing::warn!(game, error = %e, "cannot load the game to find its thread");
            return None;
        }
    };
    let row = &loaded.row;
    if let Some(thread) = row.thread.as_deref().and_then(parse_channel) {
        return Some(thread);
    }
    row.guild.as_ref()?;
    let name = clip(
        &format!(
            "Game #{} · {} vs {} · {}",
            row.id, row.white_name, row.black_name, row.variant
        ),
        100,
    );
    let builder =
        CreateThread::new(name).auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
    let from_message = r.source.message().filter(|m| {
        !r.source.in_thread()
            && r.source.guild_id().is_some()
            && !m.flags.is_some_and(|f| f.contains(MessageFlags::EPHEMERAL))
    });
    let created = match from_message {
        Some(m) => {
            m.channel_id
                .create_thread_from_message(r.http, m.id, builder)
                .await
        }
        None => {
            let channel = row
                .channel
                .as_deref()
                .and_then(parse_channel)
                .unwrap_or_else(|| r.source.channel_id());
            channel
                .create_thread(r.http, builder.kind(ChannelType::PublicThread))
                .await
        }
    };
    let thread = match created {
        Ok(t) => t.id,
        Err(e) => {
            tracing::warn!(game, error = %e, "cannot open a thread for the game");
            return None;
        }
    };
    if let Err(e) = data.host.bind_thread(game, &thread.to_string()).await {
        tracing::warn!(game, %thread, error = %e, "cannot record the game's thread");
    }
    tracing::info!(game, %thread, "opened the game's thread");
    Some(thread)
}

fn parse_channel(id: &str) -> Option<ChannelId> {
    id.parse::<u64>()
        .ok()
        .filter(|n| *n != 0)
        .map(ChannelId::new)
}
