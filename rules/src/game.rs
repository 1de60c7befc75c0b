//! [`Game`]: a game of any variant, with its record.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::quote;
use crate::options::StoredOptions;
use crate::variant::State;
use crate::{
    Action, ActionError, Color, Event, Options, Played, ReplayError, Rule, Status, Turn, Variant,
    VariantState, View, Visitor,
};

/// A game of any variant: created from (variant, options, seed), advanced by
/// actions, and always equal to the replay of its record.
///
/// ```
/// use chronomate_rules::{Game, Variant};
///
/// let mut game = Game::new(Variant::Traveler, 0);
/// game.play("e4").unwrap();
/// let played = game.play("Nf6/e4").unwrap();
/// assert_eq!(played.notation, "Nf6/xe4");
/// assert_eq!(game.record(), ["e4", "Nf6/xe4"]);
/// ```
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(try_from = "StoredGame")]
pub struct Game {
    options: Options,
    seed: u64,
    record: Vec<String>,
    #[serde(rename = "inner")]
    state: State,
}

/// A game as its snapshot stores it, read back with its options checked
/// against its variant's type.
#[derive(Deserialize)]
struct StoredGame {
    options: StoredOptions,
    seed: u64,
    record: Vec<String>,
    inner: State,
}

impl TryFrom<StoredGame> for Game {
    type Error = crate::OptionError;

    fn try_from(stored: StoredGame) -> Result<Game, crate::OptionError> {
        Ok(Game {
            options: stored.options.read(stored.inner.variant())?,
            seed: stored.seed,
            record: stored.record,
            state: stored.inner,
        })
    }
}

impl Game {
    /// A new game of the options' variant (a [`Variant`] alone plays it as
    /// it comes). The seed feeds the variants that draw at random
    /// (multiverse collapse); the others ignore it.
    pub fn new(options: impl Into<Options>, seed: u64) -> Game {
        let options = options.into();
        let state = State::new(&options, seed);
        Game {
            options,
            seed,
            record: Vec::new(),
            state,
        }
    }

    /// Recreates a game from its record.
    ///
    /// # Errors
    /// The first action that cannot be applied.
    pub fn replay<S: AsRef<str>>(
        options: impl Into<Options>,
        seed: u64,
        actions: impl IntoIterator<Item = S>,
    ) -> Result<Game, ReplayError> {
        let mut game = Game::new(options, seed);
        for (i, text) in actions.into_iter().enumerate() {
            let text = text.as_ref();
            game.play(text).map_err(|error| ReplayError {
                index: i + 1,
                text: quote(text),
                error,
            })?;
        }
        Ok(game)
    }

