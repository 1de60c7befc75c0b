//! Tunes FIDE chess's evaluation weights on labelled positions (see
//! `chronomate_engine::texel` and docs/engine-journal.md): reads lines `FEN;cp`
//! (White's score, by Stockfish at a fixed depth or by the game's
//! result, made by `tools/engine/texel.py`), keeps the quiet ones, holds one in
//! ten back to check the fit, and prints the tuned weights as Rust
//! source: a module `tuned` of `engine/src/eval`, which `eval::fide::FIDE`
//! may then name (`super::tuned::TUNED`) for an A/B against the weights
//! as they are (`tools/engine/calibrate.py ab`). `scalars` holds the
//! piece-square tables and tunes the rest.
//!
//! ```text
//! cargo run --release -p chronomate-engine --example texel -- \
//!     POSITIONS [EPOCHS] [RATE] [all|scalars] > tuned.rs   # then into engine/src/eval/
//! ```

use chronomate_engine::texel::{self, Free, Sample};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: texel POSITIONS [EPOCHS] [RATE] [all|scalars]");
        std::process::exit(2);
    };
    let epochs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let rate: f64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1.0);
    let free = match args.next().as_deref() {
        Some("scalars") => Free::Scalars,
        _ => Free::All,
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("cannot read {path}: {e}");
        std::process::exit(1);
    });
    let (mut train, mut held) = (Vec::new(), Vec::new());
    let mut skipped = 0;
    for (n, line) in text.lines().enumerate() {
        match Sample::parse(line) {
            Ok(s) if n % 10 == 0 => held.push(s),
            Ok(s) => train.push(s),
            Err(_) => skipped += 1,
        }
    }
    eprintln!(
        "{} positions to tune on, {} held back, {skipped} skipped",
        train.len(),
        held.len()
    );
    let mut params = texel::parameters(&texel::start());
    let scale = texel::fit_scale(&train, &params);
    eprintln!(
        "scale {scale:.3}; error {:.6} (held back {:.6})",
        texel::error(&train, &params, scale),
        texel::error(&held, &params, scale)
    );
    // The weights that fit the positions held back best are kept: past
    // them the tuning fits the noise of the ones it sees.
    let mut best = (texel::error(&held, &params, scale), 0, params.clone());
    texel::tune(
        &train,
        &mut params,
        free,
        scale,
        epochs,
        rate,
        &mut |epoch, p| {
            if epoch % 25 == 0 {
                let held_error = texel::error(&held, p, scale);
                if held_error < best.0 {
                    best = (held_error, epoch, p.to_vec());
                }
                if epoch % 100 == 0 {
                    eprintln!(
                        "epoch {epoch}: error {:.6} (held back {held_error:.6})",
                        texel::error(&train, p, scale),
                    );
                }
            }
        },
    );
    eprintln!("kept epoch {}: held back {:.6}", best.1, best.0);
    let params = best.2;
    println!("//! FIDE chess's evaluation weights, tuned on positions: written by");
    println!("//! `engine/examples/texel.rs` (docs/engine-journal.md: its tuning).");
    println!("//! Do not edit by hand: tune again.");
    println!();
    println!("use super::terms::Weights;");
    println!();
    println!("/// The weights FIDE chess's own positions are evaluated with.");
    print!("{}", texel::source(&texel::weights(&params), "TUNED"));
}
