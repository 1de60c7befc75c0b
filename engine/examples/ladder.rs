//! The strength ladder of issue 16, per variant: level 8 against a random
//! mover and against a greedy one-ply material player, and each level
//! against the one below, colours alternating; then the time each player
//! took a move in those games.
//!
//! ```text
//! cargo run --release -p chronomate-engine --example ladder -- \
//!     [--variants traveler,gifford,...] [--games N] [--pairs 8:random,8:greedy,2:1,...]
//!     [--seed S] [--millis M] [--max-actions A] [--threads T] [--records FILE]
//!     [--options TEXT]
//! ```
//!
//! A pairing `A:B` plays `--games` games of A against B, game i (from 0)
//! with seed S+i and A White in even-numbered ones (counting from 0), as
//! `chronomate match VARIANT --white A --black B --games N --seed S` does,
//! so each line can be checked with that command. Without `--millis` the
//! games are reproducible on any machine (levels are node budgets); the
//! times a move are wall-clock, slower when `--threads` share a busy
//! machine. Defaults: the five time-travel variants, 10 games, seed 1,
//! 600 actions a game (then a draw), one thread.
//!
//! `--options TEXT` plays every game with the variant options TEXT, as
//! `/challenge` takes them (`turns:on` for Many Worlds: without it White
//! has a forced win, and levels that both find it score 50% each).
//!
//! `--records FILE` appends each game's line to FILE, then a colon and its
//! actions, each after a tab.
//!
//! `--timing N` times a move instead: N positions a variant (the start,
//! then after 5, 10, 15, ... actions of greedy play, a fresh game each
//! time one ends), each searched once by every level, no time limit; it
//! prints the mean and the longest per level in the thread's CPU time (the
//! figure for one core, whatever else the machine runs) and in wall time.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use std::time::Duration;

use chronomate_engine::{Level, Limits, Player, Thinking, elo, play_game, think};
use chronomate_rules::{Color, Game, Options, Variant};

struct Config {
    variants: Vec<Variant>,
    games: u32,
    pairs: Vec<(Player, Player)>,
    seed: u64,
    millis: Option<u64>,
    max_actions: usize,
    threads: usize,
    /// Positions a variant to time a move on, instead of the matches.
    timing: Option<usize>,
    /// The file each game's record is appended to, one line a game
    /// (opened once; the threads take turns).
    records: Option<Mutex<File>>,
    /// The options every game of each variant is played with
    /// (`--options`, parsed for each).
    options: Vec<(Variant, Options)>,
}

const USAGE: &str = "usage: ladder [--variants V,V...] [--games N] [--pairs A:B,...] [--seed S] [--millis M] [--max-actions A] [--threads T] [--timing N] [--records FILE] [--options TEXT]";

fn default_pairs() -> Vec<(Player, Player)> {
    let top = Player::Engine(Level::MAX);
    let mut pairs = vec![(top, Player::Random), (top, Player::Greedy)];
    for w in Level::ALL.windows(2) {
        pairs.push((Player::Engine(w[1]), Player::Engine(w[0])));
    }
    pairs
}

fn parse(args: &[String]) -> Result<Config, String> {
    let mut config = Config {
        variants: Variant::ALL
            .iter()
            .copied()
            .filter(|v| *v != Variant::Standard)
            .collect(),
        games: 10,
        pairs: default_pairs(),
        seed: 1,
        millis: None,
        max_actions: 600,
        threads: 1,
        timing: None,
        records: None,
        options: Vec::new(),
    };
    let mut options_text = None;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = |e: &dyn std::fmt::Display| format!("{flag} {value}: {e}");
        match flag.as_str() {
            "--variants" => {
                config.variants = value
                    .split(',')
                    .map(|v| v.parse::<Variant>().map_err(|e| bad(&e)))
                    .collect::<Result<_, _>>()?;
            }
            "--games" => config.games = value.parse().map_err(|e| bad(&e))?,
            "--pairs" => {
                config.pairs = value
                    .split(',')
                    .map(|pair| {
                        let (a, b) = pair
                            .split_once(':')
                            .ok_or_else(|| format!("--pairs: write A:B, not {pair:?}"))?;
                        Ok((
                            a.parse().map_err(|e| bad(&e))?,
                            b.parse().map_err(|e| bad(&e))?,
                        ))
                    })
                    .collect::<Result<_, String>>()?;
            }
            "--seed" => config.seed = value.parse().map_err(|e| bad(&e))?,
            "--millis" => config.millis = Some(value.parse().map_err(|e| bad(&e))?),
            "--max-actions" => config.max_actions = value.parse().map_err(|e| bad(&e))?,
            "--records" => {
                let file = OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(value)
                    .map_err(|e| bad(&e))?;
                config.records = Some(Mutex::new(file));
            }
            "--options" => options_text = Some(value.clone()),
            "--timing" => config.timing = Some(value.parse().map_err(|e| bad(&e))?),
            "--threads" => config.threads = value.parse::<usize>().map_err(|e| bad(&e))?.max(1),
            _ => return Err(format!("unknown flag {flag}\n{USAGE}")),
        }
    }
    // Parsed once: options a variant refuses are refused here, not game
    // by game.
    for &variant in &config.variants {
        let options = match &options_text {
            None => Options::none(variant),
            Some(text) => {
                Options::parse(variant, text).map_err(|e| format!("--options {text}: {e}"))?
            }
        };
        config.options.push((variant, options));
    }
    Ok(config)
}

