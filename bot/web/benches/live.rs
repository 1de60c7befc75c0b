//! The web page's server under load, on loopback, over an on-disk SQLite
//! database: 200 live pages open (spectators' event streams, ten on each
//! of 20 standard games) while players' pages make 50 actions a second
//! by click (`POST .../act`), and meanwhile a player clicks men in a
//! 1,000-board Many Worlds game and a 21-branch multiverse
//! (`GET .../heads/...`). It prints, as p50 / p99 / max:
//!
//! - `act`: an action's request, from sent to answered (its commit
//!   included);
//! - `act to page`: from an action's request sent to the event that
//!   tells every one of its game's ten pages (the page then reloads the
//!   view): the commit, and the news of it;
//! - `click`: a man's legal destinations, from sent to answered, in each
//!   large position.
//!
//! - `frames`: where Chromium and chromium-driver are installed, the
//!   spectators' page of each large position in headless Chromium, panned
//!   a few pixels every frame for 240 frames, with the whole game in view
//!   and then zoomed in on one board: the time between frames, and the
//!   page's own drawing time within each.
//!
//! Then criterion times one click's request on an idle server, in the
//! same positions and the chess start.
//!
//! `cargo bench -p chronomate-web --bench live`
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a bench fails loudly

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chronomate_host::{ChallengeTerms, GameId, HostConfig};
use chronomate_rules::{Game, Options, Variant};
use chronomate_testkit::{World, caller};
use chronomate_web::{WebConfig, serve};
use criterion::Criterion;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::runtime::Runtime;

#[path = "../tests/support/driver.rs"]
mod driver;
#[path = "../../../rules/tests/support/manyworlds_growth.rs"]
mod manyworlds_growth;
#[path = "../../../rules/tests/support/multiverse_growth.rs"]
mod multiverse_growth;

/// Standard games played at once, and pages open on each.
const GAMES: usize = 20;
const PAGES_A_GAME: usize = 10;
/// Actions a second across the games.
const RATE: u64 = 50;
/// How long the load runs.
const RUN: Duration = Duration::from_secs(20);

/// When each game's pages heard of each ply, by game and ply.
type Heard = Arc<Mutex<HashMap<(GameId, i64), Vec<Instant>>>>;

/// A player's seated page.
#[derive(Clone)]
struct Page {
    api: String,
    origin: String,
    session: String,
}

struct Served {
    world: World,
    base: String,
    client: reqwest::Client,
}

impl Served {
    async fn start() -> Served {
        let mut world = World::new().await;
        let addr = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap();
        let base = format!("http://{addr}");
        world.host = world.host.clone().with_config(HostConfig {
            web_url: Some(base.clone()),
            ..world.host.config().clone()
        });
        let config = WebConfig {
            addr,
            public_url: None,
        };
        serve(Arc::new(world.host.clone()), &config).await.unwrap();
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .pool_max_idle_per_host(64)
            .build()
            .unwrap();
        Served {
            world,
            base,
            client,
        }
    }

    /// A game of `variant` between `white` and `black`, its record played.
    async fn game(
        &self,
        terms: ChallengeTerms,
        players: (&str, &str),
        record: &[String],
    ) -> GameId {
        let (white, black) = (caller(players.0), caller(players.1));
        let mut mirror = Game::new(terms.options.clone(), 3);
        let g = self.world.start_with(&white, &black, terms).await;
        for text in record {
            let who = match mirror.turn().color {
                chronomate_rules::Color::White => &white,
                chronomate_rules::Color::Black => &black,
            };
            self.world
                .host
                .games()
                .act(who, Some(g), text)
                .await
                .unwrap();
            mirror.play(text).unwrap();
        }
        chronomate_testkit::deliver_all(&self.world.host).await;
        g
    }

