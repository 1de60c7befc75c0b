//! Discord's REST API as the adapter sends it: every answer, message,
//! thread and DM goes through [`Rest::send`], which keeps Discord's rules
//! and never does a thing twice.
//!
//! - **Rate limits.** A 429 is waited out for as long as Discord says
//!   (`retry_after` in the body, else the `Retry-After` header) and tried
//!   again; a global one holds every route but the interaction routes
//!   (which Discord exempts), a per-route one that route alone. Routes that
//!   report no requests left (`X-RateLimit-Remaining: 0`) wait for their
//!   reset before the next request, so a burst meets few 429s at all.
//! - **Discord's failures.** A 5xx, a timeout or a connection lost
//!   mid-request may have landed. Such a request is tried again only where
//!   a repeat cannot do it twice ([`Repeat::Safe`]): reads, edits and
//!   deletes; message creates, which carry a `nonce` with `enforce_nonce`
//!   (Discord answers a repeat with the message already made); interaction
//!   callbacks (a repeat of one that landed is refused with 40060, read as
//!   done); threads started from a message (a repeat is refused with
//!   160004). Anything else ([`Repeat::OnlyIfUnsent`]: follow-ups, threads
//!   without a message) is repeated only after a 429 or when no connection
//!   was made, and otherwise reported as "may have landed".
//! - **Bounded.** At most [`Policy::attempts`] tries, backing off from
//!   [`Policy::backoff`] (doubled each time, no jitter), waiting no longer
//!   than [`Policy::longest_wait`] for one limit, and never past a
//!   deadline (an interaction's first answer is due within 3 s: waiting
//!   longer is pointless).
//! - **Logging.** One line per failed attempt: the route (interaction tokens
//!   left out), the status, Discord's message and code, and what is done
//!   about it. The bot token is sent only in the `Authorization` header,
//!   marked sensitive, and never logged.
//!
//! serenity's client still registers the commands and answers autocomplete;
//! its own rate limiter cannot be pointed at another base (serenity
//! #1739), and its errors drop `retry_after`, so this layer does the
//! sending that matters itself.

mod failure;
mod route;

use std::collections::HashMap;
use std::fmt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use reqwest::Client;
use reqwest::header::{AUTHORIZATION, CONTENT_TYPE, HeaderMap, HeaderValue, USER_AGENT};
use reqwest::multipart::{Form, Part};
use serde_json::Value;

pub(crate) use failure::{Failure, codes};
pub(crate) use route::{Body, Route, Upload};

/// The API version every route lives under.
pub(crate) const API_PATH: &str = "/api/v10";
const AGENT: &str = concat!(
    "DiscordBot (https://example.invalid/chronomate, ",
    env!("CARGO_PKG_VERSION"),
    ")"
);

/// Whether a request may be sent again after a failure that may have landed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Repeat {
    /// A repeat cannot do it twice (see the module's notes).
    Safe,
    /// Repeated only when Discord certainly did nothing (a 429, or no
    /// connection was made).
    OnlyIfUnsent,
}

/// How hard to try.
#[derive(Clone, Debug)]
pub struct Policy {
    /// Tries per request, the first included.
    pub attempts: u32,
    /// The first wait after a failure that is not a rate limit; doubled
    /// after each.
    pub backoff: Duration,
    /// A rate limit longer than this is not waited out.
    pub longest_wait: Duration,
    /// How long one request may take.
    pub request_timeout: Duration,
}

impl Default for Policy {
    fn default() -> Policy {
        Policy {
            attempts: 5,
            backoff: Duration::from_millis(200),
            longest_wait: Duration::from_secs(30),
            request_timeout: Duration::from_secs(15),
        }
    }
}

#[derive(Default)]
struct Limits {
    global_until: Option<Instant>,
    routes: HashMap<String, Instant>,
}

/// The REST client.
pub(crate) struct Rest {
    client: Client,
    api: String,
    auth: HeaderValue,
    policy: Policy,
    limits: Mutex<Limits>,
    nonce_seed: u64,
    nonces: AtomicU64,
}

impl fmt::Debug for Rest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rest").field("api", &self.api).finish()
    }
}

/// Why the REST client could not be built.
#[derive(Debug, thiserror::Error)]
pub enum RestSetupError {
    /// The token cannot be sent in a header.
    #[error("the token has characters a header cannot carry")]
    Token,
    /// The HTTP client could not be built (its TLS, say).
    #[error("cannot build the HTTP client: {0}")]
    Client(#[from] reqwest::Error),
}

impl Rest {
    /// A client for `base` (`https://discord.com`, or a stand-in) with the
    /// bot's token.
    ///
    /// # Errors
    /// A token a header cannot carry, or an HTTP client that does not build.
    pub(crate) fn new(base: &str, token: &str, policy: Policy) -> Result<Rest, RestSetupError> {
        let mut auth =
            HeaderValue::from_str(&format!("Bot {token}")).map_err(|_| RestSetupError::Token)?;
        auth.set_sensitive(true);
        let client = Client::builder().timeout(policy.request_timeout).build()?;
        use std::hash::{BuildHasher, Hasher};
        let nonce_seed = std::collections::hash_map::RandomState::new()
            .build_hasher()
            .finish();
        Ok(Rest {
            client,
            api: format!("{}{API_PATH}", base.trim_end_matches('/')),
            auth,
            policy,
            limits: Mutex::new(Limits::default()),
            nonce_seed,
            nonces: AtomicU64::new(0),
        })
    }