/// The issue's target for a pairing, as a score fraction.
fn target(a: Player, b: Player) -> Option<f64> {
    match (a, b) {
        (_, Player::Random) => Some(0.95),
        (_, Player::Greedy) => Some(0.80),
        (Player::Engine(x), Player::Engine(y)) if x.get() == y.get() + 1 => Some(0.65),
        _ => None,
    }
}

/// One game's result for A: 1, 1/2 or 0 (as 2, 1, 0), whether it hit the
/// action limit, and each player's thinking.
struct Played {
    points: u8,
    limit: bool,
    actions: usize,
    /// Why the game ended (`action limit` where it did not).
    reason: String,
    /// The actions, in canonical notation, separated by tabs (an action
    /// may hold spaces: Many Worlds' `(0) e4 (=I) d4 (=II)`); only where
    /// `--records` keeps them.
    record: Option<String>,
    a: Thinking,
    b: Thinking,
}

fn play_one(
    config: &Config,
    variant: Variant,
    (a, b): (Player, Player),
    i: u32,
) -> Result<Played, String> {
    let a_white = a == b || i.is_multiple_of(2);
    let (white, black) = if a_white { (a, b) } else { (b, a) };
    let seed = config.seed.wrapping_add(u64::from(i));
    let played = play_game(
        options(config, variant),
        seed,
        white,
        black,
        config.millis,
        config.max_actions,
    )
    .map_err(|e| format!("{variant} {a} vs {b} game {}: {e}", i + 1))?;
    let ours = if a_white { Color::White } else { Color::Black };
    let points = match played.outcome.and_then(|o| o.winner) {
        None => 1,
        Some(w) if w == ours => 2,
        Some(_) => 0,
    };
    let [w, bl] = played.thinking;
    let (ta, tb) = if a_white { (w, bl) } else { (bl, w) };
    Ok(Played {
        points,
        limit: played.outcome.is_none(),
        actions: played.game.record().len(),
        reason: played
            .outcome
            .map_or_else(|| "action limit".into(), |o| o.reason.to_string()),
        record: config
            .records
            .as_ref()
            .map(|_| played.game.record().join("\t")),
        a: ta,
        b: tb,
    })
}

/// Plays a pairing's games on `config.threads` threads.
fn pairing(
    config: &Config,
    variant: Variant,
    pair: (Player, Player),
) -> Result<Vec<Played>, String> {
    let next = AtomicUsize::new(0);
    let results: Mutex<BTreeMap<u32, Result<Played, String>>> = Mutex::new(BTreeMap::new());
    std::thread::scope(|scope| {
        for _ in 0..config.threads.min(config.games as usize) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed) as u32;
                    if i >= config.games {
                        break;
                    }
                    let r = play_one(config, variant, pair, i);
                    // One line a game on stderr, to follow a long run.
                    if let Ok(p) = &r {
                        let line = format!(
                            "{variant} {} vs {} game {}: {} in {} actions ({})",
                            pair.0,
                            pair.1,
                            i + 1,
                            ["lost", "drawn", "won"][usize::from(p.points.min(2))],
                            p.actions,
                            p.reason,
                        );
                        eprintln!("{line}");
                        if let (Some(file), Some(record)) = (&config.records, &p.record) {
                            // A record that cannot be written is told on
                            // stderr, and the games go on.
                            let written =
                                file.lock().map_err(|e| e.to_string()).and_then(|mut f| {
                                    writeln!(f, "{line}:\t{record}").map_err(|e| e.to_string())
                                });
                            if let Err(e) = written {
                                eprintln!("--records: {e}");
                            }
                        }
                    }
                    if let Ok(mut map) = results.lock() {
                        map.insert(i, r);
                    }
                }
            });
        }
    });
    let map = results.into_inner().map_err(|e| e.to_string())?;
    map.into_values().collect()
}

