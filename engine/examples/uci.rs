//! The engine's UCI session on stdin and stdout, one search at a time,
//! for the measurement scripts (`tools/engine/calibrate.py`): it builds with the
//! engine alone, where `chronomate uci` needs the whole bot. `go` answers
//! when its search ends (no `stop`, no `go infinite`); everything else is
//! `chronomate uci`'s.
//!
//! ```text
//! cargo build --release -p chronomate-engine --example uci
//! ```

use std::io::{BufRead, Write};

use chronomate_engine::uci::{self, Session};

fn main() {
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mut session = Session::new(seed);
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    let mut say = |line: &str| {
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    };
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let line = line.trim();
        let (command, args) = line.split_once(' ').unwrap_or((line, ""));
        match command {
            "uci" => {
                say("id name Chronomate (example uci)");
                for option in Session::option_lines() {
                    say(&option);
                }
                say("uciok");
            }
            "isready" => say("readyok"),
            "setoption" => {
                if let Err(e) = session.set_option(args) {
                    say(&format!("info string {e}"));
                }
            }
            "ucinewgame" => session.new_game(),
            "position" => {
                if let Err(e) = session.set_position(args) {
                    say(&format!("info string error: {e}"));
                }
            }
            "go" => {
                let start = std::time::Instant::now();
                let limits = session.limits(&uci::go(args));
                let best = uci::best_move(session.position(), &limits, session.seed());
                for line in uci::answer(best.as_ref(), start.elapsed().as_millis() as u64) {
                    say(&line);
                }
            }
            "quit" => break,
            _ => {}
        }
    }
}
