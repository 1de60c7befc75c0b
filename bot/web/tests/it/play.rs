//! Players' seats over HTTP: a private link's one-time token traded for a
//! session, moves by click and by text, the 5D draft, and every way a
//! request is refused (a stale ply, another site, a used, expired, forged
//! or foreign token, a spectator, a malformed or oversized body) with a
//! clear 4xx and nothing changed.

use chronomate_host::{GameId, Host, MINUTE};
use chronomate_rules::Variant;
use chronomate_testkit::{T0, World, caller, deliver_all};
use serde_json::{Value, json};

use super::{client, served_game};

/// A seated page: the page's API base and its session.
struct Page {
    api: String,
    base: String,
    session: String,
}

/// The one-time token of `who`'s private link to `game`, and the link.
async fn link(host: &Host, who: &str, game: GameId) -> (String, String) {
    let reply = host
        .web()
        .play_link(&caller(who), Some(game))
        .await
        .unwrap();
    assert!(reply.private, "only the player sees their link");
    let url = reply.link.expect("a link button").url;
    let token = url
        .split_once("#play=")
        .expect("a token in the fragment")
        .1
        .to_owned();
    (url, token)
}

/// The game's secret in the page address `url` (`.../watch/SECRET#play=...`).
fn secret_of(url: &str) -> &str {
    let page = url.split('#').next().unwrap();
    page.rsplit('/').next().unwrap()
}

/// Trades `token` at the page whose address is `url`.
async fn trade(base: &str, url: &str, token: &str) -> reqwest::Response {
    let secret = secret_of(url);
    client()
        .post(format!("{base}/api/play/{secret}/session"))
        .header("Origin", base)
        .header("Content-Type", "application/json")
        .body(json!({ "token": token }).to_string())
        .send()
        .await
        .unwrap()
}

/// `who`'s page, seated.
async fn seated(w: &World, base: &str, who: &str, game: GameId) -> Page {
    let (url, token) = link(&w.host, who, game).await;
    let r = trade(base, &url, &token).await;
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    let opened: Value = r
        .bytes()
        .await
        .map(|b| serde_json::from_slice::<Value>(&b).unwrap())
        .unwrap();
    let secret = secret_of(&url);
    Page {
        api: format!("{base}/api/play/{secret}"),
        base: base.to_owned(),
        session: opened["session"].as_str().unwrap().to_owned(),
    }
}

impl Page {
    async fn get(&self, path: &str) -> reqwest::Response {
        client()
            .get(format!("{}/{path}", self.api))
            .bearer_auth(&self.session)
            .send()
            .await
            .unwrap()
    }

    async fn post(&self, path: &str, body: Value) -> reqwest::Response {
        client()
            .post(format!("{}/{path}", self.api))
            .bearer_auth(&self.session)
            .header("Origin", &self.base)
            .header("Content-Type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .unwrap()
    }

    /// What the man on `cell` of `board` may do, on table `key`.
    async fn heads(
        &self,
        key: &str,
        board: impl std::fmt::Display,
        cell: impl std::fmt::Display,
    ) -> Value {
        let r = self.get(&format!("heads/{key}/{board}/{cell}")).await;
        serde_json::from_slice(&r.bytes().await.unwrap()).unwrap()
    }

    async fn seat(&self) -> Value {
        let r = self.get("seat").await;
        assert_eq!(r.status(), 200);
        r.bytes()
            .await
            .map(|b| serde_json::from_slice::<Value>(&b).unwrap())
            .unwrap()
    }

    /// Clicks the man on `from` and then `to` (board 0 unless given):
    /// the act's answer.
    async fn click(&self, from: (u64, u64), to: (u64, u64)) -> reqwest::Response {
        let seat = self.seat().await;
        let key = seat["key"].as_str().unwrap();
        let heads = self.heads(key, from.0, from.1).await;
        let head = heads
            .as_array()
            .unwrap()
            .iter()
            .find(|h| h["stroke"]["to"] == json!({"board": to.0, "cell": to.1}))
            .unwrap_or_else(|| panic!("{to:?} is not lit from {from:?}: {heads}"));
        self.post(
            "act",
            json!({"ply": seat["page"]["ply"], "key": key, "head": head["head"]}),
        )
        .await
    }
}

#[tokio::test]
async fn a_player_moves_by_click_and_the_move_is_told_in_the_game_s_thread() {
    let (w, base, _, g) = served_game(Variant::Standard).await;
    let white = seated(&w, &base, "w", g).await;
    let seat = white.seat().await;
    assert_eq!(seat["side"], "white");
    assert_eq!(seat["your_turn"], true);
    assert!(
        seat["movable"]
            .as_array()
            .unwrap()
            .contains(&json!({"board": 0, "cell": 12})),
        "the e2 pawn may be clicked"
    );
    let key = seat["key"].as_str().unwrap();
    let heads: Value = white.heads(key, 0, 12).await;
    let mut lit: Vec<u64> = heads
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["stroke"]["to"]["cell"].as_u64().unwrap())
        .collect();
    lit.sort_unstable();
    assert_eq!(lit, [20, 28], "e3 and e4 light up");

