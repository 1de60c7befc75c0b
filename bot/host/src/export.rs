//! Exports: a game recorded in PGN movetext (standard chess) as PGN (for lichess's importer and any chess
//! program), a tournament's results as CSV.
//!
//! The PGN is in export format (PGN standard, section 8): the Seven Tag
//! Roster in its order (Event, Site, Date, Round, White, Black, Result),
//! then the movetext in SAN with a number before each of White's moves,
//! lines at most 79 characters, ending with the result. Unknown values are
//! written as the standard says (`????.??.??`, `-`, `?`); quotes and
//! backslashes in values are escaped. That is all lichess's importer needs
//! for a game from the standard starting position.

use super::tournament::standings::{BoardResult, number_words};
use super::tournament::{Snapshot, board_result};
use chronomate_model::{GameId, GameStatus, TournamentId};
use chronomate_rules::RecordFormat;

use crate::clock::pgn_date;
use crate::text::{game_event, pgn_ids_words, player_type_tags, record_format};
use crate::{Caller, Games, HostError, Purpose, Refusal, Reply, Tournaments};

fn refuse(text: String) -> HostError {
    Refusal::Terms(text).into()
}
use chronomate_store::{GameRow, LoggedAction};

/// Escapes a PGN tag value.
fn tag_value(v: &str) -> String {
    v.chars()
        .filter(|c| !c.is_control())
        .collect::<String>()
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
}

/// A standard game as PGN. `round` names the tournament round, if any.
pub(crate) fn pgn(row: &GameRow, log: &[LoggedAction], event: &str, round: Option<i64>) -> String {
    let result = match (row.status, row.result) {
        (GameStatus::Finished, Some(r)) => r.as_str(),
        _ => "*",
    };
    let round = round.map_or_else(|| "-".to_owned(), |r| r.to_string());
    let tags = [
        ("Event", event.to_owned()),
        ("Site", "Chronomate".to_owned()),
        ("Date", pgn_date(row.created_at)),
        ("Round", round),
        ("White", row.white_name.clone()),
        ("Black", row.black_name.clone()),
        ("Result", result.to_owned()),
    ];
    let mut out = String::new();
    let tags = tags.into_iter().chain(player_type_tags(row));
    for (k, v) in tags {
        out.push_str(&format!("[{k} \"{}\"]\n", tag_value(&v)));
    }
    out.push('\n');
    let mut tokens = Vec::with_capacity(log.len() * 3 / 2 + 1);
    for (i, a) in log.iter().enumerate() {
        if i % 2 == 0 {
            tokens.push(format!("{}.", i / 2 + 1));
        }
        tokens.push(a.text.clone());
    }
    tokens.push(result.to_owned());
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

/// A CSV field, quoted when it must be (RFC 4180).
fn csv_field(v: &str) -> String {
    // A leading = + - @ would be a formula in spreadsheets: quote it.
    if v.contains([',', '"', '\n', '\r']) || v.starts_with(['=', '+', '-', '@']) {
        format!("\"{}\"", v.replace('"', "\"\""))
    } else {
        v.to_owned()
    }
}

/// A tournament's standings and every round's result per player, as CSV:
/// a round's cell is the colour, the result (`+`, `=`, `-`, `…` in play)
/// and the opponent (`W+ bob`), or `bye` / `rest`.
pub(crate) fn csv(s: &Snapshot) -> String {
    let names = s.tiebreak_names();
    let rounds = s.t.round.max(0);
    let mut header: Vec<String> = ["rank", "player", "points"].map(String::from).to_vec();
    header.extend(names.iter().map(|n| n.to_lowercase().replace(' ', "_")));
    header.extend(["games", "wins", "draws", "losses", "byes", "withdrawn"].map(String::from));
    header.extend((1..=rounds).map(|r| format!("round_{r}")));
    let mut out = header.join(",");
    out.push_str("\r\n");
    for l in s.standings() {
        let p = &s.players[l.player];
        let mut row = vec![
            l.rank.to_string(),
            p.name.clone(),
            number_words(l.score2 as f64 / 2.0),
        ];
        row.extend(l.tiebreaks.iter().map(|v| number_words(*v)));
        row.extend([l.games, l.wins, l.draws, l.losses, l.byes].map(|x| x.to_string()));
        row.push(
            if p.withdrawn_at.is_some() {
                "yes"
            } else {
                "no"
            }
            .to_owned(),
        );
        for r in 1..=rounds {
            let cell = s
                .pairings
                .iter()
                .find(|x| x.round == r && (x.white == p.key || x.black.as_ref() == Some(&p.key)))
                .map(|x| {
                    let result = board_result(x);
                    let white = x.white == p.key;
                    match (&x.black_name, result) {
                        (None, BoardResult::Bye) => "bye".to_owned(),
                        (None, _) => "rest".to_owned(),
                        (Some(black), r) => {
                            let (mine, _) = if white {
                                r.points2()
                            } else {
                                let (a, b) = r.points2();
                                (b, a)
                            };
                            let sign = match (r, mine) {
                                (BoardResult::Pending, _) => "…",
                                (_, 2) => "+",
                                (_, 1) => "=",
                                _ => "-",
                            };
                            let opponent = if white {
                                black.as_str()
                            } else {
                                x.white_name.as_str()
                            };
                            format!("{}{sign} {opponent}", if white { "W" } else { "B" })
                        }
                    }
                })
                .unwrap_or_default();
            row.push(cell);
        }
        let line: Vec<String> = row.iter().map(|v| csv_field(v)).collect();
        out.push_str(&line.join(","));
        out.push_str("\r\n");
    }
    out
}

impl Games<'_> {
    /// A standard game as PGN; a 5D game as 5DPGN.
    pub async fn export_pgn(
        self,
        caller: &Caller,
        game: Option<GameId>,
    ) -> Result<Reply, HostError> {
        let loaded = self.host.resolve(caller, game, Purpose::View).await?;
        let row = &loaded.row;
        if record_format(row.variant) == RecordFormat::FivedPgn {
            // 5DPGN, as other 5D tools read it: the record /history gives.
            let log = self.host.store.log(row.id).await?;
            let title = row.variant.title();
            return Ok(Reply::text(crate::text::history(row, &log, title)).about(row.id));
        }
        if record_format(row.variant) != RecordFormat::Pgn {
            return Err(refuse(format!(
                "PGN is for {} chess; game #{} is {}: /history gives its record in its own notation",
                pgn_ids_words(),
                row.id,
                row.variant
            )));
        }
        let log = self.host.store.log(row.id).await?;
        let (event, round) = match self.host.store.tournament_of_game(row.id).await? {
            Some(t) => {
                let s = self.host.snapshot_of(t).await?;
                let round = s
                    .pairings
                    .iter()
                    .find(|p| p.game_id == Some(row.id))
                    .map(|p| p.round);
                (s.t.name.clone(), round)
            }
            None => (game_event(row), None),
        };
        Ok(Reply::text(pgn(row, &log, &event, round)).about(row.id))
    }
}

impl Tournaments<'_> {
    /// A tournament's results as CSV.
    pub async fn export_csv(
        self,
        caller: &Caller,
        tournament: Option<TournamentId>,
    ) -> Result<Reply, HostError> {
        let s = self
            .host
            .resolve_tournament(caller, tournament, |_| true, "look")
            .await?;
        if s.t.round == 0 {
            return Err(refuse(format!(
                "tournament #{} has not started: no results yet",
                s.t.id
            )));
        }
        Ok(Reply::text(csv(&s)))
    }
}
