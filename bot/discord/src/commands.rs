//! The slash commands: each one reads its options into the host's
//! [`Command`] and runs it ([`execute`]), shown as the catalogue presents
//! it. Who may do what is the host's business.
//! Their descriptions, and their options', are the host's catalogue's
//! (`catalogue.rs` writes them in); the doc comments here are for readers.

use chronomate_host::commands::catalogue::Name;
use chronomate_host::{
    ChallengeId, ChallengeTerms, ColourChoice, Command, DrawMove, GameId, HostError, Player,
    Refusal, Reply, SettingsChange,
};
use std::time::Duration;

use chronomate_rules::Options;
use poise::serenity_prelude as serenity;

use super::caller;
use super::interaction::Source;
use super::options::{ColourOption, DrawAnswer, LevelOption, VariantName};
use super::post::clip;
use super::run::{PRIVATE, execute, execute_read, run};
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
        web(),
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
    variant: VariantName,
    opponent: Option<serenity::User>,
    colour: Option<ColourOption>,
    #[min = 1]
    #[max = 14]
    days: Option<i64>,
    #[max_length = 200] options: Option<String>,
    level: Option<LevelOption>,
    #[max_length = 4000] record: Option<String>,
) -> Result<(), Error> {
    let data = ctx.data();
    execute_read(ctx, Name::Challenge, move || {
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
        Ok(Command::Challenge(terms))
    })
    .await
}

/// Accept a challenge: the game begins in a thread of its own.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn accept(ctx: Context<'_>, challenge: Option<i64>) -> Result<(), Error> {
    execute(ctx, Command::Accept(challenge.map(ChallengeId))).await
}

/// Decline a challenge to you.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn decline(ctx: Context<'_>, challenge: Option<i64>) -> Result<(), Error> {
    execute(ctx, Command::Decline(challenge.map(ChallengeId))).await
}

/// Withdraw your challenge.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn cancel(ctx: Context<'_>, challenge: Option<i64>) -> Result<(), Error> {
    execute(ctx, Command::Cancel(challenge.map(ChallengeId))).await
}

/// Play an action, or pick one step by step. In 5D chess, it adds a move to your draft.
#[poise::command(slash_command, rename = "move")]
pub(crate) async fn r#move(
    ctx: Context<'_>,
    #[autocomplete = "autocomplete_action"]
    #[max_length = 200]
    action: Option<String>,
    game: Option<i64>,
) -> Result<(), Error> {
    execute(
        ctx,
        Command::Move {
            game: game.map(GameId),
            action,
        },
    )
    .await
}

/// Undo your 5D draft's last move.
#[poise::command(slash_command)]
pub(crate) async fn undo(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    execute(ctx, Command::Undo(game.map(GameId))).await
}

/// Play by click in a browser: your own link, only you see it.
#[poise::command(slash_command)]
pub(crate) async fn web(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    execute(ctx, Command::Web(game.map(GameId))).await
}

/// Show your 5D draft. Only you see it.
#[poise::command(slash_command)]
pub(crate) async fn draft(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    execute(ctx, Command::Draft(game.map(GameId))).await
}

/// Play your 5D draft as your turn. If it cannot be played yet, hear why.
#[poise::command(slash_command)]
pub(crate) async fn submit(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    execute(ctx, Command::Submit(game.map(GameId))).await
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
        host.games()
            .find(&caller, game.map(GameId), partial, MAX_SUGGESTIONS),
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
pub(crate) async fn board(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    execute(ctx, Command::Board(game.map(GameId))).await
}

/// The whole game at once: every branch or timeline.
#[poise::command(slash_command)]
pub(crate) async fn snapshot(
    ctx: Context<'_>,
    game: Option<i64>,
    full: Option<bool>,
) -> Result<(), Error> {
    let full = full.unwrap_or(false);
    execute(
        ctx,
        Command::Snapshot {
            game: game.map(GameId),
            full,
        },
    )
    .await
}

/// Your games and open challenges.
#[poise::command(slash_command)]
pub(crate) async fn games(ctx: Context<'_>) -> Result<(), Error> {
    execute(ctx, Command::Games).await
}

/// Resign a game. You will be asked to confirm.
#[poise::command(slash_command)]
pub(crate) async fn resign(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    execute(
        ctx,
        Command::Resign {
            game: game.map(GameId),
            confirm: false,
        },
    )
    .await
}

/// Offer or answer a draw.
#[poise::command(slash_command)]
pub(crate) async fn draw(
    ctx: Context<'_>,
    answer: Option<DrawAnswer>,
    game: Option<i64>,
) -> Result<(), Error> {
    let how = answer.map_or(DrawMove::Offer, DrawMove::from);
    execute(
        ctx,
        Command::Draw {
            game: game.map(GameId),
            answer: how,
        },
    )
    .await
}

/// Abort a game before both have moved: no result.
#[poise::command(slash_command)]
pub(crate) async fn abort(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    execute(ctx, Command::Abort(game.map(GameId))).await
}

/// A game's record, as a file.
#[poise::command(slash_command)]
pub(crate) async fn history(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    execute(ctx, Command::History(game.map(GameId))).await
}

/// A finished game as Chronomate sees it: its evaluation over the game,
/// and the three biggest swings.
#[poise::command(slash_command, rename = "analyse")]
pub(crate) async fn analyse(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    execute(ctx, Command::Analyse(game.map(GameId))).await
}

/// A variant's rules in short, or the list of variants.
#[poise::command(slash_command)]
pub(crate) async fn rules(ctx: Context<'_>, variant: Option<VariantName>) -> Result<(), Error> {
    execute_read(ctx, Name::Rules, move || {
        Ok(Command::Rules(variant.map(|v| v.read()).transpose()?))
    })
    .await
}

/// This server's defaults: days per move and the reminder (Manage Server).
#[poise::command(slash_command, guild_only, default_member_permissions = "MANAGE_GUILD")]
pub(crate) async fn settings(
    ctx: Context<'_>,
    #[min = 1]
    #[max = 14]
    default_days: Option<i64>,
    #[min = 0]
    #[max = 336]
    reminder_hours: Option<i64>,
) -> Result<(), Error> {
    let change = SettingsChange {
        default_days,
        reminder_hours,
    };
    execute(ctx, Command::Settings(change)).await
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
