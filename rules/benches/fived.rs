//! 5D chess: legal turns counted up to 1000 (the cap peers use) and mate
//! decisions (F-10), on every position of the published games in
//! `tests/fived/data` (Chronomate's own corpus, `own/`, and ftxi's two
//! counting positions).
//!
//! `cargo bench -p chronomate-rules --bench fived`
//!
//! A position is the start of a game, then the game after each whole turn.
//! A *count* is [`Rules::count_actions`] with a cap of 1000; a *mate
//! decision* is [`Rules::apply`] of the turn that reaches the position,
//! which decides at once whether the side to move has a legal turn, and if
//! not whether it is checkmate or stalemate (the move itself costs
//! microseconds). Criterion measures, per game, the slowest position's
//! count and decision (picked by one timed pass) and all the game's
//! decisions; the two ftxi positions are also counted in full (30,134 and
//! 55,332 turns). Before that, one pass over every position prints a
//! table: positions, total and slowest count, total and slowest decision
//! (each position timed as the mean of runs filling 50 ms, as the peer's
//! driver times it).
//!
//! With `FIVED_PEER_DRIVER` set (`tools/rules/bench-fived-peer.sh` builds the
//! driver against ftxi/5dchess_engine and sets it), every position is also
//! written as 5DPGN and timed by the peer in-process, in the same run, and
//! the table shows both sides and their ratio.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a bench fails loudly

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use chronomate_rules::fived::{Action, FiveD, FiveDOptions, Start};
use chronomate_rules::{Options, Rules, Variant, record};
use criterion::{Criterion, criterion_group, criterion_main};

/// The cap of a count, as peers and `chronomate turns` use it.
const CAP: usize = 1000;

/// The games whose last position is counted in full (ftxi's exact
/// counts: 30,134 and 55,332 turns).
const FULL: &[&str] = &["30134", "55332"];

/// One published game, replayed.
struct Game {
    name: String,
    options: FiveDOptions,
    /// The positions: the start, then after each turn.
    states: Vec<FiveD>,
    /// The turns, canonical, as the record holds them.
    turns: Vec<String>,
    actions: Vec<Action>,
}

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fived/data")
}

fn games() -> Vec<Game> {
    let mut files: Vec<PathBuf> = ["own", "ftxi"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(data().join(dir)).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "5dpgn"))
        .collect();
    files.sort();
    files.iter().map(|p| replay(p)).collect()
}

fn replay(path: &Path) -> Game {
    let name = path.file_stem().unwrap().to_string_lossy().into_owned();
    let text = std::fs::read_to_string(path).unwrap();
    let r = record::read(Variant::FiveD, &text).unwrap();
    let Options::FiveD(options) = r.options else {
        panic!("{name}: not 5D's options");
    };
    let mut game = FiveD::new(&options, 0);
    let mut states = vec![game.clone()];
    let (mut turns, mut actions) = (Vec::new(), Vec::new());
    for text in &r.actions {
        let action = game
            .parse(text)
            .unwrap_or_else(|e| panic!("{name}: {text}: {e}"));
        turns.push(game.notation(&action));
        game.apply(&action).unwrap();
        actions.push(action);
        states.push(game.clone());
    }
    Game {
        name,
        options,
        states,
        turns,
        actions,
    }
}

/// The mate decision of position `i` (after turn `i`): the turn applied.
fn decide(g: &Game, i: usize) -> FiveD {
    let mut s = g.states[i - 1].clone();
    s.apply(&g.actions[i - 1]).unwrap();
    s
}

/// The mean time of `f`, run until 50 ms have passed (at least once), as
/// the peer's driver times it.
fn mean_time<T>(mut f: impl FnMut() -> T) -> Duration {
    let (mut total, mut runs) = (Duration::ZERO, 0);
    while total < Duration::from_millis(50) || runs == 0 {
        let t = Instant::now();
        black_box(f());
        total += t.elapsed();
        runs += 1;
    }
    total / runs
}

/// One side's single pass over a game: totals and the slowest position.
#[derive(Clone, Copy, Default)]
struct Pass {
    count: Duration,
    count_worst: (Duration, usize),
    mate: Duration,
    mate_worst: (Duration, usize),
}

impl Pass {
    fn add_count(&mut self, i: usize, d: Duration) {
        self.count += d;
        self.count_worst = self.count_worst.max((d, i));
    }
    fn add_mate(&mut self, i: usize, d: Duration) {
        self.mate += d;
        self.mate_worst = self.mate_worst.max((d, i));
    }
}

fn ours(g: &Game) -> Pass {
    let mut p = Pass::default();
    for (i, s) in g.states.iter().enumerate() {
        p.add_count(i, mean_time(|| s.count_actions(CAP)));
        if i > 0 {
            p.add_mate(i, mean_time(|| decide(g, i)));
        }
    }
    p
}

/// The options as the peer reads them: a board it may not know by name
/// written as its 5DFEN, with its promotions.
fn peer_options(g: &Game) -> FiveDOptions {
    match g.options.start() {
        Start::Named(named) => {
            let promotions = g.states[0].setup().promotions.clone();
            FiveDOptions::new(Start::Fen(named.fen.replace(' ', "")), Some(promotions))
                .expect("a named board's own 5DFEN")
        }
        Start::Standard | Start::Fen(_) => g.options.clone(),
    }
}

