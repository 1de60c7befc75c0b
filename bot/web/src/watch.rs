//! The spectators' page of a game (`/watch/SECRET`), what it shows
//! (`/api/watch/SECRET/view`: the host's [`chronomate_host::PageView`] as
//! JSON) and its live events (`/api/watch/SECRET/events`: server-sent
//! events, one each time the game moves on). An unknown secret is a 404
//! like an unknown page.
//!
//! Live from any process: the events are read from the database (the
//! game's ply and status, by one watcher a game for all its pages:
//! `watchers.rs`), so a move committed by Discord, the console or another
//! process on the same database reaches the page alike. Each event carries the game's moment; the page reads
//! the view again on each, and on every reconnect, so it never misses a
//! move.

use std::convert::Infallible;

use axum::extract::{Path, State as Shared};
use axum::http::header;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use chronomate_host::{GameId, PageView};
use futures_util::Stream;

use super::{State, WebError};

/// What a page may load: this server's scripts, style, font and API alone,
/// no inline script or style, in no other site's frame.
pub(crate) const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; font-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

const PAGE: &str = include_str!("../assets/watch.html");

pub(crate) fn router() -> Router<State> {
    Router::new()
        .route("/watch/{secret}", get(page))
        .route("/api/watch/{secret}/view", get(view))
        .route("/api/watch/{secret}/events", get(events))
}

/// The game a secret names, or a 404.
async fn watched(state: &State, secret: &str) -> Result<GameId, WebError> {
    state
        .host
        .web()
        .watched(secret)
        .await?
        .ok_or(WebError::NotFound)
}

async fn page(
    Shared(state): Shared<State>,
    Path(secret): Path<String>,
) -> Result<Response, WebError> {
    watched(&state, &secret).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CONTENT_SECURITY_POLICY, CSP),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            // The address is the secret: never sent on to another site.
            (header::REFERRER_POLICY, "no-referrer"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        PAGE,
    )
        .into_response())
}

async fn view(
    Shared(state): Shared<State>,
    Path(secret): Path<String>,
) -> Result<Json<PageView>, WebError> {
    let game = watched(&state, &secret).await?;
    Ok(Json(state.host.web().page_view(game).await?))
}

async fn events(
    Shared(state): Shared<State>,
    Path(secret): Path<String>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, WebError> {
    let game = watched(&state, &secret).await?;
    let moments = state.watchers.subscribe(&state.host, game);
    // The moment at once (once the watcher has looked), then each change;
    // the stream ends when the game cannot be read, and the page's
    // reconnect starts a watcher again.
    let stream = futures_util::stream::unfold((moments, true), |(mut moments, first)| async move {
        if !first {
            moments.changed().await.ok()?;
        }
        loop {
            let now = *moments.borrow_and_update();
            match now {
                Some(moment) => {
                    let data = serde_json::to_string(&moment).unwrap_or_default();
                    let event = Event::default().event("moment").data(data);
                    return Some((Ok(event), (moments, false)));
                }
                None => moments.changed().await.ok()?,
            }
        }
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}
