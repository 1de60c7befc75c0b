//! The files the page loads, in the binary: its script, its style and
//! the font its men are drawn with (DejaVu Sans, the same glyphs as the
//! images). Only these names are served; anything else is a 404, so no
//! path can reach outside them.

use axum::Router;
use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use super::{State, WebError};

/// An asset: its name under `/assets/`, its type and its bytes.
struct Asset {
    name: &'static str,
    kind: &'static str,
    bytes: fn() -> &'static [u8],
}

const ASSETS: &[Asset] = &[
    Asset {
        name: "watch.js",
        kind: "text/javascript; charset=utf-8",
        bytes: || include_bytes!("../assets/watch.js"),
    },
    Asset {
        name: "play.js",
        kind: "text/javascript; charset=utf-8",
        bytes: || include_bytes!("../assets/play.js"),
    },
    Asset {
        name: "board.js",
        kind: "text/javascript; charset=utf-8",
        bytes: || include_bytes!("../assets/board.js"),
    },
    Asset {
        name: "page.css",
        kind: "text/css; charset=utf-8",
        bytes: || include_bytes!("../assets/page.css"),
    },
    Asset {
        name: "dejavu-sans.ttf",
        kind: "font/ttf",
        bytes: dejavu::sans::regular,
    },
];

pub(crate) fn router() -> Router<State> {
    Router::new().route("/assets/{name}", get(asset))
}

async fn asset(Path(name): Path<String>) -> Result<Response, WebError> {
    let asset = ASSETS
        .iter()
        .find(|a| a.name == name)
        .ok_or(WebError::NotFound)?;
    Ok((
        [
            (header::CONTENT_TYPE, asset.kind),
            (header::CACHE_CONTROL, "public, max-age=3600"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        (asset.bytes)(),
    )
        .into_response())
}
