//! One error type for every route, mapped to a status: what a visitor did
//! wrong is a 4xx with a short reason; what broke here is a 500, logged,
//! with nothing of its cause shown.

use std::net::SocketAddr;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use chronomate_host::{HostError, Refusal};

/// What a request, or the server, can fail with.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    /// No such page, game or asset (an unknown or malformed secret too:
    /// a guess learns nothing).
    #[error("not found")]
    NotFound,
    /// No seat: a session unknown, expired or of another game, a link
    /// used, expired or forged.
    #[error("this page holds no seat at the game: ask for a new link (Play in browser, /web)")]
    Unauthorized,
    /// A request that changes something from another site (its
    /// `Origin`).
    #[error("refused: not from this site's page")]
    Forbidden,
    /// The game moved on since the page showed it.
    #[error("the game moved on: the page shows it again")]
    Stale,
    /// Too many requests from one session.
    #[error("slow down: too many requests")]
    TooMany,
    /// A request that cannot be read.
    #[error("{0}")]
    BadRequest(String),
    /// The host failed, or refused.
    #[error(transparent)]
    Host(#[from] HostError),
    /// The server cannot listen on its address.
    #[error("cannot listen on {0}: {1}")]
    Listen(SocketAddr, std::io::Error),
}

impl IntoResponse for WebError {
    fn into_response(self) -> Response {
        let status = match &self {
            WebError::NotFound | WebError::Host(HostError::Refused(Refusal::NoSuchGame(_))) => {
                StatusCode::NOT_FOUND
            }
            WebError::Unauthorized => StatusCode::UNAUTHORIZED,
            WebError::Forbidden => StatusCode::FORBIDDEN,
            WebError::Stale | WebError::Host(HostError::Refused(Refusal::MovedOn(_))) => {
                StatusCode::CONFLICT
            }
            WebError::TooMany => StatusCode::TOO_MANY_REQUESTS,
            WebError::BadRequest(_) => StatusCode::BAD_REQUEST,
            // What the player asked cannot be done: the host says why.
            WebError::Host(HostError::Refused(_)) => StatusCode::UNPROCESSABLE_ENTITY,
            WebError::Host(_) | WebError::Listen(..) => {
                tracing::error!(error = %self, "a web request failed");
                StatusCode::INTERNAL_SERVER_ERROR
            }
        };
        let text = match status {
            StatusCode::NOT_FOUND => "not found".to_owned(),
            StatusCode::INTERNAL_SERVER_ERROR => "something broke on our side".to_owned(),
            StatusCode::CONFLICT => WebError::Stale.to_string(),
            _ => self.to_string(),
        };
        (status, text).into_response()
    }
}
