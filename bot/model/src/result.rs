//! How a game ended: its score and the reason recorded with it.
//!
//! Both are stored as the text they always were (`1-0`, `checkmate`,
//! `aborted by alice`), so no row changes; the store reads them back
//! strictly, and text that is neither is a damaged row.

use std::fmt;

use chronomate_rules::{Color, Outcome, Reason};

/// A finished game's score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
}

impl GameResult {
    /// Every result.
    pub const ALL: [GameResult; 3] = [
        GameResult::WhiteWins,
        GameResult::BlackWins,
        GameResult::Draw,
    ];

    /// The score stored for it (and the one PGN writes).
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// Reads a stored score, strictly.
    pub fn from_id(text: &str) -> Option<GameResult> {
        GameResult::ALL.into_iter().find(|r| r.as_str() == text)
    }

    /// The result in which `winner` won (nobody: a draw).
    pub const fn of(winner: Option<Color>) -> GameResult {
        match winner {
            Some(Color::White) => GameResult::WhiteWins,
            Some(Color::Black) => GameResult::BlackWins,
            None => GameResult::Draw,
        }
    }

    /// The side that won; `None` for a draw.
    pub const fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a game ended, as recorded with it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// A reason the rules know (`checkmate`), including those the host
    /// decides (`resignation`, `time forfeit`, `agreement`).
    Rules(Reason),
    /// The player withdrew from the game's tournament: the game counts as
    /// their loss.
    Withdrawal,
    /// Aborted at the first deadline: nobody had moved.
    NobodyMoved,
    /// Aborted by a player, named as they were then.
    AbortedBy(String),
}

/// What an abort by a player is recorded as, before their name.
const ABORTED_BY: &str = "aborted by ";

impl EndReason {
    /// The words stored for it: the rules' words (`time forfeit`),
    /// `withdrawal from the tournament`, `aborted: nobody moved in time`
    /// or `aborted by <name>`.
    pub fn words(&self) -> String {
        self.to_string()
    }

    /// Reads stored words, strictly: anything [`EndReason::words`] does
    /// not write is `None`.
    pub fn from_words(text: &str) -> Option<EndReason> {
        if let Some(reason) = Reason::from_words(text) {
            return Some(EndReason::Rules(reason));
        }
        match text {
            "withdrawal from the tournament" => Some(EndReason::Withdrawal),
            "aborted: nobody moved in time" => Some(EndReason::NobodyMoved),
            _ => text
                .strip_prefix(ABORTED_BY)
                .filter(|name| !name.is_empty())
                .map(|name| EndReason::AbortedBy(name.to_owned())),
        }
    }

    /// The rules' outcome, when the game was finished with `result` for a
    /// reason the rules know.
    pub fn outcome(&self, result: GameResult) -> Option<Outcome> {
        match self {
            EndReason::Rules(reason) => Some(Outcome {
                winner: result.winner(),
                reason: *reason,
            }),
            _ => None,
        }
    }
}

impl From<Reason> for EndReason {
    fn from(reason: Reason) -> EndReason {
        EndReason::Rules(reason)
    }
}

impl fmt::Display for EndReason {
    /// The stored words ([`EndReason::words`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EndReason::Rules(reason) => f.write_str(reason.describe()),
            EndReason::Withdrawal => f.write_str("withdrawal from the tournament"),
            EndReason::NobodyMoved => f.write_str("aborted: nobody moved in time"),
            EndReason::AbortedBy(name) => write!(f, "{ABORTED_BY}{name}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_round_trip_strictly() {
        for r in GameResult::ALL {
            assert_eq!(GameResult::from_id(r.as_str()), Some(r));
            assert_eq!(GameResult::of(r.winner()), r);
        }
        for bad in ["", "1 - 0", "½-½", "*", "bye", "0-0"] {
            assert_eq!(GameResult::from_id(bad), None, "{bad}");
        }
    }

    #[test]
    fn reasons_round_trip_strictly() {
        let mut all: Vec<EndReason> = Reason::ALL.into_iter().map(EndReason::from).collect();
        all.extend([
            EndReason::Withdrawal,
            EndReason::NobodyMoved,
            EndReason::AbortedBy("alice".to_owned()),
            EndReason::AbortedBy("aborted by bob".to_owned()),
        ]);
        for r in all {
            assert_eq!(EndReason::from_words(&r.words()), Some(r.clone()), "{r}");
        }
        assert_eq!(
            EndReason::Rules(Reason::TimeForfeit).words(),
            "time forfeit"
        );
        for bad in ["", "Checkmate", "aborted by ", "aborted", "timeout"] {
            assert_eq!(EndReason::from_words(bad), None, "{bad}");
        }
    }

    #[test]
    fn only_the_rules_reasons_make_an_outcome() {
        assert_eq!(
            EndReason::Rules(Reason::Checkmate).outcome(GameResult::BlackWins),
            Some(Outcome::win(Color::Black, Reason::Checkmate))
        );
        assert_eq!(EndReason::Withdrawal.outcome(GameResult::WhiteWins), None);
    }
}
