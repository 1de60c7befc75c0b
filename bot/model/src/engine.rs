//! Chronomate itself as a player.
//!
//! The engine plays under reserved player keys, one per level
//! ([`PlayerKey::Chronomate`](crate::PlayerKey::Chronomate)):
//! `chronomate:1` to `chronomate:8`, shown as `Chronomate (level 3)`. A
//! game against it is an ordinary game row whose white or black is such a
//! key: the level lives in the key, and a transport's keys (`discord:…`,
//! `console:…`) can never be one. The store also records the side the
//! engine plays (`games.engine_side`), so its queue needs no pattern on
//! the keys. Such games are unrated.

use chronomate_rules::Level;

/// What every engine key starts with.
pub const ENGINE_PREFIX: &str = "chronomate:";

/// The level a challenge to Chronomate gets when it names none.
pub const DEFAULT_LEVEL: Level = match Level::new(3) {
    Some(level) => level,
    None => Level::MIN,
};

/// The name the engine at `level` is shown by.
pub fn engine_name(level: Level) -> String {
    format!("Chronomate (level {})", level.get())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PlayerKey;

    #[test]
    fn keys_round_trip() {
        for level in Level::ALL {
            let key = PlayerKey::Chronomate(level).to_string();
            let read: PlayerKey = key.parse().unwrap();
            assert_eq!(read.chronomate_level(), Some(level));
        }
        for other in [
            "chronomate:0",
            "chronomate:9",
            "chronomate:",
            "console:chronomate",
            "discord:1",
        ] {
            let level = other
                .parse::<PlayerKey>()
                .ok()
                .and_then(|k| k.chronomate_level());
            assert_eq!(level, None, "{other}");
        }
        assert_eq!(engine_name(DEFAULT_LEVEL), "Chronomate (level 3)");
    }
}
