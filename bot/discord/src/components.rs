//! Buttons, routed by custom id.
//!
//! A button's custom id is the host's stable choice id
//! (`challenge:42:accept`, `game:7:resign:confirm`, ...). Presses arrive as
//! INTERACTION_CREATE events and are handed to [`Host::choose`] by id: no
//! state lives in memory, so a button works the same after a restart.
//!
//! A button that settles something (accepting, declining or withdrawing a
//! challenge, confirming a resignation, answering a draw offer) closes its
//! message first: the buttons go and the outcome is written under it. The
//! full reply, with its pings and board, then goes to the game's thread
//! (opened under the pressed message when the game has none), and the
//! closed message points to it.
//!
//! [`Host::choose`]: chronomate_host::Host::choose

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, FullEvent};

use super::interaction::{Hold, Interaction, Source};
use super::post::Post;
use super::threads::{Answering, BeforeAnswer, Route, deliver_after, post_reply, starter};
use super::{Data, Error};
use chronomate_host::{ChallengeChoice, ChoiceId, GameChoice};

/// The framework's event handler: buttons, and connection events for the
/// log. Commands and autocomplete are dispatched by poise.
pub(crate) async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &FullEvent,
) -> Result<(), Error> {
    match event {
        FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Component(press),
        } => on_press(framework.user_data, press).await,
        FullEvent::Ready { data_about_bot } => {
            tracing::info!(session = %data_about_bot.session_id, "gateway session ready");
            Ok(())
        }
        FullEvent::Resume { .. } => {
            tracing::info!("gateway session resumed");
            Ok(())
        }
        FullEvent::ShardStageUpdate { event } => {
            tracing::info!(shard = event.shard_id.0, from = %event.old, to = %event.new, "gateway connection");
            Ok(())
        }
        _ => Ok(()),
    }
}

/// What pressing a choice does to the message it is on.
fn settles(choice: ChoiceId) -> bool {
    matches!(
        choice,
        ChoiceId::Challenge(_, _)
            | ChoiceId::Game(
                _,
                GameChoice::ResignConfirm | GameChoice::DrawAccept | GameChoice::DrawDecline
            )
    )
}

/// Where a choice's reply goes: looking is answered where the button was
/// pressed (a DM, a listing); anything that changes a game, in its thread.
fn route(choice: ChoiceId) -> Route {
    match choice {
        ChoiceId::Game(_, GameChoice::Board | GameChoice::Snapshot | GameChoice::History) => {
            Route::Here
        }
        _ => Route::GameThread,
    }
}

async fn on_press(data: &Data, press: &serenity::ComponentInteraction) -> Result<(), Error> {
    let custom_id = press.data.custom_id.as_str();
    let mut r = Interaction::new(&data.rest, Source::Component(press));
    let Ok(choice) = custom_id.parse::<ChoiceId>() else {
        tracing::info!(custom_id, "a button that is not ours");
        r.answer(&Post::text("This button does nothing any more.").ephemeral(true))
            .await;
        return Ok(());
    };
    let caller = r.source.caller();
    tracing::debug!(custom_id, player = %caller.player.key, "button");
    let settles = settles(choice);
    let hold = if settles {
        Hold::Update
    } else {
        Hold::Think { ephemeral: false }
    };
    let _replying = data
        .threads
        .replying(Answering::Player(caller.player.key.clone()));
    let result = r
        .race(
            data.defer_after,
            hold,
            data.work(data.host.choose(&caller, custom_id)),
        )
        .await;
    match result {
        Ok(reply) if settles && !reply.private => {
            let post = Post::from_reply(&reply);
            let outcome = reply.text.lines().next().unwrap_or("").to_owned();
            let here = r.source.channel_id();
            let closed = |place: Option<ChannelId>| {
                let link = place
                    .filter(|p| *p != here)
                    .map(|p| format!(" → <#{p}>"))
                    .unwrap_or_default();
                Post::text(format!("{}\n**{outcome}{link}**", press.message.content))
            };
            let BeforeAnswer { recorded, ended } = match reply.game {
                Some(game) => data.threads.before_answer(game).await,
                None => BeforeAnswer::default(),
            };
            // The buttons go at once; the post in the thread follows.
            if let Err(e) = r.update(&closed(recorded)).await {
                tracing::warn!("{e}; the pressed message stays as it was");
            }
            let more =
                !post.mentions.is_empty() || !post.files.is_empty() || reply.text.contains('\n');
            let Some(game) = reply.game else {
                if more {
                    r.also(&post).await;
                }
                return Ok(());
            };
            let place = match recorded {
                Some(place) => Some(place),
                None => data.threads.open(game, starter(&r), here).await,
            };
            match place {
                Some(place) if place != here => {
                    let at = deliver_after(data, &mut r, game, &post, recorded).await;
                    if at.is_some()
                        && at != recorded
                        && let Err(e) = r.update(&closed(at)).await
                    {
                        tracing::warn!("{e}; the pressed message does not link the thread");
                    }
                }
                _ if more => r.also(&post).await,
                _ => {}
            }
            if matches!(choice, ChoiceId::Challenge(_, ChallengeChoice::Accept)) {
                tracing::info!(game = %game, "challenge accepted");
            }
            if ended {
                data.threads.close_if_over(game).await;
            }
            Ok(())
        }
        other => {
            post_reply(data, &mut r, other, route(choice)).await;
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settling_choices() {
        for id in [
            "challenge:1:accept",
            "challenge:1:decline",
            "challenge:1:cancel",
            "game:2:resign:confirm",
            "game:2:draw:accept",
            "game:2:draw:decline",
        ] {
            assert!(settles(id.parse().unwrap()), "{id}");
        }
        for id in [
            "game:2:board",
            "game:2:resign",
            "game:2:draw:offer",
            "game:2:abort",
        ] {
            assert!(!settles(id.parse().unwrap()), "{id}");
        }
        assert_eq!(route("game:2:board".parse().unwrap()), Route::Here);
        assert_eq!(
            route("game:2:draw:accept".parse().unwrap()),
            Route::GameThread
        );
    }
}
