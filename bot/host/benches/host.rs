//! The host's hot path on an on-disk database (WAL, synchronous FULL):
//!
//! - `act/8x8`: one action (resolve, parse, check, commit, render) in a
//!   standard game; with and without the board PNG.
//! - `throughput/64-games`: 256 actions, 4 in each of 64 games played at
//!   once, committed one transaction each.
//!
//! Before the criterion groups, a latency run prints p50/p90/p99/max of
//! single actions (criterion reports means and spreads, not tail
//! percentiles), and a scale run prints committed actions per second and
//! latency percentiles for SQLite in one process, beside PostgreSQL with 1,
//! 2 and 4 processes on one database, in the same run. Each process is
//! this bench binary started again as a worker (`CHRONOMATE_BENCH_SCALE_WORKER`):
//! one `Host` with its own connection pool and its own 16 games, as
//! processes running different shards have; all start together and each
//! plays its share of the actions. PostgreSQL is a throwaway cluster
//! started for the run with its durable defaults (fsync and
//! synchronous_commit on; SQLite runs with synchronous = FULL); without
//! `initdb` (Debian's `postgresql` package) its lines say why they are
//! missing. Actions are random legal moves; a game that ends is replaced
//! by a fresh one, outside the timed part.
//!
//! `cargo bench -p chronomate --bench host`
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chronomate_host::{
    Caller, ChallengeTerms, ColourChoice, GameId, Host, HostConfig, Place, Player, SystemClock,
};
use chronomate_rules::Variant;
use chronomate_store::Store;
use criterion::{Criterion, Throughput};
use tokio::runtime::Runtime;

use chronomate_testkit::pg;

struct Table {
    host: Host,
    games: Vec<Seat>,
    rng: u64,
    _dir: tempfile::TempDir,
}

#[derive(Clone)]
struct Seat {
    id: GameId,
    white: Caller,
    black: Caller,
}

fn caller(name: &str) -> Caller {
    Caller::new(
        Player::console(name),
        Place::new(Some("bench"), Some("bench"), None),
    )
}

impl Table {
    async fn new(games: usize, images: bool) -> Table {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open_path(dir.path().join("bench.db")).await.unwrap();
        Table::on(store, dir, games, images, "").await
    }

    /// A table of `games` games on `store`; `prefix` keeps the players of
    /// several tables on one database apart.
    async fn on(
        store: Store,
        dir: tempfile::TempDir,
        games: usize,
        images: bool,
        prefix: &str,
    ) -> Table {
        let host = Host::new(store, Arc::new(SystemClock)).with_config(HostConfig {
            images,
            ..HostConfig::default()
        });
        let mut t = Table {
            host,
            games: Vec::new(),
            rng: 0x2545_F491_4F6C_DD1D ^ prefix.len() as u64,
            _dir: dir,
        };
        for i in 0..games {
            let seat = t.new_game(prefix, i).await;
            t.games.push(seat);
        }
        t
    }

    async fn new_game(&self, prefix: &str, i: usize) -> Seat {
        let (white, black) = (
            caller(&format!("{prefix}w{i}")),
            caller(&format!("{prefix}b{i}")),
        );
        let mut terms = ChallengeTerms::new(Variant::Standard);
        terms.opponent = Some(black.player.clone());
        terms.colour = ColourChoice::White;
        let reply = self
            .host
            .challenges()
            .challenge(&white, terms)
            .await
            .unwrap();
        let id = reply.choices[0].id.to_string();
        let reply = self.host.choose(&black, &id).await.unwrap();
        Seat {
            id: reply.game.unwrap(),
            white,
            black,
        }
    }

    fn random(&mut self) -> u64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        self.rng
    }

    /// The next `n` random legal actions of game `i` (a new game if it
    /// ended), and who plays each. Untimed.
    async fn plan(&mut self, i: usize, n: usize) -> Vec<(Caller, String)> {
        let mut loaded = self.host.games().load(self.games[i].id).await.unwrap();
        if loaded.game.status().is_over() || loaded.game.legal_actions().len() < 2 {
            let prefix = self.games[i].white.player.name.clone();
            self.games[i] = self.new_game(&prefix, i + 1000 * self.games.len()).await;
            loaded = self.host.games().load(self.games[i].id).await.unwrap();
        }
        let mut game = loaded.game;
        let seat = &self.games[i].clone();
        let mut plan = Vec::new();
        for _ in 0..n {
            let legal = game.legal_actions();
            if legal.is_empty() || game.status().is_over() {
                break;
            }
            let action = legal[(self.random() % legal.len() as u64) as usize].clone();
            let who = game
                .turn()
                .color
                .fold(seat.white.clone(), seat.black.clone());
            game.play(&action).unwrap();
            plan.push((who, action));
        }
        plan
    }
}

