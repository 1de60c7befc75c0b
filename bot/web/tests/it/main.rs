//! The web page over HTTP on loopback: a game's spectators' page, its view
//! and its live events, the assets, and what a stranger gets (a 404 for
//! every unknown or malformed secret and asset, nothing changed).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

mod browser;
mod browser_play;
mod play;

use std::sync::Arc;
use std::time::{Duration, Instant};

use chronomate_testkit::{World, caller};
use chronomate_web::{WebConfig, serve, watch_url};

/// A world with a game of `variant` between w and b, served on a free
/// port by a host whose links name that port: the world (its `host` the
/// one serving), the page's base address, the game's spectators' address
/// and the game.
pub(crate) async fn served_game(
    variant: chronomate_rules::Variant,
) -> (World, String, String, chronomate_host::GameId) {
    let mut w = World::new().await;
    let g = w
        .start_with(
            &caller("w"),
            &caller("b"),
            chronomate_host::ChallengeTerms::new(variant),
        )
        .await;
    let addr = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let base = format!("http://{addr}");
    w.host = w.host.clone().with_config(chronomate_host::HostConfig {
        web_url: Some(base.clone()),
        ..w.host.config().clone()
    });
    let config = WebConfig {
        addr,
        public_url: None,
    };
    let web = serve(Arc::new(w.host.clone()), &config).await.unwrap();
    assert_eq!(web.public_url, base);
    let secret = w.host.web().watch_secret(g).await.unwrap();
    let url = watch_url(&web.public_url, &secret);
    (w, web.public_url.clone(), url, g)
}

/// [`served_game`] of standard chess.
async fn served() -> (World, String, String, chronomate_host::GameId) {
    served_game(chronomate_rules::Variant::Standard).await
}

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .unwrap()
}

#[tokio::test]
async fn a_game_s_page_is_served_with_a_policy_that_allows_this_server_alone() {
    let (_w, base, url, _) = served().await;
    assert!(url.starts_with(&format!("{base}/watch/")), "{url}");
    let page = client().get(&url).send().await.unwrap();
    assert_eq!(page.status(), 200);
    let csp = page.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        csp.contains("default-src 'none'") && csp.contains("script-src 'self'"),
        "{csp}"
    );
    assert!(!csp.contains("unsafe-inline"), "{csp}");
    assert_eq!(page.headers()["referrer-policy"], "no-referrer");
    let html = page.text().await.unwrap();
    // Every script is a file of this server's: none inline.
    for script in html.split("<script").skip(1) {
        assert!(
            script
                .trim_start()
                .starts_with("type=\"module\" src=\"/assets/"),
            "{script}"
        );
        assert!(script.contains("></script>"), "{script}");
    }
    for asset in [
        "watch.js",
        "play.js",
        "board.js",
        "page.css",
        "dejavu-sans.ttf",
    ] {
        let r = client()
            .get(format!("{base}/assets/{asset}"))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200, "{asset}");
        assert!(!r.bytes().await.unwrap().is_empty(), "{asset}");
    }
}

#[tokio::test]
async fn the_view_is_the_rules_view_and_follows_the_game() {
    let (w, _, url, g) = served().await;
    let view_url = url.replace("/watch/", "/api/watch/") + "/view";
    let read = || async {
        let r = client().get(&view_url).send().await.unwrap();
        assert_eq!(r.status(), 200);
        serde_json::from_slice::<serde_json::Value>(&r.bytes().await.unwrap()).unwrap()
    };
    let before = read().await;
    assert_eq!(before["ply"], 0);
    assert_eq!(before["status"], "live");
    assert_eq!(before["variant"], "standard");
    let expected =
        serde_json::to_value(w.host.games().load(g).await.unwrap().game.snapshot()).unwrap();
    assert_eq!(
        before["view"], expected,
        "the page shows what the whole game's image (/snapshot) shows"
    );
    w.host
        .games()
        .act(&caller("w"), Some(g), "e4")
        .await
        .unwrap();
    let after = read().await;
    assert_eq!(after["ply"], 1);
    assert_ne!(after["view"], before["view"]);
}

/// The events stream tells the game's moment at once, then each move
/// within a moment of its commit, however it was made.
#[tokio::test]
async fn a_move_reaches_the_page_s_events_within_a_second() {
    let (w, _, url, g) = served().await;
    let events_url = url.replace("/watch/", "/api/watch/") + "/events";
    let mut stream = client().get(&events_url).send().await.unwrap();
    assert_eq!(stream.status(), 200);
    assert!(
        stream.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/event-stream")
    );
    let mut seen = String::new();
    let mut next_moment = async || loop {
        if let Some(at) = seen.find("\n\n") {
            let event: String = seen.drain(..at + 2).collect();
            if let Some(data) = event.lines().find_map(|l| l.strip_prefix("data: ")) {
                return serde_json::from_str::<serde_json::Value>(data).unwrap();
            }
            continue;
        }
        let chunk = stream
            .chunk()
            .await
            .unwrap()
            .expect("the stream stays open");
        seen.push_str(std::str::from_utf8(&chunk).unwrap());
    };
    let first = next_moment().await;
    assert_eq!(
        (first["ply"].clone(), first["live"].clone()),
        (0.into(), true.into())
    );
    let moved = Instant::now();
    w.host
        .games()
        .act(&caller("w"), Some(g), "e4")
        .await
        .unwrap();
    let second = next_moment().await;
    assert_eq!(second["ply"], 1);
    assert!(
        moved.elapsed() < Duration::from_secs(1),
        "{:?}",
        moved.elapsed()
    );
}

#[tokio::test]
async fn strangers_get_a_404_and_nothing_changes() {
    let (w, base, url, g) = served().await;
    let secret = url.rsplit('/').next().unwrap().to_owned();
    let other = if secret.starts_with('0') { "1" } else { "0" }.to_owned() + &secret[1..];
    for path in [
        format!("/watch/{other}"),
        format!("/watch/{}", &secret[..31]),
        format!("/watch/{}", secret.to_uppercase()),
        format!("/watch/{}", g.0),
        format!("/api/watch/{other}/view"),
        format!("/api/watch/{other}/events"),
        "/api/watch/..%2F..%2Fetc%2Fpasswd/view".to_owned(),
        "/assets/..%2FCargo.toml".to_owned(),
        "/assets/../src/lib.rs".to_owned(),
        "/assets/nope.js".to_owned(),
        "/".to_owned(),
    ] {
        let r = client().get(format!("{base}{path}")).send().await.unwrap();
        assert_eq!(r.status(), 404, "{path}");
    }
    // No route takes a body: a POST changes nothing.
    let r = client()
        .post(&url)
        .body(vec![b'x'; 1 << 20])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 405);
    assert_eq!(w.host.web().moment(g).await.unwrap().0, 0);
}
