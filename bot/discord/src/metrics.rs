//! What an operator scrapes: with `METRICS_ADDR` set, a Prometheus
//! endpoint (`GET /metrics`, the text exposition format 0.0.4) with the
//! interactions and their first answer's latency, posts by kind and
//! outcome, the outbox's depth and its oldest announcement's age, and the
//! engine's queue and search time. The counters live in this process; the
//! outbox and the engine are read when scraped.
//!
//! The format is a few lines of text per metric, so it is written here
//! rather than pulled in with a metrics crate and an HTTP server: the
//! endpoint answers one request per connection and closes it.

use std::fmt::Write as _;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

use chronomate_host::{Host, NoticeKind};

/// The first answer's latency buckets, in seconds (Discord allows 3 s).
const BUCKETS: [f64; 10] = [0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0];

/// The kinds of announcement, as labelled.
const KINDS: [NoticeKind; 9] = [
    NoticeKind::Reminder,
    NoticeKind::TimeForfeit,
    NoticeKind::Aborted,
    NoticeKind::ChallengeExpired,
    NoticeKind::Tournament,
    NoticeKind::Played,
    NoticeKind::Post,
    NoticeKind::Close,
    NoticeKind::Warning,
];

/// A latency histogram: counts per bucket (not cumulative), the sum in
/// microseconds, the count.
#[derive(Default)]
struct Histogram {
    buckets: [AtomicU64; BUCKETS.len()],
    sum_micros: AtomicU64,
    count: AtomicU64,
}

impl Histogram {
    fn observe(&self, took: Duration) {
        let seconds = took.as_secs_f64();
        if let Some(i) = BUCKETS.iter().position(|b| seconds <= *b) {
            self.buckets[i].fetch_add(1, Ordering::Relaxed);
        }
        let micros = u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
        self.sum_micros.fetch_add(micros, Ordering::Relaxed);
        self.count.fetch_add(1, Ordering::Relaxed);
    }

    fn write(&self, out: &mut String, name: &str, source: &str) {
        let mut cumulative = 0;
        for (bound, n) in BUCKETS.iter().zip(&self.buckets) {
            cumulative += n.load(Ordering::Relaxed);
            let _ = writeln!(
                out,
                "{name}_bucket{{source=\"{source}\",le=\"{bound}\"}} {cumulative}"
            );
        }
        let count = self.count.load(Ordering::Relaxed);
        let sum = self.sum_micros.load(Ordering::Relaxed) as f64 / 1e6;
        let _ = writeln!(
            out,
            "{name}_bucket{{source=\"{source}\",le=\"+Inf\"}} {count}"
        );
        let _ = writeln!(out, "{name}_sum{{source=\"{source}\"}} {sum}");
        let _ = writeln!(out, "{name}_count{{source=\"{source}\"}} {count}");
    }
}

/// This process's counters.
#[derive(Default)]
pub(crate) struct Metrics {
    /// Commands, then buttons.
    first_answer: [Histogram; 2],
    /// By kind (as [`KINDS`]), then ok and failed.
    posts: [[AtomicU64; 2]; KINDS.len()],
}

impl Metrics {
    pub(crate) fn new() -> Metrics {
        Metrics::default()
    }

    /// An interaction got its first answer after `took`.
    pub(crate) fn answered(&self, command: bool, took: Duration) {
        self.first_answer[usize::from(!command)].observe(took);
    }

    /// An announcement of `kind` was delivered (`ok`) or not.
    pub(crate) fn posted(&self, kind: NoticeKind, ok: bool) {
        if let Some(i) = KINDS.iter().position(|k| *k == kind) {
            self.posts[i][usize::from(!ok)].fetch_add(1, Ordering::Relaxed);
        }
    }

