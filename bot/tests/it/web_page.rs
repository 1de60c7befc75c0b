//! The web page served by `chronomate serve` itself, over the same host,
//! linked from the game's thread: a game begun through the fake Discord
//! carries a "Watch live" link button, and the page behind it shows the
//! game; its "Play in browser" button hands the presser, privately, their
//! own link, whose token seats them at the page.
#![cfg(unix)]

use crate::support;

use std::time::Duration;

use crate::outbox_kill::Serve;
use serde_json::Value;
use support::{FakeDiscord, GUILD_ID, LOBBY_ID, Opt, alice, bob};

/// A port nothing listens on now.
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

/// Every link button's URL in the messages the bot sent.
fn links(fake: &FakeDiscord) -> Vec<String> {
    let mut out = Vec::new();
    for call in fake.calls() {
        let Some(rows) = call
            .message()
            .and_then(|m| m.get("components"))
            .and_then(Value::as_array)
        else {
            continue;
        };
        for button in rows
            .iter()
            .filter_map(|r| r.get("components").and_then(Value::as_array))
            .flatten()
        {
            if button["style"] == 5 {
                out.push(button["url"].as_str().unwrap().to_owned());
            }
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_s_thread_links_to_its_live_page() {
    support::within_limit(async {
        let fake = FakeDiscord::start().await;
        let dir = tempfile::tempdir().unwrap();
        let port = free_port();
        let addr = format!("127.0.0.1:{port}");
        // As outbox_kill starts it, the page on.
        let bot = Serve::sqlite(dir.path()).start(&fake, 0, &[("WEB_ADDR", &addr)]);
        support::wait_registered(&fake).await;
        let sent = fake
            .command_in(
                GUILD_ID,
                &alice(),
                LOBBY_ID,
                "challenge",
                &[
                    Opt::choice("variant", "standard"),
                    Opt::user("opponent", &bob()),
                ],
            )
            .await;
        fake.reply(&sent).await;
        let accepted = fake
            .command_in(GUILD_ID, &bob(), LOBBY_ID, "accept", &[])
            .await;
        fake.reply(&accepted).await;
        let started = std::time::Instant::now();
        let url = loop {
            if let Some(url) = links(&fake).into_iter().next() {
                break url;
            }
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "no link button"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        let base = format!("http://127.0.0.1:{port}/watch/");
        assert!(url.starts_with(&base), "{url}");
        let client = reqwest::Client::new();
        let page = client.get(&url).send().await.unwrap();
        assert_eq!(page.status(), 200);
        let view_url = url.replace("/watch/", "/api/watch/") + "/view";
        let view: Value = serde_json::from_slice(
            &client
                .get(&view_url)
                .send()
                .await
                .unwrap()
                .bytes()
                .await
                .unwrap(),
        )
        .unwrap();
        assert_eq!(view["variant"], "standard");
        assert_eq!(view["ply"], 0);
        let players: Vec<&str> = view["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap())
            .collect();
        let mut sorted = players.clone();
        sorted.sort();
        assert_eq!(sorted, ["alice", "bob"], "the colours are drawn at random");

        // "Play in browser": the answer only the presser sees, with their
        // own link, whose token the page trades for a seat.
        let message = fake.message_with_button("game:1:web").await;
        let white = if players[0] == "alice" {
            alice()
        } else {
            bob()
        };
        let press = fake.click_in(GUILD_ID, &white, message, "game:1:web").await;
        let answer = fake.reply(&press).await;
        let answer = answer.message().expect("a message").clone();
        assert_eq!(
            answer["flags"].as_u64().unwrap_or(0) & 64,
            64,
            "only the presser sees it: {answer}"
        );
        let own = answer["components"][0]["components"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["style"] == 5)
            .expect("a link button")["url"]
            .as_str()
            .unwrap()
            .to_owned();
        let (page_url, token) = own.split_once("#play=").expect("a token in the fragment");
        assert_eq!(page_url, url, "the same page, with a seat");
        let secret = url.rsplit('/').next().unwrap();
        let origin = format!("http://127.0.0.1:{port}");
        let traded = client
            .post(format!("{origin}/api/play/{secret}/session"))
            .header("Origin", &origin)
            .header("Content-Type", "application/json")
            .body(serde_json::json!({ "token": token }).to_string())
            .send()
            .await
            .unwrap();
        assert_eq!(traded.status(), 200);
        let seat: Value = serde_json::from_slice(&traded.bytes().await.unwrap()).unwrap();
        assert_eq!(seat["side"], "white");
        bot.kill();
    })
    .await;
}
