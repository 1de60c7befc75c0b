//! How a tournament pairs its players, where it stands, and its boards'
//! results decided without a game.

use crate::GameResult;

/// How a tournament pairs its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TournamentFormat {
    /// Everyone meets everyone once (Berger tables).
    RoundRobin,
    /// Everyone meets everyone twice, colours reversed.
    DoubleRoundRobin,
    /// Score groups, a fixed number of rounds.
    Swiss,
}

impl TournamentFormat {
    /// Every format, in the order they are offered.
    pub const ALL: [TournamentFormat; 3] = [
        TournamentFormat::RoundRobin,
        TournamentFormat::DoubleRoundRobin,
        TournamentFormat::Swiss,
    ];

    /// The word stored for it (and the one commands show).
    pub const fn as_str(self) -> &'static str {
        match self {
            TournamentFormat::RoundRobin => "roundrobin",
            TournamentFormat::DoubleRoundRobin => "double",
            TournamentFormat::Swiss => "swiss",
        }
    }

    /// Its name in a sentence.
    pub const fn words(self) -> &'static str {
        match self {
            TournamentFormat::RoundRobin => "round robin",
            TournamentFormat::DoubleRoundRobin => "double round robin",
            TournamentFormat::Swiss => "Swiss",
        }
    }

    /// Reads a stored word, strictly.
    pub fn from_id(text: &str) -> Option<TournamentFormat> {
        TournamentFormat::ALL
            .into_iter()
            .find(|f| f.as_str() == text)
    }

    /// Reads what a player typed, leniently: `roundrobin`, `rr`,
    /// `round-robin`, `double`, `swiss`...
    pub fn parse(text: &str) -> Option<TournamentFormat> {
        match text
            .trim()
            .to_ascii_lowercase()
            .replace(['-', '_', ' '], "")
            .as_str()
        {
            "roundrobin" | "rr" | "single" | "robin" | "berger" => {
                Some(TournamentFormat::RoundRobin)
            }
            "double" | "doubleroundrobin" | "drr" | "double_rr" => {
                Some(TournamentFormat::DoubleRoundRobin)
            }
            "swiss" | "s" => Some(TournamentFormat::Swiss),
            _ => None,
        }
    }
}

/// Where a tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TournamentStatus {
    /// Taking entries.
    Open,
    /// Started: its rounds are being played.
    Running,
    /// Its last round ended.
    Finished,
    /// Called off before its end.
    Cancelled,
}

impl TournamentStatus {
    /// The word stored for it (and the one commands show).
    pub const fn as_str(self) -> &'static str {
        match self {
            TournamentStatus::Open => "open",
            TournamentStatus::Running => "running",
            TournamentStatus::Finished => "finished",
            TournamentStatus::Cancelled => "cancelled",
        }
    }

    /// Reads a stored word, strictly.
    pub fn from_id(text: &str) -> Option<TournamentStatus> {
        [
            TournamentStatus::Open,
            TournamentStatus::Running,
            TournamentStatus::Finished,
            TournamentStatus::Cancelled,
        ]
        .into_iter()
        .find(|s| s.as_str() == text)
    }
}

/// A tournament board's result decided without a game being played out,
/// stored with the pairing: a bye, a rest, or the score a board gets when
/// a player had withdrawn before it began.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PairingResult {
    /// A Swiss bye: one point to the player, no opponent.
    Bye,
    /// A round-robin rest (an odd number of players): no points.
    Rest,
    /// A score that stands without a game: the withdrawn side lost.
    Scored(GameResult),
    /// Both sides had withdrawn: both lose.
    BothLose,
}

impl PairingResult {
    /// Every result.
    pub const ALL: [PairingResult; 6] = [
        PairingResult::Bye,
        PairingResult::Rest,
        PairingResult::Scored(GameResult::WhiteWins),
        PairingResult::Scored(GameResult::BlackWins),
        PairingResult::Scored(GameResult::Draw),
        PairingResult::BothLose,
    ];

    /// The word stored for it: `bye`, `rest`, a score (`1-0`) or `0-0`.
    pub const fn as_str(self) -> &'static str {
        match self {
            PairingResult::Bye => "bye",
            PairingResult::Rest => "rest",
            PairingResult::Scored(result) => result.as_str(),
            PairingResult::BothLose => "0-0",
        }
    }

    /// Reads a stored word, strictly.
    pub fn from_id(text: &str) -> Option<PairingResult> {
        PairingResult::ALL.into_iter().find(|r| r.as_str() == text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairing_results_round_trip_strictly() {
        for r in PairingResult::ALL {
            assert_eq!(PairingResult::from_id(r.as_str()), Some(r));
        }
        for bad in ["", "Bye", "½-½", "…", "pending", "2-0"] {
            assert_eq!(PairingResult::from_id(bad), None, "{bad}");
        }
    }

    #[test]
    fn stored_words_are_strict_and_typed_words_lenient() {
        for f in TournamentFormat::ALL {
            assert_eq!(TournamentFormat::from_id(f.as_str()), Some(f));
            assert_eq!(TournamentFormat::parse(f.words()), Some(f));
        }
        assert_eq!(TournamentFormat::from_id("Round-Robin"), None);
        assert_eq!(
            TournamentFormat::parse("Round-Robin"),
            Some(TournamentFormat::RoundRobin)
        );
        assert_eq!(
            TournamentStatus::from_id("cancelled"),
            Some(TournamentStatus::Cancelled)
        );
        assert_eq!(TournamentStatus::from_id("closed"), None);
    }
}