/// Single actions one after another: the latency percentiles.
fn latency_report(rt: &Runtime, images: bool, actions: usize) {
    let mut table = rt.block_on(Table::new(16, images));
    let mut samples = Vec::with_capacity(actions);
    let mut i = 0;
    while samples.len() < actions {
        let g = i % table.games.len();
        i += 1;
        let plan = rt.block_on(table.plan(g, 1));
        let Some((who, action)) = plan.into_iter().next() else {
            continue;
        };
        let id = table.games[g].id;
        let start = Instant::now();
        let reply = rt
            .block_on(table.host.games().act(&who, Some(id), &action))
            .unwrap();
        samples.push(start.elapsed());
        std::hint::black_box(reply);
    }
    samples.sort();
    let pct = |p: f64| samples[((samples.len() as f64 * p) as usize).min(samples.len() - 1)];
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "latency act/8x8 ({} images, {actions} actions): p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        if images { "with" } else { "no" },
        ms(pct(0.50)),
        ms(pct(0.90)),
        ms(pct(0.99)),
        ms(samples[samples.len() - 1]),
    );
}

/// Games at once per host in the scale run.
const SCALE_GAMES: usize = 16;
/// Actions per game per round of the scale run.
const SCALE_EACH: usize = 4;

/// Makes this bench binary one host process of the scale run:
/// `URL|PREFIX|ACTIONS` (URL `sqlite`: a SQLite file of its own).
const WORKER: &str = "CHRONOMATE_BENCH_SCALE_WORKER";

/// One host playing its games at once, round after round, until it
/// committed `actions`: each action's latency, and the time the rounds took
/// (planning, which is untimed, left out).
fn play_rounds(rt: &Runtime, table: &mut Table, actions: usize) -> (Vec<Duration>, Duration) {
    let mut samples = Vec::new();
    let mut wall = Duration::ZERO;
    while samples.len() < actions {
        let mut plans = Vec::new();
        for g in 0..table.games.len() {
            let plan = rt.block_on(table.plan(g, SCALE_EACH));
            plans.push((table.host.clone(), table.games[g].id, plan));
        }
        let start = Instant::now();
        let latencies = rt.block_on(async {
            let tasks: Vec<_> = plans
                .into_iter()
                .map(|(host, id, plan)| {
                    tokio::spawn(async move {
                        let mut times = Vec::new();
                        for (who, action) in plan {
                            let at = Instant::now();
                            host.games().act(&who, Some(id), &action).await.unwrap();
                            times.push(at.elapsed());
                        }
                        times
                    })
                })
                .collect();
            let mut all = Vec::new();
            for t in tasks {
                all.extend(t.await.unwrap());
            }
            all
        });
        wall += start.elapsed();
        samples.extend(latencies);
    }
    (samples, wall)
}

/// The scale worker's life: set its table up, say `ready`, wait for `go`
/// on stdin (so every process starts together), play, then print its
/// round time and each latency in microseconds.
fn scale_worker(spec: &str) {
    let mut parts = spec.splitn(3, '|');
    let (url, prefix, actions) = (
        parts.next().unwrap().to_owned(),
        parts.next().unwrap().to_owned(),
        parts.next().unwrap().parse::<usize>().unwrap(),
    );
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let store = if url == "sqlite" {
        rt.block_on(Store::open_path(dir.path().join("bench.db")))
    } else {
        rt.block_on(Store::open(&url))
    }
    .unwrap();
    let mut table = rt.block_on(Table::on(store, dir, SCALE_GAMES, false, &prefix));
    println!("ready");
    let mut go = String::new();
    std::io::stdin().read_line(&mut go).unwrap();
    let (samples, wall) = play_rounds(&rt, &mut table, actions);
    rt.block_on(table.host.store().close());
    let micros: Vec<String> = samples.iter().map(|d| d.as_micros().to_string()).collect();
    println!("wall {}", wall.as_micros());
    println!("latencies {}", micros.join(" "));
}

