//! The pure half of the Universal Chess Interface for `standard`: a
//! [`Session`] that reads `setoption`, `ucinewgame`, `position` and `go`,
//! chooses a move in UCI notation and writes the `info` and `bestmove`
//! lines. The command line (`chronomate uci`) does the reading, writing
//! and threads.
//!
//! Options: `Level` (1 to 8), `UCI_LimitStrength` and `UCI_Elo` (the level
//! whose published Elo, [`Level::elo`], is nearest; full strength, level
//! 8, unless `UCI_LimitStrength` is set), and `Move Overhead` (milliseconds
//! kept back from each move's time for the GUI and the pipes).

use chronomate_rules::chess::FenError;
use chronomate_rules::chess::Move;
use chronomate_rules::standard::Chess;
use chronomate_rules::{ActionError, Color, Rules};

use crate::rng::mix;
use crate::{Level, Limits, Memory, Progress, Score, Thought, state_key, think_on};

/// A position as `position` set it, with the keys of the positions before
/// it (for repetitions).
#[derive(Clone, Debug, Default)]
pub struct UciPosition {
    /// The position now.
    pub chess: Chess,
    /// The keys of the positions before it, oldest first.
    pub prior: Vec<u64>,
}

/// Why the arguments of `position` were refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Neither `startpos` nor `fen` comes first.
    #[error("position needs startpos or fen")]
    NoStart,
    /// The FEN does not read.
    #[error("bad fen: {0}")]
    Fen(#[from] FenError),
    /// A word other than `moves` follows the position.
    #[error("unexpected {0:?} in position")]
    Unexpected(String),
    /// A move that does not read or is illegal where it is played.
    #[error("illegal move {text}: {error}")]
    Move {
        /// The move as given.
        text: String,
        /// Why the rules refuse it.
        error: ActionError,
    },
}

/// Reads the arguments of `position`: `startpos` or `fen FEN`, then maybe
/// `moves` and moves in UCI.
///
/// # Errors
/// A start that is neither, a FEN that does not read, or a move that is
/// not legal where it comes: the position is not set.
pub fn position(args: &str) -> Result<UciPosition, PositionError> {
    let mut words = args.split_whitespace().peekable();
    let mut chess = match words.next() {
        Some("startpos") => Chess::default(),
        Some("fen") => {
            let mut fields = Vec::new();
            while let Some(&w) = words.peek() {
                if w == "moves" {
                    break;
                }
                fields.push(w);
                words.next();
            }
            Chess::from_fen(&fields.join(" "))?
        }
        _ => return Err(PositionError::NoStart),
    };
    let mut prior = Vec::new();
    if let Some(w) = words.next() {
        if w != "moves" {
            return Err(PositionError::Unexpected(w.to_owned()));
        }
        for text in words {
            let illegal = |error| PositionError::Move {
                text: text.to_owned(),
                error,
            };
            let mv = chess.parse(text).map_err(illegal)?;
            prior.push(state_key(&chess));
            chess.apply(&mv).map_err(illegal)?;
        }
    }
    Ok(UciPosition { chess, prior })
}

/// The arguments of `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `movetime`: milliseconds for this move.
    pub movetime: Option<u64>,
    /// `wtime`: White's clock, in milliseconds.
    pub wtime: Option<u64>,
    /// `btime`: Black's clock, in milliseconds.
    pub btime: Option<u64>,
    /// `winc`: White's increment, in milliseconds.
    pub winc: Option<u64>,
    /// `binc`: Black's increment, in milliseconds.
    pub binc: Option<u64>,
    /// `movestogo`: moves to the next time control.
    pub movestogo: Option<u64>,
    /// `depth`: plies to search at most.
    pub depth: Option<u32>,
    /// `nodes`: states to visit at most.
    pub nodes: Option<u64>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
}

