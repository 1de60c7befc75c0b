//! The full legal action list of Time Traveler's Chess, explosions
//! included, in middlegame positions with traveling men on the board
//! (reached by seeded random play). Target: median under 5 ms.
//!
//! `cargo bench -p chronomate-rules --bench traveler`
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use std::hint::black_box;

use chronomate_rules::traveler::{Action, TravelerChess};
use chronomate_rules::{Color, Game, Rules, Variant};
use criterion::{Criterion, criterion_group, criterion_main};

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Middlegame positions: 20 random plies (an explosion one time in six, else a
/// normal move or annihilation),
/// kept when someone is traveling and explosions are plentiful.
fn positions() -> Vec<(String, Vec<String>)> {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut out = Vec::new();
    let mut tries = 0;
    while out.len() < 3 && tries < 2000 {
        tries += 1;
        let mut g = TravelerChess::new();
        let mut record = Vec::new();
        for _ in 0..20 {
            let actions = g.legal_actions();
            if actions.is_empty() {
                break;
            }
            let explosions: Vec<&Action> = actions
                .iter()
                .filter(|a| matches!(a, Action::Explosion { .. }))
                .collect();
            let others: Vec<&Action> = actions
                .iter()
                .filter(|a| !matches!(a, Action::Explosion { .. }))
                .collect();
            let a = if !explosions.is_empty() && (others.is_empty() || rng.below(6) == 0) {
                *explosions[rng.below(explosions.len())]
            } else {
                *others[rng.below(others.len())]
            };
            record.push(g.play(&a).unwrap().notation);
            if g.status().is_over() {
                break;
            }
        }
        let traveling = !g.is_resolved(Color::White) || !g.is_resolved(Color::Black);
        if !g.status().is_over()
            && traveling
            && record.len() == 20
            && g.legal_actions().len() >= 400
        {
            out.push((format!("middlegame {}", out.len() + 1), record));
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("traveler");
    for (name, record) in positions() {
        let game = Game::replay(Variant::Traveler, 0, &record).unwrap();
        let mut g = TravelerChess::new();
        for a in &record {
            let action = g.parse(a).unwrap();
            g.apply(&action).unwrap();
        }
        let n = g.legal_actions().len();
        let explosions = g
            .legal_actions()
            .iter()
            .filter(|a| matches!(a, Action::Explosion { .. }))
            .count();
        eprintln!(
            "{name}: {n} legal actions, {explosions} explosions; record {}",
            record.join(" ")
        );
        group.bench_function(format!("legal actions, {name} ({n})"), |b| {
            b.iter(|| black_box(g.clone()).legal_actions().len())
        });
        group.bench_function(format!("legal actions printed, {name} ({n})"), |b| {
            b.iter(|| black_box(game.clone()).legal_actions().len())
        });
        group.bench_function(format!("suggest Q, {name}"), |b| {
            b.iter(|| black_box(game.clone()).suggest("Q", 25).len())
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
