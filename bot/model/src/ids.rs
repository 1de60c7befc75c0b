//! The ids of games, challenges and tournaments: the database's row ids,
//! each its own type, so that a challenge's id can never be passed where a
//! game's is meant.
//!
//! An id shows as its number (`7`); the texts around it say what it names
//! (`game #7`, `challenge #3`). It is stored as the row's integer key, and
//! serialized as that integer.

use std::fmt;
use std::num::ParseIntError;
use std::str::FromStr;

macro_rules! row_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[derive(serde::Serialize, serde::Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }

        /// Reads the number alone (`7`), as [`Display`](fmt::Display)
        /// writes it.
        impl FromStr for $name {
            type Err = ParseIntError;

            fn from_str(text: &str) -> Result<$name, ParseIntError> {
                text.parse().map($name)
            }
        }

        #[cfg(feature = "sqlx")]
        crate::sql::transparent!($name, i64);
    };
}

row_id! {
    /// A game's id: `game #7`.
    GameId
}

row_id! {
    /// A challenge's id: `challenge #3`.
    ChallengeId
}

row_id! {
    /// A tournament's id: `tournament #2`.
    TournamentId
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_show_and_read_as_their_number() {
        assert_eq!(GameId(7).to_string(), "7");
        assert_eq!(format!("game #{}", GameId(7)), "game #7");
        assert_eq!("12".parse::<ChallengeId>(), Ok(ChallengeId(12)));
        assert!("#12".parse::<TournamentId>().is_err());
        assert!("".parse::<GameId>().is_err());
    }
}
