//! Buttons and select menus, routed by custom id.
//!
//! A button's custom id is the host's stable choice id
//! (`challenge:42:accept`, `game:7:resign:confirm`, ...). Presses arrive as
//! INTERACTION_CREATE events and are handed to [`Host::choose`] by id: no
//! state lives in memory, so a button works the same after a restart.
//!
//! The guided picker is a select menu whose custom id is a step's pick id
//! (`pick:7:42:l3`) and whose options' values are keys: a choice is that
//! id with the key added (`pick:7:42:l3;ng1-`). The picker lives in a
//! message only its player sees: each step replaces it in place; "Make a
//! move" under a board post opens one. Pressing Play closes it, saying
//! what was played, and the move goes to the game's thread like a typed
//! one.
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
use super::places;
use super::post::Post;
use super::threads::{Route, post_reply, starter};
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
        FullEvent::ThreadDelete { thread, .. } => {
            places::gone(framework.user_data, thread.id).await;
            Ok(())
        }
        FullEvent::ChannelDelete { channel, .. } => {
            places::gone(framework.user_data, channel.id).await;
            Ok(())
        }
        FullEvent::ThreadUpdate { new, .. } => {
            places::thread_updated(framework.user_data, new).await;
            Ok(())
        }
        _ => Ok(()),
    }
}

/// What pressing a choice does to the message it is on.
fn settles(choice: &ChoiceId) -> bool {
    match choice {
        ChoiceId::Challenge(_, _)
        | ChoiceId::Game(
            _,
            GameChoice::ResignConfirm | GameChoice::DrawAccept | GameChoice::DrawDecline,
        ) => true,
        ChoiceId::Pick(p) => p.play,
        ChoiceId::Game(_, _) => false,
    }
}

/// Where a choice's reply goes: looking (and picking) is answered where
/// the button was pressed (a DM, a listing); anything that changes a game,
/// in its thread.
fn route(choice: &ChoiceId) -> Route {
    match choice {
        ChoiceId::Game(_, GameChoice::Board | GameChoice::Snapshot | GameChoice::History) => {
            Route::Here
        }
        ChoiceId::Pick(p) if !p.play => Route::Here,
        _ => Route::GameThread,
    }
}

/// The choice a press stands for: the button's id, or the select menu's
/// step with the chosen option's key added.
fn chosen(press: &serenity::ComponentInteraction) -> Option<ChoiceId> {
    let choice: ChoiceId = press.data.custom_id.parse().ok()?;
    match (&press.data.kind, choice) {
        (serenity::ComponentInteractionDataKind::StringSelect { values }, ChoiceId::Pick(p)) => {
            values.first().map(|key| ChoiceId::Pick(p.then(key)))
        }
        (serenity::ComponentInteractionDataKind::StringSelect { .. }, _) => None,
        (_, choice) => Some(choice),
    }
}

async fn on_press(data: &Data, press: &serenity::ComponentInteraction) -> Result<(), Error> {
    let custom_id = press.data.custom_id.as_str();
    let mut r = Interaction::new(&data.rest, Source::Component(press)).counted(&data.metrics);
    let Some(choice) = chosen(press) else {
        tracing::info!(custom_id, "a button that is not ours");
        r.answer(&Post::text("This button does nothing any more.").ephemeral(true))
            .await;
        return Ok(());
    };
    let caller = r.source.caller_answering();
    let id = choice.to_string();
    tracing::debug!(custom_id, id, player = %caller.player.key, "button");
    let settles = settles(&choice);
    // A picker's own message (only its player sees it) is replaced step
    // by step; "Make a move" under a board opens one.
    let picking = matches!(choice, ChoiceId::Pick(_));
    let in_picker = picking
        && press
            .message
            .flags
            .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL));
    // The picker's steps and a player's own page link are for the
    // presser's eyes alone.
    let private = picking || matches!(choice, ChoiceId::Game(_, GameChoice::Web));
    let hold = if settles || in_picker {
        Hold::Update
    } else {
        Hold::Think { ephemeral: private }
    };
    let result = r
        .race(
            data.defer_after,
            hold,
            data.work(data.host.choose(&caller, &id)),
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
            let recorded = match reply.game {
                Some(game) => data.threads.before_answer(game).await.recorded,
                None => None,
            };
            // The buttons go at once; the post in the thread follows.
            let updated = r.update(&closed(recorded)).await;
            if let Err(e) = &updated {
                tracing::warn!("{e}; the pressed message stays as it was");
            }
            let more =
                !post.mentions.is_empty() || !post.files.is_empty() || reply.text.contains('\n');
            let Some(game) = reply.game else {
                // A challenge's answer lives where the challenge was made:
                // the closed message says it.
                if more {
                    r.also(&post).await;
                }
                data.outbox
                    .answered(&reply.announced, updated.is_ok())
                    .await;
                data.outbox.answered(&reply.follows, false).await;
                return Ok(());
            };
            if recorded.is_none() {
                data.threads.open(game, starter(&r), here).await;
            }
            // The full reply goes through the game's stream, after what
            // it holds, and the closed message points to where it went.
            let at = data.outbox.post_now(&reply.announced).await;
            if at.is_some()
                && at != recorded
                && let Err(e) = r.update(&closed(at)).await
            {
                tracing::warn!("{e}; the pressed message does not link the thread");
            }
            if reply.announced.is_empty() && more {
                r.also(&post).await;
            }
            // Another stream's news the press caused follows.
            data.outbox.answered(&reply.follows, false).await;
            if matches!(choice, ChoiceId::Challenge(_, ChallengeChoice::Accept)) {
                tracing::info!(game = %game, "challenge accepted");
            }
            Ok(())
        }
        Ok(reply) if in_picker => {
            if let Err(e) = r.update(&Post::from_reply(&reply)).await {
                tracing::warn!("{e}; the picker stays as it was");
            }
            Ok(())
        }
        other => {
            post_reply(data, &mut r, other, route(&choice)).await;
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
            assert!(settles(&id.parse().unwrap()), "{id}");
        }
        for id in [
            "game:2:board",
            "game:2:resign",
            "game:2:draw:offer",
            "game:2:abort",
        ] {
            assert!(!settles(&id.parse().unwrap()), "{id}");
        }
        assert!(settles(&"play:2:4:ng1-;nf3".parse().unwrap()));
        assert!(!settles(&"pick:2:4:ng1-".parse().unwrap()));
        assert_eq!(route(&"game:2:board".parse().unwrap()), Route::Here);
        assert_eq!(route(&"pick:2:4:".parse().unwrap()), Route::Here);
        assert_eq!(
            route(&"game:2:draw:accept".parse().unwrap()),
            Route::GameThread
        );
    }
}
