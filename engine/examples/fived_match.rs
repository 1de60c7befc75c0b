//! A match between two 5DUCI engines (Chronomate's `5duci` against ftxi's
//! `5dchess linear` or `mcts`, say), each given the same time a turn,
//! refereed by Chronomate's rules: each turn an engine answers is read
//! onto the game as a 5DUCI `position` is ([`fiveduci::Position`]); a
//! turn the rules refuse, a `nobestmove` in a game not over, or no answer
//! in time loses the game. Colours alternate, the first engine White in
//! odd-numbered games. Each engine is started afresh for each game.
//!
//! ```text
//! cargo run --release -p chronomate-engine --example fived_match -- \
//!     --a "target/release/examples/fiveduci" --a-option Level=8 \
//!     --b "5dchess linear" --games 10 --movetime 1000 --start turn-zero
//! ```
//!
//! `--start` names a board (`turn-zero`, `standard`, any of `/rules 5d`'s);
//! `--max-turns` (200) scores an unfinished game a draw; `--grace` (5000)
//! is how many milliseconds past its movetime an engine may take to
//! answer; `--moves` prints each game's moves; `--stderr` lets the
//! engines write to this program's stderr (thrown away otherwise: an
//! engine that falls silent may say why there). `--opening-turns K` (0)
//! starts each pair of games (games 1 and 2, 3 and 4, ...: one opening
//! with each engine White) after K turns drawn at random from the rules'
//! list, so that engines that play the same turns in the same position
//! (Chronomate's levels without a clock, two builds of one engine) play
//! different games; `--seed S` (0) draws pair k's opening with seed S + k,
//! so that a second match plays other openings. One line a game, then the
//! first engine's score with its Elo difference, and each engine's
//! average and longest time a turn, with how many turns took more than
//! half again their movetime. Each game's line ends with the men left on
//! every timeline's last board, each side's in pawns, so that a game won
//! on time or drawn by the turn limit shows who stood better.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use chronomate_engine::elo;
use chronomate_engine::fiveduci::{Position, lan};
use chronomate_rules::fived::man::Piece;
use chronomate_rules::fived::{FiveD, boards};
use chronomate_rules::rng::SplitMix64;
use chronomate_rules::{Color, Rules, Status};

/// The match as the command line sets it.
struct Settings {
    engines: [(String, Vec<(String, String)>); 2],
    games: u32,
    movetime: u64,
    grace: u64,
    start: String,
    max_turns: usize,
    moves: bool,
    /// Whether the engines' stderr is passed on (else thrown away).
    stderr: bool,
    opening_turns: u32,
    /// The first opening's seed: pair k's opening is drawn with seed + k.
    seed: u64,
}

fn main() {
    match settings(std::env::args().skip(1).collect()).and_then(|s| run(&s)) {
        Ok(()) => {}
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    }
}

