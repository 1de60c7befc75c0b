//! The slash commands: each one reads its options, hands them to the host
//! and shows the reply ([`run`]). Who may do what is the host's business.

use chronomate_host::{
    ChallengeId, ChallengeTerms, ColourChoice, DrawMove, GameId, HostError, Player, Refusal, Reply,
    SettingsChange,
};
use std::time::Duration;

use chronomate_rules::Options;
use poise::serenity_prelude as serenity;

use super::caller;
use super::interaction::Source;
use super::options::{ColourOption, DrawAnswer, LevelOption, VariantName};
use super::post::clip;
use super::run::{PRIVATE, PUBLIC, run, run_file};
use super::threads::Route;
use super::{Context, Data, Error};

/// Every command, in the order `/help` lists them.
pub(crate) fn all() -> Vec<poise::Command<Data, Error>> {
    vec![
        challenge(),
        accept(),
        decline(),
        cancel(),
        r#move(),
        undo(),
        draft(),
        submit(),
        board(),
        snapshot(),
        games(),
        resign(),
        draw(),
        abort(),
        history(),
        analyse(),
        rules(),
        settings(),
        help(),
    ]
}

/// Challenge someone (or anyone) to a game.
#[poise::command(slash_command, guild_only)]
#[allow(clippy::too_many_arguments)] // one a slash option, as poise reads them
pub(crate) async fn challenge(
    ctx: Context<'_>,
    #[description = "Which game"] variant: VariantName,
    #[description = "Who you challenge (leave empty: anyone may accept)"] opponent: Option<
        serenity::User,
    >,
    #[description = "Your colour (default: random)"] colour: Option<ColourOption>,
    #[description = "Days per move, 1 to 14 (default: the server's)"]
    #[min = 1]
    #[max = 14]
    days: Option<i64>,
    #[description = "The variant's own options as key:value words (/help lists them)"]
    #[max_length = 200]
    options: Option<String>,
    #[description = "Against Chronomate itself: its level, 1 (weakest) to 8 (default 3)"]
    level: Option<LevelOption>,
    #[description = "Start from a record's position: paste its headers (a 5DPGN puzzle: Board, 5DFEN boards)"]
    #[max_length = 4000]
    record: Option<String>,
) -> Result<(), Error> {
    let data = ctx.data();
    // A game against Chronomate begins at once: its reply goes to the
    // game's thread like an accepted challenge's.
    run(ctx, PUBLIC, Route::GameThread, |caller| async move {
        let variant = variant.read()?;
        let options = Options::parse(variant, options.as_deref().unwrap_or(""))
            .map_err(|e| Refusal::Terms(e.to_string()))?;
        let opponent = match opponent {
            Some(user) if user.id == data.me => Some(Player::chronomate()),
            Some(user) if user.bot => {
                return Err(Refusal::Terms(
                    "other bots do not play here: challenge a person, Chronomate itself, or leave the opponent empty for an open challenge"
                        .to_owned(),
                )
                .into());
            }
            Some(user) => Some(caller::player(&user, None)),
            None => None,
        };
        let mut terms = ChallengeTerms {
            opponent,
            variant,
            options,
            colour: colour.map_or(ColourChoice::Random, ColourChoice::from),
            days,
            level: level.map(|l| l.0),
        };
        if let Some(text) = record {
            terms = terms.with_record(&text)?;
        }
        data.host.challenge(&caller, terms).await
    })
    .await
}

/// Accept a challenge: the game begins in a thread of its own.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn accept(
    ctx: Context<'_>,
    #[description = "The challenge's number (default: the one for you)"] challenge: Option<i64>,
) -> Result<(), Error> {
    let data = ctx.data();
    run(ctx, PUBLIC, Route::GameThread, |caller| async move {
        data.host.accept(&caller, challenge.map(ChallengeId)).await
    })
    .await
}

/// Decline a challenge addressed to you.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn decline(
    ctx: Context<'_>,
    #[description = "The challenge's number (default: the one for you)"] challenge: Option<i64>,
) -> Result<(), Error> {
    let data = ctx.data();
    run(ctx, PUBLIC, Route::Here, |caller| async move {
        data.host.decline(&caller, challenge.map(ChallengeId)).await
    })
    .await
}

/// Withdraw a challenge of yours.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn cancel(
    ctx: Context<'_>,
    #[description = "The challenge's number (default: your only one)"] challenge: Option<i64>,
) -> Result<(), Error> {
    let data = ctx.data();
    run(ctx, PUBLIC, Route::Here, |caller| async move {
        data.host.cancel(&caller, challenge.map(ChallengeId)).await
    })
    .await
}

