//! A quick look at the engine in every variant: time, depth and nodes per
//! move at a few levels. `cargo run --release -p chronomate-engine --example tour`
use std::time::Instant;

use chronomate_engine::{Level, Limits, think};
use chronomate_rules::{Game, Variant};

fn main() {
    let levels: Vec<u8> = std::env::args()
        .nth(1)
        .map(|s| s.split(',').filter_map(|n| n.parse().ok()).collect())
        .unwrap_or_else(|| vec![1, 4, 8]);
    let plies: usize = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(6);
    for &variant in Variant::ALL {
        for &l in &levels {
            let Some(level) = Level::new(l) else { continue };
            let mut game = Game::new(variant, 1);
            let start = Instant::now();
            let mut nodes = 0;
            let mut depth = 0;
            let mut moves = Vec::new();
            for ply in 0..plies {
                let Some(t) = think(&game, &Limits::level(level, None), ply as u64) else {
                    break;
                };
                nodes += t.nodes;
                depth += t.depth;
                if let Err(e) = game.play(&t.action) {
                    println!("{variant}: illegal {}: {e}", t.action);
                    break;
                }
                moves.push(format!("{} {}", t.action, t.score));
            }
            let n = moves.len().max(1);
            println!(
                "{variant:10} level {l}: {:7.1} ms/move, {:8} nodes/move, depth {:.1}; {}",
                start.elapsed().as_secs_f64() * 1000.0 / n as f64,
                nodes / n as u64,
                depth as f64 / n as f64,
                moves.join(", ")
            );
        }
    }
}
