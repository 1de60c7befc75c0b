//! Tuning FIDE chess's evaluation weights on positions (Texel's method):
//! each quiet position's terms are counted once ([`Sample`]), the
//! evaluation becomes a weighted sum of them, and the weights are moved to
//! bring the win chance that sum predicts close to a target's (Stockfish's
//! score at a fixed depth, or the game's result; `tools/engine/texel.py` makes
//! them, `engine/examples/texel.rs` tunes).
//!
//! The evaluation is linear in its weights but for the shield's cap (left
//! out here, and off in the tuned weights) and the rounding of the taper,
//! so the model predicts what the engine plays within a centipawn.

use chronomate_rules::Color;
use chronomate_rules::chess::{Position, Role};

use crate::eval::fide::FIDE;
use crate::eval::terms::{self, Sink, Term};
pub use crate::eval::terms::{Pair, Weights};
use crate::search::fide::see;

/// How many weights are tuned: a middlegame and an endgame weight for
/// every term, and the tempo.
pub const PARAMETERS: usize = 2 * Term::COUNT + 1;
const TEMPO: usize = 2 * Term::COUNT;

/// Win chance per centipawn: a 400-centipawn lead is 10 to 1.
const K: f64 = std::f64::consts::LN_10 / 400.0;

/// A position's terms, weighed by its phase, and its target.
#[derive(Clone, Debug)]
pub struct Sample {
    /// Parameter index and coefficient: the evaluation (White's) is
    /// the sum of weight times coefficient.
    terms: Vec<(u32, f32)>,
    /// The target's score, from White's side, in its own centipawns.
    target: f32,
}

/// Why a line of positions was not taken.
#[derive(Debug, PartialEq, Eq)]
pub enum Skip {
    /// Not `FEN;centipawns` (a finite number), or a FEN the rules refuse.
    Malformed,
    /// In check, or a capture or promotion wins material at once: the
    /// static evaluation cannot stand for such a position.
    NotQuiet,
}

/// Whether `pos` is quiet: not in check, and no capture or promotion wins
/// material by the static exchange.
pub fn is_quiet(pos: &Position) -> bool {
    if pos.is_check() {
        return false;
    }
    let mut quiet = true;
    pos.for_each_legal_move(|m| {
        if (m.is_capture() || m.promotion().is_some()) && see(pos, &m) > 0 {
            quiet = false;
        }
    });
    quiet
}

impl Sample {
    /// A sample from a line `FEN;cp` (White's score).
    pub fn parse(line: &str) -> Result<Sample, Skip> {
        let (fen, score) = line.trim().rsplit_once(';').ok_or(Skip::Malformed)?;
        let target: f32 = score.trim().parse().map_err(|_| Skip::Malformed)?;
        if !target.is_finite() {
            return Err(Skip::Malformed);
        }
        let pos = Position::from_fen(fen.trim()).map_err(|_| Skip::Malformed)?;
        if !is_quiet(&pos) {
            return Err(Skip::NotQuiet);
        }
        Ok(Sample {
            terms: coefficients(&pos),
            target,
        })
    }

    /// The evaluation `params` give, from White's side.
    pub fn predict(&self, params: &[f64]) -> f64 {
        self.terms
            .iter()
            .map(|&(i, c)| params[i as usize] * f64::from(c))
            .sum()
    }
}

/// Counts of each term, by side.
struct Counts(Vec<(Term, i32)>);

impl Sink for Counts {
    fn add(&mut self, sign: i32, term: Term, count: i32) {
        if count != 0 {
            self.0.push((term, sign * count));
        }
    }

    fn shield(&mut self, sign: i32, near: i32, far: i32) {
        self.add(sign, Term::Shield(0), near);
        self.add(sign, Term::Shield(1), far);
    }
}

/// The coefficient of each parameter in `pos`'s evaluation.
fn coefficients(pos: &Position) -> Vec<(u32, f32)> {
    let mut counts = Counts(Vec::new());
    let phase = terms::walk(pos.board(), &mut counts);
    let middle = f64::from(phase) / f64::from(terms::PHASE_TOTAL);
    let mut out: Vec<(u32, f32)> = Vec::with_capacity(2 * counts.0.len() + 1);
    for (term, count) in counts.0 {
        let count = f64::from(count) / f64::from(term.unit());
        let i = 2 * term.index() as u32;
        out.push((i, (count * middle) as f32));
        if !term.middlegame_only() {
            out.push((i + 1, (count * (1.0 - middle)) as f32));
        }
    }
    let tempo = match pos.turn() {
        Color::White => 1.0,
        Color::Black => -1.0,
    };
    out.push((TEMPO as u32, tempo));
    // The same parameter from both sides (material) counted once.
    out.sort_by_key(|&(i, _)| i);
    out.dedup_by(|b, a| {
        if a.0 == b.0 {
            a.1 += b.1;
            true
        } else {
            false
        }
    });
    out.retain(|&(_, c)| c != 0.0);
    out
}

