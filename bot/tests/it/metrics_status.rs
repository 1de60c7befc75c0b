//! What an operator sees, from outside a running `chronomate serve` (on
//! SQLite, through the fake Discord): with `METRICS_ADDR=127.0.0.1:0` the
//! process serves Prometheus `GET /metrics` on the port it logs, and
//! `chronomate status` against the same database prints the outbox, the
//! engine's queue, the timed jobs due and each shard's last heartbeat, in
//! the lines docs/deploy.md promises. A game is played, its thread's
//! archive failed once by Discord (a 503): both views show the post owed,
//! then delivered.
#![cfg(unix)]

use crate::common;
use crate::outbox_kill::{Serve, drained, mate};
use crate::support;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use support::{FakeDiscord, Fault, LOBBY_ID, alice, bob, new_game, play};

/// The metrics' address the process logged: `serving metrics at /metrics
/// addr=127.0.0.1:PORT`.
async fn metrics_addr(serve: &Serve<'_>) -> SocketAddr {
    let started = Instant::now();
    loop {
        let log = std::fs::read_to_string(serve.log(0)).unwrap_or_default();
        let log = without_colours(&log);
        if let Some(line) = log
            .lines()
            .find(|l| l.contains("serving metrics at /metrics"))
        {
            let addr = line.split("addr=").nth(1).expect("the address");
            return addr.trim().parse().expect("an address and port");
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "no metrics address in the log:\n{log}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// `text` without terminal colour codes (`ESC [ ... m`).
fn without_colours(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for d in chars.by_ref() {
                if d == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// `GET /metrics` over loopback: the page.
fn scrape(addr: SocketAddr) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    stream
        .write_all(b"GET /metrics HTTP/1.1\r\nHost: chronomate\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
    assert!(head.starts_with("HTTP/1.1 200 OK"), "{head}");
    assert!(head.contains("text/plain; version=0.0.4"), "{head}");
    body.to_owned()
}

/// The value of `series` (its name and labels, as written) on `page`.
fn value(page: &str, series: &str) -> f64 {
    page.lines()
        .find_map(|l| l.strip_prefix(series)?.strip_prefix(' '))
        .unwrap_or_else(|| panic!("no {series} in\n{page}"))
        .parse()
        .unwrap()
}

/// `chronomate status` against the bot's database: its lines.
fn status(serve: &Serve<'_>) -> Vec<String> {
    let mut command = common::binary(None, &["status"]);
    command.env("DATABASE_URL", &serve.database);
    let out = common::run(command, b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// The first answers' histogram of `source` is whole: cumulative buckets,
/// `+Inf` the count, and a mean within Discord's 3 s.
fn assert_histogram(page: &str, source: &str, at_least: f64) {
    let name = "chronomate_first_answer_seconds";
    let count = value(page, &format!("{name}_count{{source=\"{source}\"}}"));
    assert!(count >= at_least, "{source}: {count} answers\n{page}");
    let buckets: Vec<f64> = page
        .lines()
        .filter(|l| l.starts_with(&format!("{name}_bucket{{source=\"{source}\"")))
        .map(|l| l.rsplit(' ').next().unwrap().parse().unwrap())
        .collect();
    assert!(buckets.windows(2).all(|w| w[0] <= w[1]), "{buckets:?}");
    assert_eq!(buckets.last(), Some(&count), "+Inf is the count");
    let sum = value(page, &format!("{name}_sum{{source=\"{source}\"}}"));
    assert!(sum > 0.0 && sum / count < 3.0, "{source}: {sum} s in all");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_and_status_show_the_outbox_the_engine_and_the_heartbeats() {
    support::within_limit(async {
        let dir = tempfile::tempdir().unwrap();
        let fake = FakeDiscord::start().await;
        let serve = Serve::sqlite(dir.path());
        let bot = serve.start(
            &fake,
            0,
            &[
                ("METRICS_ADDR", "127.0.0.1:0"),
                ("RUST_LOG", "warn,chronomate_discord=info"),
            ],
        );
        support::wait_registered(&fake).await;
        let addr = metrics_addr(&serve).await;
        assert!(addr.ip().is_loopback() && addr.port() != 0, "{addr}");

        // A game: a challenge and four moves typed, an Accept pressed.
        let (white, black) = (alice(), bob());
        let (game, thread, _) = new_game(&fake, &white, &black, LOBBY_ID).await;
        for (who, action) in [(&white, "f3"), (&black, "e5"), (&white, "g4")] {
            play(&fake, who, thread, action).await;
        }
        // Discord fails the thread's archive once (five tries).
        let path = format!("/channels/{thread}");
        fake.inject(Fault::on("PATCH", &path).server_error(503).times(5));
        mate(&fake, &black, thread).await;
        fake.wait_call("the archive failing", |calls| {
            let failed = calls
                .iter()
                .filter(|c| c.path == path && c.status == 503)
                .count();
            (failed >= 1).then_some(())
        })
        .await;
        let owed = scrape(addr);
        assert!(
            value(&owed, "chronomate_outbox_depth") >= 1.0,
            "the archive owed:\n{owed}"
        );
        let lines = status(&serve);
        assert!(
            lines[0].starts_with("outbox: ")
                && lines[0].contains(&format!(" waiting, the oldest (game:{game}) for ")),
            "{lines:?}"
        );

        // Delivered at its second try.
        drained(&serve.database).await;
        let page = scrape(addr);
        assert_eq!(value(&page, "chronomate_outbox_depth"), 0.0);
        assert_eq!(value(&page, "chronomate_outbox_oldest_seconds"), 0.0);
        let posts = |kind: &str, outcome: &str| {
            value(
                &page,
                &format!("chronomate_posts_total{{kind=\"{kind}\",outcome=\"{outcome}\"}}"),
            )
        };
        assert_eq!(posts("close", "failed"), 1.0, "{page}");
        assert_eq!(posts("close", "ok"), 1.0, "{page}");
        assert!(posts("post", "ok") >= 1.0, "the game's first post:\n{page}");
        assert_eq!(posts("played", "failed"), 0.0);
        assert_histogram(&page, "command", 5.0);
        assert_histogram(&page, "button", 1.0);
        assert_eq!(value(&page, "chronomate_engine_queue"), 0.0);
        assert_eq!(value(&page, "chronomate_engine_searches_total"), 0.0);
        assert_eq!(value(&page, "chronomate_engine_search_seconds_total"), 0.0);
        for name in ["first_answer_seconds", "posts_total", "outbox_depth"] {
            assert!(
                page.contains(&format!("# TYPE chronomate_{name} ")),
                "{name}"
            );
        }

        // The heartbeat, once the shard had its first round trip.
        let pid = bot.child.id();
        let started = Instant::now();
        let lines = loop {
            let lines = status(&serve);
            if lines.iter().any(|l| l.contains("round trip")) {
                break lines;
            }
            assert!(
                started.elapsed() < Duration::from_secs(15),
                "no heartbeat: {lines:?}"
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        };
        assert_eq!(lines.len(), 4, "{lines:?}");
        assert_eq!(lines[0], "outbox: empty");
        assert_eq!(lines[1], "engine: 0 games wait for Chronomate's move");
        assert_eq!(lines[2], "timed jobs: 0 games due (reminders, deadlines)");
        let shard = &lines[3];
        assert!(
            shard.starts_with("shard 0 of 1: ")
                && shard.contains(", last heartbeat ")
                && shard.contains(" ago, round trip ")
                && shard.ends_with(')')
                && shard.contains(&format!(" ms (process {pid}-")),
            "{shard}"
        );
        bot.kill();
    })
    .await;
}
