//! Running a command: read who called, race the host's work against
//! Discord's clock, and post the host's reply ([`post_reply`]) or send it
//! as a file. Every slash command goes through [`run`] or [`run_file`].

use std::future::Future;
use std::sync::atomic::Ordering;

use super::interaction::{Hold, Interaction, Source};
use super::post::Post;
use super::threads::{Route, post_reply};
use super::{Context, Error};
use chronomate_host::commands::catalogue::{Answered, Name, Shown};
use chronomate_host::{Caller, Command, GameId, HostError, Reply};

/// How a command shows the host's reply.
enum Show<'a> {
    /// As a message, in the place `Route` says.
    Reply(Route),
    /// As a text file (a record, PGN, CSV), named from the reply.
    File(Box<dyn FnOnce(&Reply) -> String + Send + 'a>),
}

/// Runs a host operation for a command and shows its reply. When the host
/// takes long (a render), the interaction is deferred first (`hold`).
pub(crate) async fn run<'a, F, Fut>(
    ctx: Context<'a>,
    hold: Hold,
    route: Route,
    work: F,
) -> Result<(), Error>
where
    F: FnOnce(Caller) -> Fut,
    Fut: Future<Output = Result<Reply, HostError>>,
{
    run_shown(ctx, hold, Show::Reply(route), work).await
}

/// Runs a host operation whose reply is a document (a record, PGN, CSV)
/// and sends it as a text file named by `name`.
pub(crate) async fn run_file<'a, F, Fut>(
    ctx: Context<'a>,
    work: F,
    name: impl FnOnce(&Reply) -> String + Send + 'a,
) -> Result<(), Error>
where
    F: FnOnce(Caller) -> Fut,
    Fut: Future<Output = Result<Reply, HostError>>,
{
    run_shown(ctx, PUBLIC, Show::File(Box::new(name)), work).await
}

async fn run_shown<'a, F, Fut>(
    ctx: Context<'a>,
    hold: Hold,
    show: Show<'a>,
    work: F,
) -> Result<(), Error>
where
    F: FnOnce(Caller) -> Fut,
    Fut: Future<Output = Result<Reply, HostError>>,
{
    let poise::Context::Application(actx) = ctx else {
        return Ok(());
    };
    let data = ctx.data();
    let mut r =
        Interaction::new(&data.rest, Source::Command(actx.interaction)).counted(&data.metrics);
    let caller = r.source.caller_answering();
    let result = r
        .race(data.defer_after, hold, data.work(work(caller)))
        .await;
    match (show, result) {
        (Show::Reply(route), result) => post_reply(data, &mut r, result, route).await,
        (Show::File(name), Ok(reply)) => {
            let name = name(&reply);
            let post = Post::text(format!("{name} is attached."))
                .with_text_file(&name, &reply.text)
                .with_images(&reply.images)
                .ephemeral(reply.private);
            r.answer(&post).await;
        }
        (Show::File(_), Err(e)) => r.refuse(&e).await,
    }
    if r.acknowledged() {
        // Keep poise's bookkeeping right for anything it sends later.
        actx.has_sent_initial_response.store(true, Ordering::SeqCst);
    }
    Ok(())
}

/// Runs the host's `command`, shown as the catalogue presents it
/// ([`Command::presentation`]): public or for the caller alone, in the
/// game's place or where asked, or as a file.
pub(crate) async fn execute(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    let host = &ctx.data().host;
    let (shown, answered) = command.presentation();
    if answered == Answered::AsFile {
        let asked = command.clone();
        return run_file(
            ctx,
            |caller| async move { host.execute(&caller, command).await },
            move |reply| file_name(&asked, reply),
        )
        .await;
    }
    run(ctx, hold(shown), route(answered), |caller| async move {
        host.execute(&caller, command).await
    })
    .await
}

/// Runs the host's command that `read` makes of a slash command's options
/// when it runs (a refusal, where they make none, is answered like the
/// command), shown as the catalogue presents `name`.
pub(crate) async fn execute_read<'a, F>(ctx: Context<'a>, name: Name, read: F) -> Result<(), Error>
where
    F: FnOnce() -> Result<Command, HostError> + Send + 'a,
{
    let host = &ctx.data().host;
    let spec = name.spec();
    run(
        ctx,
        hold(spec.shown),
        route(spec.answered),
        |caller| async move { host.execute(&caller, read()?).await },
    )
    .await
}

fn hold(shown: Shown) -> Hold {
    match shown {
        Shown::Public => PUBLIC,
        Shown::Private => PRIVATE,
    }
}

fn route(answered: Answered) -> Route {
    match answered {
        Answered::InGame => Route::GameThread,
        Answered::Here | Answered::AsFile => Route::Here,
    }
}

/// A document's file name: `chronomate-game-7.txt` for a record,
/// `chronomate-game-7.pgn`, `chronomate-tournament-2.csv`.
fn file_name(command: &Command, reply: &Reply) -> String {
    match command {
        Command::History(game) => format!(
            "chronomate-game-{}.txt",
            reply.game.or(*game).unwrap_or(GameId(0))
        ),
        Command::ExportPgn(game) => match reply.game.or(*game) {
            Some(id) => format!("chronomate-game-{id}.pgn"),
            None => "chronomate-game.pgn".to_owned(),
        },
        Command::ExportCsv(Some(id)) => format!("chronomate-tournament-{id}.csv"),
        Command::ExportCsv(None) => "chronomate-tournament.csv".to_owned(),
        _ => "chronomate.txt".to_owned(),
    }
}

pub(crate) const PUBLIC: Hold = Hold::Think { ephemeral: false };
pub(crate) const PRIVATE: Hold = Hold::Think { ephemeral: true };
