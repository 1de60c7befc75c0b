//! What an operator scrapes: with `METRICS_ADDR` set, a Prometheus
//! endpoint (`GET /metrics`, the OpenMetrics text format) with the
//! interactions and their first answer's latency, posts by kind and
//! outcome, the outbox's depth and its oldest announcement's age, and the
//! engine's queue and search time. The counters live in this process; the
//! outbox and the engine are read when scraped.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::Full;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;
use tokio::net::TcpListener;

use chronomate_host::{Host, NoticeKind};

type Labels = Vec<(&'static str, &'static str)>;

/// This process's counters, and the registry that writes them out.
pub struct Metrics {
    registry: Registry,
    interactions: Family<Labels, Counter>,
    first_answer: Family<Labels, Histogram>,
    posts: Family<Labels, Counter>,
    outbox_depth: Gauge,
    outbox_oldest: Gauge,
    engine_queue: Gauge,
    engine_searches: Counter,
    engine_search_seconds: Counter<f64>,
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}

impl Metrics {
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("chronomate");
        let interactions = Family::<Labels, Counter>::default();
        registry.register(
            "interactions",
            "Interactions answered, by source (command or button)",
            interactions.clone(),
        );
        let first_answer = Family::<Labels, Histogram>::new_with_constructor(|| {
            Histogram::new(exponential_buckets(0.01, 2.0, 10))
        });
        registry.register(
            "first_answer_seconds",
            "Time from an interaction's arrival to its first answer (Discord allows 3 s)",
            first_answer.clone(),
        );
        let posts = Family::<Labels, Counter>::default();
        registry.register(
            "posts",
            "Announcements delivered from the outbox, by kind and outcome (ok, failed)",
            posts.clone(),
        );
        let outbox_depth = Gauge::default();
        registry.register(
            "outbox_depth",
            "Announcements waiting in the outbox (every process's)",
            outbox_depth.clone(),
        );
        let outbox_oldest = Gauge::default();
        registry.register(
            "outbox_oldest_seconds",
            "Age of the oldest announcement waiting in the outbox (0 when empty)",
            outbox_oldest.clone(),
        );
        let engine_queue = Gauge::default();
        registry.register(
            "engine_queue",
            "Games where Chronomate is to move, in the database",
            engine_queue.clone(),
        );
        let engine_searches = Counter::default();
        registry.register(
            "engine_searches",
            "Chronomate's searches done by this process",
            engine_searches.clone(),
        );
        let engine_search_seconds = Counter::<f64>::default();
        registry.register(
            "engine_search_seconds",
            "Time Chronomate's searches took in this process",
            engine_search_seconds.clone(),
        );
        Metrics {
            registry,
            interactions,
            first_answer,
            posts,
            outbox_depth,
            outbox_oldest,
            engine_queue,
            engine_searches,
            engine_search_seconds,
        }
    }

    /// An interaction got its first answer after `took`.
    pub fn answered(&self, command: bool, took: Duration) {
        let source = vec![("source", if command { "command" } else { "button" })];
        self.interactions.get_or_create(&source).inc();
        self.first_answer
            .get_or_create(&source)
            .observe(took.as_secs_f64());
    }

    /// An announcement of `kind` was delivered (`ok`) or not.
    pub fn posted(&self, kind: NoticeKind, ok: bool) {
        let labels = vec![
            ("kind", kind_name(kind)),
            ("outcome", if ok { "ok" } else { "failed" }),
        ];
        self.posts.get_or_create(&labels).inc();
    }

    /// The whole page, the outbox and the engine read now.
    pub async fn page(&self, host: &Host) -> String {
        match host.outbox_stats().await {
            Ok(stats) => {
                self.outbox_depth.set(stats.depth);
                let age = stats
                    .oldest
                    .map_or(0, |(_, at)| (host.now() - at).max(0) / 1000);
                self.outbox_oldest.set(age);
            }
            Err(e) => tracing::warn!(error = %e, "cannot read the outbox for the metrics"),
        }
        match host.engine_queue().await {
            Ok(n) => {
                self.engine_queue.set(n as i64);
            }
            Err(e) => tracing::warn!(error = %e, "cannot read the engine's queue for the metrics"),
        }
        let (searches, took) = host.engine_searched();
        let counted = self.engine_searches.get();
        if searches > counted {
            self.engine_searches.inc_by(searches - counted);
            let seconds = took.as_secs_f64() - self.engine_search_seconds.get();
            if seconds > 0.0 {
                self.engine_search_seconds.inc_by(seconds);
            }
        }
        let mut out = String::new();
        if let Err(e) = encode(&mut out, &self.registry) {
            tracing::warn!(error = %e, "cannot write the metrics");
        }
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

/// Serves `GET /metrics` on `listener` for as long as the bot runs.
pub async fn serve(listener: TcpListener, metrics: Arc<Metrics>, host: Arc<Host>) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let (metrics, host) = (metrics.clone(), host.clone());
        tokio::spawn(async move {
            let service = service_fn(move |req: Request<hyper::body::Incoming>| {
                let (metrics, host) = (metrics.clone(), host.clone());
                async move {
                    let response = if req.method() == hyper::Method::GET
                        && req.uri().path() == "/metrics"
                    {
                        Response::builder()
                            .header(
                                "content-type",
                                "application/openmetrics-text; version=1.0.0; charset=utf-8",
                            )
                            .body(Full::new(Bytes::from(metrics.page(&host).await)))
                    } else {
                        Response::builder()
                            .status(StatusCode::NOT_FOUND)
                            .body(Full::new(Bytes::from_static(b"not found: try /metrics\n")))
                    };
                    response.map_err(|e| std::io::Error::other(e.to_string()))
                }
            });
            let _ = http1::Builder::new()
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
}

/// Binds the metrics endpoint at `addr`.
pub async fn listen(addr: SocketAddr) -> std::io::Result<TcpListener> {
    TcpListener::bind(addr).await
}