fn run(config: &Config) -> Result<(), String> {
    let budget = match config.millis {
        Some(ms) => format!("at most {ms} ms a move"),
        None => "no time limit (node budgets)".to_owned(),
    };
    println!(
        "# {} games a pairing, seed {}, {budget}, a draw after {} actions, {} thread(s)",
        config.games, config.seed, config.max_actions, config.threads
    );
    for &variant in &config.variants {
        println!();
        println!(
            "{:<11} {:<14} {:>5} {:>9} {:>7} {:>12} {:>12} {:>5} {:>7} {:>6}",
            "variant",
            "pairing",
            "games",
            "W-D-L",
            "score",
            "elo",
            "target",
            "limit",
            "actions",
            "secs"
        );
        let mut thinking: BTreeMap<String, Thinking> = BTreeMap::new();
        for &(a, b) in &config.pairs {
            let start = Instant::now();
            let games = pairing(config, variant, (a, b))?;
            let (mut wins, mut draws, mut losses, mut limit, mut actions) = (0, 0, 0, 0, 0);
            for g in &games {
                match g.points {
                    2 => wins += 1,
                    1 => draws += 1,
                    _ => losses += 1,
                }
                limit += usize::from(g.limit);
                actions += g.actions;
                thinking.entry(a.to_string()).or_default().merge(&g.a);
                thinking.entry(b.to_string()).or_default().merge(&g.b);
            }
            let e = elo(wins, draws, losses);
            let target = match target(a, b) {
                Some(t) if e.score >= t => format!("{:.0}% met", t * 100.0),
                Some(t) => format!("{:.0}% MISSED", t * 100.0),
                None => "-".to_owned(),
            };
            println!(
                "{:<11} {:<14} {:>5} {:>9} {:>6.1}% {:>12} {:>12} {:>5} {:>7} {:>6.0}",
                variant.id(),
                format!("{a} vs {b}"),
                games.len(),
                format!("{wins}-{draws}-{losses}"),
                e.score * 100.0,
                e.to_string(),
                target,
                limit,
                actions / games.len().max(1),
                start.elapsed().as_secs_f64()
            );
        }
        println!();
        println!(
            "{:<11} {:<8} {:>8} {:>10} {:>12}",
            "variant", "player", "actions", "mean ms", "longest ms"
        );
        let mut players: Vec<_> = thinking.into_iter().collect();
        players.sort_by_key(|(name, _)| {
            let level: u8 = name.parse().unwrap_or(0);
            (level, name.clone())
        });
        for (name, t) in players {
            println!(
                "{:<11} {:<8} {:>8} {:>10.2} {:>12.1}",
                variant.id(),
                name,
                t.actions,
                t.mean().as_secs_f64() * 1e3,
                t.longest.as_secs_f64() * 1e3
            );
        }
    }
    Ok(())
}

/// The calling thread's CPU time.
fn thread_cpu() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes into the timespec we own.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// The options every game of `variant` is played with (`--options`).
fn options(config: &Config, variant: Variant) -> Options {
    config
        .options
        .iter()
        .find(|(v, _)| *v == variant)
        .map_or(Options::none(variant), |(_, o)| o.clone())
}

/// `n` positions of the options' variant: the start, then after 5, 10, 15, ...
/// actions of greedy against greedy play, a new game (the next seed)
/// whenever one ends first. Not the engine's own levels, so that a change
/// to them leaves the positions alone (as in the engine bench).
fn positions(options: &Options, n: usize, seed: u64) -> Result<Vec<Game>, String> {
    let greedy = Player::Greedy;
    let mut out = Vec::new();
    let mut seed = seed;
    let mut actions = 0;
    while out.len() < n {
        let played = play_game(options.clone(), seed, greedy, greedy, None, actions)
            .map_err(|e| e.to_string())?;
        if played.game.status().is_over() || played.game.record().len() < actions {
            seed += 1;
            actions = 5;
            continue;
        }
        out.push(played.game);
        actions += 5;
    }
    Ok(out)
}

fn timing(config: &Config, n: usize) -> Result<(), String> {
    println!(
        "# time a move: {n} positions a variant (the start, then greedy play, seed {}), no time limit",
        config.seed
    );
    println!();
    println!(
        "{:<11} {:>5} {:>12} {:>12} {:>12} {:>12} {:>6} {:>10}",
        "variant",
        "level",
        "cpu mean ms",
        "cpu max ms",
        "wall mean ms",
        "wall max ms",
        "depth",
        "nodes"
    );
    for &variant in &config.variants {
        let games = positions(&options(config, variant), n, config.seed)?;
        for level in Level::ALL {
            let (mut cpu, mut wall) = (Thinking::default(), Thinking::default());
            let (mut depth, mut nodes) = (0u64, 0u64);
            for (i, game) in games.iter().enumerate() {
                let (c, w) = (thread_cpu(), Instant::now());
                let limits = Limits::level(level, None);
                let thought =
                    think(game, &limits, config.seed.wrapping_add(i as u64)).ok_or("no action")?;
                cpu.add(thread_cpu().saturating_sub(c));
                wall.add(w.elapsed());
                depth += u64::from(thought.depth);
                nodes += thought.nodes;
            }
            let positions = games.len().max(1) as f64;
            let ms = |d: Duration| d.as_secs_f64() * 1e3;
            println!(
                "{:<11} {:>5} {:>12.2} {:>12.1} {:>12.2} {:>12.1} {:>6.2} {:>10.0}",
                variant.id(),
                level,
                ms(cpu.mean()),
                ms(cpu.longest),
                ms(wall.mean()),
                ms(wall.longest),
                depth as f64 / positions,
                nodes as f64 / positions
            );
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let run = |config: Config| match config.timing {
        Some(n) => timing(&config, n),
        None => run(&config),
    };
    match parse(&args).and_then(run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}
