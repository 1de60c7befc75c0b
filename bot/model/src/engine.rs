//! Chronomate itself as a player.
//!
//! The engine plays under reserved player keys, one per level:
//! `chronomate:1` to `chronomate:8`, shown as `Chronomate (level 3)`. A
//! game against it is an ordinary game row whose white or black is such a
//! key: the level lives in the key, so no column says "against the
//! engine", and a transport's keys (`discord:…`, `console:…`) can never
//! be one. Such games are unrated.

use chronomate_engine::Level;

/// What every engine key starts with.
pub const ENGINE_PREFIX: &str = "chronomate:";

/// The level a challenge to Chronomate gets when it names none.
pub const DEFAULT_LEVEL: Level = match Level::new(3) {
    Some(level) => level,
    None => Level::MIN,
};

/// The player key of the engine at `level`.
pub fn engine_key(level: Level) -> String {
    format!("{ENGINE_PREFIX}{}", level.get())
}

/// The name the engine at `level` is shown by.
pub fn engine_name(level: Level) -> String {
    format!("Chronomate (level {})", level.get())
}

/// The engine's level, when `key` is one of its keys.
pub fn engine_level(key: &str) -> Option<Level> {
    Level::new(key.strip_prefix(ENGINE_PREFIX)?.parse::<u8>().ok()?)
}

/// Whether `key` is the engine's.
pub fn is_engine(key: &str) -> bool {
    engine_level(key).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip() {
        for level in Level::ALL {
            assert_eq!(engine_level(&engine_key(level)), Some(level));
        }
        for other in [
            "chronomate:0",
            "chronomate:9",
            "chronomate:",
            "console:chronomate",
            "discord:1",
        ] {
            assert_eq!(engine_level(other), None, "{other}");
        }
        assert_eq!(engine_name(DEFAULT_LEVEL), "Chronomate (level 3)");
    }
}
