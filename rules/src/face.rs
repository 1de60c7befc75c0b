//! The one face every variant shows: [`Rules`].
//!
//! A host, an engine or a test can be generic over [`Rules`], or hold any
//! variant at all through [`crate::Game`], which erases the variant and
//! keeps the record.

use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::click::{DraftClicks, Strokes};
use crate::find::{ActionParts, Family, Kind, Part};
use crate::{ActionError, Color, Event, Status, Turn, View};

/// What applying an action did.
///
/// Serialized with each event as the text it is told in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Played {
    /// The action in canonical notation, as it goes into the record.
    pub notation: String,
    /// Things the rules did by themselves as a result (a man lost in time,
    /// a collapse).
    pub events: Vec<Event>,
}

/// How a variant's record is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RecordFormat {
    /// PGN movetext: numbered SAN moves, as chess programs read them.
    Pgn,
    /// One action per line (the variant's actions contain spaces).
    Lines,
    /// 5DPGN (5D chess): headers naming the board (or 5DFEN boards),
    /// then `1. white's moves / black's moves`, a turn's moves apart by
    /// spaces. [`crate::record::read`] reads it, and one action per line
    /// too; [`crate::record::fived_pgn`] writes it.
    FivedPgn,
}

/// How a side makes its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnShape {
    /// One action is one turn (or one board's action, where
    /// [`Turn::boards`] lists the boards still owed).
    Single,
    /// A turn is several board moves drafted one at a time
    /// ([`Rules::draft_move`]) and submitted whole ([`Rules::draft_turn`]):
    /// the action is the whole turn (5D chess).
    Drafted,
}

/// What players and hosts need to know about a variant before a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct About {
    /// The id used in commands, records and the database: `traveler`.
    pub id: &'static str,
    /// The name players know the game by: `Time Traveler's Chess`.
    pub title: &'static str,
    /// A few lines on how the game is played and written, for `/rules`.
    pub summary: &'static str,
    /// The options a challenge may set, as `key:value` words with their
    /// meaning; empty when the variant has none.
    pub options: &'static str,
    /// How its record is written.
    pub record: RecordFormat,
    /// How a turn is made: one action, or moves drafted and submitted.
    pub turns: TurnShape,
}