fn settings(args: Vec<String>) -> Result<Settings, String> {
    let mut s = Settings {
        engines: [(String::new(), Vec::new()), (String::new(), Vec::new())],
        games: 10,
        movetime: 1000,
        grace: 5000,
        start: "turn-zero".to_owned(),
        max_turns: 200,
        moves: false,
        stderr: false,
        opening_turns: 0,
        seed: 0,
    };
    let mut args = args.into_iter();
    while let Some(flag) = args.next() {
        if flag == "--moves" {
            s.moves = true;
            continue;
        }
        if flag == "--stderr" {
            s.stderr = true;
            continue;
        }
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = |v: &str| {
            v.parse::<u64>()
                .map_err(|_| format!("{flag} {v:?}: not a number"))
        };
        let option = |v: &str| {
            v.split_once('=')
                .map(|(n, x)| (n.to_owned(), x.to_owned()))
                .ok_or_else(|| format!("{flag} {v:?}: write NAME=VALUE"))
        };
        match flag.as_str() {
            "--a" => s.engines[0].0 = value,
            "--b" => s.engines[1].0 = value,
            "--a-option" => s.engines[0].1.push(option(&value)?),
            "--b-option" => s.engines[1].1.push(option(&value)?),
            "--games" => s.games = number(&value)? as u32,
            "--movetime" => s.movetime = number(&value)?,
            "--grace" => s.grace = number(&value)?,
            "--max-turns" => s.max_turns = number(&value)? as usize,
            "--start" => s.start = value,
            "--opening-turns" => s.opening_turns = number(&value)? as u32,
            "--seed" => s.seed = number(&value)?,
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    if s.engines
        .iter()
        .any(|(command, _)| command.trim().is_empty())
    {
        return Err("give both engines: --a COMMAND --b COMMAND".to_owned());
    }
    Ok(s)
}

/// The `position` arguments of a named board: its size, its parity and
/// its 5DFEN, boards apart by spaces, as ftxi's autoplay writes them.
fn start_of(name: &str) -> Result<String, String> {
    let board = boards::find(name).ok_or_else(|| format!("no board named {name:?}"))?;
    let setup = boards::named_setup(board).map_err(|e| e.to_string())?;
    Ok(format!(
        "size {} {} fen {}",
        setup.size,
        if setup.even { "even" } else { "odd" },
        board.fen.replace("][", "] [")
    ))
}

/// Each side's men on every timeline's last board, in pawns (a pawn 1, a
/// knight or bishop 3, a rook 5, a queen 9, the royal men nothing), White's
/// first, and how many timelines there are: in 5D a side's men count again
/// on each timeline it holds them on.
fn men_left(game: &FiveD) -> ([u32; 2], i32) {
    let mut men = [0, 0];
    let (low, high) = game.line_range();
    for line in low..=high {
        let Some(board) = game.end(line).and_then(|step| game.board(line, step)) else {
            continue;
        };
        let mut occupied = board.occupied();
        while occupied != 0 {
            let cell = occupied.trailing_zeros() as u8;
            occupied &= occupied - 1;
            if let Some(man) = board.man(cell) {
                let worth = match man.piece {
                    Piece::Pawn | Piece::Brawn => 1,
                    Piece::Knight | Piece::Bishop | Piece::Unicorn | Piece::Dragon => 3,
                    Piece::CommonKing => 3,
                    Piece::Rook => 5,
                    Piece::Princess => 8,
                    Piece::Queen => 9,
                    Piece::King | Piece::RoyalQueen => 0,
                };
                men[usize::from(man.color == Color::Black)] += worth;
            }
        }
    }
    (men, high - low + 1)
}

/// The time an engine took for its turns.
#[derive(Clone, Copy, Default)]
struct Spent {
    total: Duration,
    turns: u32,
    longest: Duration,
    /// Turns that took more than half again the movetime.
    slow: u32,
}

/// How a game ended: the winner (`None`, a draw) and why.
type Result_ = (Option<Color>, String);

fn run(s: &Settings) -> Result<(), String> {
    let start = start_of(&s.start)?;
    let names = [s.engines[0].0.clone(), s.engines[1].0.clone()];
    let (mut wins, mut draws, mut losses, mut voids) = (0, 0, 0, 0);
    let mut spent = [Spent::default(); 2];
    for game in 0..s.games {
        // The first engine has White in odd-numbered games (from 1).
        let white = (game % 2) as usize;
        // An engine that does not start, or does not begin a game, voids
        // that game alone.
        let opening = opening(&start, s.opening_turns, s.seed + u64::from(game / 2))?;
        let (result, turns, words, position) = match play(s, &start, &opening, white, &mut spent) {
            Ok(played) => played,
            Err(e) => {
                voids += 1;
                println!("game {}: void ({e})", game + 1);
                continue;
            }
        };
        let a_color = if white == 0 {
            Color::White
        } else {
            Color::Black
        };
        let score = match result.0 {
            None => "1/2-1/2",
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
        };
        match result.0 {
            None => draws += 1,
            Some(c) if c == a_color => wins += 1,
            Some(_) => losses += 1,
        }
        let (men, timelines) = men_left(position.game());
        println!(
            "game {}: white {:?} black {:?} {score} ({}) after {turns} turns; men left {}-{} (pawns, white-black) on {timelines} timelines",
            game + 1,
            names[white],
            names[1 - white],
            result.1,
            men[0],
            men[1]
        );
        if s.moves {
            println!("  moves {}", words.join(" "));
        }
    }
    let e = elo(wins, draws, losses);
    println!(
        "score {:?}: {wins}-{draws}-{losses} ({:.0}%), elo {:+.0} ± {:.0}, {voids} void",
        names[0],
        e.score * 100.0,
        e.difference,
        e.error
    );
    for (name, t) in names.iter().zip(spent) {
        println!(
            "{name:?}: {} ms a turn on average over {} turns, {} ms at most, {} over {} ms",
            t.total.as_millis() / u128::from(t.turns.max(1)),
            t.turns,
            t.longest.as_millis(),
            t.slow,
            s.movetime * 3 / 2
        );
    }
    Ok(())
}

/// The position after `turns` turns drawn from the first 64 the rules list
/// at each position from `start` (fewer where the game ends), with its
/// move words; the same for the same `pair`.
fn opening(start: &str, turns: u32, pair: u64) -> Result<(Position, Vec<String>), String> {
    let mut position = Position::read(start, None).map_err(|e| e.to_string())?;
    let mut words: Vec<String> = Vec::new();
    let mut random = SplitMix64::new(SplitMix64::mix(pair));
    for _ in 0..turns {
        if position.game().status().is_over() {
            break;
        }
        let listed: Vec<_> = position.game().legal_turns().take(64).collect();
        let draw = random.next_u64() % listed.len().max(1) as u64;
        let Some(action) = listed.get(draw as usize) else {
            break;
        };
        words.extend(action.moves.iter().map(lan::write));
        words.push("submit".to_owned());
        position = Position::read(
            &format!("{start} moves {}", words.join(" ")),
            Some(&position),
        )
        .map_err(|e| format!("opening {}: {e}", words.join(" ")))?;
    }
    Ok((position, words))
}

/// One game from `start` after the `opening` (its position and move
/// words), engine `white` (0 or 1) with White: how it ended, the turns
/// played, the move words and the position it ended in.
fn play(
    s: &Settings,
    start: &str,
    opening: &(Position, Vec<String>),
    white: usize,
    spent: &mut [Spent; 2],
) -> Result<(Result_, usize, Vec<String>, Position), String> {
    let mut engines = [
        Engine::start(&s.engines[0].0, &s.engines[0].1, s.stderr)?,
        Engine::start(&s.engines[1].0, &s.engines[1].1, s.stderr)?,
    ];
    let (mut position, mut words) = opening.clone();
    let (result, turns) = 'game: {
        for turn in 0..s.max_turns {
            if let Status::Finished(outcome) = position.game().status() {
                break 'game ((outcome.winner, outcome.reason.to_string()), turn);
            }
            let color = position.game().to_move();
            let mover = if color == Color::White {
                white
            } else {
                1 - white
            };
            let loses =
                |why: String| (Some(color.other()), format!("{} {why}", s.engines[mover].0));
            let asked = Instant::now();
            let answer = engines[mover].best(&position.text(), s.movetime, s.grace);
            let took = asked.elapsed();
            let t = &mut spent[mover];
            t.total += took;
            t.turns += 1;
            t.longest = t.longest.max(took);
            t.slow += u32::from(took > Duration::from_millis(s.movetime * 3 / 2));
            let turn_words = match answer {
                Ok(Some(w)) => w,
                Ok(None) => break 'game (loses("answered nobestmove in play".to_owned()), turn),
                Err(e) => break 'game (loses(e), turn),
            };
            let mut next = words.clone();
            next.extend(turn_words.iter().cloned());
            next.push("submit".to_owned());
            match Position::read(
                &format!("{start} moves {}", next.join(" ")),
                Some(&position),
            ) {
                Ok(p) => position = p,
                Err(e) => {
                    let why = format!("played {:?}, refused: {e}", turn_words.join(" "));
                    break 'game (loses(why), turn);
                }
            }
            words = next;
        }
        match position.game().status() {
            Status::Finished(outcome) => {
                ((outcome.winner, outcome.reason.to_string()), s.max_turns)
            }
            _ => ((None, "turn limit".to_owned()), s.max_turns),
        }
    };
    Ok((result, turns, words, position))
}

/// A 5DUCI engine, its lines read as they come.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The last lines it wrote, to show when it fails.
    heard: VecDeque<String>,
}