/// Reads the arguments of `go`; unknown words are skipped.
pub fn go(args: &str) -> Go {
    let mut go = Go::default();
    let mut words = args.split_whitespace();
    while let Some(w) = words.next() {
        let mut number = || {
            words
                .next()
                .and_then(|n| n.parse::<i64>().ok())
                .map(|n| n.max(0) as u64)
        };
        match w {
            "movetime" => go.movetime = number(),
            "wtime" => go.wtime = number(),
            "btime" => go.btime = number(),
            "winc" => go.winc = number(),
            "binc" => go.binc = number(),
            "movestogo" => go.movestogo = number(),
            "depth" => go.depth = number().map(|d| d.clamp(1, 64) as u32),
            "nodes" => go.nodes = number(),
            "infinite" => go.infinite = true,
            _ => {}
        }
    }
    go
}

/// `Move Overhead` when the GUI sets none, in milliseconds.
pub const DEFAULT_OVERHEAD: u64 = 10;
/// The most `Move Overhead` accepts, in milliseconds.
pub const MAX_OVERHEAD: u64 = 5_000;

impl Go {
    /// The limits for `side` at `level`, with the default `Move Overhead`
    /// ([`Go::limits_with`]).
    pub fn limits(&self, level: Level, side: Color) -> Limits {
        self.limits_with(level, side, DEFAULT_OVERHEAD)
    }

    /// The limits for `side` at `level`, keeping `overhead` milliseconds
    /// back from each move. A clock gives a share of the time left (a
    /// thirtieth, or the time over the moves to go) plus most of the
    /// increment, never more than half of what is left, less the overhead
    /// and 10 ms more to answer; a movetime gives itself less the
    /// overhead. With a time limit (or `infinite`) level 8 thinks until the
    /// time is up; lower levels keep their node budget, which is what
    /// makes them weaker.
    pub fn limits_with(&self, level: Level, side: Color, overhead: u64) -> Limits {
        let (time, inc) = match side {
            Color::White => (self.wtime, self.winc),
            Color::Black => (self.btime, self.binc),
        };
        let kept = overhead + 10;
        let share = time.map(|t| {
            let share = (t / self.movestogo.unwrap_or(30).clamp(1, 60))
                .saturating_add(inc.unwrap_or(0).saturating_mul(4) / 5);
            share.min(t / 2)
        });
        // On a clock, no new iteration starts past the share, and one under
        // way may run to twice the share (never past half the time left).
        let soft_millis = match (self.infinite, self.movetime, share) {
            (false, None, Some(share)) => Some(share.saturating_sub(kept).max(1)),
            _ => None,
        };
        let clock = time
            .zip(share)
            .map(|(t, share)| (share * 2).min(t / 2).saturating_sub(kept).max(1));
        let millis = if self.infinite {
            None
        } else {
            self.movetime
                .map(|m| m.saturating_sub(overhead).max(1))
                .or(clock)
        };
        let timed = self.infinite || millis.is_some();
        let nodes = self
            .nodes
            .or_else(|| (timed && level == Level::MAX).then_some(u64::MAX));
        let depth = self
            .depth
            .or_else(|| (timed && level == Level::MAX).then_some(64));
        Limits {
            level,
            millis,
            soft_millis,
            nodes,
            depth,
            ..Limits::default()
        }
    }
}

/// The engine's move in `position`, in UCI notation (`e2e4`, `e7e8q`,
/// castling as the king's move `e1g1`), with its thought; `None` only when
/// there is no legal move. A position the rules call drawn at once
/// (threefold repetition, fifty moves) is searched all the same: under
/// FIDE's rules those draws are claimed, and a GUI may play on.
pub fn best_move(
    position: &UciPosition,
    limits: &Limits,
    seed: u64,
) -> Option<(String, Thought<Move>)> {
    let thought = think_on(&position.chess, limits, seed, &position.prior)?;
    Some((thought.action.uci().to_string(), thought))
}

/// `score cp 35` or `score mate 3` (negative: mated).
pub fn score_words(score: Score) -> String {
    match score.mate_in() {
        Some(n) => format!("score mate {n}"),
        None => format!("score cp {}", score.0),
    }
}

