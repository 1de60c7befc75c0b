//! Why an action, a game or a record was refused.

use serde::Serialize;

use crate::Rule;

/// The longest piece of a player's text an error quotes, in characters:
/// a 5 MB line is answered with its first words, not echoed back.
pub const QUOTE_LIMIT: usize = 80;

/// `text` as an error quotes it: at most [`QUOTE_LIMIT`] characters, with
/// `…` where it was cut.
pub fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTE_LIMIT) {
        None => text.to_owned(),
        Some((end, _)) => format!("{}…", &text[..end]),
    }
}

/// Why an action was refused. The words are for the player; the rule an
/// illegal action breaks is data ([`ActionError::rule`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
pub enum ActionError {
    /// Nothing may be played once the game has ended.
    #[error("the game is over")]
    GameOver,
    /// The text is no action of this variant's notation.
    #[error("cannot read {text:?}: {reason}")]
    Syntax {
        /// The text, cut to [`QUOTE_LIMIT`] characters.
        text: String,
        /// What in the text could not be read, in the player's words.
        reason: String,
    },
    /// The text fits several legal actions.
    #[error("{0}")]
    Ambiguous(String),
    /// The action is read but the rules forbid it.
    #[error("{reason}")]
    Illegal {
        /// The rule the action breaks.
        rule: Rule,
        /// Why the rules forbid it, in the player's words.
        reason: String,
    },
}

impl ActionError {
    /// `text` could not be read; the error quotes it once, cut short.
    pub fn syntax(text: &str, reason: impl Into<String>) -> ActionError {
        ActionError::Syntax {
            text: quote(text),
            reason: reason.into(),
        }
    }

    /// The action breaks `rule`, for the reason given.
    pub fn illegal(rule: Rule, reason: impl Into<String>) -> ActionError {
        ActionError::Illegal {
            rule,
            reason: reason.into(),
        }
    }

    /// The rule an illegal action breaks; `None` for other refusals.
    pub fn rule(&self) -> Option<Rule> {
        match self {
            ActionError::Illegal { rule, .. } => Some(*rule),
            _ => None,
        }
    }
}

/// An action of a record that could not be applied.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("action {index} ({text:?}): {error}")]
pub struct ReplayError {
    /// 1-based position of the action in the record.
    pub index: usize,
    /// The action's text, cut to [`QUOTE_LIMIT`] characters.
    pub text: String,
    /// Why the action was refused.
    pub error: ActionError,
}

/// Why a record could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A header says something the game cannot take.
    #[error("header [{key} {value:?}]: {reason}")]
    Header {
        /// The header's name, as the record spells it.
        key: String,
        /// The value, cut to [`crate::QUOTE_LIMIT`] characters.
        value: String,
        /// What is wrong with the value.
        reason: String,
    },
    /// The text is no record.
    #[error("cannot read the record: {0}")]
    Syntax(String),
}

/// A state that disagrees with itself: the invariant it breaks, in words.
/// Only the variants' own self-checks give it (`consistency`, for tests and
/// benches); a game played through the rules never does.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Inconsistency(String);

impl From<String> for Inconsistency {
    fn from(words: String) -> Inconsistency {
        Inconsistency(words)
    }
}

impl From<&str> for Inconsistency {
    fn from(words: &str) -> Inconsistency {
        Inconsistency(words.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_quoted_once_and_short() {
        let line = "e".repeat(5_000_000);
        let shown = ActionError::syntax(&line, "not a move").to_string();
        assert!(shown.chars().count() < 2 * QUOTE_LIMIT, "{}", shown.len());
        assert_eq!(quote("Nf3"), "Nf3");
        assert_eq!(quote(&"é".repeat(81)).chars().count(), QUOTE_LIMIT + 1);
    }
}