impl Engine {
    /// Starts `command` (words apart by spaces), sets `options`, begins a
    /// game, and waits until it is ready; its stderr passed on where
    /// `stderr`, else thrown away.
    fn start(command: &str, options: &[(String, String)], stderr: bool) -> Result<Engine, String> {
        Engine::begin(command, options, stderr).map_err(|e| format!("{command:?}: {e}"))
    }

    fn begin(command: &str, options: &[(String, String)], stderr: bool) -> Result<Engine, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("an empty engine command")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if stderr {
                Stdio::inherit()
            } else {
                Stdio::null()
            })
            .spawn()
            .map_err(|e| format!("cannot start {command:?}: {e}"))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(format!("no pipes to {command:?}"));
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
        let mut engine = Engine {
            child,
            stdin,
            lines,
            heard: VecDeque::new(),
        };
        let hello = Duration::from_secs(60);
        engine.send("5duci")?;
        engine.wait_for(&["5duciok"], hello)?;
        for (name, value) in options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.send("isready")?;
        engine.wait_for(&["readyok"], hello)?;
        engine.send("5ducinewgame")?;
        // ftxi's `mcts` starts a search of its own as it starts, and while
        // that runs it drops an `isready` now and then (it answers `info
        // engine is busy`): ask again, a few times, before giving up.
        for _ in 0..5 {
            engine.send("isready")?;
            if engine.wait_for(&["readyok"], hello / 6).is_ok() {
                return Ok(engine);
            }
        }
        engine.send("isready")?;
        engine.wait_for(&["readyok"], hello)?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("stopped listening: {e}"))
    }

    /// Reads lines until one whose first word is one of `words`.
    fn wait_for(&mut self, words: &[&str], timeout: Duration) -> Result<String, String> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "did not say {} in time (its last lines: {:?})",
                        words.join(" or "),
                        self.heard
                    ));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("exited (its last lines: {:?})", self.heard));
                }
            };
            if self.heard.len() == 6 {
                self.heard.pop_front();
            }
            self.heard.push_back(line.chars().take(120).collect());
            if words
                .iter()
                .any(|w| line.split_whitespace().next() == Some(w))
            {
                return Ok(line);
            }
        }
    }

    /// The turn the engine plays in `position` (a `position` argument),
    /// thinking `movetime` milliseconds, `grace` more allowed; `None` for
    /// `nobestmove`. An `isready` first: an engine still closing its last
    /// search (ftxi's ignores a `go` then) answers it only once idle.
    fn best(
        &mut self,
        position: &str,
        movetime: u64,
        grace: u64,
    ) -> Result<Option<Vec<String>>, String> {
        self.send("isready")?;
        self.wait_for(&["readyok"], Duration::from_millis(grace))?;
        self.send(&format!("position {position}"))?;
        self.send(&format!("go movetime {movetime}"))?;
        let line = self.wait_for(
            &["bestmove", "nobestmove"],
            Duration::from_millis(movetime + grace),
        )?;
        let words: Vec<String> = line.split_whitespace().skip(1).map(str::to_owned).collect();
        Ok((line.starts_with("bestmove") && !words.is_empty()).then_some(words))
    }
}

impl Drop for Engine {
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
