//! The one face every variant shows the host: [`Game`].

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::gifford;
use crate::manyworlds;
use crate::multiverse;
use crate::standard;
use crate::temporal;
use crate::traveler;
use crate::{Color, OptionError, Options, Status, Variant, View};

/// Whose turn it is, and where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// The side that acts next.
    pub color: Color,
    /// Where that side still owes an action this turn, by board label
    /// (multiverse branches such as `L3`). Empty for single-board play.
    pub boards: Vec<String>,
}

impl Turn {
    pub fn single(color: Color) -> Turn {
        Turn {
            color,
            boards: Vec::new(),
        }
    }
}

/// What applying an action did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// The action in canonical notation, as it goes into the record.
    pub notation: String,
    /// Things the rules did by themselves as a result (a man lost in time,
    /// a collapse), in words.
    pub events: Vec<String>,
}

/// Why an action was refused. The message is for the player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum ActionError {
    #[error("the game is over")]
    GameOver,
    #[error("cannot read {text:?}: {reason}")]
    Syntax { text: String, reason: String },
    #[error("{0}")]
    Ambiguous(String),
    #[error("{0}")]
    Illegal(String),
}

impl ActionError {
    pub fn syntax(text: &str, reason: impl Into<String>) -> ActionError {
        ActionError::Syntax {
            text: text.to_owned(),
            reason: reason.into(),
        }
    }

    pub fn illegal(reason: impl Into<String>) -> ActionError {
        ActionError::Illegal(reason.into())
    }
}

/// Why a game could not be created.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error(transparent)]
    Options(#[from] OptionError),
}

/// An action of a record that could not be applied.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("action {index} ({text:?}): {error}")]
pub struct ReplayError {
    /// 1-based position of the action in the record.
    pub index: usize,
    pub text: String,
    pub error: ActionError,
}

/// What a replay can fail on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

/// What each variant implements. [`Game`] erases the variant and adds the
/// record, so the host never knows which one it holds.
pub(crate) trait Rules: Clone + Sized {
    type Action: Clone;

    fn turn(&self) -> Turn;
    fn status(&self) -> Status;
    /// Every legal action now; empty once the game is over.
    fn legal_actions(&self) -> Vec<Self::Action>;
    /// Reads an action, leniently, refusing illegal ones with their reason.
    fn parse(&self, text: &str) -> Result<Self::Action, ActionError>;
    /// The canonical notation of a legal action in the current state.
    fn notation(&self, action: &Self::Action) -> String;
    /// Applies an action, checking it is legal now.
    fn play(&mut self, action: &Self::Action) -> Result<Played, ActionError>;
    /// The board(s) as they stand.
    fn view(&self) -> View;
    /// The whole game at once: every branch or timeline. Single-board
    /// variants show their board.
    fn snapshot(&self) -> View {
        self.view()
    }
    /// Whether `color` could still win by some series of legal actions.
    /// Decides a player's loss on time (FIDE 6.9): when the opponent cannot
    /// win at all, running out of time draws. Variants without a
    /// material rule say yes.
    fn can_win(&self, _color: Color) -> bool {
        true
    }
    /// A long-form history beyond the record, where the variant has one
    /// (Gifford's timelines side by side). `None` when the record says it all.
    fn history_table(&self) -> Option<String> {
        None
    }
    /// Up to `limit` legal actions matching what a player has typed, for
    /// autocomplete. Variants with huge action lists override this.
    fn suggest(&self, typed: &str, limit: usize) -> Vec<String> {
        let all = self
            .legal_actions()
            .iter()
            .map(|a| self.notation(a))
            .collect();
        filter_suggestions(all, typed, limit)
    }
}