    /// The whole page, the outbox and the engine read now.
    pub(crate) async fn page(&self, host: &Host) -> String {
        let mut out = String::new();
        let head = |out: &mut String, name: &str, kind: &str, help: &str| {
            let _ = writeln!(
                out,
                "# HELP chronomate_{name} {help}\n# TYPE chronomate_{name} {kind}"
            );
        };
        head(
            &mut out,
            "first_answer_seconds",
            "histogram",
            "Time from an interaction's arrival to its first answer, by source (Discord allows 3 s)",
        );
        for (h, source) in self.first_answer.iter().zip(["command", "button"]) {
            h.write(&mut out, "chronomate_first_answer_seconds", source);
        }
        head(
            &mut out,
            "posts_total",
            "counter",
            "Announcements delivered from the outbox by this process, by kind and outcome",
        );
        for (kind, counts) in KINDS.iter().zip(&self.posts) {
            for (outcome, n) in ["ok", "failed"].iter().zip(counts) {
                let _ = writeln!(
                    out,
                    "chronomate_posts_total{{kind=\"{}\",outcome=\"{outcome}\"}} {}",
                    kind_name(*kind),
                    n.load(Ordering::Relaxed)
                );
            }
        }
        match host.outbox().stats().await {
            Ok(stats) => {
                let age = stats
                    .oldest
                    .map_or(0, |(_, at)| (host.now() - at).millis().max(0) / 1000);
                head(
                    &mut out,
                    "outbox_depth",
                    "gauge",
                    "Announcements waiting in the outbox (every process's)",
                );
                let _ = writeln!(out, "chronomate_outbox_depth {}", stats.depth);
                head(
                    &mut out,
                    "outbox_oldest_seconds",
                    "gauge",
                    "Age of the oldest announcement waiting in the outbox (0 when empty)",
                );
                let _ = writeln!(out, "chronomate_outbox_oldest_seconds {age}");
            }
            Err(e) => tracing::warn!(error = %e, "cannot read the outbox for the metrics"),
        }
        match host.engine_play().queue().await {
            Ok(n) => {
                head(
                    &mut out,
                    "engine_queue",
                    "gauge",
                    "Games where Chronomate is to move",
                );
                let _ = writeln!(out, "chronomate_engine_queue {n}");
            }
            Err(e) => tracing::warn!(error = %e, "cannot read the engine's queue for the metrics"),
        }
        let (searches, took) = host.engine_play().searched();
        head(
            &mut out,
            "engine_searches_total",
            "counter",
            "Chronomate's searches done by this process",
        );
        let _ = writeln!(out, "chronomate_engine_searches_total {searches}");
        head(
            &mut out,
            "engine_search_seconds_total",
            "counter",
            "Time Chronomate's searches took in this process",
        );
        let _ = writeln!(
            out,
            "chronomate_engine_search_seconds_total {}",
            took.as_secs_f64()
        );
        out
    }
}

fn kind_name(kind: NoticeKind) -> &'static str {
    match kind {
        NoticeKind::Reminder => "reminder",
        NoticeKind::TimeForfeit => "time_forfeit",
        NoticeKind::Aborted => "aborted",
        NoticeKind::ChallengeExpired => "challenge_expired",
        NoticeKind::Tournament => "tournament",
        NoticeKind::Played => "played",
        NoticeKind::Post => "post",
        NoticeKind::Close => "close",
        NoticeKind::Warning => "warning",
    }
}

/// Serves `GET /metrics` on `listener` for as long as the bot runs: one
/// request per connection, answered and closed.
pub(crate) async fn serve(listener: TcpListener, metrics: Arc<Metrics>, host: Arc<Host>) {
    loop {
        let Ok((mut stream, _)) = listener.accept().await else {
            continue;
        };
        let (metrics, host) = (metrics.clone(), host.clone());
        tokio::spawn(async move {
            let mut request = [0u8; 1024];
            let read =
                tokio::time::timeout(Duration::from_secs(5), stream.read(&mut request)).await;
            let Ok(Ok(n)) = read else {
                return;
            };
            let line = String::from_utf8_lossy(&request[..n]);
            let answer = if line.starts_with("GET /metrics ") || line.starts_with("GET /metrics?") {
                let page = metrics.page(&host).await;
                format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: text/plain; version=0.0.4; charset=utf-8\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{page}",
                    page.len()
                )
            } else {
                let body = "not found: try /metrics\n";
                format!(
                    "HTTP/1.1 404 Not Found\r\ncontent-type: text/plain\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                    body.len()
                )
            };
            let _ = stream.write_all(answer.as_bytes()).await;
            let _ = stream.shutdown().await;
        });
    }
}

/// Binds the metrics endpoint at `addr`.
pub(crate) async fn listen(addr: SocketAddr) -> std::io::Result<TcpListener> {
    TcpListener::bind(addr).await
}