    /// A fresh nonce for a message create: the same for every repeat of
    /// one message, different for every message.
    pub(crate) fn nonce(&self) -> String {
        let n = self.nonces.fetch_add(1, Ordering::Relaxed);
        format!(
            "{:x}",
            self.nonce_seed.wrapping_add(n.wrapping_mul(0x9E37_79B9))
        )
    }

    fn limits(&self) -> std::sync::MutexGuard<'_, Limits> {
        self.limits.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Until when `route` must wait, if it must.
    fn blocked_until(&self, route: &Route) -> Option<Instant> {
        let limits = self.limits();
        let own = limits.routes.get(&route.bucket).copied();
        let global = if route.interaction {
            None
        } else {
            limits.global_until
        };
        match (own, global) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        }
        .filter(|t| *t > Instant::now())
    }

    fn hold_route(&self, route: &Route, until: Instant, global: bool) {
        let mut limits = self.limits();
        if global && !route.interaction {
            limits.global_until = Some(limits.global_until.map_or(until, |g| g.max(until)));
        } else {
            let entry = limits.routes.entry(route.bucket.clone()).or_insert(until);
            *entry = (*entry).max(until);
        }
        // Forget what has passed, so the map stays small.
        let now = Instant::now();
        limits.routes.retain(|_, t| *t > now);
    }

    /// Sends `body` to `route`, trying again as the module's notes say;
    /// the JSON answer (`Null` for 204). `deadline`: give up rather than
    /// wait past it.
    pub(crate) async fn send(
        &self,
        route: &Route,
        body: &Body,
        repeat: Repeat,
        deadline: Option<Instant>,
    ) -> Result<Value, Failure> {
        let attempts = self.policy.attempts.max(1);
        let mut attempt = 1;
        loop {
            if let Some(until) = self.blocked_until(route) {
                if deadline.is_some_and(|d| until > d) {
                    return Err(Failure {
                        route: route.label.clone(),
                        status: Some(429),
                        code: None,
                        message: "rate limited past the deadline; not sent".to_owned(),
                        maybe_landed: false,
                    });
                }
                tokio::time::sleep_until(until.into()).await;
            }
            let (failure, retry, wait) = match self.attempt(route, body, deadline).await {
                Attempt::Done(v) => return Ok(v),
                Attempt::Refused(f) => return Err(f),
                Attempt::RateLimited(f, wait) => (f, true, wait),
                Attempt::Failed(f) => {
                    let retry = !f.maybe_landed || repeat == Repeat::Safe;
                    (
                        f,
                        retry,
                        self.policy.backoff * 2u32.saturating_pow(attempt - 1),
                    )
                }
            };
            let late = deadline.is_some_and(|d| Instant::now() + wait > d);
            if !retry || attempt >= attempts || wait > self.policy.longest_wait || late {
                let why = if !retry {
                    "may have landed; not repeated"
                } else if late {
                    "past the deadline; not repeated"
                } else if wait > self.policy.longest_wait {
                    "the wait is too long; given up"
                } else {
                    "given up"
                };
                tracing::warn!("{failure}; {why} (attempt {attempt} of {attempts})");
                return Err(failure);
            }
            tracing::warn!(
                "{failure}; trying again in {} ms (attempt {attempt} of {attempts})",
                wait.as_millis()
            );
            if failure.status != Some(429) {
                tokio::time::sleep(wait).await;
            }
            attempt += 1;
        }
    }

    async fn attempt(&self, route: &Route, body: &Body, deadline: Option<Instant>) -> Attempt {
        let failure = |status: Option<u16>, code, message: String, maybe_landed| Failure {
            route: route.label.clone(),
            status,
            code,
            message,
            maybe_landed,
        };
        let request = match self.build(route, body, deadline) {
            Ok(r) => r,
            Err(message) => return Attempt::Refused(failure(None, None, message, false)),
        };
        let response = match self.client.execute(request).await {
            Ok(r) => r,
            Err(e) => {
                // No connection: nothing was sent. Anything else (a timeout,
                // a connection lost mid-way) may have reached Discord.
                let unsent = e.is_connect();
                let what = if e.is_timeout() {
                    "timed out"
                } else if unsent {
                    "cannot connect"
                } else {
                    "connection lost"
                };
                return Attempt::Failed(failure(None, None, what.to_owned(), !unsent));
            }
        };
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let bytes = response.bytes().await;
        self.note_limits(route, &headers);
        let json: Value = match &bytes {
            Ok(b) if !b.is_empty() => serde_json::from_slice(b).unwrap_or(Value::Null),
            _ => Value::Null,
        };
        if (200..300).contains(&status) {
            return Attempt::Done(json);
        }
        let code = json.get("code").and_then(Value::as_i64);
        let message = json
            .get("message")
            .and_then(Value::as_str)
            .unwrap_or("(no message)")
            .to_owned();
        match status {
            429 => {
                let wait = retry_after(&json, &headers);
                let global = json.get("global").and_then(Value::as_bool) == Some(true)
                    || header(&headers, "x-ratelimit-global").is_some_and(|v| v == "true")
                    || header(&headers, "x-ratelimit-scope").is_some_and(|v| v == "global");
                self.hold_route(route, Instant::now() + wait, global);
                let scope = if global { "global" } else { "route" };
                Attempt::RateLimited(
                    failure(
                        Some(429),
                        code,
                        format!("{message} ({scope}, retry after {} ms)", wait.as_millis()),
                        false,
                    ),
                    wait,
                )
            }
            500.. => Attempt::Failed(failure(Some(status), code, message, true)),
            _ => Attempt::Refused(failure(Some(status), code, message, false)),
        }
    }

