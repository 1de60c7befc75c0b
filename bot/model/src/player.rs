//! Who plays: a player's key, the stable name the database files them by,
//! qualified by where they come from.
//!
//! A key is stored as text, as it always was: `discord:1234` (a Discord
//! user's id), `console:alice` (a console player's name, lower-cased) and
//! `chronomate:3` (Chronomate at level 3). Reading text back gives the key
//! that writes exactly that text, or an error: a key bound to a query is
//! the very text of the row it names.

use std::fmt;
use std::num::NonZeroU64;
use std::str::FromStr;

use chronomate_rules::Level;

use crate::engine::ENGINE_PREFIX;

/// What a Discord user's key starts with.
const DISCORD_PREFIX: &str = "discord:";
/// What a console player's key starts with.
const CONSOLE_PREFIX: &str = "console:";

/// A player: a Discord user, a console player, or Chronomate at a level.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PlayerKey {
    /// A Discord user, by their id (Discord's ids are never 0):
    /// `discord:1234`.
    Discord(NonZeroU64),
    /// A console player, by name (lower-cased by [`PlayerKey::console`],
    /// so `Alice` and `alice` are one player): `console:alice`.
    Console(String),
    /// Chronomate, playing at a level: `chronomate:3`. Its level lives in
    /// the key, so a game against it needs no column of its own.
    Chronomate(Level),
}

impl PlayerKey {
    /// The console player called `name` (in any case).
    pub fn console(name: &str) -> PlayerKey {
        PlayerKey::Console(name.to_lowercase())
    }

    /// Chronomate's level, when this is Chronomate.
    pub fn chronomate_level(&self) -> Option<Level> {
        match self {
            PlayerKey::Chronomate(level) => Some(*level),
            PlayerKey::Discord(_) | PlayerKey::Console(_) => None,
        }
    }

    /// Whether this is Chronomate (at any level).
    pub fn is_chronomate(&self) -> bool {
        self.chronomate_level().is_some()
    }
}

impl fmt::Display for PlayerKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerKey::Discord(user) => write!(f, "{DISCORD_PREFIX}{user}"),
            PlayerKey::Console(name) => write!(f, "{CONSOLE_PREFIX}{name}"),
            PlayerKey::Chronomate(level) => write!(f, "{ENGINE_PREFIX}{}", level.get()),
        }
    }
}

/// Text that is no player key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotAPlayerKey(pub String);

impl fmt::Display for NotAPlayerKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a player key (discord:ID, console:NAME or chronomate:LEVEL)",
            self.0
        )
    }
}

impl std::error::Error for NotAPlayerKey {}

impl FromStr for PlayerKey {
    type Err = NotAPlayerKey;

    /// Reads a stored key strictly: only text that the key read writes
    /// back unchanged (`discord:01` or `chronomate:+3` are not keys).
    fn from_str(text: &str) -> Result<PlayerKey, NotAPlayerKey> {
        let key = if let Some(id) = text.strip_prefix(DISCORD_PREFIX) {
            id.parse().ok().map(PlayerKey::Discord)
        } else if let Some(name) = text.strip_prefix(CONSOLE_PREFIX) {
            Some(PlayerKey::Console(name.to_owned()))
        } else if let Some(level) = text.strip_prefix(ENGINE_PREFIX) {
            level
                .parse::<u8>()
                .ok()
                .and_then(Level::new)
                .map(PlayerKey::Chronomate)
        } else {
            None
        };
        key.filter(|k| *k == *text)
            .ok_or_else(|| NotAPlayerKey(text.to_owned()))
    }
}

/// A key equals the text it is stored as.
impl PartialEq<str> for PlayerKey {
    fn eq(&self, text: &str) -> bool {
        match self {
            PlayerKey::Discord(user) => text
                .strip_prefix(DISCORD_PREFIX)
                .is_some_and(|id| id == user.to_string()),
            PlayerKey::Console(name) => text.strip_prefix(CONSOLE_PREFIX) == Some(name.as_str()),
            PlayerKey::Chronomate(level) => text
                .strip_prefix(ENGINE_PREFIX)
                .is_some_and(|n| n == level.get().to_string()),
        }
    }
}

