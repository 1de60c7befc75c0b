//! How a tournament pairs its players, and where it stands.

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

#[cfg(test)]
mod tests {
    use super::*;

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
