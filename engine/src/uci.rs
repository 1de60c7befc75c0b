//! The pure half of the Universal Chess Interface for `standard`: reading
//! `position` and `go` commands, and choosing a move in UCI notation. The
//! command line (`chronomate uci`) does the reading, writing and threads.

use chronomate_rules::Color;
use chronomate_rules::chess::Move;
use chronomate_rules::standard::Chess;
use chronomate_rules::{Options, Rules};

use crate::{Level, Limits, Thought, state_key, think_about};

/// A position as `position` set it, with the keys of the positions before
/// it (for repetitions).
#[derive(Clone, Debug)]
pub struct UciPosition {
    pub chess: Chess,
    pub prior: Vec<u64>,
}

impl Default for UciPosition {
    fn default() -> UciPosition {
        UciPosition {
            chess: Chess::new(&Options::default(), 0),
            prior: Vec::new(),
        }
    }
}

/// Reads the arguments of `position`: `startpos` or `fen FEN`, then maybe
/// `moves` and moves in UCI.
pub fn position(args: &str) -> Result<UciPosition, String> {
    let mut words = args.split_whitespace().peekable();
    let mut chess = match words.next() {
        Some("startpos") => Chess::new(&Options::default(), 0),
        Some("fen") => {
            let mut fields = Vec::new();
            while let Some(&w) = words.peek() {
                if w == "moves" {
                    break;
                }
                fields.push(w);
                words.next();
            }
            Chess::from_fen(&fields.join(" ")).map_err(|e| format!("bad fen: {e}"))?
        }
        _ => return Err("position needs startpos or fen".to_owned()),
    };
    let mut prior = Vec::new();
    if let Some(w) = words.next() {
        if w != "moves" {
            return Err(format!("unexpected {w:?} in position"));
        }
        for text in words {
            let mv = chess
                .parse(text)
                .map_err(|e| format!("illegal move {text}: {e}"))?;
            prior.push(state_key(&chess));
            chess
                .apply(&mv)
                .map_err(|e| format!("illegal move {text}: {e}"))?;
        }
    }
    Ok(UciPosition { chess, prior })
}

/// The arguments of `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    pub movetime: Option<u64>,
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: Option<u64>,
    pub binc: Option<u64>,
    pub movestogo: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub infinite: bool,
}

/// Reads the arguments of `go`; unknown words are skipped.
pub fn go(args: &str) -> Go {
    let mut go = Go::default();
    let mut words = args.split_whitespace();
    while let Some(w) = words.next() {
        let mut number = || {
            words
                .next()
                .and_then(|n| n.parse::<i64>().ok())
                .map(|n| n.max(0) as u64)
        };
        match w {
            "movetime" => go.movetime = number(),
            "wtime" => go.wtime = number(),
            "btime" => go.btime = number(),
            "winc" => go.winc = number(),
            "binc" => go.binc = number(),
            "movestogo" => go.movestogo = number(),
            "depth" => go.depth = number().map(|d| d.clamp(1, 64) as u32),
            "nodes" => go.nodes = number(),
            "infinite" => go.infinite = true,
            _ => {}
        }
    }
    go
}

impl Go {
    /// The limits for `side` at `level`. A clock gives a share of the time
    /// left (a thirtieth, or the time over the moves to go) plus most of
    /// the increment, never more than half of what is left. With a time
    /// limit (or `infinite`) level 8 thinks until the time is up; lower
    /// levels keep their node budget, which is what makes them weaker.
    pub fn limits(&self, level: Level, side: Color) -> Limits {
        let (time, inc) = match side {
            Color::White => (self.wtime, self.winc),
            Color::Black => (self.btime, self.binc),
        };
        let clock = time.map(|t| {
            let share = t / self.movestogo.unwrap_or(30).clamp(1, 60) + inc.unwrap_or(0) * 4 / 5;
            share.min(t / 2).saturating_sub(20).max(1)
        });
        let millis = if self.infinite {
            None
        } else {
            self.movetime.map(|m| m.saturating_sub(10).max(1)).or(clock)
        };
        let timed = self.infinite || millis.is_some();
        let nodes = self
            .nodes
            .or_else(|| (timed && level == Level::MAX).then_some(u64::MAX));
        let depth = self
            .depth
            .or_else(|| (timed && level == Level::MAX).then_some(64));
        Limits {
            level,
            millis,
            nodes,
            depth,
            ..Limits::default()
        }
    }
}

/// The engine's move in `position`, in UCI notation (`e2e4`, `e7e8q`,
/// castling as the king's move `e1g1`), with its thought; `None` when the
/// game is over.
pub fn best_move(
    position: &UciPosition,
    limits: &Limits,
    seed: u64,
) -> Option<(String, Thought<Move>)> {
    let thought = think_about(&position.chess, limits, seed, &position.prior)?;
    Some((thought.action.uci().to_string(), thought))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_read_startpos_fen_and_moves() {
        let p = position("startpos moves e2e4 e7e5 g1f3").unwrap();
        assert_eq!(p.prior.len(), 3);
        assert_eq!(p.chess.position().turn(), Color::Black);
        let p = position("fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1").unwrap();
        assert_eq!(p.chess.position().fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
        assert!(position("startpos moves e2e5").is_err());
        assert!(position("nonsense").is_err());
    }

    #[test]
    fn go_reads_clocks_and_limits() {
        let g = go("wtime 60000 btime 30000 winc 1000 binc 1000");
        let l = g.limits(Level::MAX, Color::Black);
        assert_eq!(l.millis, Some(30000 / 30 + 800 - 20));
        assert_eq!(l.nodes, Some(u64::MAX));
        let l = go("movetime 100").limits(Level::new(3).unwrap(), Color::White);
        assert_eq!(l.millis, Some(90));
        assert_eq!(l.nodes, None);
        assert_eq!(go("depth 5").depth, Some(5));
    }

    #[test]
    fn mate_in_one_is_found() {
        let p = position("fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        let (mv, t) = best_move(&p, &Limits::default(), 0).unwrap();
        assert_eq!(mv, "a1a8");
        assert_eq!(t.score.mate_in(), Some(1));
    }
}