/// The `info` line for a completed iteration, its best move in UCI
/// notation (as `position` reads it).
pub fn progress_line(chess: &Chess, p: &Progress) -> String {
    let pv = chess
        .parse(&p.best)
        .map(|m| m.uci().to_string())
        .unwrap_or_default();
    format!(
        "info depth {} {} nodes {} nps {} time {} pv {pv}",
        p.depth,
        score_words(p.score),
        p.nodes,
        p.nodes * 1000 / p.millis.max(1),
        p.millis,
    )
}

/// The lines that end a search: a last `info` whose `pv` is the move
/// played (a level's choice may differ from the search's best line, which
/// the earlier `info` lines showed), then `bestmove`; `bestmove 0000`
/// alone where there is no legal move.
pub fn answer(best: Option<&(String, Thought<Move>)>, millis: u64) -> Vec<String> {
    match best {
        Some((mv, t)) => {
            let ms = millis.max(1);
            vec![
                format!(
                    "info depth {} {} nodes {} nps {} time {ms} pv {mv}",
                    t.depth.max(1),
                    score_words(t.score),
                    t.nodes,
                    u128::from(t.nodes) * 1000 / u128::from(ms),
                ),
                format!("bestmove {mv}"),
            ]
        }
        None => vec!["bestmove 0000".to_owned()],
    }
}

/// An option the session does not have, or a value it cannot take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError(pub String);

impl std::fmt::Display for OptionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OptionError {}

/// A UCI session: the options set, the position, and how many games it
/// has begun. The same position gets a different seed in each game
/// (`ucinewgame`), and in each session (the caller's seed), so that the
/// engine does not repeat its games.
#[derive(Clone, Debug)]
pub struct Session {
    position: UciPosition,
    level: Level,
    limit_strength: bool,
    elo: u32,
    overhead: u64,
    seed: u64,
    games: u64,
    /// The transposition table kept from move to move within a game.
    memory: Memory,
}

impl Session {
    /// A new session; `seed` should differ from session to session (the
    /// command line passes the clock's nanoseconds).
    pub fn new(seed: u64) -> Session {
        Session {
            position: UciPosition::default(),
            level: Level::MAX,
            limit_strength: false,
            elo: Level::MAX.elo(),
            overhead: DEFAULT_OVERHEAD,
            seed,
            games: 0,
            memory: Memory::default(),
        }
    }

    /// The `option` lines `uci` answers with.
    pub fn option_lines() -> Vec<String> {
        vec![
            "option name Level type spin default 8 min 1 max 8".to_owned(),
            "option name UCI_LimitStrength type check default false".to_owned(),
            format!(
                "option name UCI_Elo type spin default {} min {} max {}",
                Level::MAX.elo(),
                Level::MIN.elo(),
                Level::MAX.elo()
            ),
            format!(
                "option name Move Overhead type spin default {DEFAULT_OVERHEAD} min 0 max {MAX_OVERHEAD}"
            ),
        ]
    }

