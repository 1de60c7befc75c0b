//! Headless Chromium through chromium-driver (WebDriver) on loopback,
//! shared by the browser tests (`tests/it/browser.rs`) and the live bench
//! (`benches/live.rs`).
#![allow(dead_code)]

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder};
use serde_json::{Value, json};

pub const NEEDS: &str = "needs chromium and chromium-driver: .ci/run installs them and runs this (or pass --ignored browser)";

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
pub struct Driver {
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
pub async fn browser() -> (Driver, Client) {
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
pub async fn session(driver: &Driver) -> Client {
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
pub async fn eval(client: &Client, script: &str) -> Value {
    client.execute(script, Vec::new()).await.unwrap()
}

/// Whether chromium and chromium-driver are installed.
pub fn installed() -> bool {
    program(&["chromedriver", "chromium-driver"]).is_some()
        && program(&["chromium", "chromium-browser", "google-chrome"]).is_some()
}