/// Play an action, or pick one step by step. In 5D chess, it adds a move to your draft.
#[poise::command(slash_command, rename = "move")]
pub(crate) async fn r#move(
    ctx: Context<'_>,
    #[description = "The action (suggestions as you type), or leave it out to pick step by step"]
    #[autocomplete = "autocomplete_action"]
    #[max_length = 200]
    action: Option<String>,
    #[description = "The game's number (default: this thread's game, or your only one)"]
    game: Option<i64>,
) -> Result<(), Error> {
    let data = ctx.data();
    let game = game.map(GameId);
    match action {
        Some(action) => {
            run(ctx, PUBLIC, Route::GameThread, |caller| async move {
                data.host.act(&caller, game, &action).await
            })
            .await
        }
        // The picker: only for the player's eyes, where they asked.
        None => {
            run(ctx, PRIVATE, Route::Here, |caller| async move {
                data.host.pick(&caller, game).await
            })
            .await
        }
    }
}

/// Take back your 5D draft's last move.
#[poise::command(slash_command)]
pub(crate) async fn undo(
    ctx: Context<'_>,
    #[description = "The game's number (default: this thread's game, or your only one)"]
    game: Option<i64>,
) -> Result<(), Error> {
    let data = ctx.data();
    run(ctx, PRIVATE, Route::Here, |caller| async move {
        data.host.undo(&caller, game.map(GameId)).await
    })
    .await
}

/// Show your 5D draft. Only you see it.
#[poise::command(slash_command)]
pub(crate) async fn draft(
    ctx: Context<'_>,
    #[description = "The game's number (default: this thread's game, or your only one)"]
    game: Option<i64>,
) -> Result<(), Error> {
    let data = ctx.data();
    run(ctx, PRIVATE, Route::Here, |caller| async move {
        data.host.draft(&caller, game.map(GameId)).await
    })
    .await
}

/// Play your 5D draft as your turn. If it cannot be played yet, hear why.
#[poise::command(slash_command)]
pub(crate) async fn submit(
    ctx: Context<'_>,
    #[description = "The game's number (default: this thread's game, or your only one)"]
    game: Option<i64>,
) -> Result<(), Error> {
    let data = ctx.data();
    run(ctx, PUBLIC, Route::GameThread, |caller| async move {
        data.host.submit(&caller, game.map(GameId)).await
    })
    .await
}

/// Autocomplete must answer within 3 seconds; give up well before.
const SUGGEST_WITHIN: Duration = Duration::from_millis(2000);
/// Discord's limits on autocomplete: 25 choices of at most 100 characters.
const MAX_SUGGESTIONS: usize = 25;
const MAX_CHOICE: usize = 100;