    /// `who`'s page in game `g`, seated.
    async fn seat(&self, who: &str, g: GameId) -> Page {
        let reply = self
            .world
            .host
            .web()
            .play_link(&caller(who), Some(g))
            .await
            .unwrap();
        let url = reply.link.unwrap().url;
        let (page, token) = url.split_once("#play=").unwrap();
        let secret = page.rsplit('/').next().unwrap();
        let api = format!("{}/api/play/{secret}", self.base);
        let opened = self
            .client
            .post(format!("{api}/session"))
            .header("Origin", &self.base)
            .header("Content-Type", "application/json")
            .body(json!({ "token": token }).to_string())
            .send()
            .await
            .unwrap();
        assert_eq!(opened.status(), 200);
        let opened: Value = serde_json::from_slice(&opened.bytes().await.unwrap()).unwrap();
        Page {
            api,
            origin: self.base.clone(),
            session: opened["session"].as_str().unwrap().to_owned(),
        }
    }

    /// `GET` of `path` under `page`'s API, as its player: the status and
    /// the body.
    async fn get_raw(&self, page: &Page, path: &str) -> (reqwest::StatusCode, Vec<u8>) {
        let r = self
            .client
            .get(format!("{}/{path}", page.api))
            .bearer_auth(&page.session)
            .send()
            .await
            .unwrap();
        let status = r.status();
        (status, r.bytes().await.unwrap().to_vec())
    }

    async fn get(&self, page: &Page, path: &str) -> Value {
        let (status, body) = self.get_raw(page, path).await;
        assert_eq!(status, 200, "{path}");
        serde_json::from_slice(&body).unwrap()
    }

    /// One click on a man that may move: the table's key and the path of
    /// a man's destinations, cycling through the men.
    async fn clicks(&self, page: &Page) -> Vec<String> {
        let seat = self.get(page, "seat").await;
        let key = seat["key"].as_str().unwrap().to_owned();
        seat["movable"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| format!("heads/{key}/{}/{}", c["board"], c["cell"]))
            .collect()
    }

    /// The spectators' events of `g`, read on a raw connection: each
    /// `moment` event's ply sent on `seen` with when it came.
    async fn open_page(&self, g: GameId, seen: Heard) {
        let secret = self.world.host.web().watch_secret(g).await.unwrap();
        let addr = self.base.trim_start_matches("http://").to_owned();
        let mut stream = tokio::net::TcpStream::connect(&addr).await.unwrap();
        let request = format!(
            "GET /api/watch/{secret}/events HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n"
        );
        stream.write_all(request.as_bytes()).await.unwrap();
        tokio::spawn(async move {
            let mut lines = BufReader::new(stream).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                if let Some(data) = line.strip_prefix("data: ")
                    && let Ok(moment) = serde_json::from_str::<Value>(data)
                    && let Some(ply) = moment["ply"].as_i64()
                {
                    let now = Instant::now();
                    seen.lock().unwrap().entry((g, ply)).or_default().push(now);
                }
            }
        });
    }
}

/// p50 / p99 / max of `samples`, in milliseconds.
fn spread(samples: &mut [Duration]) -> String {
    samples.sort();
    let at = |q: f64| {
        let i = ((samples.len() as f64 - 1.0) * q).round() as usize;
        samples[i].as_secs_f64() * 1e3
    };
    format!(
        "p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms over {}",
        at(0.5),
        at(0.99),
        at(1.0),
        samples.len()
    )
}

