//! What a tournament says: round announcements, pairings, standings as
//! lines and as a table image, and the commands that only look.

use super::refuse;
use super::snapshot::{Snapshot, board_result};
use super::standings::{BoardResult, number_words, points_words};
use crate::clock::due_words;
use crate::text::day_words;
use crate::{Caller, Host, HostError, Image, Reply, Tournaments};
use chronomate_model::{Timestamp, TournamentId, TournamentStatus};

impl Tournaments<'_> {
    /// The standings, as text and a table image.
    pub async fn standings(
        self,
        caller: &Caller,
        id: Option<TournamentId>,
    ) -> Result<Reply, HostError> {
        let s = self
            .host
            .resolve_tournament(caller, id, |_| true, "look")
            .await?;
        let now = self.host.now();
        let mut lines = vec![s.title(), format!("Now: {}.", s.state_words(now))];
        if s.players.is_empty() {
            lines.push("Nobody has joined yet.".to_owned());
        } else if s.t.status == TournamentStatus::Open {
            lines.push(format!(
                "Players: {}.",
                s.players
                    .iter()
                    .map(|p| p.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        } else {
            lines.extend(standings_lines(&s));
        }
        let mut reply = Reply::text(lines.join("\n"));
        if s.t.status != TournamentStatus::Open && !s.players.is_empty() {
            self.host.attach_table(&mut reply, &s);
        }
        Ok(reply)
    }

    /// The pairings of a round (default: the current one).
    pub async fn pairings(
        self,
        caller: &Caller,
        id: Option<TournamentId>,
        round: Option<i64>,
    ) -> Result<Reply, HostError> {
        let s = self
            .host
            .resolve_tournament(caller, id, |_| true, "look")
            .await?;
        if s.t.round == 0 {
            return Err(refuse(format!(
                "tournament #{} has not started: no pairings yet",
                s.t.id
            )));
        }
        let round = round.unwrap_or(s.t.round);
        if !(1..=s.t.round).contains(&round) {
            return Err(refuse(format!(
                "tournament #{} has played rounds 1 to {}, not round {round}",
                s.t.id, s.t.round
            )));
        }
        let mut text = round_lines(&s, round).join("\n");
        text.insert_str(0, &format!("{}\n", s.title()));
        Ok(Reply::text(text))
    }

    /// This server's tournaments.
    pub async fn list(self, caller: &Caller) -> Result<Reply, HostError> {
        let guild = caller
            .place
            .guild
            .as_deref()
            .ok_or_else(|| refuse("tournaments belong to a server: use this command in one"))?;
        let all = self.host.store.tournaments_in(guild, true).await?;
        let now = self.host.now();
        if all.is_empty() {
            return Ok(Reply::text(
                "This server has no tournament yet: create one with /tournament create VARIANT",
            )
            .private());
        }
        let mut lines = vec!["Tournaments:".to_owned()];
        for t in all.iter().take(10) {
            let s = self.host.snapshot_of(t.id).await?;
            lines.push(format!("{} — {}", s.title(), s.state_words(now)));
        }
        Ok(Reply::text(lines.join("\n")).private())
    }
}

impl Host {
    pub(super) fn attach_table(&self, reply: &mut Reply, s: &Snapshot) {
        if !self.config.images {
            return;
        }
        let table = standings_table(s);
        if let Ok(png) = chronomate_render::render_table(&table) {
            reply.images.push(Image {
                name: format!("tournament-{}-round-{}.png", s.t.id, s.t.round),
                png,
                description: format!("Standings of tournament #{} {}", s.t.id, s.t.name),
            });
        }
    }
}

/// `Board 1: alice (white) vs bob (black), game #5` and so on.
fn round_lines(s: &Snapshot, round: i64) -> Vec<String> {
    let mut lines = vec![format!("Round {round} of {}:", s.t.rounds.max(round))];
    for p in s.round_boards(round) {
        let result = board_result(p);
        let line = match (&p.black_name, result) {
            (None, BoardResult::Bye) => format!("  {} has a bye (1 point).", p.white_name),
            (None, _) => format!("  {} rests this round.", p.white_name),
            (Some(black), r) => {
                let mut l = format!(
                    "  Board {}: {} (white) vs {black} (black)",
                    p.board, p.white_name
                );
                if let Some(g) = p.game_id {
                    l.push_str(&format!(", game #{g}"));
                }
                match r {
                    BoardResult::Pending => l.push_str(": in play"),
                    r if p.game_id.is_none() => l.push_str(&format!(": {} (forfeit)", r.words())),
                    r => l.push_str(&format!(": {}", r.words())),
                }
                l
            }
        };
        lines.push(line);
    }
    lines
}

/// The announcement of a round that just started, with a `note` after it.
pub(crate) fn round_announcement(
    s: &Snapshot,
    round: i64,
    now: Timestamp,
    note: Option<&str>,
) -> Reply {
    let mut reply = round_reply(s, round, now);
    if let Some(note) = note {
        reply.text.push('\n');
        reply.text.push_str(note);
    }
    reply
}

/// The announcement of a round that just started.
pub(super) fn round_reply(s: &Snapshot, round: i64, now: Timestamp) -> Reply {
    let mut lines = vec![format!("{}: round {round} begins.", s.title())];
    lines.extend(round_lines(s, round).into_iter().skip(1));
    lines.push(format!(
        "Each game is due move by move, {} per move; the first moves are due {}.",
        day_words(s.t.days),
        due_words(now + s.t.days.span(), now)
    ));
    let mut reply = Reply::text(lines.join("\n"));
    for p in s.round_boards(round) {
        if p.game_id.is_some() {
            reply = reply.ping(&p.white);
            if let Some(b) = &p.black {
                reply = reply.ping(b);
            }
        }
    }
    reply
}

/// The standings as lines: `1. alice 2½ (SB 3.25) +2 =1 -0`.
pub(super) fn standings_lines(s: &Snapshot) -> Vec<String> {
    let names = s.tiebreak_names();
    let mut lines = vec![format!(
        "Standings after round {}{}:",
        s.t.round,
        if s.t.status == TournamentStatus::Running
            && s.round_boards(s.t.round)
                .iter()
                .any(|p| board_result(p) == BoardResult::Pending)
        {
            " (in play)"
        } else {
            ""
        }
    )];
    for l in s.standings() {
        let p = &s.players[l.player];
        let tbs: Vec<String> = names
            .iter()
            .zip(&l.tiebreaks)
            .map(|(n, v)| format!("{n} {}", number_words(*v)))
            .collect();
        lines.push(format!(
            "{}. {} {} ({}) +{} ={} -{}{}{}",
            l.rank,
            p.name,
            points_words(l.score2),
            tbs.join(", "),
            l.wins,
            l.draws,
            l.losses,
            if l.byes > 0 {
                format!(", {} bye", l.byes)
            } else {
                String::new()
            },
            if p.withdrawn_at.is_some() {
                " (withdrew)"
            } else {
                ""
            }
        ));
    }
    lines
}

fn standings_table(s: &Snapshot) -> chronomate_render::Table {
    let mut header: Vec<String> = ["#", "Player", "Pts"].map(String::from).to_vec();
    header.extend(s.tiebreak_names().iter().map(|n| (*n).to_owned()));
    header.extend(["W", "D", "L"].map(String::from));
    let rows = s
        .standings()
        .iter()
        .map(|l| {
            let p = &s.players[l.player];
            let mut row = vec![
                l.rank.to_string(),
                if p.withdrawn_at.is_some() {
                    format!("{} (withdrew)", p.name)
                } else {
                    p.name.clone()
                },
                points_words(l.score2),
            ];
            row.extend(l.tiebreaks.iter().map(|v| number_words(*v)));
            row.extend([l.wins, l.draws, l.losses].map(|x| x.to_string()));
            row
        })
        .collect();
    let mut right = vec![true, false];
    right.resize(header.len(), true);
    chronomate_render::Table {
        title: format!(
            "#{} {} — after round {} of {}",
            s.t.id, s.t.name, s.t.round, s.t.rounds
        ),
        header,
        rows,
        right,
    }
}
