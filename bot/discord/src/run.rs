//! Running a command: read who called, race the host's work against
//! Discord's clock, and post the host's reply ([`post_reply`]) or send it
//! as a file. Every slash command goes through [`run`] or [`run_file`].

use std::future::Future;
use std::sync::atomic::Ordering;

use super::interaction::{Hold, Interaction, Source};
use super::post::Post;
use super::threads::{Answering, Route, post_reply};
use super::{Context, Error};
use chronomate_host::{Caller, HostError, Reply};

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
    let mut r = Interaction::new(&data.rest, Source::Command(actx.interaction));
    let caller = r.source.caller();
    let _replying = data
        .threads
        .replying(Answering::Player(caller.player.key.clone()));
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
            r.answer(&post).await
        }
        (Show::File(_), Err(e)) => r.refuse(&e).await,
    }
    if r.acknowledged() {
        // Keep poise's bookkeeping right for anything it sends later.
        actx.has_sent_initial_response.store(true, Ordering::SeqCst);
    }
    Ok(())
}

pub(crate) const PUBLIC: Hold = Hold::Think { ephemeral: false };
pub(crate) const PRIVATE: Hold = Hold::Think { ephemeral: true };
