//! A player's seat at a game's page (`/watch/SECRET#play=TOKEN`): the page
//! trades the one-time token of the player's link for a session
//! (`POST /api/play/SECRET/session`), kept in page memory and sent as a
//! bearer token on every request below, never as a cookie.
//!
//! - `GET  seat`: the game as the player sees it, the table's key, the
//!   cells a man may be clicked on and the actions that start from no
//!   cell.
//! - `GET  heads/KEY/BOARD/CELL`: what the man on that cell may do.
//! - `GET  tails/KEY/HEAD`: the second parts that complete a head.
//! - `POST find`: the actions a typed text finds (the autocomplete's
//!   finder).
//! - `POST act`: an action, by click or by text, an undo or submit of a
//!   5D draft, a resignation, a draw offer or answer; each made at the ply
//!   the page showed, refused as moved on at any other.
//!
//! A click's table is built once per position and kept
//! ([`super::tables::Tables`]). Every POST must come from this site
//! (its `Origin`), carries a small JSON body, and counts against the
//! session's rate ([`super::limits::Limits`]). Nothing changes on a GET.

use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, Path, State as Shared};
use axum::http::HeaderMap;
use axum::routing::{get, post};
use axum::{Json, Router};
use chronomate_host::{Act, BoardCell, DrawMove, Head, Loose, Seat, SeatView, Side, Table, Tail};
use serde::{Deserialize, Serialize};

use super::{State, WebError};

/// The most a request body may hold: an action's text is short.
const BODY_LIMIT: usize = 4 * 1024;

