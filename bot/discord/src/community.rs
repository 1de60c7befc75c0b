//! The community commands: `/rating`, `/leaderboard`, `/tournament <sub>`
//! and `/export <sub>`. Like every command here they read their options,
//! hand them to the host and show its reply; who may do what is the
//! host's business.

use chronomate_host::{
    GameId, Refusal, TournamentFormat, TournamentId, TournamentTerms, read_when,
};
use chronomate_rules::Options;
use poise::serenity_prelude as serenity;

use super::caller;
use super::options::{FormatChoice, VariantName};
use super::run::{PRIVATE, PUBLIC, run, run_file};
use super::threads::Route;
use super::{Context, Data, Error};

/// The community commands, to add to the bot's list.
pub(crate) fn all() -> Vec<poise::Command<Data, Error>> {
    vec![rating(), leaderboard(), tournament(), export()]
}

/// Glicko-2 ratings. A ? marks a provisional one.
#[poise::command(slash_command)]
pub(crate) async fn rating(
    ctx: Context<'_>,
    #[description = "Whose ratings (default: yours)"] user: Option<serenity::User>,
    #[description = "Which game (default: every game played)"] variant: Option<VariantName>,
) -> Result<(), Error> {
    let data = ctx.data();
    run(ctx, PRIVATE, Route::Here, |caller| async move {
        let who = user.map(|u| caller::player(&u, None));
        let variant = variant.map(|v| v.read()).transpose()?;
        data.host.rating(&caller, who, variant).await
    })
    .await
}

/// The best-rated players of a game on this server.
#[poise::command(slash_command)]
pub(crate) async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Which game"] variant: VariantName,
) -> Result<(), Error> {
    let data = ctx.data();
    run(ctx, PUBLIC, Route::Here, |caller| async move {
        data.host.leaderboard(&caller, variant.read()?).await
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
    #[description = "Which game"] variant: VariantName,
    #[description = "Pairing system (default: round robin)"] format: Option<FormatChoice>,
    #[description = "Swiss only: rounds (default 5)"]
    #[min = 1]
    #[max = 99]
    rounds: Option<i64>,
    #[description = "Days per move, 1 to 14 (default: the server's)"]
    #[min = 1]
    #[max = 14]
    days: Option<i64>,
    #[description = "Most players, 2 to 64 (default 16)"]
    #[min = 2]
    #[max = 64]
    players: Option<i64>,
    #[description = "Start by itself at 2025-03-01T18:00 (UTC) or after a delay like +2d"]
    #[max_length = 40]
    start: Option<String>,
    #[description = "The tournament's name"]
    #[max_length = 60]
    name: Option<String>,
    #[description = "The variant's own options as key:value words (/help lists them)"]
    #[max_length = 200]
    options: Option<String>,
) -> Result<(), Error> {
    let data = ctx.data();
    run(ctx, PUBLIC, Route::Here, |caller| async move {
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
            terms.starts_at = Some(read_when(&s, data.host.now())?);
        }
        data.host.tournament_create(&caller, terms).await
    })
    .await
}

/// Join a tournament.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn join(
    ctx: Context<'_>,
    #[description = "The tournament's number (default: the only open one)"] id: Option<i64>,
) -> Result<(), Error> {
    let data = ctx.data();
    run(ctx, PUBLIC, Route::Here, |caller| async move {
        data.host
            .tournament_join(&caller, id.map(TournamentId))
            .await
    })
    .await
}

/// Leave a tournament that has not started.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn leave(
    ctx: Context<'_>,
    #[description = "The tournament's number"] id: Option<i64>,
) -> Result<(), Error> {
    let data = ctx.data();
    run(ctx, PUBLIC, Route::Here, |caller| async move {
        data.host
            .tournament_leave(&caller, id.map(TournamentId))
            .await
    })
    .await
}

/// Start a tournament now (its organiser, or Manage Server).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn start(
    ctx: Context<'_>,
    #[description = "The tournament's number"] id: Option<i64>,
) -> Result<(), Error> {
    let data = ctx.data();
    run(ctx, PUBLIC, Route::Here, |caller| async move {
        data.host
            .tournament_start(&caller, id.map(TournamentId))
            .await
    })
    .await
}

/// The standings, with a table image.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn standings(
    ctx: Context<'_>,
    #[description = "The tournament's number"] id: Option<i64>,
) -> Result<(), Error> {
    let data = ctx.data();
    run(ctx, PUBLIC, Route::Here, |caller| async move {
        data.host
            .tournament_standings(&caller, id.map(TournamentId))
            .await
    })
    .await
}

/// The pairings of a round.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn pairings(
    ctx: Context<'_>,
    #[description = "The tournament's number"] id: Option<i64>,
    #[description = "Which round (default: the current one)"]
    #[min = 1]
    round: Option<i64>,
) -> Result<(), Error> {
    let data = ctx.data();
    run(ctx, PUBLIC, Route::Here, |caller| async move {
        data.host
            .tournament_pairings(&caller, id.map(TournamentId), round)
            .await
    })
    .await
}

/// Withdraw from a running tournament (your game in play is resigned).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn withdraw(
    ctx: Context<'_>,
    #[description = "The tournament's number"] id: Option<i64>,
) -> Result<(), Error> {
    let data = ctx.data();
    run(ctx, PUBLIC, Route::Here, |caller| async move {
        data.host
            .tournament_withdraw(&caller, id.map(TournamentId))
            .await
    })
    .await
}

/// Cancel a tournament (its organiser, or Manage Server).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn cancel(
    ctx: Context<'_>,
    #[description = "The tournament's number"] id: Option<i64>,
) -> Result<(), Error> {
    let data = ctx.data();
    run(ctx, PUBLIC, Route::Here, |caller| async move {
        data.host
            .tournament_cancel(&caller, id.map(TournamentId))
            .await
    })
    .await
}

/// This server's tournaments.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn list(ctx: Context<'_>) -> Result<(), Error> {
    let data = ctx.data();
    run(ctx, PRIVATE, Route::Here, |caller| async move {
        data.host.tournament_list(&caller).await
    })
    .await
}

/// Export a game as PGN or a tournament's results as CSV.
#[poise::command(slash_command, subcommands("pgn", "csv"))]
pub(crate) async fn export(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// A standard game as PGN (lichess imports it).
#[poise::command(slash_command)]
pub(crate) async fn pgn(
    ctx: Context<'_>,
    #[description = "The game's number (default: this thread's game, or your only one)"]
    game: Option<i64>,
) -> Result<(), Error> {
    let data = ctx.data();
    run_file(
        ctx,
        |caller| async move { data.host.export_pgn(&caller, game.map(GameId)).await },
        |reply| match reply.game.or(game.map(GameId)) {
            Some(id) => format!("chronomate-game-{id}.pgn"),
            None => "chronomate-game.pgn".to_owned(),
        },
    )
    .await
}

/// A tournament's results as CSV.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn csv(
    ctx: Context<'_>,
    #[description = "The tournament's number"] tournament: Option<i64>,
) -> Result<(), Error> {
    let data = ctx.data();
    run_file(
        ctx,
        |caller| async move {
            data.host
                .export_csv(&caller, tournament.map(TournamentId))
                .await
        },
        move |_| match tournament {
            Some(id) => format!("chronomate-tournament-{id}.csv"),
            None => "chronomate-tournament.csv".to_owned(),
        },
    )
    .await
}
