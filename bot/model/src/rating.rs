//! Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2022).
//!
//! The arithmetic is the `skillratings` crate's, which follows the paper
//! step by step (the Illinois algorithm for the volatility, with the
//! paper's convergence tolerance); the paper's worked example is a test
//! here. Each finished game is its own rating period, as on lichess: the
//! two players are rated against each other right when the result is
//! recorded, in the same transaction.
//!
//! A rating whose deviation is above [`PROVISIONAL_RD`] is provisional and
//! shown with a `?`.
//!
//! Pure arithmetic: the store applies it inside the transaction that
//! records a result; the host words the changes.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2, glicko2_rating_period};

/// The scope of ratings across every server (a server's ratings are
/// scoped by its id).
pub const GLOBAL: &str = "*";

/// The system constant τ, which constrains the change in volatility.
pub const TAU: f64 = 0.5;
/// A new player's rating, deviation and volatility.
pub const START: Glicko = Glicko {
    rating: 1500.0,
    deviation: 350.0,
    volatility: 0.06,
};
/// Above this deviation a rating is provisional (lichess's threshold).
pub const PROVISIONAL_RD: f64 = 110.0;
/// Bounds that keep a rating sane whatever was stored.
const MIN_RD: f64 = 30.0;
const MAX_RD: f64 = 350.0;
const MIN_RATING: f64 = 100.0;
const MAX_RATING: f64 = 4000.0;

/// A Glicko-2 rating on the Glicko scale (1500, 350, 0.06 to start).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glicko {
    /// The rating (1500 to start).
    pub rating: f64,
    /// Its deviation: how unsure it is (350 to start; above 110 the
    /// rating is provisional).
    pub deviation: f64,
    /// How erratic the player's results are (0.06 to start).
    pub volatility: f64,
}

impl Default for Glicko {
    fn default() -> Glicko {
        START
    }
}

/// A game's score from one side: 1, ½ or 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// 1.
    Win,
    /// ½.
    Draw,
    /// 0.
    Loss,
}

impl Score {
    fn outcome(self) -> Outcomes {
        match self {
            Score::Win => Outcomes::WIN,
            Score::Draw => Outcomes::DRAW,
            Score::Loss => Outcomes::LOSS,
        }
    }

    /// The same game's score from the other side.
    pub fn flip(self) -> Score {
        match self {
            Score::Win => Score::Loss,
            Score::Draw => Score::Draw,
            Score::Loss => Score::Win,
        }
    }
}

impl Glicko {
    /// A rating of `rating`, `deviation` and `volatility`.
    pub fn new(rating: f64, deviation: f64, volatility: f64) -> Glicko {
        Glicko {
            rating,
            deviation,
            volatility,
        }
    }

    fn lib(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn from_lib(r: Glicko2Rating) -> Glicko {
        Glicko {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }

    /// The same rating with every number finite and within bounds (a
    /// damaged row can never stall or poison the arithmetic).
    pub fn sane(self) -> Glicko {
        let pick = |v: f64, default: f64, lo: f64, hi: f64| {
            if v.is_finite() {
                v.clamp(lo, hi)
            } else {
                default
            }
        };
        Glicko {
            rating: pick(self.rating, START.rating, MIN_RATING, MAX_RATING),
            deviation: pick(self.deviation, START.deviation, MIN_RD, MAX_RD),
            volatility: pick(self.volatility, START.volatility, 0.0001, 1.0),
        }
    }

    /// Whether it is provisional: its deviation is above 110 (shown `?`).
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_RD
    }

    /// `1500?` or `1723`.
    pub fn display(&self) -> String {
        format!(
            "{}{}",
            self.rating.round() as i64,
            if self.provisional() { "?" } else { "" }
        )
    }
}

fn config() -> Glicko2Config {
    Glicko2Config {
        tau: TAU,
        convergence_tolerance: 0.000_001,
    }
}

/// One rating period: `player` against each opponent with its score.
pub fn rate_period(player: Glicko, results: &[(Glicko, Score)]) -> Glicko {
    let results: Vec<(Glicko2Rating, Outcomes)> = results
        .iter()
        .map(|(o, s)| (o.sane().lib(), s.outcome()))
        .collect();
    Glicko::from_lib(glicko2_rating_period(
        &player.sane().lib(),
        &results,
        &config(),
    ))
    .sane()
}

/// One game as its own rating period: both players' new ratings, `score`
/// from `a`'s side.
pub fn rate_game(a: Glicko, b: Glicko, score: Score) -> (Glicko, Glicko) {
    let (x, y) = glicko2(
        &a.sane().lib(),
        &b.sane().lib(),
        &score.outcome(),
        &config(),
    );
    (Glicko::from_lib(x).sane(), Glicko::from_lib(y).sane())
}

/// `1500? → 1662? (+162)`.
pub fn change_words(before: Glicko, after: Glicko) -> String {
    let delta = after.rating.round() as i64 - before.rating.round() as i64;
    format!("{} → {} ({delta:+})", before.display(), after.display())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Glickman's worked example: 1500/200/0.06 beats 1400/30, loses to
    /// 1550/100 and to 1700/300, τ = 0.5: 1464.06 / 151.52 / 0.05999.
    #[test]
    fn glickmans_worked_example() {
        let player = Glicko::new(1500.0, 200.0, 0.06);
        let results = [
            (Glicko::new(1400.0, 30.0, 0.06), Score::Win),
            (Glicko::new(1550.0, 100.0, 0.06), Score::Loss),
            (Glicko::new(1700.0, 300.0, 0.06), Score::Loss),
        ];
        let after = rate_period(player, &results);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn one_game_is_symmetric_and_zero_sum_for_equals() {
        let (a, b) = rate_game(START, START, Score::Win);
        assert!(a.rating > 1500.0 && b.rating < 1500.0);
        assert!((a.rating - 1500.0 + (b.rating - 1500.0)).abs() < 1e-9);
        assert!(a.deviation < 350.0 && a.provisional());
        let (c, d) = rate_game(START, START, Score::Draw);
        assert!((c.rating - 1500.0).abs() < 1e-9 && (d.rating - 1500.0).abs() < 1e-9);
        assert_eq!(START.display(), "1500?");
        assert_eq!(Glicko::new(1723.4, 80.0, 0.06).display(), "1723");
        assert_eq!(
            change_words(START, a),
            format!(
                "1500? → {} (+{})",
                a.display(),
                a.rating.round() as i64 - 1500
            )
        );
    }

    #[test]
    fn damaged_numbers_never_stall_or_poison() {
        let bad = Glicko::new(f64::NAN, f64::INFINITY, -1.0);
        let (a, b) = rate_game(bad, START, Score::Loss);
        for g in [a, b] {
            assert!(g.rating.is_finite() && g.deviation.is_finite() && g.volatility.is_finite());
        }
    }
}
