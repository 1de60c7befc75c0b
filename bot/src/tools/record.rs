//! Replaying a record file into a game, reporting each step.

use std::io::Read;
use std::path::Path;

use chronomate_rules::record::RecordError;
use chronomate_rules::{
    BoardLabel, Event, Game, OptionError, Options, ReplayError, Status, Variant, quote, record,
};
use serde::Serialize;

/// Reads a record from a file, or stdin for `-` or no path.
pub fn read_input(path: Option<&Path>) -> std::io::Result<String> {
    match path {
        Some(p) if p != Path::new("-") => std::fs::read_to_string(p),
        _ => {
            let mut text = String::new();
            std::io::stdin().read_to_string(&mut text)?;
            Ok(text)
        }
    }
}

/// One applied action and what the rules did by themselves after it.
#[derive(Clone, Debug, Serialize)]
pub struct Step {
    pub input: String,
    pub notation: String,
    pub events: Vec<Event>,
}

/// The outcome of replaying a record.
#[derive(Clone, Debug, Serialize)]
pub struct ReplayReport {
    pub variant: Variant,
    /// What the rules did by themselves as the game was created, before
    /// any action (a multiverse collapse with `branches:1`, E-9).
    pub opening_events: Vec<Event>,
    pub steps: Vec<Step>,
    /// `1-0 (checkmate)` once the game is over.
    pub result: Option<String>,
    /// The side to move while the game goes on.
    pub to_move: Option<String>,
    /// Boards still owed a move this turn (multi-board variants).
    pub owed: Vec<BoardLabel>,
    /// The first action that could not be applied; nothing after it was.
    pub error: Option<ReplayFailure>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ReplayFailure {
    pub index: usize,
    pub text: String,
    pub reason: String,
}

/// Applies the actions of `text` one by one, stopping at the first that
/// fails. The game reached (up to the failure) is returned with the report.
pub fn replay_record(
    variant: Variant,
    options: Options,
    seed: u64,
    text: &str,
) -> Result<(Game, ReplayReport), ReplayError> {
    let mut game = Game::new(options, seed);
    let opening_events = game.opening_events();
    let mut steps = Vec::new();
    let mut error = None;
    for (i, input) in record::actions(variant, text).into_iter().enumerate() {
        match game.play(&input) {
            Ok(played) => steps.push(Step {
                input,
                notation: played.notation,
                events: played.events,
            }),
            Err(e) => {
                error = Some(ReplayFailure {
                    index: i + 1,
                    text: quote(&input),
                    reason: e.to_string(),
                });
                break;
            }
        }
    }
    let (result, to_move, owed) = match game.status() {
        Status::Finished(o) => (Some(o.to_string()), None, Vec::new()),
        Status::Ongoing => {
            let turn = game.turn();
            (None, Some(turn.color.to_string()), turn.boards)
        }
    };
    let report = ReplayReport {
        variant,
        opening_events,
        steps,
        result,
        to_move,
        owed,
        error,
    };
    Ok((game, report))
}

/// Replays `text`, requiring every action to apply.
pub fn replay(
    variant: Variant,
    options: Options,
    seed: u64,
    text: &str,
) -> Result<Game, ReplayError> {
    Game::replay(options, seed, record::actions(variant, text))
}

/// The options of a record: `--options` (`cli`), or else those its
/// headers set (`[Options "..."]`; for 5D chess also 5DPGN's `Board`,
/// 5DFEN boards and `Promotions`). Both given and different: refused,
/// rather than one silently winning. A record that cannot be read is
/// refused with the reason.
///
/// # Errors
/// Options or a record that do not read, or both setting options that
/// differ.
pub fn record_options(
    variant: Variant,
    cli: &str,
    text: &str,
) -> Result<Options, RecordOptionsError> {
    let cli = Options::parse(variant, cli)?;
    let read = record::read(variant, text)?;
    if cli.is_empty() || read.options.is_empty() || read.options == cli {
        Ok(if cli.is_empty() { read.options } else { cli })
    } else {
        Err(RecordOptionsError::Both {
            record: read.options.to_string(),
            cli: cli.to_string(),
        })
    }
}

/// Why a record's options could not be settled.
#[derive(Debug, thiserror::Error)]
pub enum RecordOptionsError {
    /// `--options` does not read.
    #[error(transparent)]
    Options(#[from] OptionError),
    /// The record does not read.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The record's headers and `--options` set different options.
    #[error("the record's headers set the options {record:?} and --options says {cli:?}: give one")]
    Both {
        /// The options the headers set, in their canonical words.
        record: String,
        /// The options `--options` gives, in their canonical words.
        cli: String,
    },
}

/// The capped counts of legal actions along a record.
#[derive(Clone, Debug)]
pub struct TurnCounts {
    /// At the start, then after each action applied.
    pub counts: Vec<usize>,
    /// The first action that could not be applied; nothing after it was.
    pub error: Option<ReplayFailure>,
}

/// Counts the distinct legal actions (5D chess: whole turns) at the start
/// and after each action of `text`, each no further than `cap`; 0 where
/// the game is over.
pub fn count_turns(
    variant: Variant,
    options: Options,
    seed: u64,
    text: &str,
    cap: usize,
) -> Result<TurnCounts, ReplayError> {
    let mut game = Game::new(options, seed);
    let mut counts = vec![game.count_actions(cap)];
    let mut error = None;
    for (i, input) in record::actions(variant, text).into_iter().enumerate() {
        if let Err(e) = game.play(&input) {
            error = Some(ReplayFailure {
                index: i + 1,
                text: quote(&input),
                reason: e.to_string(),
            });
            break;
        }
        counts.push(game.count_actions(cap));
    }
    Ok(TurnCounts { counts, error })
}
