//! How a level chooses among the root moves its search weighed: the few
//! that look good at its shallow look ([`Look`]: the search's first
//! iteration, one ply and its captures), then a softmax over their
//! searched scores, each score once ([`Ties`]). A move `d` centipawns
//! below the best is chosen `e^(-d / temperature)` times as often as the
//! best, so a level's mistakes are moves that looked nearly as good at its
//! depth, and the higher its temperature the further it strays. Moves more
//! than [`WINDOW`] temperatures below the best are never chosen (their
//! chance would be under 1 in 50 each, but a position has dozens of them:
//! at the temperatures of levels 3 and up, a piece left hanging), which
//! also lets the search bound their scores instead of finding them.
//!
//! Integer arithmetic throughout, so that the same scores and seed give the
//! same choice on every machine.

use std::collections::HashSet;

use crate::rng::Rng;

/// How a level picks its move at the root.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Pick {
    /// Its temperature over the searched scores (0: the best).
    pub temperature: i32,
    /// A glance, at this temperature: the move chosen by each root move's
    /// static evaluation alone, as a player does who barely looks (the
    /// search runs all the same). Never a move that loses at once: those
    /// are more than [`WINDOW`] temperatures below the best.
    pub glance: Option<i32>,
    /// The moves it may choose among, by a shallow look.
    pub look: Look,
}

/// The moves a level may choose among: those that look good at a shallow
/// look, the search's first iteration (every root move one ply deep and,
/// where the domain has one, its quiescence search: a man left hanging is
/// seen there). Its `count` best by that look, those within `reach`
/// centipawns of its best, are the level's candidates, with the best of its
/// deeper search where that too is within `reach` ([`Look::near`]); a
/// level's mistakes are then moves that looked good at a glance and lose
/// to what its search does not see, never a move that a one-ply look
/// ranks near the bottom (issue 48: two of three mistakes of the softmax
/// alone were such moves). `count` 0: every move (level 8, and a position
/// judged).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Look {
    /// How many of the best by the shallow look.
    pub count: usize,
    /// How far below that look's best, in centipawns.
    pub reach: i32,
    /// Whether the search's best too is a candidate only within `reach`
    /// ([`Look::near`]; standard chess's levels 1 to 4, whose searches are
    /// shallow), or wherever the look puts it (deeper levels, and the
    /// time-travel variants, whose ladders were set so).
    pub best_within_reach: bool,
}

impl Look {
    /// Whether the level's choice is held to a shallow look's best.
    pub(crate) fn narrows(self) -> bool {
        self.count > 0
    }

    /// Which of the moves scored by the shallow look (`order`: their
    /// indices best first; `scores` and `exact` by index) are candidates.
    pub(crate) fn candidates(self, order: &[usize], scores: &[i32], exact: &[bool]) -> Vec<bool> {
        let mut chosen = vec![false; scores.len()];
        let Some(&first) = order.first() else {
            return chosen;
        };
        let floor = scores[first].saturating_sub(self.reach);
        for &i in order
            .iter()
            .filter(|&&i| exact[i] && scores[i] >= floor)
            .take(self.count)
        {
            chosen[i] = true;
        }
        chosen[first] = true;
        chosen
    }

    /// Which of the moves scored by the shallow look the search's best may
    /// be chosen among: those within its reach of its best, however many,
    /// where [`Look::best_within_reach`]; else every move. A move the deeper search prefers that looks more than
    /// the reach worse at a glance (a sacrifice, or a line whose loss lies
    /// past the search's horizon) is not one a player of the level would
    /// play from a shallow look; at levels 2 to 5 such moves were about a
    /// fifth of the errors Stockfish's depth-1 look ranks outside its five
    /// best (docs/engine.md, "How the levels err").
    pub(crate) fn near(self, order: &[usize], scores: &[i32], exact: &[bool]) -> Vec<bool> {
        let Some(&first) = order.first() else {
            return vec![false; scores.len()];
        };
        let floor = scores[first].saturating_sub(self.reach);
        (0..scores.len())
            .map(|i| !self.best_within_reach || i == first || (exact[i] && scores[i] >= floor))
            .collect()
    }
}

/// How many temperatures below the best a move may be and still be chosen.
pub(crate) const WINDOW: i32 = 4;

/// How many temperatures a reflex move ([`super::Domain::reflex`]: taking
/// back on the square just taken on, taking the queen) counts above its
/// score when a level chooses: `e^2`, about 7 times as often as a move its
/// search scores alike. People rarely miss a recapture even where they
/// misjudge the quiet moves; without this a warm level left one in four
/// untaken (docs/engine.md).
pub(crate) const REFLEX: i32 = 3;

/// `e^(-1/16)` in 32-bit fixed point.
const STEP: u64 = 4_034_748_382;

/// The relative chance of a move `below` centipawns under the best, at
/// `temperature` (positive), in 32-bit fixed point: 2^32 for the best,
/// `2^32 e^(-below / temperature)` to within a sixteenth of a temperature.
pub(crate) fn weight(below: i32, temperature: i32) -> u64 {
    let t = i64::from(temperature.max(1));
    let sixteenths = (i64::from(below.max(0)) * 16 + t / 2) / t;
    let mut w: u64 = 1 << 32;
    for _ in 0..sixteenths {
        if w == 0 {
            break;
        }
        w = (w * STEP) >> 32;
    }
    w
}

