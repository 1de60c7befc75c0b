//! The page in a real browser: headless Chromium driven through
//! chromium-driver (WebDriver), as a spectator sees it. Each variant's page
//! draws its boards, and a move made through the host reaches an open page
//! within a second.
//!
//! Like the PostgreSQL half, these need a program from outside Cargo
//! (Debian's `chromium` and `chromium-driver`): they are ignored unless
//! asked for, and `.ci/run` installs both and asks (`--ignored browser`).
//! Asked for without them, they fail and say why. With
//! `CHRONOMATE_SCREENSHOTS=DIR` each page's screenshot is written there
//! (`web-VARIANT.png`; README's come from `docs/images`).

use std::path::Path;
use std::time::{Duration, Instant};

use chronomate_rules::Variant;
use chronomate_testkit::caller;
use fantoccini::Client;
use serde_json::{Value, json};

#[path = "../support/driver.rs"]
mod driver;
pub(crate) use driver::{browser, eval, session};

/// Waits until `script` returns `want`, at most `limit`: how long it took.
pub(crate) async fn wait_for(
    client: &Client,
    script: &str,
    want: &Value,
    limit: Duration,
) -> Duration {
    let started = Instant::now();
    loop {
        let got = eval(client, script).await;
        if &got == want {
            return started.elapsed();
        }
        assert!(started.elapsed() < limit, "{script} is {got}, not {want}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Opens the page of game `g` of `variant` at `url` and waits until it
/// shows the game (its title, ply 0).
async fn open(client: &Client, url: &str, g: chronomate_host::GameId, variant: Variant) {
    client.goto(url).await.unwrap();
    wait_for(client, PLY, &json!("0"), Duration::from_secs(10)).await;
    let title = eval(
        client,
        "return document.getElementById('title').textContent",
    )
    .await;
    assert_eq!(
        title,
        json!(format!("Game #{g} · {}", variant.id())),
        "{variant}"
    );
}

/// The page's screenshot, written where `CHRONOMATE_SCREENSHOTS` says.
pub(crate) async fn screenshot(client: &Client, name: &str) {
    let png = client.screenshot().await.unwrap();
    assert!(png.starts_with(b"\x89PNG"), "a PNG");
    if let Some(dir) = std::env::var_os("CHRONOMATE_SCREENSHOTS") {
        std::fs::write(Path::new(&dir).join(format!("web-{name}.png")), png).unwrap();
    }
}

pub(crate) const PLY: &str = "return document.getElementById('boards').dataset.ply ?? null";

/// How many of 400 points spread over the page's canvas are drawn (not
/// its background, #1f2326): boards cover a good part of it once drawn.
const DRAWN: &str = "const c = document.getElementById('boards'); \
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; \
    let drawn = 0; \
    for (let i = 0; i < 20; i++) for (let j = 0; j < 20; j++) { \
        const x = Math.floor((i + 0.5) * c.width / 20), y = Math.floor((j + 0.5) * c.height / 20); \
        const k = (y * c.width + x) * 4; \
        if (d[k] !== 31 || d[k + 1] !== 35 || d[k + 2] !== 38) drawn++; } \
    return drawn;";

#[tokio::test]
#[ignore = "needs chromium and chromium-driver: .ci/run installs them and runs this (or pass --ignored browser)"]
async fn browser_a_move_reaches_an_open_page_within_a_second() {
    let (w, _, url, g) = super::served_game(Variant::Standard).await;
    let (_driver, client) = browser().await;
    open(&client, &url, g, Variant::Standard).await;
    let moved = Instant::now();
    w.host
        .games()
        .act(&caller("w"), Some(g), "e4")
        .await
        .unwrap();
    wait_for(&client, PLY, &json!("1"), Duration::from_secs(5)).await;
    let took = moved.elapsed();
    assert!(
        took < Duration::from_secs(1),
        "the move reached the page after {took:?}"
    );
    screenshot(&client, "standard").await;
    client.close().await.unwrap();
}

#[tokio::test]
#[ignore = "needs chromium and chromium-driver: .ci/run installs them and runs this (or pass --ignored browser)"]
async fn browser_every_variant_s_page_draws_its_boards() {
    let (_driver, client) = browser().await;
    for &variant in Variant::ALL {
        let (_w, _, url, g) = super::served_game(variant).await;
        open(&client, &url, g, variant).await;
        let drawn = eval(&client, DRAWN).await.as_u64().unwrap();
        assert!(drawn >= 40, "{variant}: {drawn} of 400 points drawn");
        screenshot(&client, variant.id()).await;
    }
    client.close().await.unwrap();
}
