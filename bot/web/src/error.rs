//! One error type for every route, mapped to a status: what a visitor did
//! wrong is a 4xx with a short reason; what broke here is a 500, logged,
//! with nothing of its cause shown.

use std::net::SocketAddr;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use chronomate_host::HostError;

/// What a request, or the server, can fail with.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    /// No such page, game or asset (an unknown or malformed secret too:
    /// a guess learns nothing).
    #[error("not found")]
    NotFound,
    /// The host failed.
    #[error(transparent)]
    Host(#[from] HostError),
    /// The server cannot listen on its address.
    #[error("cannot listen on {0}: {1}")]
    Listen(SocketAddr, std::io::Error),
}

impl IntoResponse for WebError {
    fn into_response(self) -> Response {
        let status = match &self {
            WebError::NotFound => StatusCode::NOT_FOUND,
            WebError::Host(HostError::Refused(_)) => StatusCode::NOT_FOUND,
            WebError::Host(_) | WebError::Listen(..) => {
                tracing::error!(error = %self, "a web request failed");
                StatusCode::INTERNAL_SERVER_ERROR
            }
        };
        let text = match status {
            StatusCode::NOT_FOUND => "not found",
            _ => "something broke on our side",
        };
        (status, text).into_response()
    }
}
