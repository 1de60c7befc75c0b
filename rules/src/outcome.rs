//! How a game ends.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::Color;

/// Why a game (or, in the multiverse, a branch) ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The side to move is in check and has no legal action.
    Checkmate,
    /// A player resigned (the host records it; the multiverse also scores
    /// a branch resigned on its own, E-10).
    Resignation,
    /// A player let the clock run out; the host decides it, never the rules.
    TimeForfeit,
    /// Both players agreed to a draw; the host decides it.
    Agreement,
    /// The side to move is not in check and has no legal action.
    Stalemate,
    /// The same position arose for the third time.
    Repetition,
    /// Fifty moves a side passed with no capture and no pawn move (the
    /// variants' pages say what else restarts the count).
    FiftyMoves,
    /// Neither side has the men left to mate.
    InsufficientMaterial,
    /// Time Traveler's Chess: the loser's traveling men can no longer all be
    /// resolved (TT-6).
    GrammaticalIncorrectness,
    /// Gifford: a king could not be placed on its arrival move (G-2), or a
    /// player has no man on the board while a king is away (G-6).
    LostInTime,
    /// A king was captured (Many Worlds M-4), or could be by the side to
    /// move (multiverse E-8).
    KingCaptured,
    /// Multiverse: the loser has no king on the branch, its king having
    /// travelled away (E-8).
    NoKing,
    /// Temporal Chess: an original was captured (T-8).
    Paradox,
    /// Multiverse: more branch wins (E-10).
    BranchMajority,
    /// Many Worlds: the side to act has no split and no transfer (M-4).
    NoActionLeft,
}

impl Reason {
    /// The words used in results: `1-0 (checkmate)`.
    pub const fn describe(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Resignation => "resignation",
            Reason::TimeForfeit => "time forfeit",
            Reason::Agreement => "agreement",
            Reason::Stalemate => "stalemate",
            Reason::Repetition => "repetition",
            Reason::FiftyMoves => "fifty moves",
            Reason::InsufficientMaterial => "insufficient material",
            Reason::GrammaticalIncorrectness => "grammatical incorrectness",
            Reason::LostInTime => "lost in time",
            Reason::KingCaptured => "king captured",
            Reason::NoKing => "no king",
            Reason::Paradox => "paradox",
            Reason::BranchMajority => "branch majority",
            Reason::NoActionLeft => "no action left",
        }
    }

    /// Every reason, in declaration order.
    pub const ALL: [Reason; 15] = [
        Reason::Checkmate,
        Reason::Resignation,
        Reason::TimeForfeit,
        Reason::Agreement,
        Reason::Stalemate,
        Reason::Repetition,
        Reason::FiftyMoves,
        Reason::InsufficientMaterial,
        Reason::GrammaticalIncorrectness,
        Reason::LostInTime,
        Reason::KingCaptured,
        Reason::NoKing,
        Reason::Paradox,
        Reason::BranchMajority,
        Reason::NoActionLeft,
    ];

    /// Reads the words [`Reason::describe`] writes.
    pub fn from_words(words: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|r| r.describe() == words)
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}

/// A finished game: who won (nobody, for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// The side that won; `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: Reason,
}

impl Outcome {
    /// `winner` won, for `reason`.
    pub const fn win(winner: Color, reason: Reason) -> Outcome {
        Outcome {
            winner: Some(winner),
            reason,
        }
    }

    /// Nobody won, for `reason`.
    pub const fn draw(reason: Reason) -> Outcome {
        Outcome {
            winner: None,
            reason,
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub const fn score(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// Reads `1-0 (checkmate)`, the form [`Outcome`]'s `Display` writes.
    pub fn parse(text: &str) -> Option<Outcome> {
        let (score, rest) = text.trim().split_once(' ')?;
        let words = rest.trim().strip_prefix('(')?.strip_suffix(')')?;
        let winner = match score {
            "1-0" => Some(Color::White),
            "0-1" => Some(Color::Black),
            "1/2-1/2" => None,
            _ => return None,
        };
        Some(Outcome {
            winner,
            reason: Reason::from_words(words)?,
        })
    }
}

impl fmt::Display for Outcome {
    /// `1-0 (checkmate)`: the form the CLI prints after `result: `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.score(), self.reason)
    }
}

/// Whether play goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Status {
    /// The game goes on: someone owes an action.
    Ongoing,
    /// The game has ended; nothing more may be played.
    Finished(Outcome),
}

impl Status {
    /// How the game ended; `None` while it goes on.
    pub const fn outcome(&self) -> Option<Outcome> {
        match self {
            Status::Ongoing => None,
            Status::Finished(o) => Some(*o),
        }
    }

    /// Whether the game has ended.
    pub const fn is_over(&self) -> bool {
        matches!(self, Status::Finished(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcome_round_trips_through_its_text() {
        for reason in Reason::ALL {
            for winner in [None, Some(Color::White), Some(Color::Black)] {
                let o = Outcome { winner, reason };
                assert_eq!(Outcome::parse(&o.to_string()), Some(o));
            }
        }
        assert_eq!(
            Outcome::win(Color::White, Reason::Checkmate).to_string(),
            "1-0 (checkmate)"
        );
    }
}
