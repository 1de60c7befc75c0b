//! The host's hot path on an on-disk database (WAL, synchronous FULL):
//!
//! - `act/8x8`: one action (resolve, parse, check, commit, render) in a
//!   standard game; with and without the board PNG.
//! - `throughput/64-games`: 256 actions, 4 in each of 64 games played at
//!   once, committed one transaction each.
//!
//! Before the criterion groups, a latency run prints p50/p90/p99/max of
//! single actions (criterion reports means and spreads, not tail
//! percentiles). Actions are random legal moves; a game that ends is
//! replaced by a fresh one, outside the timed part.
//!
//! `cargo bench -p chronomate --bench host`
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use std::sync::Arc;
use std::time::{Duration, Instant};

use chronomate::host::{
    Caller, ChallengeTerms, ColourChoice, Host, HostConfig, Place, Player, SystemClock,
};
use chronomate::store::Store;
use chronomate_rules::Variant;
use criterion::{Criterion, Throughput};
use tokio::runtime::Runtime;

struct Table {
    host: Host,
    games: Vec<Seat>,
    rng: u64,
    _dir: tempfile::TempDir,
}

#[derive(Clone)]
struct Seat {
    id: i64,
    white: Caller,
    black: Caller,
}

fn caller(name: &str) -> Caller {
    Caller::new(
        Player::new(format!("bench:{name}"), name),
        Place::new(Some("bench"), Some("bench"), None),
    )
}

impl Table {
    async fn new(games: usize, images: bool) -> Table {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open_path(dir.path().join("bench.db")).await.unwrap();
        let host = Host::new(store, Arc::new(SystemClock)).with_config(HostConfig {
            images,
            ..HostConfig::default()
        });
        let mut t = Table {
            host,
            games: Vec::new(),
            rng: 0x2545_F491_4F6C_DD1D,
            _dir: dir,
        };
        for i in 0..games {
            let seat = t.new_game(i).await;
            t.games.push(seat);
        }
        t
    }

    async fn new_game(&self, i: usize) -> Seat {
        let (white, black) = (caller(&format!("w{i}")), caller(&format!("b{i}")));
        let mut terms = ChallengeTerms::new(Variant::Standard);
        terms.opponent = Some(black.player.clone());
        terms.colour = ColourChoice::White;
        let reply = self.host.challenge(&white, terms).await.unwrap();
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
        let mut loaded = self.host.load(self.games[i].id).await.unwrap();
        if loaded.game.status().is_over() || loaded.game.legal_actions().len() < 2 {
            self.games[i] = self.new_game(i + 1000 * self.games.len()).await;
            loaded = self.host.load(self.games[i].id).await.unwrap();
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
            .block_on(table.host.act(&who, Some(id), &action))
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
                        .block_on(table.host.act(&who, Some(id), &action))
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
                                    host.act(&who, Some(id), &action).await.unwrap();
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
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let benching = std::env::args().any(|a| a == "--bench");
    if benching {
        latency_report(&rt, true, 2000);
        latency_report(&rt, false, 2000);
    }
    let mut c = Criterion::default().configure_from_args();
    act(&mut c, &rt);
    throughput(&mut c, &rt);
    c.final_summary();
}
