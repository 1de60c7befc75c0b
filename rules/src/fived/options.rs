//! A 5D game's options: the board it starts from and what pawns promote
//! to (F-12, F-9), read once into the [`Setup`] they make.

use std::fmt;
use std::hash::{Hash, Hasher};

use serde::{Serialize, Serializer};

use super::Setup;
use super::boards::{self, NamedBoard};
use super::man::Piece;
use crate::error::quote;
use crate::{OptionError, VariantOptions};

/// Where a 5D game starts (F-12).
#[derive(Clone, Debug, Default)]
pub enum Start {
    /// The Standard board, named by no option.
    #[default]
    Standard,
    /// A named board, named by `board:`.
    Named(&'static NamedBoard),
    /// A custom start: its 5DFEN boards written without spaces.
    Fen(String),
}

/// A 5D game's options (F-12, F-9) and the setup they make, built once
/// when they are read.
#[derive(Clone, Debug)]
pub struct FiveDOptions {
    start: Start,
    promotions: Option<Vec<Piece>>,
    setup: Setup,
}

impl Default for FiveDOptions {
    /// The Standard board, promoting to a queen.
    fn default() -> FiveDOptions {
        FiveDOptions {
            start: Start::Standard,
            promotions: None,
            setup: boards::standard_setup(),
        }
    }
}

impl FiveDOptions {
    /// Options starting from `start`, promoting to `promotions` (the
    /// board's own, a queen or a princess, when `None`).
    ///
    /// # Errors
    /// [`OptionError::Fen`] for a start that cannot be read or played
    /// from, [`OptionError::Promotions`] for an empty list.
    pub fn new(start: Start, promotions: Option<Vec<Piece>>) -> Result<FiveDOptions, OptionError> {
        let fen_error = |reason: String| OptionError::Fen(quote(&reason));
        let mut setup = match &start {
            Start::Standard => boards::standard_setup(),
            Start::Named(named) => {
                boards::named_setup(named).map_err(|r| fen_error(r.to_string()))?
            }
            Start::Fen(fen) => {
                boards::custom_setup(fen, None).map_err(|r| fen_error(r.to_string()))?
            }
        };
        if let Some(pieces) = &promotions {
            if pieces.is_empty() {
                return Err(OptionError::Promotions("no man is named".to_owned()));
            }
            setup.promotions = pieces.clone();
        }
        Ok(FiveDOptions {
            start,
            promotions,
            setup,
        })
    }

    /// Reads 5D options from `key:value` words (`board:turn-zero`), as
    /// [`crate::Options::parse`] does.
    ///
    /// # Errors
    /// As [`crate::Options::parse`].
    pub fn parse(text: &str) -> Result<FiveDOptions, OptionError> {
        crate::options::parse_own(crate::Variant::FiveD, text)
    }

    /// Where the game starts.
    pub fn start(&self) -> &Start {
        &self.start
    }

    /// What pawns promote to, where the options name it.
    pub fn promotions(&self) -> Option<&[Piece]> {
        self.promotions.as_deref()
    }

    /// The setup the options make: the boards, their size, the promotions.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The `board:` word's value, a named board's slug.
    fn board_word(&self) -> Option<String> {
        match &self.start {
            Start::Named(named) => Some(boards::slug(named.name)),
            Start::Standard | Start::Fen(_) => None,
        }
    }

    fn fen_word(&self) -> Option<&str> {
        match &self.start {
            Start::Fen(fen) => Some(fen),
            Start::Standard | Start::Named(_) => None,
        }
    }

    fn promotions_word(&self) -> Option<String> {
        self.promotions
            .as_ref()
            .map(|pieces| pieces.iter().map(|p| p.letter()).collect())
    }
}

impl VariantOptions for FiveDOptions {
    const NAMES: &'static [&'static [&'static str]] =
        &[&["board"], &["fen", "5dfen"], &["promotions", "promotion"]];

    fn read(words: &[(&'static str, &str)]) -> Result<Self, OptionError> {
        let mut start = Start::Standard;
        let mut promotions = None;
        for &(name, value) in words {
            match name {
                "board" => {
                    if matches!(start, Start::Fen(_)) {
                        return Err(OptionError::BoardAndFen);
                    }
                    let named = boards::find(value)
                        .ok_or_else(|| OptionError::UnknownBoard(quote(value)))?;
                    start = Start::Named(named);
                }
                "fen" => {
                    if matches!(start, Start::Named(_)) {
                        return Err(OptionError::BoardAndFen);
                    }
                    start = Start::Fen(value.chars().filter(|c| !c.is_whitespace()).collect());
                }
                _promotions => {
                    let pieces = boards::read_promotions(value)
                        .map_err(|reason| OptionError::Promotions(quote(&reason.to_string())))?;
                    promotions = Some(pieces);
                }
            }
        }
        FiveDOptions::new(start, promotions)
    }
}

impl fmt::Display for FiveDOptions {
    /// `board:NAME`, `fen:[...]` and `promotions:LETTERS`, those set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words = [
            self.board_word().map(|b| format!("board:{b}")),
            self.fen_word().map(|fen| format!("fen:{fen}")),
            self.promotions_word().map(|p| format!("promotions:{p}")),
        ];
        let words: Vec<String> = words.into_iter().flatten().collect();
        f.write_str(&words.join(" "))
    }
}

/// Options are equal when their words are: the setup follows from them.
impl PartialEq for FiveDOptions {
    fn eq(&self, other: &FiveDOptions) -> bool {
        self.to_string() == other.to_string()
    }
}

impl Eq for FiveDOptions {}

impl Hash for FiveDOptions {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.to_string().hash(state);
    }
}

/// The stored form: the words' values under their names, those set.
impl Serialize for FiveDOptions {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Words<'a> {
            #[serde(skip_serializing_if = "Option::is_none")]
            board: Option<String>,
            #[serde(skip_serializing_if = "Option::is_none")]
            fen: Option<&'a str>,
            #[serde(skip_serializing_if = "Option::is_none")]
            promotions: Option<String>,
        }
        Words {
            board: self.board_word(),
            fen: self.fen_word(),
            promotions: self.promotions_word(),
        }
        .serialize(serializer)
    }
}
