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
mod limits;
mod play;
mod tables;
mod watch;
mod watchers;

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

/// What every route reads: the host, the click tables kept, the
/// sessions' rates, the games' watchers, and the address pages are served
/// under.
#[derive(Clone)]
pub(crate) struct State {
    pub(crate) host: Arc<Host>,
    pub(crate) tables: Arc<tables::Tables>,
    pub(crate) limits: Arc<limits::Limits>,
    pub(crate) watchers: Arc<watchers::Watchers>,
    /// `PUBLIC_URL`'s origin (`https://chess.example.org`), where set.
    pub(crate) origin: Option<Arc<str>>,
}

impl State {
    /// Refuses a request that changes something unless it comes from a
    /// page of this site: its `Origin` is `PUBLIC_URL`'s, or the address
    /// the request itself was sent to (`http://HOST`). Browsers send an
    /// `Origin` with every such request; a request without one is no
    /// page's.
    pub(crate) fn same_origin(&self, headers: &axum::http::HeaderMap) -> Result<(), WebError> {
        use axum::http::header;
        let origin = headers
            .get(header::ORIGIN)
            .and_then(|v| v.to_str().ok())
            .ok_or(WebError::Forbidden)?;
        let own = headers
            .get(header::HOST)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|host| origin == format!("http://{host}"));
        if own || self.origin.as_deref() == Some(origin) {
            Ok(())
        } else {
            Err(WebError::Forbidden)
        }
    }
}

/// The origin of an address: its scheme, host and port, no path.
fn origin_of(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let authority = rest.split('/').next().filter(|a| !a.is_empty())?;
    Some(format!("{scheme}://{authority}"))
}

/// Every route of the page, its links under `public_url` (`PUBLIC_URL`)
/// where set.
pub fn router(host: Arc<Host>, public_url: Option<&str>) -> Router {
    let state = State {
        host,
        tables: Arc::default(),
        limits: Arc::default(),
        watchers: Arc::default(),
        origin: public_url.and_then(origin_of).map(Arc::from),
    };
    Router::new()
        .merge(watch::router())
        .merge(play::router())
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
    let app = router(host, config.public_url.as_deref());
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
