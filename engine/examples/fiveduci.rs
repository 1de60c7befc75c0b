//! The engine's 5DUCI session on stdin and stdout, one search at a time,
//! for matches (`examples/fived_match.rs`, `tools/engine/bench-5duci.sh`):
//! it builds with the engine alone, where `chronomate 5duci` needs the
//! whole bot. `go` answers when its search ends (`stop` and `go infinite`
//! are `chronomate 5duci`'s); everything else is the same session.
//!
//! ```text
//! cargo build --release -p chronomate-engine --example fiveduci
//! ```

use std::io::{BufRead, Write};

use chronomate_engine::fiveduci::{Reply, Session};

fn main() {
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mut session = Session::new(seed);
    let mut out = std::io::stdout();
    let mut say = |line: &str| {
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    };
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        match session.handle(&line) {
            Reply::Say(lines) => lines.iter().for_each(|l| say(l)),
            Reply::Ready => say("readyok"),
            Reply::Go(search) => search.run().iter().for_each(|l| say(l)),
            Reply::Stop => {}
            Reply::Quit => {
                say("bye");
                break;
            }
        }
    }
}
