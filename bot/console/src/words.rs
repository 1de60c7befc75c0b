//! The words of a console command, each read on its own: a player's
//! name, a game's, challenge's or tournament's id, a variant. A word that
//! cannot be read gets a [`ParseError`] saying what was expected.

use chronomate_host::{ChallengeId, GameId, TournamentId};
use chronomate_rules::{Variant, quote};

/// A line that is no command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub(crate) struct ParseError(pub String);

pub(crate) fn err<T>(message: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError(message.into()))
}

/// The longest name `/as` accepts.
pub(crate) const MAX_NAME: usize = 32;

/// Reads a player name (an `@` in front is allowed).
pub(crate) fn read_name(word: &str) -> Result<String, ParseError> {
    let name = word.strip_prefix('@').unwrap_or(word);
    let ok = !name.is_empty()
        && name.chars().count() <= MAX_NAME
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'));
    if ok {
        Ok(name.to_owned())
    } else {
        err(format!(
            "{:?} is not a player name: use letters, digits, _ - . (at most {MAX_NAME})",
            quote(word)
        ))
    }
}

/// Whether a name (an `@` in front allowed) is Chronomate's own.
pub(crate) fn is_chronomate(word: &str) -> bool {
    word.strip_prefix('@')
        .unwrap_or(word)
        .eq_ignore_ascii_case("chronomate")
}

/// An id the console reads as `7`, `#7` or `KEY:7` (`game:7`).
pub(crate) trait TypedId: Sized {
    /// What it names: `game`, `challenge`, `tournament`.
    const KEY: &'static str;
    fn new(id: i64) -> Self;
}

impl TypedId for GameId {
    const KEY: &'static str = "game";
    fn new(id: i64) -> GameId {
        GameId(id)
    }
}

impl TypedId for ChallengeId {
    const KEY: &'static str = "challenge";
    fn new(id: i64) -> ChallengeId {
        ChallengeId(id)
    }
}

impl TypedId for TournamentId {
    const KEY: &'static str = "tournament";
    fn new(id: i64) -> TournamentId {
        TournamentId(id)
    }
}

/// Reads `7`, `#7`, `game:7` (or `challenge:7`, `tournament:7`, as `T`
/// names).
fn read_id<T: TypedId>(word: &str) -> Option<T> {
    let lower = word.to_ascii_lowercase();
    let digits = lower
        .strip_prefix('#')
        .or_else(|| {
            lower
                .strip_prefix(T::KEY)
                .and_then(|r| r.strip_prefix([':', '=']))
        })
        .unwrap_or(&lower);
    digits
        .parse::<i64>()
        .ok()
        .filter(|n| *n > 0 && digits.bytes().all(|b| b.is_ascii_digit()))
        .map(T::new)
}

/// An optional single id as the whole argument.
pub(crate) fn only_id<T: TypedId>(args: &[&str], usage: &str) -> Result<Option<T>, ParseError> {
    match args {
        [] => Ok(None),
        [one] => match read_id(one) {
            Some(id) => Ok(Some(id)),
            None => err(format!(
                "cannot read {:?} as a {} number; usage: {usage}",
                quote(one),
                T::KEY
            )),
        },
        _ => err(format!("too many words; usage: {usage}")),
    }
}

/// Splits a leading game reference (`#7`, `game:7`) off the words.
pub(crate) fn leading_game<'a>(args: &'a [&'a str]) -> (Option<GameId>, &'a [&'a str]) {
    match args.split_first() {
        Some((first, rest))
            if first.starts_with('#') || first.to_ascii_lowercase().starts_with("game") =>
        {
            match read_id(first) {
                Some(id) => (Some(id), rest),
                None => (None, args),
            }
        }
        _ => (None, args),
    }
}

pub(crate) fn read_variant_word(word: &str) -> Result<Variant, ParseError> {
    word.parse()
        .map_err(|e: chronomate_rules::UnknownVariant| ParseError(e.to_string()))
}