/// Orders candidates for autocomplete: prefix matches first, then those that
/// contain what was typed, both case-insensitive; at most `limit`.
pub fn filter_suggestions(all: Vec<String>, typed: &str, limit: usize) -> Vec<String> {
    let typed = typed.trim().to_ascii_lowercase();
    let (mut prefix, mut inner): (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
    for s in all {
        let lower = s.to_ascii_lowercase();
        if lower.starts_with(&typed) {
            prefix.push(s);
        } else if lower.contains(&typed) {
            inner.push(s);
        }
    }
    prefix.append(&mut inner);
    prefix.truncate(limit);
    prefix
}

/// A variant's action, erased.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "variant", content = "action", rename_all = "lowercase")]
pub enum Action {
    Standard(standard::Move),
    Temporal(temporal::Action),
    Traveler(traveler::Action),
    Gifford(gifford::Action),
    ManyWorlds(manyworlds::Action),
    Multiverse(multiverse::Action),
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "variant", content = "state", rename_all = "lowercase")]
enum Inner {
    Standard(standard::Chess),
    Temporal(temporal::TemporalChess),
    Traveler(traveler::TravelerChess),
    Gifford(gifford::Gifford),
    ManyWorlds(manyworlds::ManyWorlds),
    Multiverse(multiverse::Multiverse),
}

/// A game of any variant: created from (variant, options, seed), advanced by
/// actions, and always equal to the replay of its record.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Game {
    variant: Variant,
    options: Options,
    seed: u64,
    record: Vec<String>,
    inner: Inner,
}

/// Calls the same method on whichever variant the game holds.
macro_rules! dispatch {
    ($inner:expr, $g:ident => $body:expr) => {
        match $inner {
            Inner::Standard($g) => $body,
            Inner::Temporal($g) => $body,
            Inner::Traveler($g) => $body,
            Inner::Gifford($g) => $body,
            Inner::ManyWorlds($g) => $body,
            Inner::Multiverse($g) => $body,
        }
    };
}

impl Game {
    /// A new game. The seed feeds the variants that draw at random
    /// (multiverse collapse); the others ignore it.
    pub fn new(variant: Variant, options: Options, seed: u64) -> Result<Game, SetupError> {
        options.validate(variant)?;
        let inner = match variant {
            Variant::Standard => Inner::Standard(standard::Chess::default()),
            Variant::Temporal => Inner::Temporal(temporal::TemporalChess::new()),
            Variant::Traveler => Inner::Traveler(traveler::TravelerChess::new()),
            Variant::Gifford => Inner::Gifford(gifford::Gifford::new()),
            Variant::ManyWorlds => Inner::ManyWorlds(manyworlds::ManyWorlds::new(options.turns)),
            Variant::Multiverse => {
                Inner::Multiverse(multiverse::Multiverse::new(options.branch_limit(), seed))
            }
        };
        Ok(Game {
            variant,
            options,
            seed,
            record: Vec::new(),
            inner,
        })
    }

