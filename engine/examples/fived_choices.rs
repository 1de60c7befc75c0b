//! How much the turns 5D players choose lose, judged by a deeper search:
//! a measure of a level's choices alone, without the games' noise (a
//! ladder step of 20 games has a margin of about 150 Elo).
//!
//! ```text
//! cargo run --release -p chronomate-engine --example fived_choices -- \
//!     [--from 3:2] [--games 8] [--seeds 8] [--judge-nodes 15000] PLAYER...
//! ```
//!
//! Positions: games between the two players of `--from` (the first White
//! in odd games), seeds 1 to `--games`, cut after 10, 20, ... 60 actions
//! where still going. In each, every `PLAYER` (a level, `3@0`, any player
//! the ladder takes) chooses a turn under `--seeds` seeds. Every turn
//! chosen, and the judge's own, is valued by level 8's search (judging,
//! `--judge-nodes` nodes) of the position after it, from the mover's side,
//! so that all are judged at the same depth; a turn's loss is the best of
//! those values less its own. Printed: each position's mean loss a player,
//! then each player's mean loss and the share of its choices losing 100
//! and 300 centipawns or more (a mate counts 3,000).
use std::collections::HashMap;
use std::error::Error;

use chronomate_engine::{Level, Limits, Player, play_game, think};
use chronomate_rules::{Game, Variant};

/// A mate's worth, and the most any score counts.
const MATE: i32 = 3000;

/// Positions are cut every `CUT` actions of a game, up to `LAST_CUT`.
const CUT: usize = 10;
const LAST_CUT: usize = 60;

fn main() -> Result<(), Box<dyn Error>> {
    let mut from: (Player, Player) = ("3".parse()?, "2".parse()?);
    let (mut games, mut seeds, mut nodes) = (8u64, 8u64, 15_000u64);
    let mut players: Vec<(String, Player)> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--from" => {
                let v = value()?;
                let (a, b) = v.split_once(':').ok_or("--from: write A:B")?;
                from = (a.parse()?, b.parse()?);
            }
            "--games" => games = value()?.parse()?,
            "--seeds" => seeds = value()?.parse()?,
            "--judge-nodes" => nodes = value()?.parse()?,
            _ => players.push((arg.clone(), arg.parse()?)),
        }
    }
    if players.is_empty() {
        return Err("name the players to measure, like 2 3 3@0".into());
    }
    // Each game played once to its last cut, then replayed to each cut.
    let mut positions = Vec::new();
    for g in 1..=games {
        let (white, black) = if g % 2 == 1 { from } else { (from.1, from.0) };
        let played = play_game(Variant::FiveD, g, white, black, None, LAST_CUT)?;
        let mut replay = Game::new(Variant::FiveD, g);
        for (n, action) in played.game.record().iter().enumerate() {
            replay.play(action)?;
            if (n + 1) % CUT == 0 && !replay.status().is_over() {
                positions.push(replay.clone());
            }
        }
    }
    eprintln!("{} positions", positions.len());
    let judge = Limits {
        judging: true,
        nodes: Some(nodes),
        ..Limits::level(Level::MAX, None)
    };
    let mut losses: Vec<Vec<i32>> = vec![Vec::new(); players.len()];
    for (p, position) in positions.iter().enumerate() {
        let own = think(position, &judge, 0).ok_or("no turn")?.action;
        let mut chosen: Vec<Vec<String>> = Vec::new();
        for (_, player) in &players {
            let turns = (0..seeds)
                .map(|s| player.choose(position, s * 7919 + 1, None).ok_or("no turn"))
                .collect::<Result<Vec<_>, _>>()?;
            chosen.push(turns);
        }
        let mut value: HashMap<&str, i32> = HashMap::new();
        for turn in std::iter::once(&own).chain(chosen.iter().flatten()) {
            if !value.contains_key(turn.as_str()) {
                let mut after = position.clone();
                after.play(turn)?;
                let v = match after.status().outcome() {
                    Some(o) if o.winner.is_some() => MATE,
                    Some(_) => 0,
                    None => -think(&after, &judge, 0)
                        .ok_or("no turn")?
                        .score
                        .0
                        .clamp(-MATE, MATE),
                };
                value.insert(turn, v);
            }
        }
        let best = value.values().copied().max().unwrap_or(0);
        let mut line = format!("position {p}, best {best}:");
        for (k, turns) in chosen.iter().enumerate() {
            let lost: Vec<i32> = turns.iter().map(|t| best - value[t.as_str()]).collect();
            line += &format!(
                " {} {}",
                players[k].0,
                lost.iter().sum::<i32>() / seeds as i32
            );
            losses[k].extend(lost);
        }
        eprintln!("{line} ({} turns judged)", value.len());
    }
    for ((name, _), lost) in players.iter().zip(&losses) {
        let n = lost.len().max(1) as f64;
        let share = |at: i32| 100.0 * lost.iter().filter(|&&l| l >= at).count() as f64 / n;
        println!(
            "{name}: mean loss {:.0}, 100 or more {:.0}%, 300 or more {:.0}% ({} choices)",
            lost.iter().map(|&l| f64::from(l)).sum::<f64>() / n,
            share(100),
            share(300),
            lost.len()
        );
    }
    Ok(())
}
