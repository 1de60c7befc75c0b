//! The community commands: `/rating`, `/leaderboard`, `/tournament <sub>`
//! and `/export <sub>`. Like every command here they read their options
//! into the host's command and run it as the catalogue presents it; who
//! may do what is the host's business.

use chronomate_host::commands::catalogue::Name;
use chronomate_host::{
    Command, GameId, Refusal, TournamentFormat, TournamentId, TournamentTerms, read_when,
};
use chronomate_rules::Options;
use poise::serenity_prelude as serenity;

use super::caller;
use super::options::{FormatChoice, VariantName};
use super::run::{execute, execute_read};
use super::{Context, Data, Error};

/// The community commands, to add to the bot's list.
pub(crate) fn all() -> Vec<poise::Command<Data, Error>> {
    vec![rating(), leaderboard(), tournament(), export()]
}

/// Glicko-2 ratings. A ? marks a provisional one.
#[poise::command(slash_command)]
pub(crate) async fn rating(
    ctx: Context<'_>,
    user: Option<serenity::User>,
    variant: Option<VariantName>,
) -> Result<(), Error> {
    execute_read(ctx, Name::Rating, move || {
        Ok(Command::Rating {
            who: user.map(|u| caller::player(&u, None)),
            variant: variant.map(|v| v.read()).transpose()?,
        })
    })
    .await
}

/// This server's best players of a game.
#[poise::command(slash_command)]
pub(crate) async fn leaderboard(ctx: Context<'_>, variant: VariantName) -> Result<(), Error> {
    execute_read(ctx, Name::Leaderboard, move || {
        Ok(Command::Leaderboard(variant.read()?))
    })
    .await
}

/// Tournaments on this server.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "create",
        "join",
        "leave",
        "start",
        "standings",
        "pairings",
        "withdraw",
        "cancel",
        "list"
    )
)]
pub(crate) async fn tournament(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Create a tournament, open for entries.
#[poise::command(slash_command, guild_only)]
#[allow(clippy::too_many_arguments)]
pub(crate) async fn create(
    ctx: Context<'_>,
    variant: VariantName,
    format: Option<FormatChoice>,
    #[min = 1]
    #[max = 99]
    rounds: Option<i64>,
    #[min = 1]
    #[max = 14]
    days: Option<i64>,
    #[min = 2]
    #[max = 64]
    players: Option<i64>,
    #[max_length = 40] start: Option<String>,
    #[max_length = 60] name: Option<String>,
    #[max_length = 200] options: Option<String>,
) -> Result<(), Error> {
    let now = ctx.data().host.now();
    execute_read(ctx, Name::TournamentCreate, move || {
        let variant = variant.read()?;
        let format = format.map_or(TournamentFormat::RoundRobin, TournamentFormat::from);
        if rounds.is_some() && format != TournamentFormat::Swiss {
            return Err(Refusal::Terms(
                "rounds are for Swiss tournaments: a round robin has as many as it needs"
                    .to_owned(),
            )
            .into());
        }
        let mut terms = TournamentTerms::new(variant, format);
        terms.options = Options::parse(variant, options.as_deref().unwrap_or(""))
            .map_err(|e| Refusal::Terms(e.to_string()))?;
        terms.rounds = rounds;
        terms.days = days;
        terms.max_players = players;
        terms.name = name;
        if let Some(s) = start {
            terms.starts_at = Some(read_when(&s, now)?);
        }
        Ok(Command::TournamentCreate(terms))
    })
    .await
}

/// Join a tournament.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn join(ctx: Context<'_>, id: Option<i64>) -> Result<(), Error> {
    execute(ctx, Command::TournamentJoin(id.map(TournamentId))).await
}

/// Leave a tournament that has not started.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn leave(ctx: Context<'_>, id: Option<i64>) -> Result<(), Error> {
    execute(ctx, Command::TournamentLeave(id.map(TournamentId))).await
}

/// Start a tournament now (its organiser, or Manage Server).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn start(ctx: Context<'_>, id: Option<i64>) -> Result<(), Error> {
    execute(ctx, Command::TournamentStart(id.map(TournamentId))).await
}

/// The standings, with a table image.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn standings(ctx: Context<'_>, id: Option<i64>) -> Result<(), Error> {
    execute(ctx, Command::TournamentStandings(id.map(TournamentId))).await
}

/// The pairings of a round.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn pairings(
    ctx: Context<'_>,
    id: Option<i64>,
    #[min = 1] round: Option<i64>,
) -> Result<(), Error> {
    execute(
        ctx,
        Command::TournamentPairings {
            id: id.map(TournamentId),
            round,
        },
    )
    .await
}

/// Withdraw from a running tournament (your game in play is resigned).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn withdraw(ctx: Context<'_>, id: Option<i64>) -> Result<(), Error> {
    execute(ctx, Command::TournamentWithdraw(id.map(TournamentId))).await
}

/// Cancel a tournament (its organiser, or Manage Server).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn cancel(ctx: Context<'_>, id: Option<i64>) -> Result<(), Error> {
    execute(ctx, Command::TournamentCancel(id.map(TournamentId))).await
}

/// This server's tournaments.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn list(ctx: Context<'_>) -> Result<(), Error> {
    execute(ctx, Command::TournamentList).await
}

/// A game as PGN, a tournament as CSV.
#[poise::command(slash_command, subcommands("pgn", "csv"))]
pub(crate) async fn export(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// A standard game as PGN (lichess imports it).
#[poise::command(slash_command)]
pub(crate) async fn pgn(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    execute(ctx, Command::ExportPgn(game.map(GameId))).await
}

/// A tournament's results as CSV.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn csv(ctx: Context<'_>, tournament: Option<i64>) -> Result<(), Error> {
    execute(ctx, Command::ExportCsv(tournament.map(TournamentId))).await
}