/// The weights a tuning starts from: PeSTO's material and tables and
/// the hand-set weights of the other terms.
pub fn start() -> Weights {
    FIDE
}

/// `weights` as parameters.
pub fn parameters(weights: &Weights) -> Vec<f64> {
    let mut params = vec![0.0; PARAMETERS];
    for term in Term::all() {
        let (m, e) = weights.of(term);
        params[2 * term.index()] = f64::from(m);
        params[2 * term.index() + 1] = f64::from(e);
    }
    params[TEMPO] = f64::from(weights.tempo);
    params
}

/// Parameters rounded to weights (the shield uncapped).
pub fn weights(params: &[f64]) -> Weights {
    let mut w = Weights {
        shield_cap: i32::MAX,
        tempo: params[TEMPO].round() as i32,
        ..FIDE
    };
    for term in Term::all() {
        let i = 2 * term.index();
        w.set(
            term,
            (params[i].round() as i32, params[i + 1].round() as i32),
        );
    }
    w
}

/// The win chance of a score, `scale` converting the evaluation's
/// centipawns to the target's.
fn chance(cp: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-K * scale * cp).exp())
}

/// The mean squared error between the chances `params` predict and the
/// targets'.
pub fn error(samples: &[Sample], params: &[f64], scale: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let d = chance(s.predict(params), scale) - chance(f64::from(s.target), 1.0);
            d * d
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The scale from the evaluation's centipawns to the target's that fits
/// `params` best (a golden-section search over 0.25 to 4).
pub fn fit_scale(samples: &[Sample], params: &[f64]) -> f64 {
    let (mut lo, mut hi) = (0.25f64, 4.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(samples, params, a) < error(samples, params, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Which parameters a tuning may move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Free {
    /// Every weight.
    All,
    /// All but the piece-square tables: the values of the men and the few
    /// weights of the other terms.
    Scalars,
}

impl Free {
    /// Whether parameter `i` may move.
    fn allows(self, i: usize) -> bool {
        let term = i / 2;
        let tables = Term::Square(Role::Pawn, 0).index()..Term::Square(Role::King, 63).index() + 1;
        match self {
            Free::All => true,
            Free::Scalars => !tables.contains(&term),
        }
    }
}

/// Moves the `free` parameters down the error's gradient for `epochs` full
/// passes (Adam, `rate` centipawns a step), the scale held; tells
/// `progress` each epoch's parameters.
pub fn tune(
    samples: &[Sample],
    params: &mut [f64],
    free: Free,
    scale: f64,
    epochs: usize,
    rate: f64,
    progress: &mut dyn FnMut(usize, &[f64]),
) {
    let (beta1, beta2, eps) = (0.9, 0.999, 1e-8);
    let mut m = vec![0.0; params.len()];
    let mut v = vec![0.0; params.len()];
    let mut grad = vec![0.0; params.len()];
    let n = samples.len().max(1) as f64;
    for epoch in 1..=epochs {
        grad.iter_mut().for_each(|g| *g = 0.0);
        for s in samples {
            let p = chance(s.predict(params), scale);
            let t = chance(f64::from(s.target), 1.0);
            let d = 2.0 * (p - t) * p * (1.0 - p) * K * scale / n;
            for &(i, c) in &s.terms {
                grad[i as usize] += d * f64::from(c);
            }
        }
        for i in (0..params.len()).filter(|&i| free.allows(i)) {
            m[i] = beta1 * m[i] + (1.0 - beta1) * grad[i];
            v[i] = beta2 * v[i] + (1.0 - beta2) * grad[i] * grad[i];
            let mh = m[i] / (1.0 - beta1.powi(epoch as i32));
            let vh = v[i] / (1.0 - beta2.powi(epoch as i32));
            params[i] -= rate * mh / (vh.sqrt() + eps);
        }
        progress(epoch, params);
    }
}

/// `weights` as Rust source: the constant `name` of type `Weights`.
pub fn source(weights: &Weights, name: &str) -> String {
    let pair = |(m, e): (i32, i32)| format!("({m}, {e})");
    let row = |pairs: &[(i32, i32)]| {
        pairs
            .iter()
            .map(|&p| pair(p))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut out = format!("pub(crate) const {name}: Weights = Weights {{\n");
    out += &format!("    value: [{}],\n", row(&weights.value));
    out += "    #[rustfmt::skip]\n    square: [\n";
    for table in &weights.square {
        out += "        [\n";
        for rank in table.chunks(8) {
            out += &format!("            {},\n", row(rank));
        }
        out += "        ],\n";
    }
    out += "    ],\n";
    out += &format!("    mobility: [{}],\n", row(&weights.mobility));
    out += &format!("    bishop_pair: {},\n", pair(weights.bishop_pair));
    out += &format!("    doubled: {},\n", pair(weights.doubled));
    out += &format!("    isolated: {},\n", pair(weights.isolated));
    out += &format!("    passed: [{}],\n", row(&weights.passed));
    out += &format!(
        "    shield: [{}, {}],\n",
        weights.shield[0], weights.shield[1]
    );
    let cap = if weights.shield_cap == i32::MAX {
        "i32::MAX".to_string()
    } else {
        weights.shield_cap.to_string()
    };
    out += &format!("    shield_cap: {cap},\n");
    out += &format!("    pressure: {},\n", weights.pressure);
    out += &format!("    tempo: {},\n", weights.tempo);
    out += "};\n";
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_model_predicts_the_evaluation() {
        let uncapped = Weights {
            shield_cap: i32::MAX,
            ..FIDE
        };
        let params = parameters(&uncapped);
        assert_eq!(weights(&params), uncapped);
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9",
            "8/5pk1/6p1/3P4/2P5/6P1/5PK1/8 b - - 0 40",
            "2kr3r/ppq2ppp/2n5/3p4/3P4/2P2Q2/P4PPP/R4RK1 w - - 0 20",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let white = terms::evaluate(pos.board(), &uncapped)
                + if pos.turn() == Color::White { 10 } else { -10 };
            let sample = Sample {
                terms: coefficients(&pos),
                target: 0.0,
            };
            let model = sample.predict(&params);
            assert!(
                (model - f64::from(white)).abs() <= 1.0,
                "{fen}: {model} against {white}"
            );
        }
    }

    #[test]
    fn every_term_has_one_index_and_its_own_weights() {
        let mut indices: Vec<usize> = Term::all().map(Term::index).collect();
        indices.sort_unstable();
        assert_eq!(indices, (0..Term::COUNT).collect::<Vec<_>>());
        // Setting each term's weights reads back, and touches no other.
        // The n-th term's weights: n, and -n where it has an endgame one.
        let weights = |n: usize, term: Term| {
            let n = n as i32;
            (n, if term.middlegame_only() { 0 } else { -n })
        };
        let mut w = FIDE;
        for (n, term) in Term::all().enumerate() {
            w.set(term, weights(n, term));
        }
        for (n, term) in Term::all().enumerate() {
            assert_eq!(w.of(term), weights(n, term), "{term:?}");
        }
    }

    #[test]
    fn lines_that_are_not_quiet_positions_are_skipped() {
        assert_eq!(Sample::parse("nonsense").unwrap_err(), Skip::Malformed);
        assert_eq!(
            Sample::parse("8/8/8/8 w - - 0 1;12").unwrap_err(),
            Skip::Malformed
        );
        assert_eq!(
            Sample::parse("4k3/8/8/8/8/8/8/3QK3 w - - 0 1;inf").unwrap_err(),
            Skip::Malformed
        );
        // White's queen takes a free rook.
        assert_eq!(
            Sample::parse("4k3/8/8/3r4/8/8/8/3QK3 w - - 0 1;900").unwrap_err(),
            Skip::NotQuiet
        );
        assert!(Sample::parse("4k3/8/8/8/8/8/8/3QK3 w - - 0 1;900").is_ok());
    }

    proptest::proptest! {
        #[test]
        fn no_line_panics(line in ".{0,120}", fen in "[1-8kqrbnpKQRBNP/]{1,70} [wb] [-KQkq]{1,4} - 0 1") {
            let _ = Sample::parse(&line);
            let _ = Sample::parse(&format!("{fen};0"));
            let _ = Sample::parse(&format!("{fen};NaN"));
        }
    }

    #[test]
    fn tuning_moves_the_weights_toward_the_targets() {
        // Targets that value White's extra knight at twice the evaluation.
        let samples: Vec<Sample> = [
            "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/1N2K3 b - - 0 1",
        ]
        .iter()
        .map(|fen| Sample::parse(&format!("{fen};700")).unwrap())
        .collect();
        let mut params = parameters(&FIDE);
        let before = error(&samples, &params, 1.0);
        let start = params.clone();
        tune(
            &samples,
            &mut params,
            Free::Scalars,
            1.0,
            200,
            2.0,
            &mut |_, _| {},
        );
        assert!(error(&samples, &params, 1.0) < before / 2.0);
        // Only the knight's value moved, not its squares.
        let knight = Term::Value(Role::Knight).index() * 2;
        assert!(params[knight] > start[knight] + 50.0);
        let square = Term::Square(Role::Knight, 57).index() * 2;
        assert_eq!(params[square], start[square]);
    }
}
