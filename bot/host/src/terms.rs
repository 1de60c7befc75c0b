//! The terms of a challenge and of server settings, read from `key:value`
//! words (the console) or built from a transport's typed fields (Discord).

use std::fmt;
use std::str::FromStr;

use chronomate_model::DaysPerMove;
use chronomate_rules::{Options, Variant, quote, record};

use super::error::Refusal;
use super::text::variant_ids_words;
use super::types::Player;
use chronomate_engine::Level;

/// The fewest and most days per move a game may have.
pub(crate) const MIN_DAYS: i64 = DaysPerMove::MIN.get();
pub(crate) const MAX_DAYS: i64 = DaysPerMove::MAX.get();
/// The most hours before the deadline a reminder may be set to.
pub(crate) const MAX_REMINDER_HOURS: i64 = 336;

/// The colour the challenger asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ColourChoice {
    /// The challenger plays white.
    White,
    /// The challenger plays black.
    Black,
    /// Drawn by lot when the challenge is accepted.
    #[default]
    Random,
}

impl ColourChoice {
    /// The word stored and typed for it: `white`, `black`, `random`.
    pub const fn as_str(self) -> &'static str {
        match self {
            ColourChoice::White => "white",
            ColourChoice::Black => "black",
            ColourChoice::Random => "random",
        }
    }
}

impl fmt::Display for ColourChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for ColourChoice {
    type Err = Refusal;
    fn from_str(s: &str) -> Result<ColourChoice, Refusal> {
        match s.trim().to_ascii_lowercase().as_str() {
            "white" | "w" => Ok(ColourChoice::White),
            "black" | "b" => Ok(ColourChoice::Black),
            "random" | "r" | "any" => Ok(ColourChoice::Random),
            _ => Err(Refusal::Terms(format!(
                "colour is white, black or random, not {s:?}"
            ))),
        }
    }
}

/// A challenge as asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeTerms {
    /// `None`: open to anyone.
    pub opponent: Option<Player>,
    /// The variant.
    pub variant: Variant,
    /// The variant's options (`branches:31`), checked against it.
    pub options: Options,
    /// The challenger's colour.
    pub colour: ColourChoice,
    /// Days per move; `None`: the server's default.
    pub days: Option<i64>,
    /// Chronomate's level (1 to 8) when the opponent is Chronomate
    /// ([`Player::chronomate`]); `None`: the default level.
    pub level: Option<u8>,
}

impl ChallengeTerms {
    /// A challenge to anyone in `variant`, with every other term at its
    /// default.
    pub fn new(variant: Variant) -> ChallengeTerms {
        ChallengeTerms {
            opponent: None,
            variant,
            options: Options::none(variant),
            colour: ColourChoice::Random,
            days: None,
            level: None,
        }
    }

    /// The same terms, starting from the position a record's headers give
    /// (a puzzle, a custom board: for 5D chess 5DPGN's `Board`, 5DFEN
    /// boards and `Promotions`; for every variant Chronomate's own
    /// `[Options "..."]`), read as `chronomate replay` reads them. Refused
    /// when the terms set options too, when the record cannot be read, and
    /// when it has moves: a game starts from a position before any move.
    pub fn with_record(mut self, text: &str) -> Result<ChallengeTerms, Refusal> {
        if !self.options.is_empty() {
            return Err(Refusal::Terms(
                "give the variant's options or a record to start from, not both".to_owned(),
            ));
        }
        let read = record::read(self.variant, text)
            .map_err(|e| Refusal::Terms(format!("the record: {e}")))?;
        if !read.actions.is_empty() {
            return Err(Refusal::Terms(format!(
                "the record has {} moves after its start: a challenge starts from a record's starting position (its headers), before any move; give the position to play from as its start (for 5D chess, 5DFEN boards)",
                read.actions.len()
            )));
        }
        self.options = read.options;
        Ok(self)
    }

    /// Reads `VARIANT [days:N] [colour:white|black|random] [white|black|random]
    /// [level:N] [variant options such as branches:21]`; the variant may
    /// also be written `variant:NAME`, anywhere.
    pub fn parse(words: &str) -> Result<ChallengeTerms, Refusal> {
        let mut variant = None;
        let mut days = None;
        let mut colour = ColourChoice::Random;
        let mut level = None;
        let mut rest = Vec::new();
        for word in words.split_whitespace() {
            match word.split_once([':', '=']) {
                Some((key, value)) => match key.to_ascii_lowercase().as_str() {
                    "variant" | "game" => variant = Some(read_variant(value)?),
                    "days" | "day" => days = Some(read_days(value)?.get()),
                    "colour" | "color" | "side" => colour = value.parse()?,
                    "level" | "lvl" => level = Some(read_level(value)?),
                    _ => rest.push((key, value)),
                },
                None => {
                    if let Ok(c) = word.parse::<ColourChoice>() {
                        colour = c;
                    } else if variant.is_none() {
                        variant = Some(read_variant(word)?);
                    } else {
                        return Err(Refusal::Terms(format!(
                            "cannot read {:?}: write options as key:value, like days:3",
                            quote(word)
                        )));
                    }
                }
            }
        }
        let variant = variant
            .ok_or_else(|| Refusal::Terms(format!("name the variant: {}", variant_ids_words())))?;
        let options =
            Options::from_pairs(variant, rest).map_err(|e| Refusal::Terms(e.to_string()))?;
        Ok(ChallengeTerms {
            opponent: None,
            variant,
            options,
            colour,
            days,
            level,
        })
    }
}