/// The peer's pass over a game, or why it failed: each position written
/// as 5DPGN and timed by the driver.
fn peer(driver: &Path, g: &Game) -> Result<Pass, String> {
    let dir = std::env::temp_dir().join(format!("fived-peer-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let options = peer_options(g);
    let mut files = Vec::new();
    for i in 0..g.states.len() {
        let file = dir.join(format!("{}-{i:03}.5dpgn", g.name));
        let text = record::fived_pgn(&options, &[], &g.turns[..i], None);
        std::fs::write(&file, text).map_err(|e| e.to_string())?;
        files.push(file);
    }
    let out = Command::new(driver)
        .arg(CAP.to_string())
        .args(&files)
        .output()
        .map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&out.stdout);
    let mut p = Pass::default();
    for (i, line) in text.lines().enumerate() {
        let cols: Vec<&str> = line.split('\t').collect();
        let [_, count, count_ns, _, mate_ns] = cols[..] else {
            return Err(format!("position {i}: {line}"));
        };
        let want = g.states[i].count_actions(CAP);
        if count.parse::<usize>() != Ok(want) {
            return Err(format!(
                "position {i}: the peer counts {count}, we count {want}"
            ));
        }
        let ns = |s: &str| Duration::from_nanos(s.parse().unwrap_or(0));
        p.add_count(i, ns(count_ns));
        if i > 0 {
            p.add_mate(i, ns(mate_ns));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(p)
}

/// The peer's time to count every legal turn of a game's last position.
fn peer_full(driver: &Path, g: &Game) -> Result<Duration, String> {
    let file = std::env::temp_dir().join(format!("fived-peer-full-{}.5dpgn", g.name));
    let text = record::fived_pgn(&peer_options(g), &[], &g.turns, None);
    std::fs::write(&file, text).map_err(|e| e.to_string())?;
    let out = Command::new(driver)
        .arg("0")
        .arg(&file)
        .output()
        .map_err(|e| e.to_string())?;
    let _ = std::fs::remove_file(&file);
    let text = String::from_utf8_lossy(&out.stdout);
    let cols: Vec<&str> = text.trim_end().split('\t').collect();
    let want = g.states.last().map_or(0, |s| s.count_actions(usize::MAX));
    match cols[..] {
        [_, count, ns, _, _] if count.parse::<usize>() == Ok(want) => {
            Ok(Duration::from_nanos(ns.parse().unwrap_or(0)))
        }
        _ => Err(format!("the peer answers {text:?}, we count {want}")),
    }
}

fn ms(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64() * 1e3)
}

fn ratio(a: Duration, b: Duration) -> String {
    format!("{:.2}", a.as_secs_f64() / b.as_secs_f64().max(1e-9))
}

/// A line of the table: a game's positions, total and slowest count and
/// mate decision.
fn row(label: &str, positions: usize, p: &Pass) -> String {
    format!(
        "{:<27} {:>4} {:>12} {:>8} ({:>3}) {:>11} {:>8} ({:>3})",
        label,
        positions,
        ms(p.count),
        ms(p.count_worst.0),
        p.count_worst.1,
        ms(p.mate),
        ms(p.mate_worst.0),
        p.mate_worst.1
    )
}

/// One pass over every position, ours and the peer's, printed.
fn table(games: &[Game]) -> Vec<Pass> {
    let driver = std::env::var_os("FIVED_PEER_DRIVER").map(PathBuf::from);
    println!(
        "\nfived: one pass per position, ms (count: capped at {CAP}; mate: the decision)\n\
         game                        pos  count total  worst (pos)   mate total  worst (pos)"
    );
    let mut passes = Vec::new();
    for g in games {
        let p = ours(g);
        println!("{}", row(&g.name, g.states.len(), &p));
        if let Some(driver) = &driver {
            match peer(driver, g) {
                Ok(q) => println!(
                    "{}  ours/peer: count {}, mate {}",
                    row("  peer (ftxi)", g.states.len(), &q),
                    ratio(p.count, q.count),
                    ratio(p.mate, q.mate)
                ),
                Err(e) => println!("  peer (ftxi): not timed: {e}"),
            }
        }
        if let Some(driver) = driver.as_ref().filter(|_| FULL.contains(&g.name.as_str())) {
            let last = g.states.last().unwrap();
            let ours = mean_time(|| last.count_actions(usize::MAX));
            match peer_full(driver, g) {
                Ok(theirs) => println!(
                    "  every turn of the last position: ours {} ms, peer {} ms, ours/peer {}",
                    ms(ours),
                    ms(theirs),
                    ratio(ours, theirs)
                ),
                Err(e) => println!("  every turn of the last position: peer not timed: {e}"),
            }
        }
        passes.push(p);
    }
    passes
}

fn bench(c: &mut Criterion) {
    let games = games();
    let passes = table(&games);
    let mut group = c.benchmark_group("fived");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(2));
    for (g, p) in games.iter().zip(&passes) {
        let (_, i) = p.count_worst;
        group.bench_function(format!("count {CAP}/{} slowest (#{i})", g.name), |b| {
            b.iter(|| black_box(g.states[i].count_actions(CAP)));
        });
        if g.states.len() > 1 {
            let (_, i) = p.mate_worst;
            group.bench_function(format!("mate/{} slowest (#{i})", g.name), |b| {
                b.iter(|| black_box(decide(g, i)));
            });
            group.bench_function(format!("mate/{} every position", g.name), |b| {
                b.iter(|| (1..g.states.len()).for_each(|i| drop(black_box(decide(g, i)))));
            });
        }
    }
    for g in games.iter().filter(|g| FULL.contains(&g.name.as_str())) {
        let last = g.states.last().unwrap();
        group.bench_function(format!("count every turn/{}", g.name), |b| {
            b.iter(|| black_box(last.count_actions(usize::MAX)));
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