/// How moves of equal score share a level's choice ([`choose`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ties {
    /// As one choice, the first of them: the candidates come in the
    /// search's order (its earlier iterations', then the static
    /// evaluation's or the turn builder's), which is what the level knows
    /// of moves its search cannot tell apart, and a group of alike moves is
    /// not likelier to be right for being large. In 5D many turns score
    /// alike at two turns' depth (where a travelling king lands), and
    /// drawing among them cost levels 2 to 7 their strength: level 2 at
    /// temperature 1 went 3-0-7 against level 2, and 6-0-3 keeping the
    /// first of each score (docs/engine-journal.md, issue 49).
    First,
    /// Each its own chance: a glance's candidates come in the rules' order,
    /// which says nothing of them, and many quiet moves look alike at a
    /// glance.
    Drawn,
}

/// The index of the move chosen among `candidates` (index, score), at
/// `temperature`: the first best where it is 0, else drawn by the seeded
/// `rng` with each move's [`weight`], moves of equal score sharing as
/// `ties` says. `None` for no candidates.
pub(crate) fn choose(
    candidates: &[(usize, i32)],
    temperature: i32,
    ties: Ties,
    rng: &mut Rng,
) -> Option<usize> {
    let best = candidates.iter().map(|&(_, s)| s).max()?;
    if temperature <= 0 {
        return candidates
            .iter()
            .find(|&&(_, s)| s == best)
            .map(|&(i, _)| i);
    }
    let mut scores = HashSet::new();
    let candidates: Vec<(usize, i32)> = candidates
        .iter()
        .copied()
        .filter(|&(_, s)| ties == Ties::Drawn || scores.insert(s))
        .collect();
    let weights: Vec<u64> = candidates
        .iter()
        .map(|&(_, s)| weight(best.saturating_sub(s), temperature))
        .collect();
    let total: u64 = weights.iter().sum();
    let mut draw = ((u128::from(rng.next_u64()) * u128::from(total)) >> 64) as u64;
    for (&(i, _), &w) in candidates.iter().zip(&weights) {
        if draw < w {
            return Some(i);
        }
        draw -= w;
    }
    candidates.last().map(|&(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shallow_look_keeps_a_few_best_near_its_best() {
        // Indices best first: 2 (300), 0 (290), 3 (250, a bound), 1
        // (100), 4 (80).
        let scores = [290, 100, 300, 250, 80];
        let exact = [true, true, true, false, true];
        let order = [2, 0, 3, 1, 4];
        let look = Look {
            count: 3,
            reach: 250,
            best_within_reach: false,
        };
        assert_eq!(
            look.candidates(&order, &scores, &exact),
            [true, true, true, false, false]
        );
        // Within 100 of the best: a move 200 below (a piece hangs) is out.
        let near = Look {
            count: 5,
            reach: 100,
            best_within_reach: true,
        };
        assert_eq!(
            near.candidates(&order, &scores, &exact),
            [true, false, true, false, false]
        );
        // Every move within the reach, however many, is near: the
        // search's best may be any of these.
        assert_eq!(
            near.near(&order, &scores, &exact),
            [true, false, true, false, false]
        );
        let held = Look {
            best_within_reach: true,
            ..look
        };
        assert_eq!(
            held.near(&order, &scores, &exact),
            [true, true, true, false, true]
        );
        // Without, the search's best is a candidate wherever it is.
        assert_eq!(look.near(&order, &scores, &exact), [true; 5]);
        assert!(!Look::default().narrows());
    }

    #[test]
    fn the_weight_falls_by_e_each_temperature() {
        assert_eq!(weight(0, 50), 1 << 32);
        let ratio = |below| weight(below, 50) as f64 / (1u64 << 32) as f64;
        assert!((ratio(50) - (-1.0f64).exp()).abs() < 0.002, "{}", ratio(50));
        assert!(
            (ratio(100) - (-2.0f64).exp()).abs() < 0.002,
            "{}",
            ratio(100)
        );
        assert!((ratio(25) - (-0.5f64).exp()).abs() < 0.002, "{}", ratio(25));
        assert!(weight(10_000, 50) < weight(300, 50));
        assert_eq!(weight(i32::MAX, 1), 0);
    }

    #[test]
    fn a_cold_level_plays_the_best_and_a_warm_one_strays_by_the_scores() {
        let candidates = [(0, 100), (1, 300), (2, 250), (3, 300)];
        let mut rng = Rng::new(1);
        for ties in [Ties::First, Ties::Drawn] {
            assert_eq!(choose(&candidates, 0, ties, &mut rng), Some(1));
            assert_eq!(choose(&[], 50, ties, &mut rng), None);
        }
        let mut drawn = [0usize; 4];
        let mut first = [0usize; 4];
        for _ in 0..20_000 {
            drawn[choose(&candidates, 50, Ties::Drawn, &mut rng).expect("a move")] += 1;
            first[choose(&candidates, 50, Ties::First, &mut rng).expect("a move")] += 1;
        }
        // Drawn: weights 1, 1, e^-1 and e^-4, out of 2.386: 0.419, 0.419,
        // 0.154 and 0.008.
        let share = |counts: [usize; 4], i: usize| counts[i] as f64 / 20_000.0;
        assert!((share(drawn, 1) - 0.419).abs() < 0.02, "{drawn:?}");
        assert!((share(drawn, 3) - 0.419).abs() < 0.02, "{drawn:?}");
        assert!((share(drawn, 2) - 0.154).abs() < 0.015, "{drawn:?}");
        assert!(share(drawn, 0) < 0.02, "{drawn:?}");
        // First: the second move of score 300 counts as the first, never
        // apart; weights 1, e^-1 and e^-4, out of 1.386: 0.722, 0.265 and
        // 0.013.
        assert!((share(first, 1) - 0.722).abs() < 0.02, "{first:?}");
        assert!((share(first, 2) - 0.265).abs() < 0.02, "{first:?}");
        assert!(share(first, 0) < 0.025, "{first:?}");
        assert_eq!(first[3], 0, "{first:?}");
    }
}