    /// The views of a game as it was played: the start, then the view
    /// after each action of `record`, stopping at the first that does not
    /// apply. The frames of an animated replay.
    pub fn replay_views<'a, S: AsRef<str>>(
        options: impl Into<Options>,
        seed: u64,
        record: &'a [S],
    ) -> impl Iterator<Item = View> + 'a {
        let mut game = Game::new(options, seed);
        std::iter::once(game.view()).chain(record.iter().map_while(move |action| {
            game.play(action.as_ref()).ok()?;
            Some(game.view())
        }))
    }

    /// The variant being played.
    pub fn variant(&self) -> Variant {
        self.state.variant()
    }

    /// The options the game was created with.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The seed the game was created with: part of what determines it.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The actions so far, in canonical notation.
    pub fn record(&self) -> &[String] {
        &self.record
    }

    /// Runs `visitor` on the game's state as its own variant type, so that
    /// code generic over [`crate::Rules`] can work on any game.
    pub fn visit<V: Visitor>(&self, visitor: V) -> V::Output {
        self.state.visit(visitor)
    }

    /// The game's state as its own variant's type, for a `match` with one
    /// arm a variant (where [`Game::visit`]'s [`Rules`](crate::Rules) is
    /// not enough).
    pub fn state(&self) -> VariantState<'_> {
        self.state.borrow()
    }

    /// Things the rules did by themselves as the game was created (a
    /// multiverse collapse with a branch limit of 1, E-9).
    pub fn opening_events(&self) -> Vec<Event> {
        self.state.opening_events()
    }

    /// Whose turn it is and, in multi-board variants, on which boards that
    /// side still owes an action.
    pub fn turn(&self) -> Turn {
        self.state.turn()
    }

    /// Whether the game goes on or how it ended.
    pub fn status(&self) -> Status {
        self.state.status()
    }

    /// Every legal action, in canonical notation (5D chess: at most
    /// [`crate::fived::LISTED_TURNS`] whole turns; see [`Game::count_actions`]).
    pub fn legal_actions(&self) -> Vec<String> {
        if self.status().is_over() {
            return Vec::new();
        }
        self.state.legal_actions()
    }

    /// Up to `limit` legal actions matching `typed`, for autocomplete.
    pub fn suggest(&self, typed: &str, limit: usize) -> Vec<String> {
        if self.status().is_over() {
            return Vec::new();
        }
        self.state.suggest(typed, limit)
    }

    /// The number of distinct legal actions, counted no further than `cap`
    /// (5D chess: legal whole turns, the 5D perft); 0 once the game is
    /// over.
    pub fn count_actions(&self, cap: usize) -> usize {
        if self.status().is_over() {
            return 0;
        }
        self.state.count_actions(cap)
    }

    /// Reads one more move of a draft (canonical move texts in play
    /// order) and returns its canonical text, to append to the draft. See
    /// [`crate::Rules`]'s drafting contract.
    pub fn draft_move(&self, draft: &[String], text: &str) -> Result<String, ActionError> {
        self.state.draft_move(draft, text)
    }

    /// Every move that may be added to the draft now, for autocomplete.
    pub fn draft_moves(&self, draft: &[String]) -> Result<Vec<String>, ActionError> {
        self.state.draft_moves(draft)
    }

    /// The action the draft makes, ready for [`Game::apply`], or exactly
    /// why it cannot be submitted yet.
    pub fn draft_turn(&self, draft: &[String]) -> Result<Action, ActionError> {
        self.state.draft_turn(draft)
    }

    /// The game pictured with the draft's moves made and marked.
    pub fn draft_view(&self, draft: &[String]) -> Result<View, ActionError> {
        self.state.draft_view(draft)
    }

    /// Autocomplete: up to `limit` entries for what a player typed, whole
    /// actions or texts that narrow to groups of them ([`crate::find`]).
    pub fn find(&self, typed: &str, limit: usize) -> crate::find::Found {
        if self.status().is_over() {
            return crate::find::Found::default();
        }
        self.visit(crate::find::Finding { typed, limit })
    }

    /// Every legal action as clicks on [`Game::snapshot`]
    /// ([`crate::click`]); none once the game is over.
    pub fn clicks(&self) -> crate::click::Clicks {
        self.visit(crate::click::Clicking)
    }

    /// The draft's picture and the board moves that may be added next,
    /// as clicks ([`Rules::draft_clicks`]).
    ///
    /// # Errors
    /// The draft no longer reads, or the game is over.
    pub fn draft_clicks(&self, draft: &[String]) -> Result<crate::click::DraftClicks, ActionError> {
        self.visit(DraftClicking { draft })
    }

    /// The guided picker: where the keys of `path` lead
    /// ([`crate::find::pick`]).
    pub fn pick<S: AsRef<str>>(&self, path: &[S]) -> crate::find::Pick {
        if self.status().is_over() {
            return crate::find::Pick::Nothing;
        }
        self.visit(crate::find::Picking { path })
    }

    /// The guided picker over the moves that may be added to the draft
    /// (in 5D: the board, the man, its move or the board and cell its jump
    /// reaches): where the keys of `path` lead. A ready pick's notation is
    /// the move to draft ([`Game::draft_move`]).
    ///
    /// # Errors
    /// The draft no longer reads (the game moved on), or the game is over.
    pub fn draft_pick<S: AsRef<str>>(
        &self,
        draft: &[String],
        path: &[S],
    ) -> Result<crate::find::Pick, ActionError> {
        let families = self.visit(DraftFamilies { draft })?;
        Ok(crate::find::pick(&families, path, String::clone))
    }

    /// The picker's path to the legal action `text` names
    /// ([`crate::find::path_to`]); `None` if it names none.
    pub fn path_to(&self, text: &str) -> Option<Vec<String>> {
        if self.status().is_over() {
            return None;
        }
        self.visit(crate::find::PathTo { text })
    }

    /// Up to `limit` whole legal actions `typed` could mean, and how many
    /// there are ([`crate::find::examples`]).
    pub fn examples(&self, typed: &str, limit: usize) -> (Vec<String>, usize) {
        if self.status().is_over() {
            return (Vec::new(), 0);
        }
        self.visit(crate::find::Examples { typed, limit })
    }

    /// Reads an action without applying it.
    pub fn parse(&self, text: &str) -> Result<Action, ActionError> {
        if self.status().is_over() {
            return Err(ActionError::GameOver);
        }
        self.state.parse(text)
    }

    /// The canonical notation of `action` in the current state; empty for
    /// another variant's action.
    pub fn notation(&self, action: &Action) -> String {
        self.state.notation(action).unwrap_or_default()
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
        let played = self.state.play(action).unwrap_or_else(|| {
            Err(ActionError::illegal(
                Rule::TURN,
                "that action belongs to another variant",
            ))
        })?;
        self.record.push(played.notation.clone());
        Ok(played)
    }

    /// The board(s) as they stand.
    pub fn view(&self) -> View {
        self.state.view()
    }

    /// The whole game in one picture (every branch or timeline).
    pub fn snapshot(&self) -> View {
        self.state.snapshot()
    }

    /// Whether `color` could still win by some series of legal actions:
    /// when a player runs out of time and the opponent cannot, it is a draw
    /// (FIDE 6.9).
    pub fn can_win(&self, color: Color) -> bool {
        self.state.can_win(color)
    }

    /// The variant's long-form history where it has one (Gifford: every
    /// timeline side by side); `None` when the record tells the whole story.
    pub fn history_table(&self) -> Option<String> {
        self.state.history_table()
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

/// [`Game::draft_clicks`] on the game's own variant.
struct DraftClicking<'a> {
    draft: &'a [String],
}

/// [`Game::draft_pick`]'s families on the game's own variant.
struct DraftFamilies<'a> {
    draft: &'a [String],
}

impl Visitor for DraftFamilies<'_> {
    type Output = Result<Vec<crate::find::Family<String>>, ActionError>;
    fn visit<R: crate::Rules>(self, state: &R) -> Self::Output {
        state.draft_families(self.draft)
    }
}

impl Visitor for DraftClicking<'_> {
    type Output = Result<crate::click::DraftClicks, ActionError>;
    fn visit<R: crate::Rules>(self, state: &R) -> Self::Output {
        state.draft_clicks(self.draft)
    }
}
