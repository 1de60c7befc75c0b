//! A variant's own options, fixed when a game is created.
//!
//! Each variant names its options' type ([`crate::Rules::Options`], a
//! [`VariantOptions`]): [`NoOptions`] for the variants played one way only,
//! [`crate::multiverse::MultiverseOptions`],
//! [`crate::manyworlds::ManyWorldsOptions`] and
//! [`crate::fived::FiveDOptions`] for the others. [`Options`] is any one of
//! them, read once from a challenge's `key:value` words by
//! [`Options::parse`] and valid from then on: a game is created from it
//! without a second check, and nothing is swapped for a default.

use std::fmt;
use std::hash::Hash;

use serde::{Deserialize, Serialize};

use crate::error::quote;
use crate::{Options, Variant};

/// One variant's options as its own type: what a challenge may set, read
/// once from `key:value` words, and valid by construction.
///
/// Its [`fmt::Display`] writes the canonical words (empty when nothing is
/// set), which [`Options::parse`] reads back to an equal value; its
/// [`Serialize`] form is what a game's snapshot stores.
pub trait VariantOptions:
    Clone + fmt::Debug + Default + PartialEq + Eq + Hash + fmt::Display + Serialize + Send + Sync
{
    /// The options' names, each with the spellings a challenge may use;
    /// the first spelling is the canonical name.
    const NAMES: &'static [&'static [&'static str]];

    /// Reads the options from their words, each option at most once and
    /// named by its canonical name (the value trimmed).
    ///
    /// # Errors
    /// A value the option cannot take, or options that do not go together.
    fn read(words: &[(&'static str, &str)]) -> Result<Self, OptionError>;
}

/// The options of a variant played one way only: none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct NoOptions {}

impl VariantOptions for NoOptions {
    const NAMES: &'static [&'static [&'static str]] = &[];

    fn read(_words: &[(&'static str, &str)]) -> Result<Self, OptionError> {
        Ok(NoOptions {})
    }
}

impl fmt::Display for NoOptions {
    fn fmt(&self, _f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Ok(())
    }
}

impl Options {
    /// Reads options for `variant` from `key:value` words.
    ///
    /// # Errors
    /// A word that is not `key:value`, and what [`Options::from_pairs`]
    /// refuses.
    pub fn parse(variant: Variant, text: &str) -> Result<Options, OptionError> {
        Options::from_pairs(variant, split_words(text)?)
    }

    /// Reads options for `variant` from `(key, value)` pairs.
    ///
    /// Each option may be given once: `branches:3 branches:5` is refused
    /// rather than taking the last, so a typo never silently wins.
    ///
    /// # Errors
    /// An option no variant has, one of another variant, one given twice,
    /// or a value the variant's options refuse.
    pub fn from_pairs<'a>(
        variant: Variant,
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Options, OptionError> {
        Options::read(variant, &own_words(variant, pairs)?)
    }

    /// Whether no option is set: the variant is played as it comes (its
    /// words are empty).
    pub fn is_empty(&self) -> bool {
        self.to_string().is_empty()
    }
}

impl From<Variant> for Options {
    /// The variant played as it comes.
    fn from(variant: Variant) -> Options {
        Options::none(variant)
    }
}

/// Splits `key:value` (or `key=value`) words.
fn split_words(text: &str) -> Result<Vec<(&str, &str)>, OptionError> {
    text.split_whitespace()
        .map(|word| {
            word.split_once([':', '='])
                .ok_or_else(|| OptionError::Malformed(quote(word)))
        })
        .collect()
}

/// Checks that each pair names an option of `variant`, once; gives each
/// its canonical name and its value trimmed.
fn own_words<'a>(
    variant: Variant,
    pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Result<Vec<(&'static str, &'a str)>, OptionError> {
    let mut words: Vec<(&'static str, &str)> = Vec::new();
    for (key, value) in pairs {
        let key = key.trim().to_ascii_lowercase();
        let (owner, name) = owner_of(&key).ok_or_else(|| OptionError::Unknown(quote(&key)))?;
        if owner != variant {
            return Err(OptionError::NotForVariant {
                key: name,
                owner,
                variant,
            });
        }
        if words.iter().any(|(seen, _)| *seen == name) {
            return Err(OptionError::Twice(name));
        }
        words.push((name, value.trim()));
    }
    Ok(words)
}

/// Reads `variant`'s own options type from `key:value` words, with the
/// checks of [`Options::parse`].
pub(crate) fn parse_own<O: VariantOptions>(variant: Variant, text: &str) -> Result<O, OptionError> {
    O::read(&own_words(variant, split_words(text)?)?)
}

/// The variant that has an option spelled `key`, with its canonical name.
fn owner_of(key: &str) -> Option<(Variant, &'static str)> {
    Variant::ALL.iter().find_map(|&variant| {
        variant
            .option_names()
            .iter()
            .find(|spellings| spellings.contains(&key))
            .map(|spellings| (variant, spellings[0]))
    })
}

/// Options as a game's snapshot stores them: every variant's fields side
/// by side, as they were written before each variant had its own type.
/// Read back through [`Options::from_pairs`], so a snapshot holds no option
/// the words could not.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct StoredOptions {
    #[serde(default)]
    branches: Option<u16>,
    #[serde(default)]
    turns: bool,
    #[serde(default)]
    board: Option<String>,
    #[serde(default)]
    fen: Option<String>,
    #[serde(default)]
    promotions: Option<String>,
}

impl StoredOptions {
    /// The options for `variant` these fields hold.
    pub(crate) fn read(self, variant: Variant) -> Result<Options, OptionError> {
        let mut words: Vec<(&str, String)> = Vec::new();
        if let Some(n) = self.branches {
            words.push(("branches", n.to_string()));
        }
        if self.turns {
            words.push(("turns", "on".to_owned()));
        }
        for (key, value) in [
            ("board", self.board),
            ("fen", self.fen),
            ("promotions", self.promotions),
        ] {
            if let Some(value) = value {
                words.push((key, value));
            }
        }
        Options::from_pairs(variant, words.iter().map(|(k, v)| (*k, v.as_str())))
    }
}

/// Why options could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// A word is not `key:value` (nor `key=value`).
    #[error("cannot read option {0:?}: write key:value, like branches:21")]
    Malformed(String),
    #[error(
        "unknown option {0:?}: the options are branches (multiverse), turns (manyworlds), and board, fen and promotions (5d)"
    )]
    /// No variant has an option of that name.
    Unknown(String),
    /// The option exists but belongs to another variant than the game's.
    #[error("option {key} belongs to {owner}, not {variant}")]
    NotForVariant {
        /// The option's canonical name.
        key: &'static str,
        /// The variant the option belongs to.
        owner: Variant,
        /// The variant the game is of.
        variant: Variant,
    },
    /// The multiverse branch limit is not an odd number from 1 to 1001 (E-6).
    #[error("the branch limit must be an odd number from 1 to 1001, not {0:?}")]
    BranchLimit(String),
    /// A switch (`turns`) is given a value other than on or off.
    #[error("option {0} is on or off, not {1:?}")]
    Switch(&'static str, String),
    /// The same option is given twice, even with the same value.
    #[error("option {0} is given twice: give each option once")]
    Twice(&'static str),
    /// `board:` names no 5D board (F-12).
    #[error("no 5D board is named {0:?}: /rules 5d lists them (like board:turn-zero)")]
    UnknownBoard(String),
    /// `fen:` is no 5DFEN start a game can begin from.
    #[error("cannot read the 5DFEN start: {0}")]
    Fen(String),
    /// `promotions:` lists no man, or one a pawn may not become: a pawn, a
    /// brawn or a royal man (F-9).
    #[error("cannot read the promotions: {0} (write letters, like promotions:QNRB)")]
    Promotions(String),
    /// Both `board:` and `fen:` are given: a 5D game starts from one.
    #[error("give a named board or a 5DFEN start, not both")]
    BoardAndFen,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::manyworlds::ManyWorldsOptions;

    fn limit(o: &Options) -> Option<u16> {
        match o {
            Options::Multiverse(m) => Some(m.branch_limit()),
            _ => None,
        }
    }

    #[test]
    fn options_belong_to_their_variant() {
        let o = Options::parse(Variant::Multiverse, "branches:31").unwrap();
        assert_eq!(limit(&o), Some(31));
        assert_eq!(o.to_string(), "branches:31");
        assert_eq!(Options::parse(Variant::Multiverse, &o.to_string()), Ok(o));
        assert!(matches!(
            Options::parse(Variant::Standard, "branches:31"),
            Err(OptionError::NotForVariant { .. })
        ));
        assert!(Options::parse(Variant::Multiverse, "branches:20").is_err());
        assert!(Options::parse(Variant::Multiverse, "branches:1003").is_err());
        assert_eq!(
            Options::parse(Variant::Multiverse, "branches:3 branches:5"),
            Err(OptionError::Twice("branches"))
        );
        assert_eq!(
            Options::parse(Variant::Multiverse, "branches:3 limit:3"),
            Err(OptionError::Twice("branches"))
        );
        assert_eq!(
            Options::parse(Variant::ManyWorlds, "turns:on turns:off"),
            Err(OptionError::Twice("turns"))
        );
        let long = "x".repeat(1_000_000);
        let e = Options::parse(Variant::Multiverse, &format!("branches:{long}")).unwrap_err();
        assert!(e.to_string().len() < 200, "{}", e.to_string().len());
        let b = Options::parse(Variant::FiveD, "board:TurnZero").unwrap();
        assert_eq!(b.to_string(), "board:standard-turn-zero");
        assert_eq!(Options::parse(Variant::FiveD, &b.to_string()), Ok(b));
        assert!(matches!(
            Options::parse(Variant::Standard, "board:turn-zero"),
            Err(OptionError::NotForVariant { .. })
        ));
        assert!(matches!(
            Options::parse(Variant::FiveD, "board:nowhere"),
            Err(OptionError::UnknownBoard(_))
        ));
        let fen =
            Options::parse(Variant::FiveD, "fen:[4k/5/5/5/K1R2:0:1:w] promotions:Q,R").unwrap();
        assert_eq!(fen.to_string(), "fen:[4k/5/5/5/K1R2:0:1:w] promotions:QR");
        assert!(matches!(
            Options::parse(Variant::FiveD, "fen:[4k/6:0:1:w]"),
            Err(OptionError::Fen(_))
        ));
        assert_eq!(
            Options::parse(Variant::FiveD, "board:standard fen:[4k/5/5/5/K1R2:0:1:w]"),
            Err(OptionError::BoardAndFen)
        );
        let t = Options::parse(Variant::ManyWorlds, "turns=on").unwrap();
        assert_eq!(t, Options::ManyWorlds(ManyWorldsOptions { turns: true }));
        assert_eq!(
            Options::parse(Variant::ManyWorlds, "").unwrap(),
            Options::from(Variant::ManyWorlds)
        );
        assert!(matches!(
            Options::parse(Variant::Standard, "nonsense:1"),
            Err(OptionError::Unknown(_))
        ));
    }

    /// Every variant's words read back to the same options, and a
    /// snapshot's stored form reads back to them too.
    #[test]
    fn words_and_stored_form_read_back() {
        for (variant, text) in [
            (Variant::Standard, ""),
            (Variant::Multiverse, "branches:5"),
            (Variant::Multiverse, ""),
            (Variant::ManyWorlds, "turns:on"),
            (Variant::FiveD, "board:standard-turn-zero promotions:QN"),
            (Variant::FiveD, "fen:[4k/5/5/5/K1R2:0:1:w]"),
            (Variant::FiveD, ""),
        ] {
            let options = Options::parse(variant, text).unwrap();
            assert_eq!(options.to_string(), text);
            assert_eq!(options.variant(), variant);
            assert_eq!(options.is_empty(), text.is_empty());
            let json = serde_json::to_string(&options).unwrap();
            let stored: StoredOptions = serde_json::from_str(&json).unwrap();
            assert_eq!(stored.read(variant), Ok(options), "{json}");
        }
    }
}