    /// Reads the arguments of `setoption`: `name NAME value VALUE` (names
    /// in any case). A name not offered, or a value out of range, is
    /// refused and changes nothing.
    pub fn set_option(&mut self, args: &str) -> Result<(), OptionError> {
        let (name, value) = name_and_value(args)?;
        let number = |max: u64| {
            value
                .parse::<u64>()
                .ok()
                .filter(|&n| n <= max)
                .ok_or_else(|| OptionError(format!("{name}: {value:?} is not 0 to {max}")))
        };
        match name.to_ascii_lowercase().as_str() {
            "level" => {
                self.level = value
                    .parse::<Level>()
                    .map_err(|e| OptionError(e.to_string()))?;
            }
            "uci_limitstrength" => {
                self.limit_strength = match value.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    _ => {
                        return Err(OptionError(format!(
                            "UCI_LimitStrength: {value:?} is not true or false"
                        )));
                    }
                };
            }
            "uci_elo" => {
                let (min, max) = (Level::MIN.elo(), Level::MAX.elo());
                self.elo = value
                    .parse::<u32>()
                    .ok()
                    .filter(|e| (min..=max).contains(e))
                    .ok_or_else(|| {
                        OptionError(format!("UCI_Elo: {value:?} is not {min} to {max}"))
                    })?;
            }
            "move overhead" => self.overhead = number(MAX_OVERHEAD)?,
            _ => return Err(OptionError(format!("no option named {name:?}"))),
        }
        Ok(())
    }

    /// `ucinewgame`: the start position, the next game's seeds, and an
    /// empty table.
    pub fn new_game(&mut self) {
        self.games += 1;
        self.position = UciPosition::default();
        self.memory = Memory::default();
    }

    /// Reads the arguments of `position`; a bad one changes nothing.
    ///
    /// # Errors
    /// As [`position`].
    pub fn set_position(&mut self, args: &str) -> Result<(), PositionError> {
        self.position = position(args)?;
        Ok(())
    }

    /// The position `position` set.
    pub fn position(&self) -> &UciPosition {
        &self.position
    }

    /// The level the engine plays at: the one nearest `UCI_Elo` where
    /// `UCI_LimitStrength` is set, else `Level` (8 unless set).
    pub fn level(&self) -> Level {
        if self.limit_strength {
            Level::for_elo(self.elo)
        } else {
            self.level
        }
    }

    /// The limits of a `go` with these arguments for the side to move,
    /// with the session's table kept from the last move.
    pub fn limits(&self, go: &Go) -> Limits {
        let side = self.position.chess.position().turn();
        Limits {
            memory: Some(self.memory.clone()),
            ..go.limits_with(self.level(), side, self.overhead)
        }
    }

    /// The seed of a search in the present position: the session's seed,
    /// the game's number and the position mixed.
    pub fn seed(&self) -> u64 {
        mix(mix(self.seed, self.games), state_key(&self.position.chess))
    }
}

/// The name and the value of `setoption`'s arguments, `name NAME value
/// VALUE` (the words in any case; the value empty where none is given).
///
/// # Errors
/// Arguments that do not begin with `name`.
pub(crate) fn name_and_value(args: &str) -> Result<(&str, &str), OptionError> {
    let rest = args.trim();
    let rest = strip_word(rest, "name")
        .ok_or_else(|| OptionError(format!("setoption needs a name: {rest:?}")))?;
    Ok(match rest.to_ascii_lowercase().find(" value ") {
        Some(i) => (rest[..i].trim(), rest[i + " value ".len()..].trim()),
        None => (rest.trim(), ""),
    })
}

