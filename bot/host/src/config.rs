//! Settings from the environment (and `.env`), read once at start.

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

/// The database used when `DATABASE_URL` is unset: a SQLite file in the
/// working directory, created on first run.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://chronomate.db";

/// Where the console writes board images when `IMAGES_DIR` is unset.
pub const DEFAULT_IMAGES_DIR: &str = "chronomate-images";

/// How often `serve` looks for due reminders and deadlines when
/// `TICK_EVERY_MS` is unset.
pub const DEFAULT_TICK_EVERY: Duration = Duration::from_secs(60);

/// How long a process holds a timed job it claimed when `JOB_CLAIM_MS` is
/// unset (see [`crate::HostConfig::claim_for`]).
pub const DEFAULT_JOB_CLAIM: Duration = Duration::from_secs(300);

/// How long a process holds an announcement it answers with or posts when
/// `POST_LEASE_MS` is unset (see [`crate::HostConfig::post_lease`]).
pub const DEFAULT_POST_LEASE: Duration = Duration::from_secs(60);

/// The gateway shards one process runs: `FIRST..=LAST` of `TOTAL`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardRange {
    /// The first shard this process runs.
    pub first: u32,
    /// The last one (inclusive).
    pub last: u32,
    /// How many shards the bot has in all.
    pub total: u32,
}

impl ShardRange {
    /// `FIRST-LAST` (or one shard, `N`) of `total`, checked: first <= last
    /// < total.
    pub fn parse(range: &str, total: &str) -> Result<ShardRange, ConfigError> {
        let bad = |why: &str| ConfigError::Shards(format!("{range:?} of {total:?}: {why}"));
        let number = |text: &str| text.trim().parse::<u32>().map_err(|_| bad("not a number"));
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (number(a)?, number(b)?),
            None => (number(range)?, number(range)?),
        };
        let total = number(total)?;
        if first > last {
            return Err(bad("FIRST is after LAST"));
        }
        if last >= total {
            return Err(bad("shards are numbered 0 to TOTAL-1"));
        }
        Ok(ShardRange { first, last, total })
    }

    /// Whether this range runs the shard that owns `guild` (Discord's
    /// rule: `(guild_id >> 22) % total`).
    pub fn owns(&self, guild: u64) -> bool {
        let shard = ((guild >> 22) % u64::from(self.total.max(1))) as u32;
        (self.first..=self.last).contains(&shard)
    }
}

impl fmt::Display for ShardRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{} of {}", self.first, self.last, self.total)
    }
}

pub use chronomate_store::redact_url;

/// A setting that cannot be read.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// A shard range that is no range of the total (`3-2`, `5` of 4).
    #[error("shards {0} (use --shards FIRST-LAST --shard-total N, or SHARDS and SHARD_TOTAL)")]
    Shards(String),
    /// A length of time that is no positive number of milliseconds.
    #[error("{name} must be a whole number of milliseconds above 0, not {value:?}")]
    Millis {
        /// The setting (`TICK_EVERY_MS`).
        name: &'static str,
        /// What it was set to.
        value: String,
    },
    /// `WEB_ADDR` is no address to listen on.
    #[error(
        "WEB_ADDR must be an address and port to listen on (127.0.0.1:8080), or off, not {0:?}"
    )]
    WebAddr(String),
    /// `PUBLIC_URL` is no http(s) address.
    #[error(
        "PUBLIC_URL must start with http:// or https:// (https://chess.example.org), not {0:?}"
    )]
    PublicUrl(String),
    /// `METRICS_ADDR` is no address to listen on.
    #[error("METRICS_ADDR must be an address and port to listen on (127.0.0.1:9464), not {0:?}")]
    MetricsAddr(String),
}

/// A value that must never reach a log or a reply.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// Keeps `value` out of logs and replies.
    pub fn new(value: String) -> Secret {
        Secret(value)
    }

    /// The value itself, for the one place that needs it.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(***)")
    }
}

/// Everything the bot reads from its environment.
#[derive(Clone, Debug)]
pub struct Config {
    /// The database (`DATABASE_URL`; `sqlite://chronomate.db` unset).
    pub database_url: String,
    /// The bot's token (`DISCORD_TOKEN`); unset: no Discord, the console.
    pub discord_token: Option<Secret>,
    /// Register commands in this guild only (instant, for development).
    pub guild_id: Option<u64>,
    /// Another Discord API base (a fake Discord in tests); unset: Discord.
    pub discord_api_base: Option<String>,
    /// Where the console writes images (`IMAGES_DIR`).
    pub images_dir: PathBuf,
    /// The shards this process runs (`SHARDS`, `SHARD_TOTAL`, or `serve
    /// --shards --shard-total`); `None`: every shard Discord recommends.
    pub shards: Option<ShardRange>,
    /// How often `serve` looks for due reminders and deadlines
    /// (`TICK_EVERY_MS`).
    pub tick_every: Duration,
    /// How long a process holds a timed job it claimed (`JOB_CLAIM_MS`).
    pub job_claim: Duration,
    /// How long a process holds an announcement it answers with or posts
    /// before another may take it up (`POST_LEASE_MS`).
    pub post_lease: Duration,
    /// Where to serve Prometheus metrics (`METRICS_ADDR`, `GET /metrics`);
    /// unset: nowhere.
    pub metrics_addr: Option<std::net::SocketAddr>,
    /// Where to serve the web page (`WEB_ADDR`; [`DEFAULT_WEB_ADDR`]
    /// unset, `off`: nowhere).
    pub web_addr: Option<std::net::SocketAddr>,
    /// What links to the web page name (`PUBLIC_URL`: the address people
    /// reach, behind a reverse proxy that terminates TLS); unset: the
    /// page's own address.
    pub public_url: Option<String>,
}