struct Positions {
    served: Arc<Served>,
    /// The large positions' games.
    games: [(&'static str, GameId); 2],
    many: (Page, Vec<String>),
    multiverse: (Page, Vec<String>),
    chess: (Page, Vec<String>),
}

async fn positions() -> Positions {
    let served = Arc::new(Served::start().await);
    let started = Instant::now();
    let (_, record) = manyworlds_growth::many_boards_recorded(1000);
    let many = served
        .game(
            ChallengeTerms::new(Variant::ManyWorlds),
            ("mw-w", "mw-b"),
            &record,
        )
        .await;
    let (_, record) = multiverse_growth::twenty_one_branches_recorded(1001);
    let mut terms = ChallengeTerms::new(Variant::Multiverse);
    terms.options = Options::parse(Variant::Multiverse, "branches:1001").unwrap();
    let multiverse = served.game(terms, ("mv-w", "mv-b"), &record).await;
    let chess = served
        .game(ChallengeTerms::new(Variant::Standard), ("c-w", "c-b"), &[])
        .await;
    eprintln!(
        "live: the large positions played through the host in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let games = [
        ("manyworlds 1000 boards", many),
        ("multiverse 21 branches", multiverse),
    ];
    let many = seated(&served, "mw-w", many).await;
    let multiverse = seated(&served, "mv-w", multiverse).await;
    let chess = seated(&served, "c-w", chess).await;
    Positions {
        served,
        games,
        many,
        multiverse,
        chess,
    }
}

/// `who`'s page in `g` and the paths of its clicks.
async fn seated(served: &Served, who: &str, g: GameId) -> (Page, Vec<String>) {
    let page = served.seat(who, g).await;
    let clicks = served.clicks(&page).await;
    (page, clicks)
}

/// The load run: pages, actions and clicks at once.
async fn load(p: &Positions) {
    let served = &p.served;
    let seen: Heard = Arc::default();
    let mut games = Vec::new();
    for i in 0..GAMES {
        let (w, b) = (format!("w{i}"), format!("b{i}"));
        let g = served
            .game(ChallengeTerms::new(Variant::Standard), (&w, &b), &[])
            .await;
        let pages = (served.seat(&w, g).await, served.seat(&b, g).await);
        for _ in 0..PAGES_A_GAME {
            served.open_page(g, seen.clone()).await;
        }
        games.push((g, pages, Game::new(Variant::Standard, 0)));
    }
    // The pages' first events.
    tokio::time::sleep(Duration::from_millis(500)).await;

    // Clicks in the large positions all along, twenty a second in each
    // (looking a man's destinations up is not counted against a session's
    // allowance: it changes nothing).
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut clickers = Vec::new();
    for (name, (page, paths)) in [
        ("manyworlds 1000 boards", &p.many),
        ("multiverse 21 branches", &p.multiverse),
    ] {
        let (served, page, paths, stop) =
            (served.clone(), page.clone(), paths.clone(), stop.clone());
        clickers.push(tokio::spawn(async move {
            let mut samples = Vec::new();
            let mut i = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let path = &paths[i % paths.len()];
                i += 1;
                let sent = Instant::now();
                let (status, _) = served.get_raw(&page, path).await;
                if status == 200 {
                    samples.push(sent.elapsed());
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            (name, samples)
        }));
    }

    let mut acts = Vec::new();
    // Each action's game, the ply it made and when it was sent.
    let mut answered: Vec<(GameId, i64, Instant)> = Vec::new();
    let mut rng = 0x9e37_79b9_7f4a_7c15_u64;
    let every = Duration::from_micros(1_000_000 / RATE);
    let started = Instant::now();
    let mut next = started;
    let mut turn = 0;
    while started.elapsed() < RUN {
        next += every;
        let (g, pages, mirror) = &mut games[turn % GAMES];
        turn += 1;
        if mirror.status().is_over() {
            continue;
        }
        let legal = mirror.legal_actions();
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let text = legal[(rng % legal.len() as u64) as usize].clone();
        let page = match mirror.turn().color {
            chronomate_rules::Color::White => &pages.0,
            chronomate_rules::Color::Black => &pages.1,
        };
        let ply = mirror.record().len() as i64;
        let sent = Instant::now();
        let r = served
            .client
            .post(format!("{}/act", page.api))
            .bearer_auth(&page.session)
            .header("Origin", &page.origin)
            .header("Content-Type", "application/json")
            .body(json!({ "ply": ply, "text": text }).to_string())
            .send()
            .await
            .unwrap();
        let status = r.status();
        r.bytes().await.unwrap();
        assert_eq!(status, 200, "{text}");
        let done = Instant::now();
        acts.push(done - sent);
        answered.push((*g, ply + 1, sent));
        mirror.play(&text).unwrap();
        tokio::time::sleep_until(next.into()).await;
    }
    let rate = acts.len() as f64 / started.elapsed().as_secs_f64();
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    tokio::time::sleep(Duration::from_millis(600)).await;

    let seen = seen.lock().unwrap().clone();
    let mut told = Vec::new();
    let mut missed = 0;
    for (g, ply, sent) in &answered {
        match seen.get(&(*g, *ply)) {
            // The last of the game's pages to hear of it.
            Some(times) if times.len() == PAGES_A_GAME => {
                told.push(times.iter().max().unwrap().saturating_duration_since(*sent));
            }
            // A page told only of a later ply (two commits within one
            // look) has still heard of this one.
            _ => missed += 1,
        }
    }
    println!(
        "live: {} pages on {GAMES} games, {rate:.1} actions a second for {} s",
        GAMES * PAGES_A_GAME,
        RUN.as_secs()
    );
    println!("live act: {}", spread(&mut acts));
    println!(
        "live act to page (sent, committed, every page of the game told): {} ({missed} plies told only with a later one)",
        spread(&mut told)
    );
    for clicker in clickers {
        let (name, mut samples) = clicker.await.unwrap();
        println!("live click, {name}: {}", spread(&mut samples));
    }
}

/// Pans the page open in `client` a few pixels every frame, 240 frames:
/// the time between frames and the drawing time within each.
async fn pan(client: &fantoccini::Client) -> (Vec<Duration>, Vec<Duration>) {
    let script = r#"
        const done = arguments[arguments.length - 1];
        const out = { frames: [], draws: [] };
        let last = null;
        let n = 0;
        function step(t) {
            if (last !== null) out.frames.push(t - last);
            last = t;
            out.draws.push(window.chronomate.pan(n % 120 < 60 ? 6 : -6, n % 60 < 30 ? 2 : -2));
            if (++n < 240) requestAnimationFrame(step); else done(out);
        }
        requestAnimationFrame(step);
    "#;
    let out = client.execute_async(script, Vec::new()).await.unwrap();
    let read = |key: &str| {
        out[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|ms| Duration::from_secs_f64(ms.as_f64().unwrap() / 1e3))
            .collect()
    };
    (read("frames"), read("draws"))
}

/// The large positions' spectators' pages panned in headless Chromium.
async fn frames(p: &Positions) {
    if !driver::installed() {
        println!("live frames: not measured ({})", driver::NEEDS);
        return;
    }
    let (_driver, client) = driver::browser().await;
    for (name, g) in p.games {
        let secret = p.served.world.host.web().watch_secret(g).await.unwrap();
        client
            .goto(&format!("{}/watch/{secret}", p.served.base))
            .await
            .unwrap();
        let shown = "return document.getElementById('boards').dataset.ply ?? null";
        let started = Instant::now();
        while driver::eval(&client, shown).await.is_null() {
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "{name} is not shown"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let (mut whole_frames, mut whole_draws) = pan(&client).await;
        driver::eval(&client, "window.chronomate.frame(0); return null").await;
        let (mut near_frames, mut near_draws) = pan(&client).await;
        println!(
            "live frames, {name}, the whole game: between frames {}",
            spread(&mut whole_frames)
        );
        println!(
            "live frames, {name}, the whole game: drawing {}",
            spread(&mut whole_draws)
        );
        println!(
            "live frames, {name}, one board framed: between frames {}",
            spread(&mut near_frames)
        );
        println!(
            "live frames, {name}, one board framed: drawing {}",
            spread(&mut near_draws)
        );
    }
    client.close().await.unwrap();
}

fn main() {
    let rt = Runtime::new().unwrap();
    let p = rt.block_on(positions());
    rt.block_on(load(&p));
    rt.block_on(frames(&p));

    let mut c = Criterion::default().configure_from_args();
    let mut group = c.benchmark_group("click");
    group.sample_size(20);
    for (name, (page, paths)) in [
        ("manyworlds 1000 boards", &p.many),
        ("multiverse 21 branches", &p.multiverse),
        ("chess start", &p.chess),
    ] {
        let mut i = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                i += 1;
                let path = &paths[i % paths.len()];
                rt.block_on(async {
                    let (status, body) = p.served.get_raw(page, path).await;
                    assert_eq!(status, 200);
                    body
                })
            });
        });
    }
    group.finish();
    c.final_summary();
}