/// `text` without its first word if that is `word` (any case).
fn strip_word<'a>(text: &'a str, word: &str) -> Option<&'a str> {
    let (first, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    first
        .eq_ignore_ascii_case(word)
        .then_some(rest.trim_start())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_read_startpos_fen_and_moves() {
        let p = position("startpos moves e2e4 e7e5 g1f3").unwrap();
        assert_eq!(p.prior.len(), 3);
        assert_eq!(p.chess.position().turn(), Color::Black);
        let p = position("fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1").unwrap();
        assert_eq!(p.chess.position().fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
        assert!(position("startpos moves e2e5").is_err());
        assert!(position("nonsense").is_err());
    }

    #[test]
    fn go_reads_clocks_and_limits() {
        let g = go("wtime 60000 btime 30000 winc 1000 binc 1000");
        let l = g.limits(Level::MAX, Color::Black);
        assert_eq!(l.soft_millis, Some(30000 / 30 + 800 - 20));
        assert_eq!(l.millis, Some(2 * (30000 / 30 + 800) - 20));
        assert_eq!(l.nodes, Some(u64::MAX));
        let l = go("movetime 100").limits(Level::new(3).unwrap(), Color::White);
        assert_eq!(l.millis, Some(90));
        assert_eq!(l.nodes, None);
        assert_eq!(go("depth 5").depth, Some(5));
    }

    #[test]
    fn a_threefold_repetition_still_gets_a_move() {
        // The rules draw at once; a GUI that only lets the draw be claimed
        // plays on, and must get a legal move.
        let p = position("startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8").unwrap();
        assert!(p.chess.status().is_over());
        let (mv, _) = best_move(&p, &Limits::level(Level::new(3).unwrap(), None), 0).unwrap();
        let uci = chronomate_rules::chess::Uci::from_ascii(&mv).unwrap();
        assert!(uci.to_move(p.chess.position()).is_ok(), "{mv} is not legal");
        // Fifty moves without a capture or pawn move: the same.
        let p = position("fen 4k3/8/8/8/8/8/8/R3K3 w - - 100 80").unwrap();
        assert!(p.chess.status().is_over());
        assert!(best_move(&p, &Limits::default(), 0).is_some());
    }

    #[test]
    fn a_mate_on_the_hundredth_half_move_wins() {
        // Ra8# is the hundredth half-move without a capture or pawn move:
        // the mate stands (the rules judge mate first).
        let p = position("fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80").unwrap();
        let (mv, t) = best_move(&p, &Limits::default(), 0).unwrap();
        assert_eq!(mv, "a1a8");
        assert_eq!(t.score.mate_in(), Some(1));
    }

    #[test]
    fn options_set_the_level_the_elo_and_the_overhead() {
        let mut s = Session::new(1);
        assert_eq!(s.level(), Level::MAX);
        s.set_option("name Level value 3").unwrap();
        assert_eq!(s.level(), Level::new(3).unwrap());
        // UCI_Elo counts only with UCI_LimitStrength.
        s.set_option(&format!("name UCI_Elo value {}", Level::MIN.elo()))
            .unwrap();
        assert_eq!(s.level(), Level::new(3).unwrap());
        s.set_option("name UCI_LimitStrength value true").unwrap();
        assert_eq!(s.level(), Level::MIN);
        for level in Level::ALL {
            s.set_option(&format!("name UCI_Elo value {}", level.elo()))
                .unwrap();
            assert_eq!(s.level(), level);
        }
        s.set_option("name uci_limitstrength value false").unwrap();
        assert_eq!(s.level(), Level::new(3).unwrap());
        // Move Overhead comes off each move's time.
        s.set_option("name Move Overhead value 50").unwrap();
        let limits = s.limits(&go("movetime 200"));
        assert_eq!(limits.millis, Some(150));
        // Bad names and values change nothing.
        assert!(s.set_option("name Move Overhead value -3").is_err());
        assert!(s.set_option("name Move Overhead value 9999").is_err());
        assert!(s.set_option("name UCI_Elo value 1").is_err());
        assert!(s.set_option("name UCI_LimitStrength value maybe").is_err());
        assert!(s.set_option("name Hash value 16").is_err());
        assert!(s.set_option("value 3").is_err());
        assert_eq!(s.limits(&go("movetime 200")).millis, Some(150));
        assert_eq!(s.level(), Level::new(3).unwrap());
        let lines = Session::option_lines();
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("option name Move Overhead type spin"))
        );
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("option name UCI_Elo type spin"))
        );
    }

    #[test]
    fn each_game_gets_its_own_seed() {
        let mut s = Session::new(1);
        let first = s.seed();
        assert_eq!(s.seed(), first, "the same position, the same game");
        s.new_game();
        assert_ne!(s.seed(), first);
        assert_ne!(Session::new(2).seed(), Session::new(1).seed());
    }

    #[test]
    fn the_last_info_names_the_move_played() {
        let p = position("startpos moves e2e4").unwrap();
        let best = best_move(&p, &Limits::level(Level::MIN, None), 3).unwrap();
        let lines = answer(Some(&best), 5);
        assert_eq!(lines.len(), 2);
        let pv = lines[0].rsplit(" pv ").next().unwrap();
        assert_eq!(pv, best.0);
        assert_eq!(lines[1], format!("bestmove {}", best.0));
        assert_eq!(answer(None, 5), ["bestmove 0000"]);
    }

    #[test]
    fn mate_in_one_is_found() {
        let p = position("fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        let (mv, t) = best_move(&p, &Limits::default(), 0).unwrap();
        assert_eq!(mv, "a1a8");
        assert_eq!(t.score.mate_in(), Some(1));
    }
}
