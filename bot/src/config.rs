//! Settings from the environment (and `.env`), read once at start.

use std::fmt;
use std::path::PathBuf;

/// The database used when `DATABASE_URL` is unset: a SQLite file in the
/// working directory, created on first run.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://chronomate.db";

/// Where the console writes board images when `IMAGES_DIR` is unset.
pub const DEFAULT_IMAGES_DIR: &str = "chronomate-images";

/// A value that must never reach a log or a reply.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
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
    pub database_url: String,
    pub discord_token: Option<Secret>,
    /// Register commands in this guild only (instant, for development).
    pub guild_id: Option<u64>,
    /// Another Discord API base (a fake Discord in tests); unset: Discord.
    pub discord_api_base: Option<String>,
    pub images_dir: PathBuf,
}

impl Config {
    /// Reads `.env` (if present) and the environment.
    pub fn from_env() -> Config {
        // A missing .env is normal; a malformed one is reported by the caller's log.
        let _ = dotenvy::dotenv();
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        Config {
            database_url: var("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned()),
            discord_token: var("DISCORD_TOKEN").map(Secret::new),
            guild_id: var("GUILD_ID").and_then(|v| v.trim().parse().ok()),
            discord_api_base: var("DISCORD_API_BASE"),
            images_dir: var("IMAGES_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from(DEFAULT_IMAGES_DIR)),
        }
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
        };
        assert!(!format!("{c:?}").contains("abc.def"));
    }
}