/// Where the web page is served when `WEB_ADDR` is unset: this machine
/// alone, so a newcomer's first run has a board to open and nothing is
/// exposed.
pub const DEFAULT_WEB_ADDR: &str = "127.0.0.1:8080";

impl Config {
    /// What links to the web page name, where it is on.
    pub fn web_url(&self) -> Option<String> {
        let addr = self.web_addr?;
        Some(match &self.public_url {
            Some(url) => url.trim_end_matches('/').to_owned(),
            None => format!("http://{addr}"),
        })
    }
}

impl Config {
    /// Reads `.env` (if present) and the environment.
    pub fn from_env() -> Result<Config, ConfigError> {
        // A missing .env is normal; a malformed one is reported by the caller's log.
        let _ = dotenvy::dotenv();
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let millis = |name: &'static str, default: Duration| match var(name) {
            None => Ok(default),
            Some(value) => match value.trim().parse::<u64>() {
                Ok(ms) if ms > 0 => Ok(Duration::from_millis(ms)),
                _ => Err(ConfigError::Millis { name, value }),
            },
        };
        let shards = match (var("SHARDS"), var("SHARD_TOTAL")) {
            (None, None) => None,
            (Some(range), Some(total)) => Some(ShardRange::parse(&range, &total)?),
            (Some(_), None) => {
                return Err(ConfigError::Shards("SHARDS without SHARD_TOTAL".into()));
            }
            (None, Some(_)) => {
                return Err(ConfigError::Shards("SHARD_TOTAL without SHARDS".into()));
            }
        };
        Ok(Config {
            database_url: var("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned()),
            discord_token: var("DISCORD_TOKEN").map(Secret::new),
            guild_id: var("GUILD_ID").and_then(|v| v.trim().parse().ok()),
            discord_api_base: var("DISCORD_API_BASE"),
            images_dir: var("IMAGES_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from(DEFAULT_IMAGES_DIR)),
            shards,
            tick_every: millis("TICK_EVERY_MS", DEFAULT_TICK_EVERY)?,
            job_claim: millis("JOB_CLAIM_MS", DEFAULT_JOB_CLAIM)?,
            post_lease: millis("POST_LEASE_MS", DEFAULT_POST_LEASE)?,
            metrics_addr: match var("METRICS_ADDR") {
                None => None,
                Some(a) => Some(a.trim().parse().map_err(|_| ConfigError::MetricsAddr(a))?),
            },
            web_addr: match var("WEB_ADDR") {
                Some(a) if a.trim().eq_ignore_ascii_case("off") => None,
                a => {
                    let a = a.unwrap_or_else(|| DEFAULT_WEB_ADDR.to_owned());
                    Some(a.trim().parse().map_err(|_| ConfigError::WebAddr(a))?)
                }
            },
            public_url: match var("PUBLIC_URL") {
                None => None,
                Some(u) if u.starts_with("http://") || u.starts_with("https://") => Some(u),
                Some(u) => return Err(ConfigError::PublicUrl(u)),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_never_print() {
        let s = Secret::new("abc.def".into());
        assert_eq!(format!("{s:?}"), "Secret(***)");
        let c = Config {
            database_url: DEFAULT_DATABASE_URL.into(),
            discord_token: Some(s),
            guild_id: None,
            discord_api_base: None,
            images_dir: DEFAULT_IMAGES_DIR.into(),
            shards: None,
            tick_every: DEFAULT_TICK_EVERY,
            job_claim: DEFAULT_JOB_CLAIM,
            post_lease: DEFAULT_POST_LEASE,
            metrics_addr: None,
            web_addr: None,
            public_url: None,
        };
        assert!(!format!("{c:?}").contains("abc.def"));
    }

    #[test]
    fn shard_ranges_are_checked() {
        let r = ShardRange::parse("2-3", "8").unwrap();
        assert_eq!((r.first, r.last, r.total), (2, 3, 8));
        assert_eq!(r.to_string(), "2-3 of 8");
        assert_eq!(ShardRange::parse("5", "8").unwrap().first, 5);
        for (range, total) in [
            ("3-2", "8"),
            ("0-8", "8"),
            ("a-1", "2"),
            ("0", "0"),
            ("0-1", "x"),
        ] {
            assert!(
                ShardRange::parse(range, total).is_err(),
                "{range} of {total}"
            );
        }
        // Discord's rule: shard = (guild >> 22) % total.
        let guild = (5u64 << 22) | 12345;
        assert!(ShardRange::parse("1", "2").unwrap().owns(guild));
        assert!(!ShardRange::parse("0", "2").unwrap().owns(guild));
        assert!(ShardRange::parse("5-5", "7").unwrap().owns(guild));
    }
}
