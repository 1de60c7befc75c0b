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

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use chronomate_rules::Variant;
use chronomate_testkit::caller;
use fantoccini::{Client, ClientBuilder};
use serde_json::{Value, json};

const NEEDS: &str = "needs chromium and chromium-driver: .ci/run installs them and runs this (or pass --ignored browser)";

/// The first of `names` found on PATH or in /usr/bin.
fn program(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs = std::env::split_paths(&path).chain([PathBuf::from("/usr/bin")]);
    let dirs: Vec<PathBuf> = dirs.collect();
    names
        .iter()
        .flat_map(|n| dirs.iter().map(move |d| d.join(n)))
        .find(|p| p.is_file())
}

/// chromium-driver, listening on loopback until dropped.
pub(crate) struct Driver {
    child: Child,
    url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// chromium-driver started, and a headless Chromium session on it.
pub(crate) async fn browser() -> (Driver, Client) {
    let driver = program(&["chromedriver", "chromium-driver"]).unwrap_or_else(|| panic!("{NEEDS}"));
    let port = free_port();
    let child = Command::new(driver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let driver = Driver {
        child,
        url: format!("http://127.0.0.1:{port}"),
    };
    let client = session(&driver).await;
    (driver, client)
}

/// Another headless Chromium session on `driver` (a second player's
/// browser).
pub(crate) async fn session(driver: &Driver) -> Client {
    let chromium = program(&["chromium", "chromium-browser", "google-chrome"])
        .unwrap_or_else(|| panic!("{NEEDS}"));
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".to_owned(),
        json!({
            "binary": chromium,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1200,800",
                     "--hide-scrollbars", "--disable-dev-shm-usage"],
        }),
    );
    let started = Instant::now();
    loop {
        let connector = hyper_util_client::client::legacy::connect::HttpConnector::new();
        match ClientBuilder::new(connector)
            .capabilities(caps.clone())
            .connect(&driver.url)
            .await
        {
            Ok(client) => return client,
            Err(e) if started.elapsed() < Duration::from_secs(20) => {
                let _ = e;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("chromium-driver does not answer: {e}"),
        }
    }
}

/// Evaluates `script` in the page.
pub(crate) async fn eval(client: &Client, script: &str) -> Value {
    client.execute(script, Vec::new()).await.unwrap()
}

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
    w.host.act(&caller("w"), Some(g), "e4").await.unwrap();
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
