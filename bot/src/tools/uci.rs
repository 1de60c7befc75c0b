//! UCI both ways, for `standard`: `chronomate uci` serves the engine to a
//! GUI or a tournament manager (cutechess, python-chess, lichess-bot), and
//! [`UciClient`] drives another engine (stockfish) for `chronomate match
//! --against-uci`.
//!
//! Names its variant on purpose: UCI is the protocol of FIDE chess, so this
//! file speaks for `standard` alone.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use chronomate_engine::uci;
use chronomate_engine::{OnProgress, Player, Progress};
use chronomate_rules::{Action, ActionError, Color, Game, Options, Outcome, Variant};

/// Why talking UCI failed: the input, or the engine driven.
#[derive(Debug, thiserror::Error)]
pub enum UciError {
    /// The input (a GUI's commands) could not be read.
    #[error("cannot read the input: {0}")]
    Input(std::io::Error),
    /// The engine's program could not be started.
    #[error("cannot start {}: {error}", .path.display())]
    Start {
        /// The program.
        path: PathBuf,
        /// Why it did not start.
        error: std::io::Error,
    },
    /// The engine started without pipes to talk through.
    #[error("no pipes to the UCI engine")]
    NoPipes,
    /// The engine's input is closed.
    #[error("the UCI engine stopped listening: {0}")]
    Deaf(std::io::Error),
    /// The engine did not answer with this word in time.
    #[error("the UCI engine did not say {0} in time")]
    Silent(&'static str),
    /// The engine's output ended.
    #[error("the UCI engine has exited")]
    Exited,
    /// The engine's `bestmove` names no move.
    #[error("the UCI engine gave no move")]
    NoMove,
}

/// Why a game against a UCI engine stopped short.
#[derive(Debug, thiserror::Error)]
pub enum AgainstUciError {
    /// The variant is not standard chess.
    #[error("a UCI engine plays standard chess only")]
    NotChess,
    /// Chronomate's player found no move.
    #[error("the engine found no move")]
    NoMove,
    /// Talking to the UCI engine failed.
    #[error(transparent)]
    Uci(#[from] UciError),
    /// A move that does not read or is illegal.
    #[error("{text:?} is not legal: {error}")]
    Illegal {
        /// The move as given.
        text: String,
        /// Why the rules refuse it.
        error: ActionError,
    },
    /// A move read as another variant's action.
    #[error("not a chess move")]
    NotChessMove,
    /// A move the rules refused as it was applied.
    #[error(transparent)]
    Refused(ActionError),
}

/// Writes lines to stdout at once (a GUI waits on each).
pub(super) fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    // A GUI that has gone away cannot be told anything: ignore.
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// A search running in the background, and how to stop it.
struct Running {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<()>,
}

impl Running {
    /// Stops the search; it prints its `bestmove` before this returns.
    fn finish(self) {
        self.stop.store(true, Ordering::Relaxed);
        let _ = self.handle.join();
    }
}

/// Speaks UCI on `input` and stdout until `quit` or the end of the input.
/// The session (options, position, seeds) is the engine's
/// [`uci::Session`]; this loop reads, writes and runs the search on a
/// thread of its own so that `stop` and `isready` are answered meanwhile.
///
/// # Errors
/// Input that cannot be read.
pub fn serve_uci(input: impl BufRead) -> Result<(), UciError> {
    // A session's seed differs from run to run: the engine does not play
    // the same games again.
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mut session = uci::Session::new(seed);
    let mut running: Option<Running> = None;
    for line in input.lines() {
        let line = line.map_err(UciError::Input)?;
        let line = line.trim();
        let (command, args) = line.split_once(' ').unwrap_or((line, ""));
        match command {
            "uci" => {
                say(&format!("id name Chronomate {}", env!("CARGO_PKG_VERSION")));
                say("id author the Chronomate authors");
                for option in uci::Session::option_lines() {
                    say(&option);
                }
                say("uciok");
            }
            "isready" => say("readyok"),
            "setoption" => {
                if let Err(e) = session.set_option(args) {
                    say(&format!("info string {e}"));
                }
            }
            "ucinewgame" => {
                if let Some(r) = running.take() {
                    r.finish();
                }
                session.new_game();
            }
            "position" => {
                if let Err(e) = session.set_position(args) {
                    say(&format!("info string error: {e}"));
                }
            }
            "go" => {
                if let Some(r) = running.take() {
                    r.finish();
                }
                let go = uci::go(args);
                let mut limits = session.limits(&go);
                let stop = Arc::new(AtomicBool::new(false));
                limits.stop = Some(stop.clone());
                // An `info` line after each iteration (GUIs show them, and
                // python-chess's analysis streams them).
                let chess = session.position().chess.clone();
                limits.progress = Some(OnProgress(Arc::new(move |p: &Progress| {
                    say(&uci::progress_line(&chess, p));
                })));
                let pos = session.position().clone();
                let seed = session.seed();
                let infinite = go.infinite;
                let flag = stop.clone();
                let handle = std::thread::spawn(move || {
                    let start = Instant::now();
                    let best = uci::best_move(&pos, &limits, seed);
                    // `go infinite` answers only when told to stop.
                    while infinite && !flag.load(Ordering::Relaxed) {
                        std::thread::sleep(Duration::from_millis(2));
                    }
                    let millis = start.elapsed().as_millis() as u64;
                    for line in uci::answer(best.as_ref(), millis) {
                        say(&line);
                    }
                });
                running = Some(Running { stop, handle });
            }
            "stop" => {
                if let Some(r) = running.take() {
                    r.finish();
                }
            }
            "quit" => break,
            // debug, register, ponderhit and anything else: nothing to do.
            _ => {}
        }
    }
    if let Some(r) = running.take() {
        r.finish();
    }
    Ok(())
}

/// Another engine, driven over UCI.
pub struct UciClient {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl UciClient {
    /// Starts the engine at `path` with `args`, sets `options` (name,
    /// value), and waits until it is ready.
    ///
    /// # Errors
    /// A program that does not start, or does not answer as UCI says.
    pub fn start(
        path: &Path,
        args: &[String],
        options: &[(String, String)],
    ) -> Result<UciClient, UciError> {
        let mut child = Command::new(path)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|error| UciError::Start {
                path: path.to_owned(),
                error,
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(UciError::NoPipes);
        };
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut client = UciClient {
            child,
            stdin,
            lines,
        };
        client.send("uci")?;
        client.wait_for("uciok", Duration::from_secs(10))?;
        for (name, value) in options {
            client.send(&format!("setoption name {name} value {value}"))?;
        }
        client.send("isready")?;
        client.wait_for("readyok", Duration::from_secs(10))?;
        Ok(client)
    }

