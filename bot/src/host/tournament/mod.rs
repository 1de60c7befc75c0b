//! Community play: ratings, leaderboards, tournaments and exports.
//!
//! Tournaments belong to a server. Anyone there may create one; its
//! organiser or a manager starts and cancels it. A round's games are
//! ordinary games (threads, pings, deadlines, ratings), created together
//! with the round's pairings in one transaction. The next round starts by
//! itself once every board of the round is decided: right after the game
//! that decides the last board ends, and otherwise (after a crash, say) at
//! the next [`Host::tick`], which works from the database alone.
//!
//! Decisions:
//! - A round-robin rest (odd number of players) scores nothing; a Swiss bye
//!   scores a point, at most one per player.
//! - A tournament game aborted without a result scores nothing for either
//!   side (`0-0`).
//! - Withdrawing resigns the player's game in play; later round-robin games
//!   against them are forfeited to the opponent; Swiss pairs them no more.
//! - Cancelling a running tournament leaves its games in play as ordinary
//!   games.
//! - Swiss rounds are capped at half the (even-rounded) field, the most
//!   that can always be paired without a repeat, and at ⌈log₂ n⌉ + 3; the
//!   announcement says so when the cap lowers the number asked for. Should
//!   no pairing be found all the same, the tournament ends after the last
//!   complete round, with a note saying why.

pub mod export;
pub mod pairing;
pub mod standings;

use chronomate_rules::{Game, Options, Outcome, Reason, Variant};

use super::clock::{DAY, HOUR, MINUTE, SECOND, due_words, timestamp};
use super::text::{day_words, variant_ids_words};
use super::time::remind_at;
use super::{
    Caller, Host, HostError, Image, Notice, NoticeKind, Place, Player, Refusal, Reply, check_setup,
    read_days, read_variant,
};
use crate::model::rating::{GLOBAL, Glicko, change_words};
use crate::model::{GameStatus, Millis, TournamentFormat, TournamentStatus};
use crate::store::{
    Finish, NewBoard, NewGame, NewTournament, PairingRow, Stale, StoreError, TournamentPlayer,
    TournamentRow,
};
use pairing::{Board, SwissPlayer};
use standings::{BoardResult, Played, Standing, Tiebreaks, number_words, points_words};

/// The most entrants a tournament may have.
pub const MAX_PLAYERS: i64 = 64;
/// Entrants when the creator names no limit.
pub const DEFAULT_PLAYERS: i64 = 16;
/// Swiss rounds when the creator names none.
pub const DEFAULT_SWISS_ROUNDS: i64 = 5;
/// How many players `/leaderboard` lists.
pub const LEADERBOARD_SIZE: i64 = 10;

/// The community commands, for `/help`.
pub const COMMUNITY_HELP: &str = "\
/rating [@user] [VARIANT]     Glicko-2 ratings (? = provisional)   /leaderboard VARIANT
/tournament create VARIANT [format:roundrobin|double|swiss] [rounds:N] [days:N] [players:N] [start:YYYY-MM-DDTHH:MM|+2d] [name:Spring_Cup]
/tournament join|leave|start|standings|pairings|withdraw|cancel [ID]   /tournament list
/export pgn [game:ID]          a standard game as PGN    /export csv tournament:ID   results as CSV";

fn refuse(text: impl Into<String>) -> HostError {
    Refusal::Terms(text.into()).into()
}

/// A tournament as asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentTerms {
    pub name: Option<String>,
    pub variant: Variant,
    pub options: Options,
    pub format: TournamentFormat,
    /// Swiss only.
    pub rounds: Option<i64>,
    pub days: Option<i64>,
    pub max_players: Option<i64>,
    pub starts_at: Option<Millis>,
}

impl TournamentTerms {
    pub fn new(variant: Variant, format: TournamentFormat) -> TournamentTerms {
        TournamentTerms {
            name: None,
            variant,
            options: Options::default(),
            format,
            rounds: None,
            days: None,
            max_players: None,
            starts_at: None,
        }
    }

    /// Reads `VARIANT [format:F] [rounds:N] [days:N] [players:N]
    /// [start:WHEN] [name:WORDS_WITH_UNDERSCORES] [variant options]`; `now`
    /// anchors relative start times (`start:+2d`, `start:+6h`).
    pub fn parse(words: &str, now: Millis) -> Result<TournamentTerms, Refusal> {
        let mut variant = None;
        let mut format = None;
        let mut rounds = None;
        let mut days = None;
        let mut players = None;
        let mut starts_at = None;
        let mut name = None;
        let mut rest = Vec::new();
        let bad = |m: String| Refusal::Terms(m);
        for word in words.split_whitespace() {
            match word.split_once([':', '=']) {
                Some((key, value)) => match key.to_ascii_lowercase().as_str() {
                    "variant" | "game" => variant = Some(read_variant(value)?),
                    "format" | "type" | "system" => {
                        format = Some(TournamentFormat::parse(value).ok_or_else(|| {
                            bad(format!(
                                "the format is roundrobin, double or swiss, not {value:?}"
                            ))
                        })?)
                    }
                    "rounds" | "round" => rounds = Some(read_count(value, "rounds", 1, 99)?),
                    "days" | "day" => days = Some(read_days(value)?),
                    "players" | "max" | "limit" | "entries" => {
                        players = Some(read_count(value, "players", 2, MAX_PLAYERS)?)
                    }
                    "start" | "starts" | "at" => starts_at = Some(read_when(value, now)?),
                    "name" | "title" => name = Some(read_tournament_name(value)?),
                    _ => rest.push((key, value)),
                },
                None => {
                    if let Some(f) = TournamentFormat::parse(word).filter(|_| format.is_none()) {
                        format = Some(f);
                    } else if variant.is_none() {
                        variant = Some(read_variant(word)?);
                    } else {
                        return Err(bad(format!(
                            "cannot read {word:?}: write settings as key:value, like rounds:5"
                        )));
                    }
                }
            }
        }
        let variant =
            variant.ok_or_else(|| bad(format!("name the variant: {}", variant_ids_words())))?;
        let format = format.unwrap_or(TournamentFormat::RoundRobin);
        if rounds.is_some() && format != TournamentFormat::Swiss {
            return Err(bad(
                "rounds are for Swiss tournaments: a round robin has as many as it needs"
                    .to_owned(),
            ));
        }
        let mut options = Options::default();
        for (key, value) in rest {
            options
                .set(variant, key, value)
                .map_err(|e| bad(e.to_string()))?;
        }
        Ok(TournamentTerms {
            name,
            variant,
            options,
            format,
            rounds,
            days,
            max_players: players,
            starts_at,
        })
    }
}