/// The rules of one variant, applied to a game in progress.
///
/// The state knows its whole past where the rules need it (repetition,
/// time travel), so it alone decides what is legal. Actions are this
/// variant's own type; text comes in through [`Rules::parse`] and goes out
/// through [`Rules::notation`].
///
/// # Drafting
///
/// A player may build an action piece by piece before committing it: the
/// *draft* is a list of canonical move texts, which a host can store as
/// text and which the rules re-read each time, so a draft survives a
/// restart and never goes stale unnoticed. The contract:
///
/// - [`Rules::draft_move`] reads one more move given the draft so far and
///   answers its canonical text (append it to the draft), or refuses it
///   and the draft stays as it was.
/// - [`Rules::draft_moves`] lists every move that may come next (the
///   autocomplete list); empty when nothing more may be added.
/// - [`Rules::draft_turn`] turns the draft into the action to apply, or
///   says exactly why it cannot be submitted yet.
/// - [`Rules::draft_view`] pictures the game with the draft's moves made
///   and marked.
///
/// Every call refuses a draft that no longer reads (the game moved on)
/// with the reason. In variants whose turn is one action
/// ([`TurnShape::Single`]) a draft holds at most one action, and these
/// methods answer accordingly; 5D chess ([`TurnShape::Drafted`]) drafts
/// board moves and submits the whole turn.
///
/// ```
/// use chronomate_rules::{NoOptions, Rules, Status};
/// use chronomate_rules::standard::Chess;
///
/// let mut game = Chess::new(&NoOptions {}, 0);
/// for text in ["f3", "e5", "g4", "Qh4"] {
///     let action = game.parse(text).unwrap();
///     game.play(&action).unwrap();
/// }
/// assert_eq!(game.status().outcome().unwrap().to_string(), "0-1 (checkmate)");
/// assert!(game.legal_actions().is_empty());
/// ```
pub trait Rules: Clone + fmt::Debug + Send + Sync + Sized + 'static {
    /// One action of this variant.
    type Action: Clone + fmt::Debug + Eq + Send + Sync + Serialize + DeserializeOwned;

    /// The variant's name, summary, options and record format.
    const ABOUT: About;

    /// The variant's options: what a challenge may set, read once and
    /// valid by construction ([`crate::NoOptions`] where there are none).
    type Options: crate::VariantOptions;

    /// A new game with `options`; the seed feeds the variants that draw at
    /// random (multiverse collapse).
    fn new(options: &Self::Options, seed: u64) -> Self;

    /// Things the rules did by themselves as the game was created (a
    /// multiverse collapse with a branch limit of 1, E-9). A replay
    /// reports them before the first action.
    fn opening_events(&self) -> Vec<Event> {
        Vec::new()
    }

    /// Whose turn it is, and where.
    fn turn(&self) -> Turn;

    /// Whether play goes on, and if not, the result.
    fn status(&self) -> Status;

    /// Every legal action now; none once the game is over. Where a
    /// position can have millions (5D chess), a variant lists a bounded
    /// part of them and says so; [`Rules::count_actions`] counts.
    fn legal_actions(&self) -> Vec<Self::Action>;

    /// Reads an action, leniently, refusing illegal ones with the rule
    /// they break.
    fn parse(&self, text: &str) -> Result<Self::Action, ActionError>;

    /// The canonical notation of a legal action in the current state.
    fn notation(&self, action: &Self::Action) -> String;

    /// Applies an action, checking that it is legal now; returns the
    /// events the rules caused by themselves. An engine's hot path: no
    /// notation is written.
    fn apply(&mut self, action: &Self::Action) -> Result<Vec<Event>, ActionError>;

    /// Whether `action` wins the game at once for the side that plays it.
    /// Played on a copy by default; a variant whose judgement is costly
    /// may answer sooner (5D chess: only a turn that gives check can mate,
    /// and only then is the search for a legal reply needed). An illegal
    /// action wins nothing.
    fn wins_at_once(&self, action: &Self::Action) -> bool {
        let mover = self.turn().color;
        let mut next = self.clone();
        next.apply(action).is_ok() && next.status().outcome().and_then(|o| o.winner) == Some(mover)
    }

    /// Applies an action and says how the record writes it.
    fn play(&mut self, action: &Self::Action) -> Result<Played, ActionError> {
        let notation = self.notation(action);
        let events = self.apply(action)?;
        Ok(Played { notation, events })
    }

    /// The board(s) as they stand.
    fn view(&self) -> View;

    /// The whole game in one picture: every branch or timeline.
    /// Single-board variants show their board.
    fn snapshot(&self) -> View {
        self.view()
    }

    /// Where `action`'s parts are made on [`Rules::snapshot`], so a page
    /// can offer it by click ([`crate::click`]). The default locates
    /// nothing: the page then offers the action by its notation alone.
    fn strokes(&self, _action: &Self::Action) -> Strokes {
        Strokes::default()
    }

    /// The draft's picture with every board shown, and the board moves
    /// that may be added to the draft next, each with where it is made on
    /// that picture ([`crate::click`]). The default, for variants whose
    /// turn is one action: the snapshot and no board moves (they are
    /// clicked through [`crate::Game::clicks`]).
    ///
    /// # Errors
    /// The draft no longer reads (the game moved on), or the game is over.
    fn draft_clicks(&self, draft: &[String]) -> Result<DraftClicks, ActionError> {
        if self.status().is_over() {
            return Err(ActionError::GameOver);
        }
        let _ = draft;
        Ok(DraftClicks {
            view: self.snapshot(),
            moves: Vec::new(),
        })
    }

    /// The moves that may be added to the draft now (those
    /// [`Rules::draft_moves`] lists) as the guided picker's families
    /// ([`crate::find::pick`]), each action its canonical text. The
    /// default: one family of each, known by its notation.
    ///
    /// # Errors
    /// The draft no longer reads (the game moved on), or the game is over.
    fn draft_families(&self, draft: &[String]) -> Result<Vec<Family<String>>, ActionError> {
        Ok(self
            .draft_moves(draft)?
            .into_iter()
            .map(|m| Family::single(ActionParts::single(Part::text(&m, Kind::Other)), m))
            .collect())
    }

    /// Whether `color` could still win by some series of legal actions.
    /// Decides a loss on time (FIDE 6.9): when the opponent cannot win at
    /// all, running out of time draws. Variants without a material rule
    /// say yes.
    fn can_win(&self, _color: Color) -> bool {
        true
    }

    /// A long-form history beyond the record, where the variant has one
    /// (Gifford's timelines side by side). `None` when the record says it
    /// all.
    fn history_table(&self) -> Option<String> {
        None
    }

    /// Up to `limit` legal actions matching what a player has typed:
    /// those it begins first, then those it appears in
    /// ([`crate::find::examples`]).
    fn suggest(&self, typed: &str, limit: usize) -> Vec<String> {
        crate::find::examples(&self.families(), typed, limit, |a| self.notation(a)).0
    }

    /// A legal action taken apart, for finding and picking it
    /// ([`crate::find`]): the board it is made on where there are several,
    /// its man (figure, square, and the key a person types for it), where
    /// it goes, its kind, how the notation writes each part, and a second
    /// part where it has one. The parts' texts joined (the board as
    /// `(KEY)`) read as the action. The default knows the notation alone:
    /// the finder then matches notation, and the picker lists actions.
    fn parts(&self, action: &Self::Action) -> ActionParts {
        ActionParts::single(Part::text(&self.notation(action), Kind::Other))
    }

    /// Every legal action, described as families sharing a board and main
    /// part ([`Family`]), in the order the finder and the picker offer
    /// them. The default is one family of each legal action, described by
    /// [`Rules::parts`]; variants whose legal actions run to millions
    /// share lists of second parts instead of listing the actions.
    fn families(&self) -> Vec<Family<Self::Action>> {
        crate::find::one_family_each(self)
    }

    /// The number of distinct legal actions now, counting no further than
    /// `cap` (so a cap of 1000 never lists a million). Variants with huge
    /// action lists count without listing.
    fn count_actions(&self, cap: usize) -> usize {
        self.legal_actions().len().min(cap)
    }

    /// Reads one more move of the draft `draft` (canonical texts, in play
    /// order) and returns its canonical text. One action per turn: the
    /// draft holds at most one action.
    fn draft_move(&self, draft: &[String], text: &str) -> Result<String, ActionError> {
        if self.status().is_over() {
            return Err(ActionError::GameOver);
        }
        if !draft.is_empty() {
            return Err(ActionError::illegal(
                crate::Rule::TURN,
                "a turn here is one action, already drafted: submit it or take it back",
            ));
        }
        let action = self.parse(text)?;
        Ok(self.notation(&action))
    }

    /// Every move that may be added to the draft now, in canonical text:
    /// with one action per turn, the legal actions while the draft is
    /// empty and nothing after.
    fn draft_moves(&self, draft: &[String]) -> Result<Vec<String>, ActionError> {
        if self.status().is_over() {
            return Err(ActionError::GameOver);
        }
        Ok(if draft.is_empty() {
            self.legal_actions()
                .iter()
                .map(|a| self.notation(a))
                .collect()
        } else {
            Vec::new()
        })
    }

    /// The action the draft makes, ready to apply, or why it cannot be
    /// submitted. With one action per turn: the draft's one action.
    fn draft_turn(&self, draft: &[String]) -> Result<Self::Action, ActionError> {
        if self.status().is_over() {
            return Err(ActionError::GameOver);
        }
        match draft {
            [one] => self.parse(one),
            [] => Err(ActionError::illegal(
                crate::Rule::TURN,
                "nothing is drafted yet: add a move first",
            )),
            _ => Err(ActionError::illegal(
                crate::Rule::TURN,
                "a turn here is one action: the draft holds several",
            )),
        }
    }

    /// The game with the draft's moves made and marked. With one action
    /// per turn: the board after the drafted action.
    fn draft_view(&self, draft: &[String]) -> Result<View, ActionError> {
        if draft.is_empty() {
            return Ok(self.view());
        }
        let action = self.draft_turn(draft)?;
        let mut next = self.clone();
        next.apply(&action)?;
        Ok(next.view())
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
