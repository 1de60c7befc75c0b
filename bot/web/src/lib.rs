//! The web page, served by Chronomate itself in the same process and
//! runtime as Discord or the console, over the same host: every game live
//! in a browser at an unguessable address (`/watch/SECRET`), its boards
//! drawn from the rules' view (the one the pictures are drawn from), and
//! updated within a moment of a move made anywhere: Discord, the console,
//! another process on the same database.
//!
//! A module a route group, each with its own router (`watch.rs`: the
//! spectators' page, its view and its live events; `assets.rs`: the
//! scripts, style and font the page loads), and one error type mapped to
//! a status (`error.rs`). Nothing changes on a GET. The assets are in the
//! binary, no script is inline, and every page carries a
//! Content-Security-Policy that allows this server alone.

#![warn(missing_docs, unreachable_pub)]

mod assets;
mod error;
mod watch;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use chronomate_host::Host;

pub use error::WebError;

/// Where the page is served and what its links name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebConfig {
    /// The address to listen on (`WEB_ADDR`).
    pub addr: SocketAddr,
    /// What links name (`PUBLIC_URL`), without a trailing slash: the
    /// address people reach, behind a reverse proxy that terminates TLS;
    /// `http://ADDR` where unset.
    pub public_url: Option<String>,
}

/// The page's server, running.
#[derive(Debug)]
pub struct Web {
    /// The address it listens on (the port it got, where asked for any).
    pub addr: SocketAddr,
    /// What links name.
    pub public_url: String,
    task: tokio::task::JoinHandle<()>,
}

impl Web {
    /// Stops serving.
    pub fn stop(&self) {
        self.task.abort();
    }
}

/// What every route reads: the host.
#[derive(Clone)]
pub(crate) struct State {
    pub(crate) host: Arc<Host>,
}

/// Every route of the page.
pub fn router(host: Arc<Host>) -> Router {
    let state = State { host };
    Router::new()
        .merge(watch::router())
        .merge(assets::router())
        .with_state(state)
}

/// Listens on `config.addr` and serves the page for `host` on a task of
/// the current runtime.
///
/// # Errors
/// The address cannot be listened on (taken, or not this machine's).
pub async fn serve(host: Arc<Host>, config: &WebConfig) -> Result<Web, WebError> {
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| WebError::Listen(config.addr, e))?;
    let addr = listener
        .local_addr()
        .map_err(|e| WebError::Listen(config.addr, e))?;
    let public_url = config
        .public_url
        .clone()
        .unwrap_or_else(|| format!("http://{addr}"));
    let app = router(host);
    let task = tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            tracing::error!(error = %e, "the web page stopped");
        }
    });
    Ok(Web {
        addr,
        public_url,
        task,
    })
}

/// The spectators' address of a game whose secret is `secret`, under
/// `public_url`.
pub fn watch_url(public_url: &str, secret: &str) -> String {
    format!("{}/watch/{secret}", public_url.trim_end_matches('/'))
}