fn read_count(text: &str, what: &str, lo: i64, hi: i64) -> Result<i64, Refusal> {
    match text.trim().parse::<i64>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        _ => Err(Refusal::Terms(format!(
            "{what} is a whole number from {lo} to {hi}, not {text:?}"
        ))),
    }
}

/// A tournament's name: 1 to 60 characters; `_` stands for a space.
pub fn read_tournament_name(text: &str) -> Result<String, Refusal> {
    let name = text.replace('_', " ").trim().to_owned();
    let ok = !name.is_empty()
        && name.chars().count() <= 60
        && !name
            .chars()
            .any(|c| c.is_control() || matches!(c, '@' | '`' | '"'));
    if ok {
        Ok(name)
    } else {
        Err(Refusal::Terms(format!(
            "a tournament name has 1 to 60 characters, without @, ` or \", not {text:?}"
        )))
    }
}

/// Reads a start time: `2025-03-01`, `2025-03-01T18:00` (UTC), or a delay
/// from now: `+2d`, `+6h`, `+30m`.
pub fn read_when(text: &str, now: Millis) -> Result<Millis, Refusal> {
    let t = text.trim();
    let bad = || {
        Refusal::Terms(format!(
            "write the start as 2025-03-01T18:00 (UTC) or a delay like +2d, +6h, +30m, not {text:?}"
        ))
    };
    if let Some(delay) = t.strip_prefix('+') {
        let (n, unit) = delay.split_at(delay.len().saturating_sub(1));
        let n: i64 = n.parse().map_err(|_| bad())?;
        let unit = match unit {
            "d" => DAY,
            "h" => HOUR,
            "m" => MINUTE,
            _ => return Err(bad()),
        };
        if !(0..=60 * DAY).contains(&n.saturating_mul(unit)) {
            return Err(Refusal::Terms(
                "a tournament starts within 60 days".to_owned(),
            ));
        }
        return Ok(now + n * unit);
    }
    let (date, time) = t.split_once(['T', 't', ' ']).unwrap_or((t, "00:00"));
    let d: Vec<&str> = date.split('-').collect();
    let tm: Vec<&str> = time.trim_end_matches(['Z', 'z']).split(':').collect();
    let num = |s: &str, lo: i64, hi: i64| {
        s.parse::<i64>()
            .ok()
            .filter(|n| (lo..=hi).contains(n) && s.bytes().all(|b| b.is_ascii_digit()))
    };
    let (Some(y), Some(m), Some(day)) = (
        d.first().and_then(|s| num(s, 2000, 2999)),
        d.get(1).and_then(|s| num(s, 1, 12)),
        d.get(2).and_then(|s| num(s, 1, 31)),
    ) else {
        return Err(bad());
    };
    if d.len() != 3 || tm.len() != 2 {
        return Err(bad());
    }
    let (Some(hh), Some(mm)) = (num(tm[0], 0, 23), num(tm[1], 0, 59)) else {
        return Err(bad());
    };
    // A real calendar day (no 2025-02-31) and time, in UTC.
    let month = u8::try_from(m)
        .ok()
        .and_then(|m| time::Month::try_from(m).ok())
        .ok_or_else(bad)?;
    let date = i32::try_from(y)
        .ok()
        .and_then(|y| time::Date::from_calendar_date(y, month, day as u8).ok())
        .ok_or_else(bad)?;
    let at = time::Time::from_hms(hh as u8, mm as u8, 0).map_err(|_| bad())?;
    Ok(time::PrimitiveDateTime::new(date, at)
        .assume_utc()
        .unix_timestamp()
        * SECOND)
}

/// A board's result from its row.
pub fn board_result(p: &PairingRow) -> BoardResult {
    match p.result.as_deref() {
        Some("bye") => return BoardResult::Bye,
        Some("rest") => return BoardResult::Rest,
        Some("1-0") => return BoardResult::WhiteWins,
        Some("0-1") => return BoardResult::BlackWins,
        Some("1/2-1/2") => return BoardResult::Draw,
        Some("0-0") => return BoardResult::BothLose,
        _ => {}
    }
    match (p.game_status, p.game_result.as_deref()) {
        (Some(GameStatus::Finished), Some("1-0")) => BoardResult::WhiteWins,
        (Some(GameStatus::Finished), Some("0-1")) => BoardResult::BlackWins,
        (Some(GameStatus::Finished), Some("1/2-1/2")) => BoardResult::Draw,
        (Some(GameStatus::Aborted), _) => BoardResult::BothLose,
        _ if p.black.is_none() => BoardResult::Rest,
        _ => BoardResult::Pending,
    }
}