/// `processes` host processes on the database at `url` (or one on a SQLite
/// file of its own), each playing its own games at once and all started
/// together: committed actions per second (all processes' actions over the
/// longest one's time), and the latency percentiles of single actions.
fn scale_report(name: &str, url: Option<&str>, processes: usize, actions: usize) {
    let exe = std::env::current_exe().unwrap();
    let mut children: Vec<_> = (0..processes)
        .map(|p| {
            let spec = format!(
                "{}|{name}-p{p}-|{}",
                url.unwrap_or("sqlite"),
                actions.div_ceil(processes)
            );
            Command::new(&exe)
                .env(WORKER, spec)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut outputs: Vec<_> = children
        .iter_mut()
        .map(|c| BufReader::new(c.stdout.take().unwrap()))
        .collect();
    for out in &mut outputs {
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        assert_eq!(line.trim(), "ready", "a scale worker failed to set up");
    }
    for c in &mut children {
        writeln!(c.stdin.as_mut().unwrap(), "go").unwrap();
    }
    let mut samples = Vec::new();
    let mut wall = Duration::ZERO;
    for (out, mut child) in outputs.into_iter().zip(children) {
        for line in out.lines() {
            let line = line.unwrap();
            if let Some(us) = line.strip_prefix("wall ") {
                wall = wall.max(Duration::from_micros(us.parse().unwrap()));
            } else if let Some(all) = line.strip_prefix("latencies ") {
                samples.extend(
                    all.split(' ')
                        .map(|us| Duration::from_micros(us.parse().unwrap())),
                );
            }
        }
        assert!(child.wait().unwrap().success(), "a scale worker failed");
    }
    samples.sort();
    let pct = |p: f64| samples[((samples.len() as f64 * p) as usize).min(samples.len() - 1)];
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "scale {name} x{processes}: {:.0} committed actions/s, p50 {:.2} ms, p99 {:.2} ms ({} actions, {} games at once per process)",
        samples.len() as f64 / wall.as_secs_f64(),
        ms(pct(0.50)),
        ms(pct(0.99)),
        samples.len(),
        SCALE_GAMES
    );
}

/// SQLite with one process, then PostgreSQL with 1, 2 and 4 processes on
/// one database of a durable throwaway cluster.
fn scale(rt: &Runtime, actions: usize) {
    scale_report("sqlite", None, 1, actions);
    let server = match pg::start_cluster(pg::Durability::Durable) {
        Ok(server) => server,
        Err(why) => {
            println!("scale postgres: not measured: {why}");
            return;
        }
    };
    for processes in [1, 2, 4] {
        let url = rt.block_on(pg::create_database(&server.base));
        scale_report("postgres", Some(&url), processes, actions);
    }
}

fn act(c: &mut Criterion, rt: &Runtime) {
    let mut group = c.benchmark_group("act");
    for images in [true, false] {
        let mut table = rt.block_on(Table::new(16, images));
        let name = if images {
            "8x8/render"
        } else {
            "8x8/no-render"
        };
        group.bench_function(name, |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                let mut done = 0;
                let mut i = 0;
                while done < iters {
                    let g = i % table.games.len();
                    i += 1;
                    let plan = rt.block_on(table.plan(g, 1));
                    let Some((who, action)) = plan.into_iter().next() else {
                        continue;
                    };
                    let id = table.games[g].id;
                    let start = Instant::now();
                    let reply = rt
                        .block_on(table.host.games().act(&who, Some(id), &action))
                        .unwrap();
                    total += start.elapsed();
                    std::hint::black_box(reply);
                    done += 1;
                }
                total
            })
        });
    }
    group.finish();
}

fn throughput(c: &mut Criterion, rt: &Runtime) {
    const GAMES: usize = 64;
    const EACH: usize = 4;
    let mut group = c.benchmark_group("throughput");
    group.throughput(Throughput::Elements((GAMES * EACH) as u64));
    group.sample_size(20);
    let mut table = rt.block_on(Table::new(GAMES, false));
    group.bench_function("64-games", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let mut plans = Vec::new();
                for g in 0..GAMES {
                    let plan = rt.block_on(table.plan(g, EACH));
                    plans.push((table.games[g].id, plan));
                }
                let start = Instant::now();
                rt.block_on(async {
                    let tasks: Vec<_> = plans
                        .into_iter()
                        .map(|(id, plan)| {
                            let host = table.host.clone();
                            tokio::spawn(async move {
                                for (who, action) in plan {
                                    host.games().act(&who, Some(id), &action).await.unwrap();
                                }
                            })
                        })
                        .collect();
                    for t in tasks {
                        t.await.unwrap();
                    }
                });
                total += start.elapsed();
            }
            total
        })
    });
    group.finish();
}

fn main() {
    if let Ok(spec) = std::env::var(WORKER) {
        return scale_worker(&spec);
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let benching = std::env::args().any(|a| a == "--bench");
    if benching {
        latency_report(&rt, true, 2000);
        latency_report(&rt, false, 2000);
        scale(&rt, 2048);
    }
    let mut c = Criterion::default().configure_from_args();
    act(&mut c, &rt);
    throughput(&mut c, &rt);
    c.final_summary();
}
