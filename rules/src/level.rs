//! Chronomate's strength levels, 1 to 8: the engine plays at one, and a
//! player names one when challenging it. The type lives with the rules so
//! that the bot's model can name a level without building the engine; the
//! engine (`chronomate-engine`) gives each level its search settings.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The engine's strength, from 1 (a beginner who blunders) to 8 (its
/// best).
///
/// Each level fixes (per variant, in the engine's `profile.rs`) a search depth, a node
/// budget, and a temperature: the level chooses among the moves its search
/// weighed, the better more often (a softmax over their scores), so its
/// mistakes are moves that looked good enough at its depth. Level 1 of the
/// time-travel variants plays at random, as someone who has just read the
/// rules. The same level and seed always choose the same action when no
/// time limit cuts the search short.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Level(u8);

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level.
    pub const MAX: Level = Level(8);
    /// Every level, weakest first.
    pub const ALL: [Level; 8] = [
        Level(1),
        Level(2),
        Level(3),
        Level(4),
        Level(5),
        Level(6),
        Level(7),
        Level(8),
    ];

    /// The level `n`, if it is one (1 to 8).
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n <= 8 {
            Some(Level(n))
        } else {
            None
        }
    }

    /// The level's number, 1 to 8.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// About the Elo this level plays standard chess at, on the scale of
    /// Stockfish 15.1's `UCI_Elo` at 100,000 nodes a move: levels 3 to 7
    /// measured against it at their own budgets, level 8 at 200 ms a move
    /// (its own budget searches about nine times more), levels 1 and 2
    /// placed below by the ladder (README, "Levels in Elo"; docs/engine.md
    /// says which).
    pub const fn elo(self) -> u32 {
        ELO[(self.0 as usize).saturating_sub(1) % 8]
    }

    /// The level with its Elo, for menus and help: `Level 5 (about Elo
    /// 1500)`. The Elo is standard chess's; in the time-travel variants the
    /// levels are only ranked (each beats the one below).
    pub fn label(self) -> String {
        format!("Level {} (about Elo {})", self.0, self.elo())
    }

    /// The level whose [`Level::elo`] is nearest `elo` (the lower on a
    /// tie).
    pub fn for_elo(elo: u32) -> Level {
        let mut best = Level::MIN;
        for level in Level::ALL {
            if level.elo().abs_diff(elo) < best.elo().abs_diff(elo) {
                best = level;
            }
        }
        best
    }
}

impl Default for Level {
    fn default() -> Level {
        Level::MAX
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// [`Level::elo`], levels 1 to 8.
const ELO: [u32; 8] = [450, 700, 1000, 1250, 1500, 1800, 1900, 2100];

/// A level that is not 1 to 8.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelError(pub String);

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a level: choose 1 (weakest) to 8 (strongest)",
            self.0
        )
    }
}

impl std::error::Error for LevelError {}

impl FromStr for Level {
    type Err = LevelError;
    fn from_str(s: &str) -> Result<Level, LevelError> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(Level::new)
            .ok_or_else(|| LevelError(s.chars().take(20).collect()))
    }
}

impl TryFrom<u8> for Level {
    type Error = LevelError;
    fn try_from(n: u8) -> Result<Level, LevelError> {
        Level::new(n).ok_or_else(|| LevelError(n.to_string()))
    }
}

impl From<Level> for u8 {
    fn from(level: Level) -> u8 {
        level.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_rise_in_elo_and_span_1200() {
        assert!(ELO.windows(2).all(|w| w[0] < w[1]), "{ELO:?}");
        assert!(Level::MAX.elo() - Level::MIN.elo() >= 1_200);
        assert_eq!(Level::new(5).unwrap().label(), "Level 5 (about Elo 1500)");
        for level in Level::ALL {
            assert_eq!(Level::for_elo(level.elo()), level);
        }
    }
}