/// Reads Chronomate's level, 1 to 8.
pub(crate) fn read_level(text: &str) -> Result<u8, Refusal> {
    text.parse::<Level>().map(Level::get).map_err(|_| {
        Refusal::Terms(format!(
            "Chronomate's level is a whole number from {} (weakest) to {} (strongest), not {text:?}",
            Level::MIN.get(),
            Level::MAX.get()
        ))
    })
}

/// Reads a variant's id, refusing an unknown one with the list of ids.
pub fn read_variant(text: &str) -> Result<Variant, Refusal> {
    text.parse()
        .map_err(|e: chronomate_rules::UnknownVariant| Refusal::Terms(e.to_string()))
}

/// Reads days per move, 1 to 14.
pub(crate) fn read_days(text: &str) -> Result<DaysPerMove, Refusal> {
    match text.trim().parse::<i64>().ok().and_then(DaysPerMove::new) {
        Some(days) => Ok(days),
        None => Err(Refusal::Terms(format!(
            "days per move are a whole number from {MIN_DAYS} to {MAX_DAYS}, not {text:?}"
        ))),
    }
}

/// Changes to a server's settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SettingsChange {
    /// Days per move when a challenge names none (1 to 14).
    pub default_days: Option<i64>,
    /// Hours before a deadline the reminder goes out (0: never).
    pub reminder_hours: Option<i64>,
}

impl SettingsChange {
    /// Whether it changes nothing.
    pub fn is_empty(&self) -> bool {
        *self == SettingsChange::default()
    }

    /// Reads `days:N reminder:HOURS`.
    pub fn parse(words: &str) -> Result<SettingsChange, Refusal> {
        let mut change = SettingsChange::default();
        for word in words.split_whitespace() {
            let (key, value) = word.split_once([':', '=']).ok_or_else(|| {
                Refusal::BadSetting(format!(
                    "cannot read {:?}: write days:N or reminder:HOURS",
                    quote(word)
                ))
            })?;
            match key.to_ascii_lowercase().as_str() {
                "days" | "default_days" => {
                    change.default_days = Some(
                        read_days(value)
                            .map_err(|e| Refusal::BadSetting(e.to_string()))?
                            .get(),
                    )
                }
                "reminder" | "reminder_hours" | "remind" => {
                    change.reminder_hours = Some(read_reminder(value)?)
                }
                other => {
                    return Err(Refusal::BadSetting(format!(
                        "unknown setting {other:?}: the settings are days and reminder"
                    )));
                }
            }
        }
        Ok(change)
    }
}

/// Reads reminder hours, 0 (never) to 336.
pub(crate) fn read_reminder(text: &str) -> Result<i64, Refusal> {
    let text = text.trim();
    let number = text.strip_suffix('h').unwrap_or(text);
    match number.parse::<i64>() {
        Ok(n) if (0..=MAX_REMINDER_HOURS).contains(&n) => Ok(n),
        _ => Err(Refusal::BadSetting(format!(
            "reminder hours are a whole number from 0 (never) to {MAX_REMINDER_HOURS}, not {text:?}"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms() {
        let t = ChallengeTerms::parse("multiverse days:5 colour:black branches:31").unwrap();
        assert_eq!(t.variant, Variant::Multiverse);
        assert_eq!(t.days, Some(5));
        assert_eq!(t.colour, ColourChoice::Black);
        assert_eq!(t.options.to_string(), "branches:31");
        assert_eq!(
            ChallengeTerms::parse("standard level:8").unwrap().level,
            Some(8)
        );
        let t = ChallengeTerms::parse("white variant:standard").unwrap();
        assert_eq!(
            (t.variant, t.colour, t.days),
            (Variant::Standard, ColourChoice::White, None)
        );
        for bad in [
            "",
            "days:3",
            "chess960",
            "standard days:0",
            "standard days:15",
            "standard days:x",
            "standard branches:21",
            "standard colour:green",
            "standard blitz",
            "standard level:0",
            "standard level:9",
        ] {
            assert!(ChallengeTerms::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn settings() {
        let s = SettingsChange::parse("days:7 reminder:12h").unwrap();
        assert_eq!(s.default_days, Some(7));
        assert_eq!(s.reminder_hours, Some(12));
        assert!(SettingsChange::parse("").unwrap().is_empty());
        for bad in [
            "days:0",
            "reminder:-1",
            "reminder:400",
            "colour:white",
            "days",
        ] {
            assert!(SettingsChange::parse(bad).is_err(), "{bad}");
        }
    }
}