    fn send(&mut self, line: &str) -> Result<(), UciError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(UciError::Deaf)
    }

    /// Reads lines until one starts with `word`; returns it.
    fn wait_for(&mut self, word: &'static str, timeout: Duration) -> Result<String, UciError> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.split_whitespace().next() == Some(word) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(UciError::Silent(word));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(UciError::Exited);
                }
            }
        }
    }

    /// Tells the engine a new game starts.
    ///
    /// # Errors
    /// An engine that stopped listening or does not answer.
    pub fn new_game(&mut self) -> Result<(), UciError> {
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.wait_for("readyok", Duration::from_secs(10))
            .map(|_| ())
    }

    /// The engine's move after `moves` (UCI) from the start, thinking
    /// `movetime` milliseconds.
    ///
    /// # Errors
    /// An engine that stopped listening, does not answer in time, or
    /// names no move.
    pub fn best_move(&mut self, moves: &[String], movetime: u64) -> Result<String, UciError> {
        let mut position = "position startpos".to_owned();
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        self.send(&position)?;
        self.send(&format!("go movetime {movetime}"))?;
        let line = self.wait_for(
            "bestmove",
            Duration::from_millis(movetime.saturating_mul(10)) + Duration::from_secs(10),
        )?;
        line.split_whitespace()
            .nth(1)
            .map(str::to_owned)
            .ok_or(UciError::NoMove)
    }
}

impl Drop for UciClient {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether UCI engines can play `variant`: FIDE chess alone.
pub fn speaks(variant: Variant) -> bool {
    variant == Variant::Standard
}

/// One game of standard chess: `player` (a level or a baseline) plays
/// `ours`, the UCI engine the other side.
///
/// # Errors
/// A variant other than standard chess, an engine that fails, or a move
/// the rules refuse.
#[allow(clippy::too_many_arguments)]
pub fn against_uci(
    variant: Variant,
    options: &Options,
    seed: u64,
    player: Player,
    ours: Color,
    client: &mut UciClient,
    movetime: u64,
    millis: Option<u64>,
    max_actions: usize,
) -> Result<Option<Outcome>, AgainstUciError> {
    if !speaks(variant) {
        return Err(AgainstUciError::NotChess);
    }
    let mut game = Game::new(options.clone(), seed);
    let mut moves: Vec<String> = Vec::new();
    client.new_game()?;
    while !game.status().is_over() && game.record().len() < max_actions {
        let text = if game.turn().color == ours {
            let ply = game.record().len() as u64;
            player
                .choose(&game, seed.wrapping_add(ply << 20), millis)
                .ok_or(AgainstUciError::NoMove)?
        } else {
            client.best_move(&moves, movetime)?
        };
        let action = match game.parse(&text) {
            Ok(action) => action,
            Err(error) => return Err(AgainstUciError::Illegal { text, error }),
        };
        let Action::Standard(mv) = &action else {
            return Err(AgainstUciError::NotChessMove);
        };
        moves.push(mv.uci().to_string());
        game.apply(&action).map_err(AgainstUciError::Refused)?;
    }
    Ok(game.status().outcome())
}