    /// Keeps what a success says about the route's limit: none left means
    /// waiting for its reset.
    fn note_limits(&self, route: &Route, headers: &HeaderMap) {
        let remaining =
            header(headers, "x-ratelimit-remaining").and_then(|v| v.parse::<u64>().ok());
        let reset_after = header(headers, "x-ratelimit-reset-after").and_then(seconds);
        if let (Some(0), Some(after)) = (remaining, reset_after) {
            self.hold_route(route, Instant::now() + after, false);
        }
    }

    fn build(
        &self,
        route: &Route,
        body: &Body,
        deadline: Option<Instant>,
    ) -> Result<reqwest::Request, String> {
        let url = format!("{}{}", self.api, route.path);
        let mut b = self
            .client
            .request(route.method.clone(), url)
            .header(AUTHORIZATION, self.auth.clone())
            .header(USER_AGENT, AGENT);
        if let Some(d) = deadline {
            let left = d.saturating_duration_since(Instant::now());
            b = b.timeout(left.clamp(Duration::from_millis(100), self.policy.request_timeout));
        }
        b = match body {
            Body::Empty => b,
            Body::Json(v) => b
                .header(CONTENT_TYPE, "application/json")
                .body(v.to_string()),
            Body::Files { payload, files } => {
                let mut form = Form::new().text("payload_json", payload.to_string());
                for (i, f) in files.iter().enumerate() {
                    let part = Part::bytes(f.bytes.clone())
                        .file_name(f.name.clone())
                        .mime_str(mime_of(&f.name))
                        .map_err(|e| format!("cannot attach {}: {e}", f.name))?;
                    form = form.part(format!("files[{i}]"), part);
                }
                b.multipart(form)
            }
        };
        b.build()
            .map_err(|e| format!("cannot build the request: {e}"))
    }
}

enum Attempt {
    Done(Value),
    /// Discord said no (a 4xx other than 429): final.
    Refused(Failure),
    RateLimited(Failure, Duration),
    Failed(Failure),
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// Seconds, as Discord writes them (`1`, `0.25`).
fn seconds(text: &str) -> Option<Duration> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0)
        .map(|s| Duration::from_secs_f64(s.min(86_400.0)))
}

/// How long a 429 asks to wait: `retry_after` in the body (seconds), else
/// the `Retry-After` header, else a second.
fn retry_after(json: &Value, headers: &HeaderMap) -> Duration {
    json.get("retry_after")
        .and_then(Value::as_f64)
        .and_then(|s| seconds(&s.to_string()))
        .or_else(|| header(headers, "retry-after").and_then(seconds))
        .unwrap_or(Duration::from_secs(1))
}

fn mime_of(name: &str) -> &'static str {
    let lower = name.to_ascii_lowercase();
    if lower.ends_with(".png") {
        "image/png"
    } else if lower.ends_with(".gif") {
        "image/gif"
    } else if lower.ends_with(".txt") || lower.ends_with(".pgn") {
        "text/plain"
    } else if lower.ends_with(".csv") {
        "text/csv"
    } else {
        "application/octet-stream"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_comes_from_the_body_then_the_header() {
        let mut headers = HeaderMap::new();
        headers.insert("retry-after", HeaderValue::from_static("3"));
        let body = serde_json::json!({"retry_after": 0.25});
        assert_eq!(retry_after(&body, &headers), Duration::from_millis(250));
        assert_eq!(retry_after(&Value::Null, &headers), Duration::from_secs(3));
        assert_eq!(
            retry_after(&Value::Null, &HeaderMap::new()),
            Duration::from_secs(1)
        );
        assert_eq!(seconds("-1"), None);
        assert_eq!(seconds("NaN"), None);
    }

    #[test]
    fn nonces_differ_and_fit() {
        let rest = Rest::new("http://127.0.0.1:1", "t", Policy::default()).unwrap();
        let a = rest.nonce();
        let b = rest.nonce();
        assert_ne!(a, b);
        assert!(a.len() <= 25 && b.len() <= 25);
    }
}