    /// Recreates a game from its record, refusing at the first action that
    /// cannot be applied.
    pub fn replay<S: AsRef<str>>(
        variant: Variant,
        options: Options,
        seed: u64,
        actions: impl IntoIterator<Item = S>,
    ) -> Result<Game, LoadError> {
        let mut game = Game::new(variant, options, seed)?;
        for (i, text) in actions.into_iter().enumerate() {
            let text = text.as_ref();
            game.play(text).map_err(|error| ReplayError {
                index: i + 1,
                text: text.to_owned(),
                error,
            })?;
        }
        Ok(game)
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The actions so far, in canonical notation.
    pub fn record(&self) -> &[String] {
        &self.record
    }

    pub fn turn(&self) -> Turn {
        dispatch!(&self.inner, g => g.turn())
    }

    pub fn status(&self) -> Status {
        dispatch!(&self.inner, g => g.status())
    }

    /// Every legal action, in canonical notation.
    pub fn legal_actions(&self) -> Vec<String> {
        if self.status().is_over() {
            return Vec::new();
        }
        dispatch!(&self.inner, g => g.legal_actions().iter().map(|a| g.notation(a)).collect())
    }

    /// Up to `limit` legal actions matching `typed`, for autocomplete.
    pub fn suggest(&self, typed: &str, limit: usize) -> Vec<String> {
        if self.status().is_over() {
            return Vec::new();
        }
        dispatch!(&self.inner, g => g.suggest(typed, limit))
    }

    /// Reads an action without applying it.
    pub fn parse(&self, text: &str) -> Result<Action, ActionError> {
        if self.status().is_over() {
            return Err(ActionError::GameOver);
        }
        match &self.inner {
            Inner::Standard(g) => g.parse(text).map(Action::Standard),
            Inner::Temporal(g) => Rules::parse(g, text).map(Action::Temporal),
            Inner::Traveler(g) => Rules::parse(g, text).map(Action::Traveler),
            Inner::Gifford(g) => Rules::parse(g, text).map(Action::Gifford),
            Inner::ManyWorlds(g) => Rules::parse(g, text).map(Action::ManyWorlds),
            Inner::Multiverse(g) => Rules::parse(g, text).map(Action::Multiverse),
        }
    }

    /// The canonical notation of `action` in the current state.
    pub fn notation(&self, action: &Action) -> String {
        match (&self.inner, action) {
            (Inner::Standard(g), Action::Standard(a)) => g.notation(a),
            (Inner::Temporal(g), Action::Temporal(a)) => Rules::notation(g, a),
            (Inner::Traveler(g), Action::Traveler(a)) => Rules::notation(g, a),
            (Inner::Gifford(g), Action::Gifford(a)) => Rules::notation(g, a),
            (Inner::ManyWorlds(g), Action::ManyWorlds(a)) => Rules::notation(g, a),
            (Inner::Multiverse(g), Action::Multiverse(a)) => Rules::notation(g, a),
            _ => String::new(),
        }
    }

    /// Reads and applies an action.
    pub fn play(&mut self, text: &str) -> Result<Played, ActionError> {
        let action = self.parse(text)?;
        self.apply(&action)
    }

    /// Applies an action, checking that it is legal now.
    pub fn apply(&mut self, action: &Action) -> Result<Played, ActionError> {
        if self.status().is_over() {
            return Err(ActionError::GameOver);
        }
        let played = match (&mut self.inner, action) {
            (Inner::Standard(g), Action::Standard(a)) => g.play(a)?,
            (Inner::Temporal(g), Action::Temporal(a)) => Rules::play(g, a)?,
            (Inner::Traveler(g), Action::Traveler(a)) => Rules::play(g, a)?,
            (Inner::Gifford(g), Action::Gifford(a)) => Rules::play(g, a)?,
            (Inner::ManyWorlds(g), Action::ManyWorlds(a)) => Rules::play(g, a)?,
            (Inner::Multiverse(g), Action::Multiverse(a)) => Rules::play(g, a)?,
            _ => {
                return Err(ActionError::illegal(
                    "that action belongs to another variant",
                ));
            }
        };
        self.record.push(played.notation.clone());
        Ok(played)
    }

    /// The board(s) as they stand.
    pub fn view(&self) -> View {
        dispatch!(&self.inner, g => g.view())
    }

    /// The whole game in one picture (every branch or timeline).
    pub fn snapshot(&self) -> View {
        dispatch!(&self.inner, g => g.snapshot())
    }

    /// Whether `color` could still win by some series of legal actions:
    /// when a player runs out of time and the opponent cannot, it is a draw
    /// (FIDE 6.9).
    pub fn can_win(&self, color: Color) -> bool {
        dispatch!(&self.inner, g => g.can_win(color))
    }

    /// The variant's long-form history where it has one (Gifford: every
    /// timeline side by side); `None` when the record tells the whole story.
    pub fn history_table(&self) -> Option<String> {
        dispatch!(&self.inner, g => g.history_table())
    }
}

impl fmt::Display for Game {
    /// The record, one action per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for action in &self.record {
            writeln!(f, "{action}")?;
        }
        Ok(())
    }
}