/// A tournament with its entrants and boards, as the host reasons about it.
pub struct Snapshot {
    pub t: TournamentRow,
    pub players: Vec<TournamentPlayer>,
    pub pairings: Vec<PairingRow>,
}

impl Snapshot {
    fn index(&self, key: &str) -> Option<usize> {
        self.players.iter().position(|p| p.key == key)
    }

    pub fn played(&self) -> Vec<Played> {
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

    pub fn tiebreaks(&self) -> Tiebreaks {
        match self.t.format {
            TournamentFormat::Swiss => Tiebreaks::Buchholz,
            _ => Tiebreaks::SonnebornBerger,
        }
    }

    pub fn tiebreak_names(&self) -> &'static [&'static str] {
        match self.t.format {
            TournamentFormat::Swiss => &["Buchholz", "Median"],
            _ => &["SB"],
        }
    }

    pub fn standings(&self) -> Vec<Standing> {
        standings::standings(self.players.len(), &self.played(), self.tiebreaks())
    }

    fn round_boards(&self, round: i64) -> Vec<&PairingRow> {
        self.pairings.iter().filter(|p| p.round == round).collect()
    }

    fn active(&self, i: usize) -> bool {
        self.players[i].withdrawn_at.is_none()
    }

    /// One-line description: `#3 Spring Cup: standard, round robin, 3 days per move`.
    pub fn title(&self) -> String {
        let t = &self.t;
        let variant = if t.options.is_empty() {
            t.variant.clone()
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

    fn state_words(&self, now: Millis) -> String {
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

/// A new round's boards, players by index, with a result for boards that
/// need no game.
struct RoundPlan {
    boards: Vec<(usize, Option<usize>, Option<&'static str>)>,
}

impl Host {
    async fn snapshot_of(&self, id: i64) -> Result<Snapshot, HostError> {
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
    async fn resolve_tournament(
        &self,
        caller: &Caller,
        explicit: Option<i64>,
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
                let mut ids: Vec<i64> = many.iter().map(|t| t.id).collect();
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

    fn may_run(caller: &Caller, t: &TournamentRow) -> Result<(), HostError> {
        if caller.manager || caller.key() == t.organiser {
            Ok(())
        } else {
            Err(refuse(format!(
                "only the organiser ({}) or a server manager may do that to tournament #{}",
                t.organiser_name, t.id
            )))
        }
    }

    /// Creates a tournament on the caller's server, open for entries.
    pub async fn tournament_create(
        &self,
        caller: &Caller,
        terms: TournamentTerms,
    ) -> Result<Reply, HostError> {
        let guild = caller.place.guild.as_deref().ok_or_else(|| {
            refuse("tournaments belong to a server: create one in a server's channel")
        })?;
        let now = self.now();
        check_setup(Game::new(terms.variant, terms.options.clone(), 0))?;
        let days = match terms.days {
            Some(d) => read_days(&d.to_string())?,
            None => self.store.settings(Some(guild)).await?.default_days,
        };
        if let Some(at) = terms.starts_at
            && at <= now
        {
            return Err(refuse(format!(
                "the start time {} has passed already",
                timestamp(at)
            )));
        }
        let rounds = match terms.format {
            TournamentFormat::Swiss => terms.rounds.unwrap_or(DEFAULT_SWISS_ROUNDS),
            _ => 0,
        };
        let max_players = terms.max_players.unwrap_or(DEFAULT_PLAYERS);
        let name = match &terms.name {
            Some(n) => read_tournament_name(n)?,
            None => format!("{} {}", terms.variant.title(), terms.format.words()),
        };
        let options = terms.options.to_string();
        let id = self
            .store
            .create_tournament(
                &NewTournament {
                    guild,
                    channel: caller.place.channel.as_deref(),
                    thread: caller.place.thread.as_deref(),
                    name: &name,
                    variant: terms.variant.id(),
                    options: &options,
                    format: terms.format,
                    rounds,
                    days,
                    max_players,
                    starts_at: terms.starts_at,
                    organiser: (&caller.player.key, &caller.player.name),
                },
                now,
            )
            .await?;
        let s = self.snapshot_of(id).await?;
        let mut text = format!(
            "{} created {}.\n{}{}.\nJoin with /tournament join {id}; the organiser starts it with /tournament start {id}.",
            caller.player.name,
            s.title(),
            match terms.format {
                TournamentFormat::Swiss => format!("{rounds} rounds, "),
                _ => String::new(),
            },
            s.state_words(now)
        );
        if terms.format == TournamentFormat::Swiss {
            text.push_str("\nA bye scores 1 point; nobody meets anyone twice.");
        }
        Ok(Reply::text(text))
    }

    /// Enters the caller in an open tournament.
    pub async fn tournament_join(
        &self,
        caller: &Caller,
        id: Option<i64>,
    ) -> Result<Reply, HostError> {
        let s = self
            .resolve_tournament(caller, id, |t| t.status == TournamentStatus::Open, "join")
            .await?;
        let t = &s.t;
        if caller.place.guild.as_deref() != Some(t.guild.as_str()) {
            return Err(refuse(format!("join tournament #{} from its server", t.id)));
        }
        if s.index(caller.key()).is_some() {
            return Err(refuse(format!("you are in tournament #{} already", t.id)));
        }
        if t.status != TournamentStatus::Open {
            return Err(refuse(format!(
                "tournament #{} is {}: it takes no more entries",
                t.id,
                t.status.as_str()
            )));
        }
        if t.players >= t.max_players {
            return Err(refuse(format!(
                "tournament #{} is full ({} players)",
                t.id, t.max_players
            )));
        }
        if let Err(Stale) = self
            .store
            .join_tournament(t.id, (&caller.player.key, &caller.player.name), self.now())
            .await?
        {
            return Err(refuse(format!(
                "tournament #{} changed meanwhile (it started, filled up or was cancelled): nothing was changed",
                t.id
            )));
        }
        Ok(Reply::text(format!(
            "{} joined tournament #{} {} ({} of at most {}).",
            caller.player.name,
            t.id,
            t.name,
            t.players + 1,
            t.max_players
        )))
    }

    /// Takes the caller out of a tournament that has not started.
    pub async fn tournament_leave(
        &self,
        caller: &Caller,
        id: Option<i64>,
    ) -> Result<Reply, HostError> {
        let me = caller.key().to_owned();
        let s = self
            .resolve_tournament(caller, id, |_| true, "leave")
            .await?;
        let t = &s.t;
        if s.index(&me).is_none() {
            return Err(refuse(format!("you are not in tournament #{}", t.id)));
        }
        if t.status != TournamentStatus::Open {
            return Err(refuse(format!(
                "tournament #{} is {}: withdraw with /tournament withdraw {} instead",
                t.id,
                t.status.as_str(),
                t.id
            )));
        }
        if let Err(Stale) = self.store.leave_tournament(t.id, &me).await? {
            return Err(refuse(format!(
                "tournament #{} started meanwhile: withdraw instead",
                t.id
            )));
        }
        Ok(Reply::text(format!(
            "{} left tournament #{} {}.",
            caller.player.name, t.id, t.name
        )))
    }

    /// Starts a tournament now: seeds the players and plays round 1.
    pub async fn tournament_start(
        &self,
        caller: &Caller,
        id: Option<i64>,
    ) -> Result<Reply, HostError> {
        let s = self
            .resolve_tournament(caller, id, |t| t.status == TournamentStatus::Open, "start")
            .await?;
        Host::may_run(caller, &s.t)?;
        if s.t.status != TournamentStatus::Open {
            return Err(refuse(format!(
                "tournament #{} is {} already",
                s.t.id,
                s.t.status.as_str()
            )));
        }
        if s.players.len() < 2 {
            return Err(refuse(format!(
                "tournament #{} needs at least 2 players to start; it has {}",
                s.t.id,
                s.players.len()
            )));
        }
        match self.begin(&s, self.now()).await? {
            Some(reply) => Ok(reply),
            None => Err(refuse(format!(
                "tournament #{} started meanwhile: nothing was changed",
                s.t.id
            ))),
        }
    }

    /// Seeds and starts round 1. `None`: someone else started it first.
    async fn begin(&self, s: &Snapshot, now: Millis) -> Result<Option<Reply>, HostError> {
        // Seeds: established server rating in the variant, then join order.
        let mut ranked: Vec<(usize, f64)> = Vec::with_capacity(s.players.len());
        for (i, p) in s.players.iter().enumerate() {
            let r = self
                .store
                .rating(&p.key, &s.t.variant, &s.t.guild)
                .await?
                .map_or(Glicko::default(), |r| r.glicko);
            ranked.push((i, if r.provisional() { 0.0 } else { r.rating }));
        }
        ranked.sort_by(|a, b| {
            b.1.partial_cmp(&a.1)
                .unwrap_or(std::cmp::Ordering::Equal)
                .then(a.0.cmp(&b.0))
        });
        let players: Vec<TournamentPlayer> =
            ranked.iter().map(|(i, _)| s.players[*i].clone()).collect();
        let n = players.len();
        let (rounds, capped) = match s.t.format {
            TournamentFormat::RoundRobin => (pairing::round_robin_rounds(n, false) as i64, false),
            TournamentFormat::DoubleRoundRobin => {
                (pairing::round_robin_rounds(n, true) as i64, false)
            }
            TournamentFormat::Swiss => {
                let max = pairing::swiss_max_rounds(n) as i64;
                (s.t.rounds.min(max), s.t.rounds > max)
            }
        };
        let seeded = Snapshot {
            t: TournamentRow {
                rounds,
                ..s.t.clone()
            },
            players,
            pairings: Vec::new(),
        };
        let Some(plan) = plan_round(&seeded, 1) else {
            return Ok(None);
        };
        let seeds: Vec<&str> = seeded.players.iter().map(|p| p.key.as_str()).collect();
        let started = self
            .create_round(&seeded, 0, &seeds, rounds, &plan, now)
            .await?;
        if !started {
            return Ok(None);
        }
        let after = self.snapshot_of(s.t.id).await?;
        let mut reply = round_reply(&after, 1, now);
        if capped {
            reply.text.push_str(&format!(
                "\n(Swiss of {n}: {rounds} rounds, the most that can be paired without anyone meeting twice.)"
            ));
        }
        Ok(Some(reply))
    }

    /// Creates round `after + 1`'s games and boards in one transaction.
    /// False: the round was started by someone else first.
    async fn create_round(
        &self,
        s: &Snapshot,
        after: i64,
        seeds: &[&str],
        rounds: i64,
        plan: &RoundPlan,
        now: Millis,
    ) -> Result<bool, HostError> {
        let t = &s.t;
        let corrupt = |detail: String| StoreError::Corrupt {
            game: 0,
            detail: format!("tournament #{}: {detail}", t.id),
        };
        let variant: Variant = t.variant.parse().map_err(|e| corrupt(format!("{e}")))?;
        let options =
            Options::parse(variant, &t.options).map_err(|e| corrupt(format!("options: {e}")))?;
        let settings = self.store.settings(Some(&t.guild)).await?;
        let deadline = now + t.days * DAY;
        struct Prepared {
            white: String,
            black: Option<String>,
            seed: u64,
            snapshot: Option<String>,
            to_move: chronomate_rules::Color,
            result: Option<&'static str>,
        }
        let mut prepared = Vec::with_capacity(plan.boards.len());
        for &(w, b, result) in &plan.boards {
            let white = s.players[w].key.clone();
            let black = b.map(|b| s.players[b].key.clone());
            let (seed, snapshot, to_move) = if result.is_none() && black.is_some() {
                let seed = self.random();
                let game = check_setup(Game::new(variant, options.clone(), seed))?;
                let json = serde_json::to_string(&game).map_err(|e| corrupt(e.to_string()))?;
                (seed, Some(json), game.turn().color)
            } else {
                (0, None, chronomate_rules::Color::White)
            };
            prepared.push(Prepared {
                white,
                black,
                seed,
                snapshot,
                to_move,
                result,
            });
        }
        let boards: Vec<NewBoard<'_>> = prepared
            .iter()
            .map(|p| NewBoard {
                white: &p.white,
                black: p.black.as_deref(),
                game: match (&p.snapshot, &p.black) {
                    (Some(snapshot), Some(black)) => Some(NewGame {
                        variant: &t.variant,
                        options: &t.options,
                        seed: p.seed,
                        white: &p.white,
                        black,
                        days: t.days,
                        reminder_hours: settings.reminder_hours,
                        snapshot,
                        to_move: p.to_move,
                        deadline,
                        remind_at: remind_at(deadline, t.days, settings.reminder_hours),
                        guild: Some(&t.guild),
                        channel: t.channel.as_deref(),
                        thread: None,
                    }),
                    _ => None,
                },
                result: p.result,
            })
            .collect();
        Ok(self
            .store
            .start_round(t.id, after, seeds, rounds, &boards, now)
            .await?
            .is_ok())
    }

    /// Moves a tournament on if its time has come: starts an open one at its
    /// start time, starts the next round when the current one is decided,
    /// ends it after the last. Returns the announcement, if any. Safe to
    /// call at any time, twice, or from racing tasks: each step is guarded
    /// in the database.
    pub async fn tournament_advance(
        &self,
        id: i64,
        now: Millis,
    ) -> Result<Option<Reply>, HostError> {
        let s = self.snapshot_of(id).await?;
        match s.t.status {
            TournamentStatus::Open => {
                if s.t.starts_at.is_none_or(|at| at > now) {
                    return Ok(None);
                }
                if s.players.len() < 2 {
                    if let Ok(()) = self
                        .store
                        .end_tournament(
                            id,
                            0,
                            TournamentStatus::Cancelled,
                            Some("too few players at the start time"),
                            now,
                        )
                        .await?
                    {
                        return Ok(Some(Reply::text(format!(
                            "Tournament #{id} {} was cancelled: fewer than 2 players had joined by its start time.",
                            s.t.name
                        ))));
                    }
                    return Ok(None);
                }
                self.begin(&s, now).await
            }
            TournamentStatus::Running => {
                let current = s.round_boards(s.t.round);
                if current
                    .iter()
                    .any(|p| board_result(p) == BoardResult::Pending)
                {
                    return Ok(None);
                }
                if s.t.round >= s.t.rounds {
                    return self.conclude(&s, None, now).await;
                }
                let next = s.t.round + 1;
                let Some(plan) = plan_round(&s, next) else {
                    return self
                        .conclude(&s, Some("no more pairings without a repeat"), now)
                        .await;
                };
                if plan.boards.iter().all(|b| b.2.is_some())
                    && s.t.format == TournamentFormat::Swiss
                {
                    return self
                        .conclude(&s, Some("too few players left to pair"), now)
                        .await;
                }
                let seeds: Vec<&str> = Vec::new();
                if !self
                    .create_round(&s, s.t.round, &seeds, s.t.rounds, &plan, now)
                    .await?
                {
                    return Ok(None);
                }
                let after = self.snapshot_of(id).await?;
                let mut reply = round_reply(&after, next, now);
                // A round decided without games (all forfeits) moves on too.
                if let Some(more) = Box::pin(self.tournament_advance(id, now)).await? {
                    reply.text.push('\n');
                    reply.text.push_str(&more.text);
                    for p in more.pings {
                        reply = reply.ping(&p);
                    }
                }
                Ok(Some(reply))
            }
            TournamentStatus::Finished | TournamentStatus::Cancelled => Ok(None),
        }
    }

    async fn conclude(
        &self,
        s: &Snapshot,
        note: Option<&str>,
        now: Millis,
    ) -> Result<Option<Reply>, HostError> {
        if let Err(Stale) = self
            .store
            .end_tournament(s.t.id, s.t.round, TournamentStatus::Finished, note, now)
            .await?
        {
            return Ok(None);
        }
        let after = self.snapshot_of(s.t.id).await?;
        let table = after.standings();
        let mut lines = vec![format!(
            "Tournament #{} {} is over{}.",
            s.t.id,
            s.t.name,
            note.map(|n| format!(" ({n})")).unwrap_or_default()
        )];
        let winners: Vec<&str> = table
            .iter()
            .filter(|l| l.rank == 1)
            .map(|l| after.players[l.player].name.as_str())
            .collect();
        if !winners.is_empty() {
            lines.push(format!(
                "{} {} with {} points.",
                winners.join(" and "),
                if winners.len() == 1 {
                    "wins"
                } else {
                    "share first place"
                },
                points_words(table[0].score2)
            ));
        }
        lines.extend(standings_lines(&after));
        let mut reply = Reply::text(lines.join("\n"));
        for p in &after.players {
            reply = reply.ping(&p.key);
        }
        self.attach_table(&mut reply, &after);
        Ok(Some(reply))
    }

    /// What follows the end of a game: its rating changes, and the
    /// tournament moving on if it decided the last board of a round.
    pub(crate) async fn after_game_end(&self, game: i64) -> Reply {
        let mut extra = Reply::default();
        let mut lines = Vec::new();
        match self.rating_lines(game).await {
            Ok(l) => lines.extend(l),
            Err(e) => tracing::warn!(game, error = %e, "cannot read the rating changes"),
        }
        match self.store.tournament_of_game(game).await {
            Ok(Some(t)) => match self.tournament_advance(t, self.now()).await {
                Ok(Some(r)) => {
                    lines.push(r.text);
                    extra.pings = r.pings;
                    extra.images = r.images;
                }
                Ok(None) => {}
                // The next tick tries again.
                Err(e) => {
                    tracing::warn!(game, tournament = t, error = %e, "cannot move the tournament on")
                }
            },
            Ok(None) => {}
            Err(e) => tracing::warn!(game, error = %e, "cannot look up the game's tournament"),
        }
        extra.text = lines.join("\n");
        extra
    }

    /// Appends what follows the end of `game` to its reply.
    pub(crate) async fn extend_after_end(&self, reply: &mut Reply, game: i64) {
        let more = self.after_game_end(game).await;
        if !more.text.is_empty() {
            reply.text.push('\n');
            reply.text.push_str(&more.text);
        }
        for k in more.pings {
            if !reply.pings.contains(&k) {
                reply.pings.push(k);
            }
        }
        reply.images.extend(more.images);
    }

    /// `Rating (standard, this server): alice 1500? → 1662? (+162), bob ...`.
    pub(crate) async fn rating_lines(&self, game: i64) -> Result<Vec<String>, HostError> {
        let changes = self.store.rating_changes(game).await?;
        let Some(first) = changes.first() else {
            return Ok(Vec::new());
        };
        // The server's ratings where the game had a server, else global.
        let scope = first.scope.clone();
        let words: Vec<String> = changes
            .iter()
            .filter(|c| c.scope == scope)
            .map(|c| format!("{} {}", c.name, change_words(c.before, c.after)))
            .collect();
        Ok(vec![format!(
            "Ratings ({}{}): {}.",
            first.variant,
            if scope == GLOBAL { "" } else { ", this server" },
            words.join(", ")
        )])
    }

    /// What the scheduler does for tournaments: starts those whose time
    /// has come and moves on those whose round is decided.
    pub(crate) async fn tournament_tick(&self, now: Millis) -> Result<Vec<Notice>, HostError> {
        let mut notices = Vec::new();
        for t in self.store.tournaments_due(now).await? {
            if let Some(reply) = self.tournament_advance(t.id, now).await? {
                let recipients = reply.pings.clone();
                notices.push(Notice {
                    kind: NoticeKind::Tournament,
                    game: None,
                    challenge: None,
                    recipients,
                    place: Place {
                        guild: Some(t.guild.clone()),
                        channel: t.channel.clone(),
                        thread: t.thread.clone(),
                    },
                    reply,
                });
            }
        }
        Ok(notices)
    }

    /// Withdraws the caller from a running tournament: their game in play
    /// is resigned, and they are paired no more.
    pub async fn tournament_withdraw(
        &self,
        caller: &Caller,
        id: Option<i64>,
    ) -> Result<Reply, HostError> {
        let me = caller.key().to_owned();
        let s = self
            .resolve_tournament(
                caller,
                id,
                |t| t.status == TournamentStatus::Running,
                "withdraw",
            )
            .await?;
        let t = &s.t;
        let Some(i) = s.index(&me) else {
            return Err(refuse(format!("you are not in tournament #{}", t.id)));
        };
        match t.status {
            TournamentStatus::Open => {
                return Err(refuse(format!(
                    "tournament #{} has not started: leave it with /tournament leave {}",
                    t.id, t.id
                )));
            }
            TournamentStatus::Running => {}
            other => {
                return Err(refuse(format!(
                    "tournament #{} is {} already",
                    t.id,
                    other.as_str()
                )));
            }
        }
        if !s.active(i) {
            return Err(refuse(format!(
                "you withdrew from tournament #{} already",
                t.id
            )));
        }
        let now = self.now();
        if let Err(Stale) = self.store.withdraw_from_tournament(t.id, &me, now).await? {
            return Err(refuse(format!(
                "tournament #{} ended meanwhile: nothing was changed",
                t.id
            )));
        }
        let mut lines = vec![format!(
            "{} withdrew from tournament #{} {}.",
            caller.player.name, t.id, t.name
        )];
        let mut reply = Reply::default();
        for p in s.round_boards(t.round) {
            let (Some(game), Some(black)) = (p.game_id, &p.black) else {
                continue;
            };
            if board_result(p) != BoardResult::Pending || (p.white != me && *black != me) {
                continue;
            }
            let loser = if p.white == me {
                chronomate_rules::Color::White
            } else {
                chronomate_rules::Color::Black
            };
            let outcome = Outcome::win(!loser, Reason::Resignation);
            let finish = Finish {
                status: GameStatus::Finished,
                result: Some(outcome.score().to_owned()),
                reason: "withdrawal from the tournament".to_owned(),
            };
            if let Ok(()) = self.store.finish_game(game, None, &finish, now).await? {
                let other = if p.white == me {
                    (black.as_str(), p.black_name.as_deref().unwrap_or("?"))
                } else {
                    (p.white.as_str(), p.white_name.as_str())
                };
                lines.push(format!(
                    "Game #{game} counts as a loss: {} ({}) wins.",
                    other.1,
                    outcome.score()
                ));
                reply = reply.ping(other.0);
                let more = self.after_game_end(game).await;
                if !more.text.is_empty() {
                    lines.push(more.text);
                }
                for k in more.pings {
                    reply = reply.ping(&k);
                }
                reply.images.extend(more.images);
            }
        }
        if t.format != TournamentFormat::Swiss {
            lines.push("Their later games are forfeited to their opponents.".to_owned());
        }
        reply.text = lines.join("\n");
        Ok(reply)
    }

    /// Cancels a tournament (organiser or managers). Games in play go on as
    /// ordinary games.
    pub async fn tournament_cancel(
        &self,
        caller: &Caller,
        id: Option<i64>,
    ) -> Result<Reply, HostError> {
        let s = self
            .resolve_tournament(
                caller,
                id,
                |t| matches!(t.status, TournamentStatus::Open | TournamentStatus::Running),
                "cancel",
            )
            .await?;
        Host::may_run(caller, &s.t)?;
        if !matches!(
            s.t.status,
            TournamentStatus::Open | TournamentStatus::Running
        ) {
            return Err(refuse(format!(
                "tournament #{} is {} already",
                s.t.id,
                s.t.status.as_str()
            )));
        }
        let note = format!("cancelled by {}", caller.player.name);
        if let Err(Stale) = self
            .store
            .end_tournament(
                s.t.id,
                s.t.round,
                TournamentStatus::Cancelled,
                Some(&note),
                self.now(),
            )
            .await?
        {
            return Err(refuse(format!(
                "tournament #{} moved on meanwhile: nothing was changed; try again",
                s.t.id
            )));
        }
        let mut reply = Reply::text(format!(
            "{} cancelled tournament #{} {}.{}",
            caller.player.name,
            s.t.id,
            s.t.name,
            if s.t.status == TournamentStatus::Running {
                " Games in play go on as ordinary games."
            } else {
                ""
            }
        ));
        for p in &s.players {
            reply = reply.ping(&p.key);
        }
        Ok(reply)
    }

    /// The standings, as text and a table image.
    pub async fn tournament_standings(
        &self,
        caller: &Caller,
        id: Option<i64>,
    ) -> Result<Reply, HostError> {
        let s = self
            .resolve_tournament(caller, id, |_| true, "look")
            .await?;
        let now = self.now();
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
            self.attach_table(&mut reply, &s);
        }
        Ok(reply)
    }

    fn attach_table(&self, reply: &mut Reply, s: &Snapshot) {
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

    /// The pairings of a round (default: the current one).
    pub async fn tournament_pairings(
        &self,
        caller: &Caller,
        id: Option<i64>,
        round: Option<i64>,
    ) -> Result<Reply, HostError> {
        let s = self
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
    pub async fn tournament_list(&self, caller: &Caller) -> Result<Reply, HostError> {
        let guild = caller
            .place
            .guild
            .as_deref()
            .ok_or_else(|| refuse("tournaments belong to a server: use this command in one"))?;
        let all = self.store.tournaments_in(guild, true).await?;
        let now = self.now();
        if all.is_empty() {
            return Ok(Reply::text(
                "This server has no tournament yet: create one with /tournament create VARIANT",
            )
            .private());
        }
        let mut lines = vec!["Tournaments:".to_owned()];
        for t in all.iter().take(10) {
            let s = self.snapshot_of(t.id).await?;
            lines.push(format!("{} — {}", s.title(), s.state_words(now)));
        }
        Ok(Reply::text(lines.join("\n")).private())
    }

    // ----- ratings -----------------------------------------------------------

    /// A player's ratings (the caller's by default): in one variant, or in
    /// every variant they have played; on this server and across servers.
    pub async fn rating(
        &self,
        caller: &Caller,
        who: Option<Player>,
        variant: Option<Variant>,
    ) -> Result<Reply, HostError> {
        let player = who.unwrap_or_else(|| caller.player.clone());
        let name = self
            .store
            .player_name(&player.key)
            .await?
            .unwrap_or_else(|| player.name.clone());
        let guild = caller.place.guild.as_deref();
        let mut global = self.store.ratings_of(&player.key, GLOBAL).await?;
        let mut local = match guild {
            Some(g) => self.store.ratings_of(&player.key, g).await?,
            None => Vec::new(),
        };
        if let Some(v) = variant {
            global.retain(|r| r.variant == v.id());
            local.retain(|r| r.variant == v.id());
        }
        if global.is_empty() {
            let what = variant.map_or(String::new(), |v| format!(" in {}", v.id()));
            return Ok(Reply::text(format!(
                "{name} has no rated games{what} yet: everyone starts at {} (provisional).",
                Glicko::default().display()
            ))
            .private());
        }
        let mut lines = vec![format!("{name}'s ratings (? = provisional):")];
        for g in &global {
            let here = local.iter().find(|l| l.variant == g.variant);
            let mut line = format!("{}: ", g.variant);
            if let Some(h) = here {
                line.push_str(&format!(
                    "{} on this server ({}), ",
                    h.glicko.display(),
                    record_words(h.games, h.wins, h.draws, h.losses)
                ));
            }
            line.push_str(&format!(
                "{} across servers ({}), deviation {}",
                g.glicko.display(),
                record_words(g.games, g.wins, g.draws, g.losses),
                g.glicko.deviation.round() as i64
            ));
            lines.push(line);
        }
        Ok(Reply::text(lines.join("\n")).private())
    }

    /// The best-rated players of a variant: on this server, or across
    /// servers outside one.
    pub async fn leaderboard(&self, caller: &Caller, variant: Variant) -> Result<Reply, HostError> {
        let scope = caller.place.guild.as_deref().unwrap_or(GLOBAL);
        let rows = self
            .store
            .leaderboard(variant.id(), scope, LEADERBOARD_SIZE)
            .await?;
        let place = if scope == GLOBAL {
            "all servers"
        } else {
            "this server"
        };
        if rows.is_empty() {
            return Ok(Reply::text(format!(
                "Nobody has a rating in {} on {place} yet.",
                variant.id()
            )));
        }
        let mut lines = vec![format!(
            "Leaderboard: {} ({}), {place}; ? = provisional",
            variant.id(),
            variant.title()
        )];
        for (i, r) in rows.iter().enumerate() {
            lines.push(format!(
                "{}. {} {} ({})",
                i + 1,
                r.name,
                r.glicko.display(),
                record_words(r.games, r.wins, r.draws, r.losses)
            ));
        }
        Ok(Reply::text(lines.join("\n")))
    }
}

fn record_words(games: i64, w: i64, d: i64, l: i64) -> String {
    format!(
        "{games} game{}: +{w} ={d} -{l}",
        if games == 1 { "" } else { "s" }
    )
}

/// Plans round `round` (1-based) of a tournament from its history.
fn plan_round(s: &Snapshot, round: i64) -> Option<RoundPlan> {
    let n = s.players.len();
    let mut boards = Vec::new();
    match s.t.format {
        TournamentFormat::RoundRobin | TournamentFormat::DoubleRoundRobin => {
            let double = s.t.format == TournamentFormat::DoubleRoundRobin;
            let table = pairing::round_robin(n, double);
            let r = table.get(usize::try_from(round - 1).ok()?)?;
            for b in r {
                let entry = match b.black {
                    None => (b.white, None, Some("rest")),
                    Some(black) => {
                        let result = match (s.active(b.white), s.active(black)) {
                            (true, true) => None,
                            (true, false) => Some("1-0"),
                            (false, true) => Some("0-1"),
                            (false, false) => Some("0-0"),
                        };
                        (b.white, Some(black), result)
                    }
                };
                boards.push(entry);
            }
        }
        TournamentFormat::Swiss => {
            let mut players: Vec<SwissPlayer> = (0..n)
                .map(|i| SwissPlayer {
                    seed: i,
                    active: s.active(i),
                    ..SwissPlayer::default()
                })
                .collect();
            for p in s.played() {
                let (w, b) = p.result.points2();
                players[p.white].score2 += w;
                match p.black {
                    Some(black) => {
                        players[black].score2 += b;
                        players[p.white].opponents.push(black);
                        players[black].opponents.push(p.white);
                        players[p.white].colours.push(true);
                        players[black].colours.push(false);
                    }
                    None => players[p.white].had_bye = true,
                }
            }
            if players.iter().filter(|p| p.active).count() < 2 {
                return Some(RoundPlan {
                    boards: players
                        .iter()
                        .enumerate()
                        .filter(|(_, p)| p.active)
                        .map(|(i, _)| (i, None, Some("bye")))
                        .collect(),
                });
            }
            let round_boards: Vec<Board> = pairing::swiss_round(&players, round as usize)?;
            for b in round_boards {
                boards.push(match b.black {
                    Some(black) => (b.white, Some(black), None),
                    None => (b.white, None, Some("bye")),
                });
            }
        }
    }
    Some(RoundPlan { boards })
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

/// The announcement of a round that just started.
fn round_reply(s: &Snapshot, round: i64, now: Millis) -> Reply {
    let mut lines = vec![format!("{}: round {round} begins.", s.title())];
    lines.extend(round_lines(s, round).into_iter().skip(1));
    lines.push(format!(
        "Each game is due move by move, {} per move; the first moves are due {}.",
        day_words(s.t.days),
        due_words(now + s.t.days * DAY, now)
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
fn standings_lines(s: &Snapshot) -> Vec<String> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_read_and_refuse() {
        let now = 1_700_000_000_000;
        let t = TournamentTerms::parse(
            "standard swiss rounds:4 days:2 players:8 name:Spring_Cup start:+2d",
            now,
        )
        .unwrap();
        assert_eq!(t.format, TournamentFormat::Swiss);
        assert_eq!(
            (t.rounds, t.days, t.max_players),
            (Some(4), Some(2), Some(8))
        );
        assert_eq!(t.name.as_deref(), Some("Spring Cup"));
        assert_eq!(t.starts_at, Some(now + 2 * DAY));
        let t = TournamentTerms::parse("multiverse format:double branches:31", now).unwrap();
        assert_eq!(t.format, TournamentFormat::DoubleRoundRobin);
        assert_eq!(t.options.branch_limit(), 31);
        for bad in [
            "",
            "swiss",
            "standard rounds:3",
            "standard swiss rounds:0",
            "standard players:1",
            "standard players:65",
            "standard start:yesterday",
            "standard start:2025-02-30",
            "standard name:@everyone",
            "standard blitz",
            "standard format:knockout",
        ] {
            assert!(TournamentTerms::parse(bad, now).is_err(), "{bad}");
        }
        assert_eq!(read_when("2023-11-14T22:13", 0).unwrap(), 1_699_999_980_000);
        assert_eq!(read_when("2000-01-02", 0).unwrap(), 946_684_800_000 + DAY);
        assert_eq!(read_when("2024-02-29 12:34", 0).unwrap(), 1_709_210_040_000);
        for bad in [
            "2025-02-29",
            "2025-02-31",
            "2025-13-01",
            "2025-04-31T10:00",
            "2025-01-01T24:00",
        ] {
            assert!(read_when(bad, 0).is_err(), "{bad}");
        }
    }
}