pub(crate) fn router() -> Router<State> {
    Router::new()
        .route("/api/play/{secret}/session", post(session))
        .route("/api/play/{secret}/seat", get(seat))
        .route("/api/play/{secret}/heads/{key}/{board}/{cell}", get(heads))
        .route("/api/play/{secret}/tails/{key}/{head}", get(tails))
        .route("/api/play/{secret}/find", post(find))
        .route("/api/play/{secret}/act", post(act))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Trade {
    token: String,
}

#[derive(Serialize)]
struct Opened {
    session: String,
    side: Side,
    name: String,
}

async fn session(
    Shared(state): Shared<State>,
    Path(secret): Path<String>,
    headers: HeaderMap,
    Json(trade): Json<Trade>,
) -> Result<Json<Opened>, WebError> {
    state.same_origin(&headers)?;
    state.limits.spend(&format!("trade:{secret}"))?;
    let (session, seat) = state
        .host
        .web()
        .open_seat(&secret, &trade.token)
        .await?
        .ok_or(WebError::Unauthorized)?;
    Ok(Json(Opened {
        session,
        side: seat.side,
        name: seat.player.name,
    }))
}

/// The seat the request's bearer token opens, or a 401.
async fn seated(
    state: &State,
    secret: &str,
    headers: &HeaderMap,
) -> Result<(Seat, String), WebError> {
    let bearer = headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .ok_or(WebError::Unauthorized)?
        .trim()
        .to_owned();
    let seat = state
        .host
        .web()
        .seat(secret, &bearer)
        .await?
        .ok_or(WebError::Unauthorized)?;
    Ok((seat, bearer))
}

#[derive(Serialize)]
struct SeatReply {
    #[serde(flatten)]
    seat: SeatView,
    /// Names the table the clicks below were listed from.
    key: String,
    movable: Vec<BoardCell>,
    loose: Vec<Loose>,
}

async fn seat(
    Shared(state): Shared<State>,
    Path(secret): Path<String>,
    headers: HeaderMap,
) -> Result<Json<SeatReply>, WebError> {
    let (seat, _) = seated(&state, &secret, &headers).await?;
    let table = state.tables.current(&state.host, &seat).await?;
    let view = state.host.web().seat_view(&seat, &table).await?;
    Ok(Json(SeatReply {
        key: Table::key(table.ply, &table.draft),
        movable: table.movable(),
        loose: table.loose(),
        seat: view,
    }))
}

/// The table `key` names, or a 409 when the game moved on since.
async fn table(state: &State, seat: &Seat, key: &str) -> Result<Arc<Table>, WebError> {
    let table = state.tables.current(&state.host, seat).await?;
    if Table::key(table.ply, &table.draft) != key {
        return Err(WebError::Stale);
    }
    Ok(table)
}

#[derive(Serialize)]
struct HeadReply {
    head: usize,
    #[serde(flatten)]
    about: Head,
}

async fn heads(
    Shared(state): Shared<State>,
    Path((secret, key, board, cell)): Path<(String, String, usize, u8)>,
    headers: HeaderMap,
) -> Result<Json<Vec<HeadReply>>, WebError> {
    let (seat, _) = seated(&state, &secret, &headers).await?;
    let table = table(&state, &seat, &key).await?;
    Ok(Json(
        table
            .from_cell(BoardCell { board, cell })
            .into_iter()
            .map(|(head, about)| HeadReply {
                head,
                about: about.clone(),
            })
            .collect(),
    ))
}

async fn tails(
    Shared(state): Shared<State>,
    Path((secret, key, head)): Path<(String, String, usize)>,
    headers: HeaderMap,
) -> Result<Json<Vec<Tail>>, WebError> {
    let (seat, _) = seated(&state, &secret, &headers).await?;
    let table = table(&state, &seat, &key).await?;
    Ok(Json(table.tails(head)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Typed {
    typed: String,
}

#[derive(Serialize)]
struct FoundEntry {
    label: String,
    value: String,
    count: usize,
}

/// How many entries the text box lists.
const FOUND: usize = 12;

async fn find(
    Shared(state): Shared<State>,
    Path(secret): Path<String>,
    headers: HeaderMap,
    Json(typed): Json<Typed>,
) -> Result<Json<Vec<FoundEntry>>, WebError> {
    state.same_origin(&headers)?;
    let (seat, bearer) = seated(&state, &secret, &headers).await?;
    state.limits.spend(&bearer)?;
    let found = state
        .host
        .web()
        .seat_find(&seat, &typed.typed, FOUND)
        .await?;
    Ok(Json(
        found
            .entries
            .into_iter()
            .map(|e| FoundEntry {
                label: e.label,
                value: e.value,
                count: e.count,
            })
            .collect(),
    ))
}

/// What the page asks, as it sends it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Asked {
    /// The ply the page showed.
    ply: i64,
    /// The table a click was made on.
    key: Option<String>,
    head: Option<usize>,
    tail: Option<usize>,
    /// An action in notation.
    text: Option<String>,
    /// `undo`, `submit`, `resign`, `draw-offer`, `draw-accept`,
    /// `draw-decline`.
    #[serde(rename = "do")]
    command: Option<String>,
}

#[derive(Serialize)]
struct Done {
    /// The host's answer, in words.
    text: String,
}

async fn act(
    Shared(state): Shared<State>,
    Path(secret): Path<String>,
    headers: HeaderMap,
    Json(asked): Json<Asked>,
) -> Result<Json<Done>, WebError> {
    state.same_origin(&headers)?;
    let (seat, bearer) = seated(&state, &secret, &headers).await?;
    state.limits.spend(&bearer)?;
    let mut clicked = None;
    let act = match (asked.head, asked.text, asked.command.as_deref()) {
        (Some(head), None, None) => {
            let key = asked
                .key
                .ok_or_else(|| WebError::BadRequest("a click names its table's key".into()))?;
            clicked = Some(table(&state, &seat, &key).await?);
            Act::Click {
                head,
                tail: asked.tail,
            }
        }
        (None, Some(text), None) => Act::Text(text),
        (None, None, Some(command)) => match command {
            "undo" => Act::Undo,
            "submit" => Act::Submit,
            "resign" => Act::Resign,
            "draw-offer" => Act::Draw(DrawMove::Offer),
            "draw-accept" => Act::Draw(DrawMove::Accept),
            "draw-decline" => Act::Draw(DrawMove::Decline),
            other => {
                return Err(WebError::BadRequest(format!(
                    "no such thing to do: {:?}",
                    other.chars().take(40).collect::<String>()
                )));
            }
        },
        _ => {
            return Err(WebError::BadRequest(
                "ask one thing: a click (head), a text, or a thing to do".into(),
            ));
        }
    };
    let reply = state
        .host
        .web()
        .seat_act(&seat, asked.ply, act, clicked.as_deref())
        .await?;
    Ok(Json(Done { text: reply.text }))
}
