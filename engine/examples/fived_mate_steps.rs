//! How many steps of the rules' search the last turn of each 5D game that
//! ended in checkmate takes to prove a mate: the figure behind the
//! engine's budgets for deciding mates (`MATE_STEPS` at every state the
//! search makes, `JUDGE_STEPS` where the guard and the mate looks judge a
//! few turns; `engine/src/search/fived.rs`).
//!
//! ```text
//! cargo run --release -p chronomate-engine --example fived_mate_steps -- FILE...
//! ```
//!
//! Each FILE is `ladder --records` output: a game a line, its summary, a
//! colon, then its actions, each after a tab, on the Standard board. For
//! each game ended by checkmate, the position before its last turn is
//! replayed and the last turn judged within 1,000, 3,000, 10,000, 30,000,
//! 100,000 and 1,000,000 steps, up to the first budget that decides it:
//! one line a game (its summary, its actions and timelines, the budget
//! that decided it, `none` where none did, and each try's milliseconds),
//! then how many games each budget decided.

use std::io::BufRead;
use std::time::Instant;

use chronomate_rules::Rules;
use chronomate_rules::fived::FiveD;

const BUDGETS: [usize; 6] = [1_000, 3_000, 10_000, 30_000, 100_000, 1_000_000];

fn main() {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: fived_mate_steps FILE... (ladder --records output)");
        std::process::exit(2);
    }
    // By the first budget that decided the mate; the last, none did.
    let mut decided = [0usize; BUDGETS.len() + 1];
    for name in &files {
        let file = match std::fs::File::open(name) {
            Ok(file) => file,
            Err(e) => {
                eprintln!("{name}: {e}");
                std::process::exit(1);
            }
        };
        for line in std::io::BufReader::new(file).lines() {
            let line = line.unwrap_or_default();
            if !line.contains("(checkmate)") {
                continue;
            }
            match judged(&line) {
                Ok((lines, budget, millis)) => {
                    let summary = line.split(':').next().unwrap_or_default();
                    let at = budget.map_or_else(|| "none".to_string(), |b| BUDGETS[b].to_string());
                    println!("{summary}: {lines} timelines, decided within {at} ({millis:?} ms)");
                    decided[budget.unwrap_or(BUDGETS.len())] += 1;
                }
                Err(e) => eprintln!("{name}: {e}"),
            }
        }
    }
    let mut total = 0;
    for (i, n) in decided.iter().enumerate() {
        total += n;
        match BUDGETS.get(i) {
            Some(b) => println!("within {b} steps: {n} (so far {total})"),
            None => println!("undecided at {}: {n}", BUDGETS[BUDGETS.len() - 1]),
        }
    }
}

/// The game's timelines before its last turn, the index of the first
/// budget that decides that turn's mate, and each try's milliseconds.
fn judged(line: &str) -> Result<(i32, Option<usize>, Vec<u64>), String> {
    let (_, record) = line.split_once(":\t").ok_or("no actions")?;
    let actions: Vec<&str> = record.split('\t').collect();
    let (last, before) = actions.split_last().ok_or("no actions")?;
    let mut state = FiveD::new(&Default::default(), 0);
    for text in before {
        let action = state.parse(text).map_err(|e| format!("{text}: {e}"))?;
        state.apply(&action).map_err(|e| format!("{text}: {e}"))?;
    }
    let mate = state.parse(last).map_err(|e| format!("{last}: {e}"))?;
    let mut draft = state.draft();
    for mv in &mate.moves {
        draft.make(mv).map_err(|e| format!("{last}: {e}"))?;
    }
    let (lo, hi) = state.line_range();
    let mut millis = Vec::new();
    for (i, &steps) in BUDGETS.iter().enumerate() {
        let start = Instant::now();
        let next = draft
            .clone()
            .submit_judging_mates(steps)
            .map_err(|e| format!("{last}: {e}"))?;
        millis.push(start.elapsed().as_millis() as u64);
        if next.status().is_over() {
            return Ok((hi - lo + 1, Some(i), millis));
        }
    }
    Ok((hi - lo + 1, None, millis))
}
