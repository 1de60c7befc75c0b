//! A tournament as asked for: `VARIANT [format:F] [rounds:N] ...`, and
//! the start time and name it may carry.

use chronomate_model::{Span, Timestamp, TournamentFormat};
use chronomate_rules::{Options, Variant, quote};

use super::MAX_PLAYERS;
use crate::clock::{DAY, HOUR, MINUTE, SECOND};
use crate::text::variant_ids_words;
use crate::{Refusal, read_days, read_variant};

/// A tournament as asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentTerms {
    /// Its name; `None`: one is made up from the variant and format.
    pub name: Option<String>,
    /// The variant every game is played in.
    pub variant: Variant,
    /// The variant's options, checked against it.
    pub options: Options,
    /// How it pairs its players.
    pub format: TournamentFormat,
    /// Swiss only.
    pub rounds: Option<i64>,
    /// Days per move; `None`: the server's default.
    pub days: Option<i64>,
    /// The most entrants; `None`: the default (16).
    pub max_players: Option<i64>,
    /// When it starts by itself; `None`: when its organiser starts it.
    pub starts_at: Option<Timestamp>,
}

impl TournamentTerms {
    /// A tournament in `variant` and `format`, every other term at its
    /// default.
    pub fn new(variant: Variant, format: TournamentFormat) -> TournamentTerms {
        TournamentTerms {
            name: None,
            variant,
            options: Options::none(variant),
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
    pub fn parse(words: &str, now: Timestamp) -> Result<TournamentTerms, Refusal> {
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
                    "days" | "day" => days = Some(read_days(value)?.get()),
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
                            "cannot read {:?}: write settings as key:value, like rounds:5",
                            quote(word)
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
        let options = Options::from_pairs(variant, rest).map_err(|e| bad(e.to_string()))?;
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
pub(crate) fn read_tournament_name(text: &str) -> Result<String, Refusal> {
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
pub fn read_when(text: &str, now: Timestamp) -> Result<Timestamp, Refusal> {
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
        if !(Span::ZERO..=60 * DAY).contains(&(n * unit)) {
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
    let seconds = time::PrimitiveDateTime::new(date, at)
        .assume_utc()
        .unix_timestamp();
    Ok(Timestamp::EPOCH + seconds * SECOND)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_read_and_refuse() {
        let now = Timestamp::from_millis(1_700_000_000_000);
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
        assert_eq!(t.options.to_string(), "branches:31");
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
        assert_eq!(
            read_when("2023-11-14T22:13", Timestamp::from_millis(0)).unwrap(),
            Timestamp::from_millis(1_699_999_980_000)
        );
        assert_eq!(
            read_when("2000-01-02", Timestamp::from_millis(0)).unwrap(),
            Timestamp::from_millis(946_684_800_000) + DAY
        );
        assert_eq!(
            read_when("2024-02-29 12:34", Timestamp::from_millis(0)).unwrap(),
            Timestamp::from_millis(1_709_210_040_000)
        );
        for bad in [
            "2025-02-29",
            "2025-02-31",
            "2025-13-01",
            "2025-04-31T10:00",
            "2025-01-01T24:00",
        ] {
            assert!(read_when(bad, Timestamp::from_millis(0)).is_err(), "{bad}");
        }
    }
}
