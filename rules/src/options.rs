//! A variant's own options, fixed when a game is created.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::Variant;
use crate::error::quote;

/// The multiverse branch limit when the challenge names none (E-6).
pub const DEFAULT_BRANCH_LIMIT: u16 = 21;
/// The largest multiverse branch limit a challenge may set (E-6).
pub const MAX_BRANCH_LIMIT: u16 = 1001;

/// A variant's own options, fixed when the game is created.
///
/// Written `key:value` (or `key=value`), separated by spaces. Each option
/// belongs to one variant; naming it for another is an error, so a typo never
/// silently changes a game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Options {
    /// Multiverse: the odd branch limit, 1 to 1001 (E-6). `None` means 21.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub branches: Option<u16>,
    /// Many Worlds: each board knows whose move it is (M-6).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub turns: bool,
    /// 5D: a named board (F-12), as its slug (`standard-turn-zero`).
    /// `None` means Standard.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// 5D: a custom start, its 5DFEN boards written without spaces
    /// (`[4k/5/5/5/K1R2:0:1:w]`, several one after another).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// 5D: what pawns and brawns promote to (F-9), as letters (`QNRB`);
    /// `None` means the board's own (a queen; a princess on Princess).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promotions: Option<String>,
}

impl Options {
    /// Reads options for `variant` from `key:value` words.
    pub fn parse(variant: Variant, text: &str) -> Result<Options, OptionError> {
        let pairs = text
            .split_whitespace()
            .map(|word| {
                word.split_once([':', '='])
                    .ok_or_else(|| OptionError::Malformed(quote(word)))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Options::from_pairs(variant, pairs)
    }

    /// Reads options for `variant` from `(key, value)` pairs.
    ///
    /// Each option may be given once: `branches:3 branches:5` is refused
    /// rather than taking the last, so a typo never silently wins.
    pub fn from_pairs<'a>(
        variant: Variant,
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Options, OptionError> {
        let mut options = Options::default();
        let mut seen: Vec<&'static str> = Vec::new();
        for (key, value) in pairs {
            let name = options.set(variant, key, value)?;
            if seen.contains(&name) {
                return Err(OptionError::Twice(name));
            }
            seen.push(name);
        }
        options.validate(variant)?;
        Ok(options)
    }

    /// Sets one option for `variant`, checking that it belongs to it;
    /// returns the option's canonical name.
    fn set(
        &mut self,
        variant: Variant,
        key: &str,
        value: &str,
    ) -> Result<&'static str, OptionError> {
        let key = key.trim().to_ascii_lowercase();
        let value = value.trim();
        match key.as_str() {
            "branches" | "branch_limit" | "limit" => {
                expect_variant(variant, Variant::Multiverse, "branches")?;
                let n: u16 = value
                    .parse()
                    .map_err(|_| OptionError::BranchLimit(quote(value)))?;
                if n == 0 || n.is_multiple_of(2) || n > MAX_BRANCH_LIMIT {
                    return Err(OptionError::BranchLimit(quote(value)));
                }
                self.branches = Some(n);
                Ok("branches")
            }
            "turns" => {
                expect_variant(variant, Variant::ManyWorlds, "turns")?;
                self.turns = match value.to_ascii_lowercase().as_str() {
                    "on" | "yes" | "true" | "1" => true,
                    "off" | "no" | "false" | "0" => false,
                    _ => return Err(OptionError::Switch("turns", quote(value))),
                };
                Ok("turns")
            }
            "board" => {
                expect_variant(variant, Variant::FiveD, "board")?;
                let named = crate::fived::boards::find(value)
                    .ok_or_else(|| OptionError::UnknownBoard(quote(value)))?;
                self.board = Some(crate::fived::boards::slug(named.name));
                Ok("board")
            }
            "fen" | "5dfen" => {
                expect_variant(variant, Variant::FiveD, "fen")?;
                crate::fived::boards::custom_setup(value, None)
                    .map_err(|reason| OptionError::Fen(quote(&reason.to_string())))?;
                self.fen = Some(value.chars().filter(|c| !c.is_whitespace()).collect());
                Ok("fen")
            }
            "promotions" | "promotion" => {
                expect_variant(variant, Variant::FiveD, "promotions")?;
                let pieces = crate::fived::boards::read_promotions(value)
                    .map_err(|reason| OptionError::Promotions(quote(&reason.to_string())))?;
                self.promotions = Some(pieces.iter().map(|p| p.letter()).collect());
                Ok("promotions")
            }
            _ => Err(OptionError::Unknown(quote(&key))),
        }
    }

    /// The multiverse branch limit in force (E-6).
    pub fn branch_limit(&self) -> u16 {
        self.branches.unwrap_or(DEFAULT_BRANCH_LIMIT)
    }

    /// Checks every option belongs to `variant`.
    pub fn validate(&self, variant: Variant) -> Result<(), OptionError> {
        if let Some(n) = self.branches {
            expect_variant(variant, Variant::Multiverse, "branches")?;
            if n == 0 || n.is_multiple_of(2) || n > MAX_BRANCH_LIMIT {
                return Err(OptionError::BranchLimit(n.to_string()));
            }
        }
        if self.turns {
            expect_variant(variant, Variant::ManyWorlds, "turns")?;
        }
        for (key, set) in [
            ("board", self.board.is_some()),
            ("fen", self.fen.is_some()),
            ("promotions", self.promotions.is_some()),
        ] {
            if set {
                expect_variant(variant, Variant::FiveD, key)?;
            }
        }
        if variant == Variant::FiveD {
            crate::fived::setup_of(self)?;
        }
        Ok(())
    }

    /// Whether no option is set: the variant is played as it comes.
    pub fn is_empty(&self) -> bool {
        *self == Options::default()
    }
}

impl fmt::Display for Options {
    /// The canonical `key:value` words, empty for no options.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut words = Vec::new();
        if let Some(n) = self.branches {
            words.push(format!("branches:{n}"));
        }
        if self.turns {
            words.push("turns:on".to_owned());
        }
        if let Some(b) = &self.board {
            words.push(format!("board:{b}"));
        }
        if let Some(fen) = &self.fen {
            words.push(format!("fen:{fen}"));
        }
        if let Some(p) = &self.promotions {
            words.push(format!("promotions:{p}"));
        }
        f.write_str(&words.join(" "))
    }
}

fn expect_variant(variant: Variant, owner: Variant, key: &'static str) -> Result<(), OptionError> {
    if variant == owner {
        Ok(())
    } else {
        Err(OptionError::NotForVariant {
            key,
            owner,
            variant,
        })
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

    #[test]
    fn options_belong_to_their_variant() {
        let o = Options::parse(Variant::Multiverse, "branches:31").unwrap();
        assert_eq!(o.branch_limit(), 31);
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
        assert!(fen.validate(Variant::FiveD).is_ok());
        assert!(matches!(
            Options::parse(Variant::FiveD, "fen:[4k/6:0:1:w]"),
            Err(OptionError::Fen(_))
        ));
        assert_eq!(
            Options::parse(Variant::FiveD, "board:standard fen:[4k/5/5/5/K1R2:0:1:w]")
                .and_then(|o| o.validate(Variant::FiveD).map(|()| o)),
            Err(OptionError::BoardAndFen)
        );
        let t = Options::parse(Variant::ManyWorlds, "turns=on").unwrap();
        assert!(t.turns);
        assert_eq!(
            Options::parse(Variant::ManyWorlds, "").unwrap(),
            Options::default()
        );
    }
}