    let r = white.click((0, 12), (0, 28)).await;
    assert_eq!(r.status(), 200);
    assert_eq!(w.host.games().load(g).await.unwrap().game.record(), ["e4"]);
    // The game's start was held for an answer nobody gives here: past
    // its hold, the outbox posts it, then the move.
    w.clock.set(T0 + 2 * MINUTE);
    let told = deliver_all(&w.host).await;
    assert!(
        told.iter()
            .any(|a| a.notice.game == Some(g) && a.notice.reply.text.contains("e4")),
        "the move is posted in the game's thread: {:?}",
        told.iter()
            .map(|a| &a.notice.reply.text)
            .collect::<Vec<_>>()
    );

    // Black, on their own page, by text this time.
    let black = seated(&w, &base, "b", g).await;
    assert_eq!(white.seat().await["your_turn"], false);
    let r = black.post("act", json!({"ply": 1, "text": "e5"})).await;
    assert_eq!(r.status(), 200);
    let found: Value = white
        .post("find", json!({"typed": "Nf"}))
        .await
        .bytes()
        .await
        .map(|b| serde_json::from_slice::<Value>(&b).unwrap())
        .unwrap();
    assert!(
        found
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["value"] == "Nf3"),
        "{found}"
    );
}

/// The status of an act posted to `page`'s API with the session and the
/// `Origin` given (each left out where `None`).
async fn raw_act(page: &Page, session: Option<&str>, origin: Option<&str>, body: &Value) -> u16 {
    let mut request = client()
        .post(format!("{}/act", page.api))
        .header("Content-Type", "application/json")
        .body(body.to_string());
    if let Some(session) = session {
        request = request.bearer_auth(session);
    }
    if let Some(origin) = origin {
        request = request.header("Origin", origin);
    }
    request.send().await.unwrap().status().as_u16()
}

