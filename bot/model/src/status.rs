//! Where a game or a challenge stands.

/// Whether a game goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// Being played.
    Live,
    /// Ended with a result (rules, resignation, agreement, time).
    Finished,
    /// Ended without a result.
    Aborted,
}

impl GameStatus {
    /// The word stored for it.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameStatus::Live => "live",
            GameStatus::Finished => "finished",
            GameStatus::Aborted => "aborted",
        }
    }

    /// Reads a stored word, strictly.
    pub fn from_id(text: &str) -> Option<GameStatus> {
        [GameStatus::Live, GameStatus::Finished, GameStatus::Aborted]
            .into_iter()
            .find(|s| s.as_str() == text)
    }
}

/// Where a challenge stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChallengeStatus {
    /// Waiting for an answer.
    Open,
    /// Accepted: its game began.
    Accepted,
    /// Declined by the one challenged.
    Declined,
    /// Withdrawn by its author.
    Cancelled,
    /// Withdrawn because nobody answered in time.
    Expired,
}

impl ChallengeStatus {
    /// The word stored for it.
    pub const fn as_str(self) -> &'static str {
        match self {
            ChallengeStatus::Open => "open",
            ChallengeStatus::Accepted => "accepted",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Cancelled => "cancelled",
            ChallengeStatus::Expired => "expired",
        }
    }

    /// Reads a stored word, strictly.
    pub fn from_id(text: &str) -> Option<ChallengeStatus> {
        [
            ChallengeStatus::Open,
            ChallengeStatus::Accepted,
            ChallengeStatus::Declined,
            ChallengeStatus::Cancelled,
            ChallengeStatus::Expired,
        ]
        .into_iter()
        .find(|s| s.as_str() == text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_words_round_trip_strictly() {
        for s in [GameStatus::Live, GameStatus::Finished, GameStatus::Aborted] {
            assert_eq!(GameStatus::from_id(s.as_str()), Some(s));
        }
        assert_eq!(GameStatus::from_id("Live"), None);
        assert_eq!(
            ChallengeStatus::from_id("expired"),
            Some(ChallengeStatus::Expired)
        );
        assert_eq!(ChallengeStatus::from_id("gone"), None);
    }
}
