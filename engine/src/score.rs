//! Scores: centipawns, or a forced win counted in plies.

use std::fmt;

use chronomate_rules::Color;
use serde::{Deserialize, Serialize};

/// A won game `n` plies from the root scores `MATE - n`.
pub(crate) const MATE: i32 = 30_000;
/// Scores beyond this are forced wins or losses.
pub(crate) const MATE_BOUND: i32 = MATE - 1_000;
/// Above any score.
pub(crate) const INFINITY: i32 = 32_000;
/// What an evaluation gives a position that is as good as won (a king
/// that can be captured, a branch about to be won) without the search
/// having seen the end: below mate scores, above any material count.
pub(crate) const DECISIVE: i32 = 10_000;

/// The bound of every evaluation a search takes in: above any decisive
/// one, below any forced result. 5D sums men over every timeline (a game
/// of 88 timelines summed to 1,600 pawns), and a larger count would read
/// as a mate, breaking the search's windows and the reported score.
pub(crate) const EVALUATION_BOUND: i32 = 2 * DECISIVE;

/// `eval` held within [`EVALUATION_BOUND`], in the same order: as it is
/// up to [`DECISIVE`], and past it drawn ever closer to the bound without
/// reaching it. Cut off at the bound instead, every turn of a 5D side
/// ahead by 200 pawns over 18 timelines scored the same: its search
/// could no longer tell a turn that keeps the lead from one that gives
/// it away, and it lost such games by mate, as Black against ftxi's
/// `linear` (docs/engine-journal.md, issue 49, "Leads past the bound").
pub(crate) fn bounded(eval: i32) -> i32 {
    let magnitude = i64::from(eval).abs();
    let decisive = i64::from(DECISIVE);
    if magnitude <= decisive {
        return eval;
    }
    // Half the room left at twice the decisive score; a pawn still moves
    // the score by a point at 100,000 centipawns.
    let room = i64::from(EVALUATION_BOUND) - decisive;
    let over = magnitude - decisive;
    let held = decisive + room * over / (over + room);
    // Below the bound, so it fits.
    let held = i32::try_from(held).unwrap_or(EVALUATION_BOUND - 1);
    held * eval.signum()
}

/// The score of a finished game at `ply` for `side`.
pub(crate) fn terminal(winner: Option<Color>, side: Color, ply: usize) -> i32 {
    match winner {
        None => 0,
        Some(w) if w == side => MATE - ply as i32,
        Some(_) => -(MATE - ply as i32),
    }
}

/// An evaluation as the engine reports it: centipawns (a pawn is 100), or
/// a forced result. From the point of view of a side that the context
/// names (the side to move for [`crate::Thought`], White for
/// [`crate::Evaluation`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Score(pub i32);

impl Score {
    /// Centipawns, or `None` for a forced result.
    pub fn centipawns(self) -> Option<i32> {
        (self.0.abs() < MATE_BOUND).then_some(self.0)
    }

    /// A forced result in moves (not plies): positive when the side scored
    /// wins, negative when it loses; `None` for a centipawn score.
    pub fn mate_in(self) -> Option<i32> {
        if self.0 >= MATE_BOUND {
            Some((MATE - self.0 + 1) / 2)
        } else if self.0 <= -MATE_BOUND {
            Some(-((MATE + self.0 + 1) / 2))
        } else {
            None
        }
    }

    /// The same score from the other side.
    pub fn flip(self) -> Score {
        Score(-self.0)
    }

    /// The expected score (0 to 1) of the side scored: 1 for a forced win
    /// (a game already won included), 0 for a forced loss, else the
    /// logistic curve Elo ratings use, a pawn worth about 64 Elo, for
    /// charts.
    pub fn expectation(self) -> f64 {
        if self.0 >= MATE_BOUND {
            1.0
        } else if self.0 <= -MATE_BOUND {
            0.0
        } else {
            1.0 / (1.0 + 10f64.powf(-f64::from(self.0) / 400.0))
        }
    }
}

impl fmt::Display for Score {
    /// `+0.35`, `-1.20`, `#3` (wins in 3), `#-2` (loses in 2).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mate_in() {
            Some(n) => write!(f, "#{n}"),
            None => {
                let sign = if self.0 < 0 { '-' } else { '+' };
                let abs = self.0.unsigned_abs();
                write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_print_as_pawns_or_mates() {
        assert_eq!(Score(35).to_string(), "+0.35");
        assert_eq!(Score(-120).to_string(), "-1.20");
        assert_eq!(Score(0).to_string(), "+0.00");
        assert_eq!(Score(MATE - 1).to_string(), "#1");
        assert_eq!(Score(MATE - 5).to_string(), "#3");
        assert_eq!(Score(-(MATE - 2)).to_string(), "#-1");
        assert_eq!(Score(-(MATE - 4)).to_string(), "#-2");
        assert_eq!(Score(MATE - 3).flip().mate_in(), Some(-2));
    }

    #[test]
    fn a_bounded_evaluation_is_never_read_as_a_mate() {
        // The count a 5D game of 88 timelines reached, reported as
        // `score mate 65402` before evaluations were bounded.
        for eval in [
            -160_805,
            -EVALUATION_BOUND - 1,
            0,
            40_000,
            i32::MAX,
            i32::MIN,
        ] {
            let held = bounded(eval);
            assert_eq!(Score(held).mate_in(), None, "{eval}");
            assert_eq!(held.signum(), eval.signum(), "{eval}");
            assert!(held.abs() < MATE_BOUND);
            assert!(held.unsigned_abs() >= DECISIVE.unsigned_abs().min(eval.unsigned_abs()));
        }
        assert_eq!(bounded(-250), -250);
    }

    #[test]
    fn a_larger_evaluation_stays_larger_within_the_bound() {
        // A lead of 200 pawns and one of 201 (a 5D game of many
        // timelines) still score apart, and in order; so do the sides.
        assert!(bounded(20_100) > bounded(20_000));
        assert!(bounded(-20_100) < bounded(-20_000));
        assert!(bounded(40_100) > bounded(40_000));
        assert_eq!(bounded(DECISIVE), DECISIVE);
        assert_eq!(bounded(-DECISIVE), -DECISIVE);
        let mut last = bounded(i32::MIN);
        for eval in (i32::MIN / 4..i32::MAX / 4).step_by(9_973) {
            let held = bounded(eval);
            assert!(held >= last, "{eval}");
            assert!(held.abs() < EVALUATION_BOUND, "{eval}");
            last = held;
        }
        assert!(bounded(i32::MAX) < EVALUATION_BOUND);
        assert!(bounded(i32::MIN) > -EVALUATION_BOUND);
    }

    #[test]
    fn expectation_is_logistic() {
        assert!((Score(0).expectation() - 0.5).abs() < 1e-9);
        assert!(Score(400).expectation() > 0.9);
        assert_eq!(Score(MATE - 1).expectation(), 1.0);
    }

    #[test]
    fn a_game_won_or_lost_is_certain() {
        // A finished game scores MATE for its winner ("#0"): 1, not 0.
        assert_eq!(Score(MATE).expectation(), 1.0);
        assert_eq!(Score(-MATE).expectation(), 0.0);
        assert_eq!(Score(-(MATE - 3)).expectation(), 0.0);
        assert_eq!(terminal(Some(Color::White), Color::White, 0), MATE);
    }
}
