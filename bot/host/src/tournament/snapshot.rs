//! A tournament with its entrants and boards, loaded, and the one a
//! command means.

use super::refuse;
use super::standings::{self, BoardResult, Played, Standing, Tiebreaks};
use crate::clock::due_words;
use crate::text::day_words;
use crate::{Caller, Host, HostError};
use chronomate_model::{
    GameStatus, PairingResult, PlayerKey, Timestamp, TournamentFormat, TournamentId,
    TournamentStatus,
};
use chronomate_store::{PairingRow, TournamentPlayer, TournamentRow};

/// A board's result from its row.
pub(crate) fn board_result(p: &PairingRow) -> BoardResult {
    match p.result {
        Some(PairingResult::Bye) => return BoardResult::Bye,
        Some(PairingResult::Rest) => return BoardResult::Rest,
        Some(PairingResult::Scored(result)) => return BoardResult::of(result),
        Some(PairingResult::BothLose) => return BoardResult::BothLose,
        None => {}
    }
    match (p.game_status, p.game_result) {
        (Some(GameStatus::Finished), Some(result)) => BoardResult::of(result),
        (Some(GameStatus::Aborted), _) => BoardResult::BothLose,
        _ if p.black.is_none() => BoardResult::Rest,
        _ => BoardResult::Pending,
    }
}

/// A tournament with its entrants and boards, as the host reasons about it.
pub(crate) struct Snapshot {
    pub t: TournamentRow,
    pub players: Vec<TournamentPlayer>,
    pub pairings: Vec<PairingRow>,
}

impl Snapshot {
    pub(crate) fn index(&self, key: &PlayerKey) -> Option<usize> {
        self.players.iter().position(|p| p.key == *key)
    }

    pub(crate) fn played(&self) -> Vec<Played> {
        self.pairings
            .iter()
            .filter_map(|p| {
                Some(Played {
                    round: p.round as usize,
                    white: self.index(&p.white)?,
                    black: match &p.black {
                        Some(b) => Some(self.index(b)?),
                        None => None,
                    },
                    result: board_result(p),
                })
            })
            .collect()
    }

    pub(crate) fn tiebreaks(&self) -> Tiebreaks {
        match self.t.format {
            TournamentFormat::Swiss => Tiebreaks::Buchholz,
            _ => Tiebreaks::SonnebornBerger,
        }
    }

    pub(crate) fn tiebreak_names(&self) -> &'static [&'static str] {
        match self.t.format {
            TournamentFormat::Swiss => &["Buchholz", "Median"],
            _ => &["SB"],
        }
    }

    pub(crate) fn standings(&self) -> Vec<Standing> {
        standings::standings(self.players.len(), &self.played(), self.tiebreaks())
    }

    pub(crate) fn round_boards(&self, round: i64) -> Vec<&PairingRow> {
        self.pairings.iter().filter(|p| p.round == round).collect()
    }

    pub(crate) fn active(&self, i: usize) -> bool {
        self.players[i].withdrawn_at.is_none()
    }

    /// One-line description: `#3 Spring Cup: standard, round robin, 3 days per move`.
    pub(crate) fn title(&self) -> String {
        let t = &self.t;
        let variant = if t.options.is_empty() {
            t.variant.id().to_owned()
        } else {
            format!("{} {}", t.variant, t.options)
        };
        format!(
            "Tournament #{} {}: {variant}, {}, {} per move",
            t.id,
            t.name,
            t.format.words(),
            day_words(t.days)
        )
    }

    pub(crate) fn state_words(&self, now: Timestamp) -> String {
        let t = &self.t;
        match t.status {
            TournamentStatus::Open => {
                let mut s = format!(
                    "open for entries: {} of at most {} joined",
                    self.players.len(),
                    t.max_players
                );
                if let Some(at) = t.starts_at {
                    s.push_str(&format!("; starts {}", due_words(at, now)));
                }
                s
            }
            TournamentStatus::Running => format!("round {} of {}", t.round, t.rounds),
            TournamentStatus::Finished => match &t.note {
                Some(n) => format!("finished after round {} ({n})", t.round),
                None => format!("finished after {} rounds", t.round),
            },
            TournamentStatus::Cancelled => "cancelled".to_owned(),
        }
    }
}

impl Host {
    pub(crate) async fn snapshot_of(&self, id: TournamentId) -> Result<Snapshot, HostError> {
        let t = self
            .store
            .tournament(id)
            .await?
            .ok_or_else(|| refuse(format!("there is no tournament #{id}")))?;
        let players = self.store.tournament_players(id).await?;
        let pairings = self.store.tournament_pairings(id).await?;
        Ok(Snapshot {
            t,
            players,
            pairings,
        })
    }

    /// The tournament a command means: the one named (on this server),
    /// else the only one of this server's open or running tournaments that
    /// `pick` selects.
    pub(crate) async fn resolve_tournament(
        &self,
        caller: &Caller,
        explicit: Option<TournamentId>,
        pick: impl Fn(&TournamentRow) -> bool,
        what: &str,
    ) -> Result<Snapshot, HostError> {
        if let Some(id) = explicit {
            let s = self.snapshot_of(id).await?;
            if let Some(g) = &caller.place.guild
                && *g != s.t.guild
            {
                return Err(refuse(format!(
                    "tournament #{id} belongs to another server"
                )));
            }
            return Ok(s);
        }
        let guild = caller.place.guild.as_deref().ok_or_else(|| {
            refuse(
                "tournaments belong to a server: use this command in one, or name the tournament",
            )
        })?;
        let mut found: Vec<TournamentRow> = self
            .store
            .tournaments_in(guild, false)
            .await?
            .into_iter()
            .filter(|t| pick(t))
            .collect();
        if found.is_empty() {
            // Looking at results: the latest ended one will do.
            let all = self.store.tournaments_in(guild, true).await?;
            if what == "look" {
                found = all.into_iter().take(1).collect();
            }
        }
        match found.as_slice() {
            [] => Err(refuse(match what {
                "look" => "this server has no tournament yet: create one with /tournament create"
                    .to_owned(),
                _ => format!("there is no tournament here for you to {what}"),
            })),
            [one] => self.snapshot_of(one.id).await,
            many => {
                let mut ids: Vec<TournamentId> = many.iter().map(|t| t.id).collect();
                ids.sort_unstable();
                let list: Vec<String> = ids.iter().map(|i| format!("#{i}")).collect();
                Err(refuse(format!(
                    "there are several tournaments ({}): say which, e.g. /tournament {} {}",
                    list.join(", "),
                    if what == "look" { "standings" } else { what },
                    ids[0]
                )))
            }
        }
    }
}