impl PartialEq<&str> for PlayerKey {
    fn eq(&self, text: &&str) -> bool {
        *self == **text
    }
}

impl serde::Serialize for PlayerKey {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for PlayerKey {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<PlayerKey, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(feature = "sqlx")]
mod sql {
    //! Bound as its text. Read back by the store with [`FromStr`], which
    //! names the damaged row, rather than by a decoder that could not.

    use super::PlayerKey;

    impl<DB: sqlx::Database> sqlx::Type<DB> for PlayerKey
    where
        String: sqlx::Type<DB>,
    {
        fn type_info() -> DB::TypeInfo {
            <String as sqlx::Type<DB>>::type_info()
        }

        fn compatible(ty: &DB::TypeInfo) -> bool {
            <String as sqlx::Type<DB>>::compatible(ty)
        }
    }

    impl<'q, DB: sqlx::Database> sqlx::Encode<'q, DB> for PlayerKey
    where
        String: sqlx::Encode<'q, DB>,
    {
        fn encode_by_ref(
            &self,
            buf: &mut <DB as sqlx::Database>::ArgumentBuffer,
        ) -> Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
            <String as sqlx::Encode<'q, DB>>::encode(self.to_string(), buf)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_keys_read_back_as_they_were_written() {
        for text in [
            "discord:1234",
            "discord:18446744073709551615",
            "console:alice",
            "console:w0x1",
            "chronomate:1",
            "chronomate:8",
        ] {
            let key: PlayerKey = text.parse().unwrap();
            assert_eq!(key.to_string(), text);
            assert_eq!(key, text);
        }
        assert_eq!(PlayerKey::console("Alice"), "console:alice");
        assert_eq!(
            "chronomate:3"
                .parse::<PlayerKey>()
                .unwrap()
                .chronomate_level(),
            Level::new(3)
        );
        assert!(!PlayerKey::console("chronomate").is_chronomate());
    }

    #[test]
    fn anything_else_is_no_key() {
        for text in [
            "",
            "alice",
            "discord:",
            "discord:0",
            "discord:x",
            "discord:01",
            "discord:+1",
            "discord:18446744073709551616",
            "chronomate:",
            "chronomate:0",
            "chronomate:9",
            "chronomate:03",
            "chronomate",
            "Console:alice",
        ] {
            assert_eq!(
                text.parse::<PlayerKey>(),
                Err(NotAPlayerKey(text.to_owned())),
                "{text}"
            );
        }
        assert_eq!(
            NotAPlayerKey("x".into()).to_string(),
            "\"x\" is not a player key (discord:ID, console:NAME or chronomate:LEVEL)"
        );
    }

    #[test]
    fn keys_are_their_text_to_serde() {
        let key = PlayerKey::console("bob");
        assert_eq!(serde_json::to_string(&key).unwrap(), "\"console:bob\"");
        assert_eq!(
            serde_json::from_str::<PlayerKey>("\"chronomate:2\"").unwrap(),
            PlayerKey::Chronomate(Level::new(2).unwrap())
        );
        assert!(serde_json::from_str::<PlayerKey>("\"alice\"").is_err());
    }

    proptest::proptest! {
        /// Any text is a key that writes it back, or no key; never a panic.
        #[test]
        fn any_text_reads_back_exactly_or_not_at_all(text in "\\PC{0,24}") {
            if let Ok(key) = text.parse::<PlayerKey>() {
                proptest::prop_assert_eq!(key.to_string(), text);
            }
        }

        /// Every key reads back as itself.
        #[test]
        fn every_key_round_trips(
            user in 1u64..,
            name in "[a-z0-9_.-]{0,32}",
            level in 1u8..=8,
        ) {
            let keys = [
                PlayerKey::Discord(NonZeroU64::new(user).unwrap()),
                PlayerKey::Console(name),
                PlayerKey::Chronomate(Level::new(level).unwrap()),
            ];
            for key in keys {
                proptest::prop_assert_eq!(key.to_string().parse::<PlayerKey>(), Ok(key.clone()));
                proptest::prop_assert!(key == *key.to_string());
            }
        }
    }
}
