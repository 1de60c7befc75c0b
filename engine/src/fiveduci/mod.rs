//! The pure half of 5DUCI, the 5D Universal Chess Interface (ftxi's
//! draft 0.3.3), for 5D chess: a [`Session`] reads one command line at a
//! time and answers with the lines to write, or with a [`Search`] to run.
//! The command line (`chronomate 5duci`) does the reading, the writing
//! and the threads, so that `stop` and `isready` are heard during a
//! search.
//!
//! Commands: `5duci` (the `id` and `option` lines, then `5duciok`),
//! `isready` (`readyok`, once no search runs), `setoption name NAME value
//! VALUE`, `5ducinewgame`, `position` ([`position`]), `go` with the
//! arguments UCI's `go` takes (`movetime`, `depth`, `nodes`, clocks,
//! `infinite`), `stop` and `quit` (`bye`). A search ends with `bestmove`
//! and the whole turn's board moves in long algebraic notation ([`lan`]),
//! apart by spaces and without `submit` (the host adds it), or
//! `nobestmove` where the side to move has no legal turn. An unknown
//! command, a bad option and a bad position are answered with `info
//! string` and the reason, and change nothing.
//!
//! Options: `Level` (1 to 8; 8 by default) and `Move Overhead`
//! (milliseconds kept back from each move's time for the host and the
//! pipes).

pub mod lan;
pub mod position;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use chronomate_rules::fived::{Action, FiveD};
use chronomate_rules::{Level, Rules};

use crate::rng::mix;
use crate::uci::{self, DEFAULT_OVERHEAD, MAX_OVERHEAD, OptionError, name_and_value};
use crate::{Limits, OnProgress, Progress, state_key, think_on};
pub use position::{Position, PositionError};

/// What the command line does after a command.
#[derive(Debug)]
pub enum Reply {
    /// Write these lines (none for a command that answers nothing).
    Say(Vec<String>),
    /// `isready`: write `readyok` once no search runs (at once if none
    /// does).
    Ready,
    /// `go`: end a search still running (it answers first), then run this
    /// one and write its lines.
    Go(Box<Search>),
    /// `stop`: end the running search now; it writes its answer.
    Stop,
    /// `quit`: end the running search, write `bye` and stop reading.
    Quit,
}

/// One `go`: the game, the limits, the seed, and whether it waits for
/// `stop` (`go infinite`).
#[derive(Debug)]
pub struct Search {
    game: FiveD,
    limits: Limits,
    seed: u64,
    infinite: bool,
}

impl Search {
    /// Stops the search when `flag` is set (by `stop`, from another
    /// thread); the best turn found so far is its answer.
    pub fn stop_with(&mut self, flag: Arc<AtomicBool>) {
        self.limits.stop = Some(flag);
    }

    /// Hands `say` an `info depth` line after each completed iteration.
    pub fn report_to(&mut self, say: impl Fn(String) + Send + Sync + 'static) {
        let game = self.game.clone();
        self.limits.progress = Some(OnProgress(Arc::new(move |p: &Progress| {
            say(progress_line(&game, p));
        })));
    }

    /// `go infinite`: the answer is written only once `stop` comes.
    pub fn infinite(&self) -> bool {
        self.infinite
    }

    /// Searches, and returns the lines that answer the `go`: an `info`
    /// line whose `pv` is the turn played, then `bestmove` and its board
    /// moves; `nobestmove` alone where there is no legal turn.
    pub fn run(&self) -> Vec<String> {
        let start = Instant::now();
        let Some(thought) = think_on(&self.game, &self.limits, self.seed, &[]) else {
            return vec!["nobestmove".to_owned()];
        };
        let ms = (start.elapsed().as_millis() as u64).max(1);
        let turn = turn_text(&thought.action);
        vec![
            format!(
                "info depth {} {} nodes {} nps {} time {ms} pv {turn}",
                thought.depth.max(1),
                uci::score_words(thought.score),
                thought.nodes,
                u128::from(thought.nodes) * 1000 / u128::from(ms),
            ),
            format!("bestmove {turn}"),
        ]
    }
}