/// What the typed text finds among the legal actions (whole actions, or
/// texts that narrow to groups of them, each with its count), in the game
/// of this thread, the one named by `game:`, or the caller's only one.
async fn autocomplete_action(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let poise::Context::Application(actx) = ctx else {
        return serenity::CreateAutocompleteResponse::new();
    };
    let game = actx
        .interaction
        .data
        .options
        .iter()
        .find(|o| o.name == "game")
        .and_then(|o| o.value.as_i64());
    let caller = Source::Command(actx.interaction).caller();
    let host = &ctx.data().host;
    let found = tokio::time::timeout(
        SUGGEST_WITHIN,
        host.find(&caller, game.map(GameId), partial, MAX_SUGGESTIONS),
    )
    .await;
    let entries = match found {
        Ok(Ok(found)) => found.entries,
        Ok(Err(HostError::Refused(_))) => Vec::new(),
        Ok(Err(e)) => {
            tracing::warn!(error = %e, "autocomplete failed");
            Vec::new()
        }
        Err(_) => {
            tracing::warn!("autocomplete took too long");
            Vec::new()
        }
    };
    let choices = entries
        .into_iter()
        .filter(|e| !e.value.is_empty() && e.value.chars().count() <= MAX_CHOICE)
        .take(MAX_SUGGESTIONS)
        .map(|e| serenity::AutocompleteChoice::new(clip(&e.label, MAX_CHOICE), e.value))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The board as it stands.
#[poise::command(slash_command)]
pub(crate) async fn board(
    ctx: Context<'_>,
    #[description = "The game's number (default: this thread's game, or your only one)"]
    game: Option<i64>,
) -> Result<(), Error> {
    let data = ctx.data();
    run(ctx, PUBLIC, Route::Here, |caller| async move {
        data.host.board(&caller, game.map(GameId)).await
    })
    .await
}

/// The whole game at once: every branch or timeline.
#[poise::command(slash_command)]
pub(crate) async fn snapshot(
    ctx: Context<'_>,
    #[description = "The game's number (default: this thread's game, or your only one)"]
    game: Option<i64>,
    #[description = "Every board of the whole history, as a large image to open (default: the recent history, readable in the chat)"]
    full: Option<bool>,
) -> Result<(), Error> {
    let data = ctx.data();
    let full = full.unwrap_or(false);
    run(ctx, PUBLIC, Route::Here, |caller| async move {
        data.host.snapshot(&caller, game.map(GameId), full).await
    })
    .await
}

/// Your games and the open challenges you can see.
#[poise::command(slash_command)]
pub(crate) async fn games(ctx: Context<'_>) -> Result<(), Error> {
    let data = ctx.data();
    run(ctx, PRIVATE, Route::Here, |caller| async move {
        data.host.games(&caller).await
    })
    .await
}

/// Resign a game. You will be asked to confirm.
#[poise::command(slash_command)]
pub(crate) async fn resign(
    ctx: Context<'_>,
    #[description = "The game's number (default: this thread's game, or your only one)"]
    game: Option<i64>,
) -> Result<(), Error> {
    let data = ctx.data();
    run(ctx, PRIVATE, Route::GameThread, |caller| async move {
        data.host.resign(&caller, game.map(GameId), false).await
    })
    .await
}

/// Offer a draw, or answer your opponent's offer.
#[poise::command(slash_command)]
pub(crate) async fn draw(
    ctx: Context<'_>,
    #[description = "offer (default), accept or decline"] answer: Option<DrawAnswer>,
    #[description = "The game's number (default: this thread's game, or your only one)"]
    game: Option<i64>,
) -> Result<(), Error> {
    let data = ctx.data();
    let how = answer.map_or(DrawMove::Offer, DrawMove::from);
    run(ctx, PUBLIC, Route::GameThread, |caller| async move {
        data.host.draw(&caller, game.map(GameId), how).await
    })
    .await
}

/// Abort a game before both sides have moved: no result.
#[poise::command(slash_command)]
pub(crate) async fn abort(
    ctx: Context<'_>,
    #[description = "The game's number (default: this thread's game, or your only one)"]
    game: Option<i64>,
) -> Result<(), Error> {
    let data = ctx.data();
    run(ctx, PUBLIC, Route::GameThread, |caller| async move {
        data.host.abort(&caller, game.map(GameId)).await
    })
    .await
}

/// A game's record, as a file.
#[poise::command(slash_command)]
pub(crate) async fn history(
    ctx: Context<'_>,
    #[description = "The game's number (default: this thread's game, or your only one)"]
    game: Option<i64>,
) -> Result<(), Error> {
    let data = ctx.data();
    run_file(
        ctx,
        |caller| async move { data.host.history(&caller, game.map(GameId)).await },
        |record| format!("chronomate-game-{}.txt", record.game.unwrap_or(GameId(0))),
    )
    .await
}

/// A finished game as Chronomate sees it: its evaluation over the game,
/// and the three biggest swings.
#[poise::command(slash_command, rename = "analyse")]
pub(crate) async fn analyse(
    ctx: Context<'_>,
    #[description = "The game's number (default: this thread's game, or your latest)"] game: Option<
        i64,
    >,
) -> Result<(), Error> {
    let data = ctx.data();
    // A few seconds of searching: deferred at once.
    run(ctx, PUBLIC, Route::Here, |caller| async move {
        data.host.analyse(&caller, game.map(GameId)).await
    })
    .await
}

/// A variant's rules in short, or the list of variants.
#[poise::command(slash_command)]
pub(crate) async fn rules(
    ctx: Context<'_>,
    #[description = "Which game (default: list them all)"] variant: Option<VariantName>,
) -> Result<(), Error> {
    let data = ctx.data();
    run(ctx, PRIVATE, Route::Here, |_| async move {
        let variant = variant.map(|v| v.read()).transpose()?;
        Ok(data.host.rules(variant))
    })
    .await
}

/// This server's defaults: days per move and the reminder (Manage Server).
#[poise::command(slash_command, guild_only, default_member_permissions = "MANAGE_GUILD")]
pub(crate) async fn settings(
    ctx: Context<'_>,
    #[description = "Days per move for new challenges, 1 to 14"]
    #[min = 1]
    #[max = 14]
    default_days: Option<i64>,
    #[description = "Remind the player to move this many hours before the deadline (0: never)"]
    #[min = 0]
    #[max = 336]
    reminder_hours: Option<i64>,
) -> Result<(), Error> {
    let data = ctx.data();
    let change = SettingsChange {
        default_days,
        reminder_hours,
    };
    run(ctx, PRIVATE, Route::Here, |caller| async move {
        data.host.settings(&caller, change).await
    })
    .await
}

/// What Chronomate can do.
#[poise::command(slash_command)]
pub(crate) async fn help(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, PRIVATE, Route::Here, |_| async move {
        let mut reply = Reply::text(super::help::help_text());
        reply.private = true;
        Ok(reply)
    })
    .await
}