#[tokio::test]
async fn refused_requests_get_a_clear_4xx_and_change_nothing() {
    let (w, base, url, g) = served_game(Variant::Standard).await;
    let white = seated(&w, &base, "w", g).await;
    let black = seated(&w, &base, "b", g).await;
    let seat = white.seat().await;
    let key = seat["key"].as_str().unwrap().to_owned();
    let status = |r: reqwest::Response| r.status().as_u16();

    // A stale ply, and a click on a table of another position.
    assert_eq!(
        status(white.post("act", json!({"ply": 3, "text": "e4"})).await),
        409
    );
    let other = format!("7-0-{}", &key[key.len() - 12..]);
    assert_eq!(
        status(
            white
                .post("act", json!({"ply": 0, "key": other, "head": 0}))
                .await
        ),
        409
    );
    // Not your turn; an illegal move; a head that names nothing.
    let r = black.post("act", json!({"ply": 0, "text": "e5"})).await;
    assert_eq!(r.status(), 422);
    assert!(r.text().await.unwrap().contains("turn"));
    assert_eq!(
        status(white.post("act", json!({"ply": 0, "text": "e5"})).await),
        422
    );
    assert_eq!(
        status(
            white
                .post("act", json!({"ply": 0, "key": key, "head": 9999}))
                .await
        ),
        422
    );
    // Malformed, ambiguous, unknown and oversized bodies.
    for body in [
        json!({"ply": 0}),
        json!({"ply": 0, "text": "e4", "do": "resign"}),
        json!({"ply": 0, "do": "castle-twice"}),
    ] {
        assert_eq!(status(white.post("act", body.clone()).await), 400, "{body}");
    }
    for raw in [
        "{",
        "[]",
        "{\"ply\": \"zero\", \"text\": \"e4\"}",
        "{\"ply\":0,\"text\":\"e4\",\"x\":1}",
    ] {
        let r = client()
            .post(format!("{}/act", white.api))
            .bearer_auth(&white.session)
            .header("Origin", &base)
            .header("Content-Type", "application/json")
            .body(raw)
            .send()
            .await
            .unwrap();
        assert!(r.status().is_client_error(), "{raw}: {}", r.status());
    }
    let big = json!({"ply": 0, "text": "x".repeat(8 * 1024)});
    assert_eq!(status(white.post("act", big).await), 413);
    // Another site's page, or none; a spectator (no session).
    let e4 = json!({"ply": 0, "text": "e4"});
    let evil = Some("http://evil.example");
    assert_eq!(raw_act(&white, Some(&white.session), evil, &e4).await, 403);
    assert_eq!(raw_act(&white, Some(&white.session), None, &e4).await, 403);
    assert_eq!(raw_act(&white, None, Some(&base), &e4).await, 401);
    // A forged session.
    let forged = Page {
        api: white.api.clone(),
        base: base.clone(),
        session: "0123456789abcdef0123456789abcdef".into(),
    };
    assert_eq!(status(forged.get("seat").await), 401);
    assert_eq!(
        status(forged.post("act", json!({"ply": 0, "text": "e4"})).await),
        401
    );

    // Tokens: used twice, expired, or of another game.
    let (link_url, token) = link(&w.host, "w", g).await;
    assert_eq!(trade(&base, &link_url, &token).await.status(), 200);
    assert_eq!(
        trade(&base, &link_url, &token).await.status(),
        401,
        "a link works once"
    );
    let (link_url, token) = link(&w.host, "w", g).await;
    w.clock.set(T0 + 11 * MINUTE);
    assert_eq!(
        trade(&base, &link_url, &token).await.status(),
        401,
        "an expired link"
    );
    let g2 = w.start(&caller("w"), &caller("c")).await;
    let (_, token) = link(&w.host, "w", g2).await;
    assert_eq!(
        trade(&base, &url, &token).await.status(),
        401,
        "another game's link"
    );
    let r = w.host.web().play_link(&caller("c"), Some(g)).await;
    assert!(r.is_err(), "no link for one who does not play");

    assert_eq!(
        w.host.games().load(g).await.unwrap().game.record().len(),
        0,
        "nothing changed"
    );
}

#[tokio::test]
async fn a_5d_turn_is_drafted_by_click_undone_and_submitted() {
    let (w, base, _, g) = served_game(Variant::FiveD).await;
    let white = seated(&w, &base, "w", g).await;
    let seat = white.seat().await;
    assert_eq!(seat["draft"], json!([]));
    // The e2 pawn of the one board: where it is drawn, and where it goes.
    let key = seat["key"].as_str().unwrap();
    let from = seat["movable"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["cell"] == 12)
        .expect("the e2 pawn is movable")
        .clone();
    let board = from["board"].as_u64().unwrap();
    let heads: Value = white.heads(key, board, 12).await;
    assert_eq!(heads.as_array().unwrap().len(), 2, "{heads}");
    let r = white.click((board, 12), (board, 28)).await;
    assert_eq!(r.status(), 200);
    let seat = white.seat().await;
    assert_eq!(
        seat["draft"].as_array().unwrap().len(),
        1,
        "{}",
        seat["draft"]
    );
    assert_eq!(seat["ready"], json!({"Ok": null}));
    assert_eq!(
        w.host.games().load(g).await.unwrap().game.record().len(),
        0,
        "drafted, not played"
    );
    assert_eq!(
        white
            .post("act", json!({"ply": 0, "do": "undo"}))
            .await
            .status(),
        200
    );
    assert_eq!(white.seat().await["draft"], json!([]));
    let r = white.post("act", json!({"ply": 0, "do": "submit"})).await;
    assert_eq!(r.status(), 422, "nothing drafted: refused with why");
    assert!(r.text().await.unwrap().contains("drafted"));
    assert_eq!(white.click((board, 12), (board, 28)).await.status(), 200);
    assert_eq!(
        white
            .post("act", json!({"ply": 0, "do": "submit"}))
            .await
            .status(),
        200
    );
    assert_eq!(w.host.games().load(g).await.unwrap().game.record().len(), 1);
}