/// A turn's board moves in long algebraic notation, apart by spaces, in
/// the order they are made.
pub fn turn_text(action: &Action) -> String {
    action
        .moves
        .iter()
        .map(lan::write)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The `info` line after an iteration, its best turn in long algebraic
/// notation (the search reports it in 5DPGN, which `game` reads back).
fn progress_line(game: &FiveD, p: &Progress) -> String {
    let pv = game
        .parse(&p.best)
        .map(|a| turn_text(&a))
        .unwrap_or_default();
    format!(
        "info depth {} {} nodes {} nps {} time {} pv {pv}",
        p.depth,
        uci::score_words(p.score),
        p.nodes,
        p.nodes * 1000 / p.millis.max(1),
        p.millis,
    )
}

/// A 5DUCI session: the options, the position, and how many games it has
/// begun. The same position gets a different seed in each game
/// (`5ducinewgame`) and each session (the caller's seed), so that the
/// engine does not repeat its games.
#[derive(Clone, Debug)]
pub struct Session {
    /// `None` only if Standard - Turn Zero could not be set up.
    position: Option<Position>,
    level: Level,
    overhead: u64,
    seed: u64,
    games: u64,
}

impl Session {
    /// A new session at Standard - Turn Zero; `seed` should differ from
    /// session to session (the command line passes the clock's
    /// nanoseconds).
    pub fn new(seed: u64) -> Session {
        Session {
            position: Position::start().ok(),
            level: Level::MAX,
            overhead: DEFAULT_OVERHEAD,
            seed,
            games: 0,
        }
    }

    /// Reads one command line and says what to do.
    pub fn handle(&mut self, line: &str) -> Reply {
        let line = line.trim();
        let (command, args) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        match command {
            "" => Reply::Say(Vec::new()),
            "5duci" => Reply::Say(hello()),
            "isready" => Reply::Ready,
            "setoption" => Reply::Say(match self.set_option(args) {
                Ok(()) => Vec::new(),
                Err(e) => vec![format!("info string {e}")],
            }),
            "5ducinewgame" => {
                self.games += 1;
                self.position = Position::start().ok();
                Reply::Say(Vec::new())
            }
            "position" => match Position::read(args, self.position.as_ref()) {
                Ok(p) => {
                    self.position = Some(p);
                    Reply::Say(Vec::new())
                }
                Err(e) => Reply::Say(vec![format!(
                    "info string {e}; the position stays as it was"
                )]),
            },
            "go" => self.go(args),
            "stop" => Reply::Stop,
            "quit" => Reply::Quit,
            _ => Reply::Say(vec![format!(
                "info string unknown command {:?}",
                command.chars().take(40).collect::<String>()
            )]),
        }
    }

    /// Reads `setoption`'s arguments; a name not offered, or a value out
    /// of range, is refused and changes nothing.
    fn set_option(&mut self, args: &str) -> Result<(), OptionError> {
        let (name, value) = name_and_value(args)?;
        match name.to_ascii_lowercase().as_str() {
            "level" => {
                self.level = value
                    .parse::<Level>()
                    .map_err(|e| OptionError(e.to_string()))?;
            }
            "move overhead" => {
                self.overhead = value
                    .parse::<u64>()
                    .ok()
                    .filter(|&n| n <= MAX_OVERHEAD)
                    .ok_or_else(|| {
                        OptionError(format!(
                            "Move Overhead: {value:?} is not 0 to {MAX_OVERHEAD}"
                        ))
                    })?;
            }
            _ => return Err(OptionError(format!("no option named {name:?}"))),
        }
        Ok(())
    }

    /// `go`: a search of the position's side to move, or at once
    /// `nobestmove` where there is nothing to search.
    fn go(&self, args: &str) -> Reply {
        let refuse =
            |why: &str| Reply::Say(vec![format!("info string {why}"), "nobestmove".to_owned()]);
        let Some(position) = &self.position else {
            return refuse("no position: send position first");
        };
        if !position.draft().is_empty() {
            return refuse(
                "the position ends inside a turn: send its board moves with submit, or none of them",
            );
        }
        let game = position.game();
        if game.status().is_over() {
            return Reply::Say(vec!["nobestmove".to_owned()]);
        }
        let go = uci::go(args);
        Reply::Go(Box::new(Search {
            game: game.clone(),
            limits: go.limits_with(self.level, game.to_move(), self.overhead),
            seed: mix(mix(self.seed, self.games), state_key(game)),
            infinite: go.infinite,
        }))
    }

    /// The position `position` set (`None` only if the start could not
    /// be set up).
    pub fn position(&self) -> Option<&Position> {
        self.position.as_ref()
    }

    /// The level the engine plays at.
    pub fn level(&self) -> Level {
        self.level
    }
}

/// The answer to `5duci`: the engine's name, its options, `5duciok`.
fn hello() -> Vec<String> {
    vec![
        format!("id name Chronomate {}", env!("CARGO_PKG_VERSION")),
        "id author the Chronomate authors".to_owned(),
        "option name Level type spin default 8 min 1 max 8".to_owned(),
        format!(
            "option name Move Overhead type spin default {DEFAULT_OVERHEAD} min 0 max {MAX_OVERHEAD}"
        ),
        "5duciok".to_owned(),
    ]
}
