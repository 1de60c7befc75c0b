//! Engine against engine, and what a match's score says about Elo.

use std::fmt;
use std::time::{Duration, Instant};

use chronomate_rules::{Color, Game, Options, Outcome, ReplayError, quote};

use crate::{Level, Player, rng};

/// A game the engine played against itself.
#[derive(Clone, Debug)]
pub struct MatchGame {
    /// The game as it ended.
    pub game: Game,
    /// The result; `None` when the game reached the action limit first
    /// (a match counts it a draw).
    pub outcome: Option<Outcome>,
    /// How long each side took to choose its actions: White's, then
    /// Black's.
    pub thinking: [Thinking; 2],
}

/// The time one side of a game took to choose its actions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Thinking {
    /// Actions chosen.
    pub actions: u32,
    /// All of them together.
    pub total: Duration,
    /// The longest one.
    pub longest: Duration,
}

impl Thinking {
    /// Adds one action that took `time`.
    pub fn add(&mut self, time: Duration) {
        self.actions += 1;
        self.total += time;
        self.longest = self.longest.max(time);
    }

    /// Adds another side's (or game's) figures.
    pub fn merge(&mut self, other: &Thinking) {
        self.actions += other.actions;
        self.total += other.total;
        self.longest = self.longest.max(other.longest);
    }

    /// The mean time an action took; zero before any.
    pub fn mean(&self) -> Duration {
        if self.actions == 0 {
            Duration::ZERO
        } else {
            self.total / self.actions
        }
    }
}

/// Plays a game between `white` and `black` levels, each action chosen
/// with a seed mixed from `seed` and the number of actions so far, and at
/// most `millis` a move. Stops after `max_actions` actions. An action the
/// rules refuse (an engine bug) is reported as a replay error.
pub fn self_play(
    options: impl Into<Options>,
    seed: u64,
    white: Level,
    black: Level,
    millis: Option<u64>,
    max_actions: usize,
) -> Result<MatchGame, ReplayError> {
    play_game(
        options,
        seed,
        Player::Engine(white),
        Player::Engine(black),
        millis,
        max_actions,
    )
}

/// [`self_play`] between any two players: engine levels or baselines
/// ([`Player`]).
pub fn play_game(
    options: impl Into<Options>,
    seed: u64,
    white: Player,
    black: Player,
    millis: Option<u64>,
    max_actions: usize,
) -> Result<MatchGame, ReplayError> {
    let mut game = Game::new(options, seed);
    let mut thinking = [Thinking::default(); 2];
    while !game.status().is_over() && game.record().len() < max_actions {
        let (player, side) = match game.turn().color {
            Color::White => (white, 0),
            Color::Black => (black, 1),
        };
        let ply = game.record().len() as u64;
        let start = Instant::now();
        let chosen = player.choose(&game, rng::mix(seed, ply), millis);
        thinking[side].add(start.elapsed());
        let Some(action) = chosen else {
            break;
        };
        if let Err(error) = game.play(&action) {
            return Err(ReplayError {
                index: game.record().len() + 1,
                text: quote(&action),
                error,
            });
        }
    }
    let outcome = game.status().outcome();
    Ok(MatchGame {
        game,
        outcome,
        thinking,
    })
}

/// The Elo difference a match score shows, with its 95% error margin.
///
/// The score fraction `p = (wins + draws / 2) / games` gives the logistic
/// Elo difference `-400 log10(1 / p - 1)`. The error comes from the
/// standard deviation of the per-game scores (1, 1/2 or 0): the standard
/// error of `p` is that deviation over the square root of the number of
/// games, and the margin is half the Elo width of `p ± 1.96` standard
/// errors (the method cutechess-cli prints). A clean sweep has no finite
/// difference: `+inf` or `-inf`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// Games won by the side counted.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost by the side counted.
    pub losses: u32,
    /// `p`, from 0 to 1.
    pub score: f64,
    /// The Elo difference `p` stands for.
    pub difference: f64,
    /// Half the 95% interval, in Elo; infinite when the interval reaches a
    /// score of 0 or 1.
    pub error: f64,
}

fn elo_of(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

/// Elo from wins, draws and losses (see [`Elo`]).
pub fn elo(wins: u32, draws: u32, losses: u32) -> Elo {
    let n = f64::from(wins + draws + losses);
    if n == 0.0 {
        return Elo {
            wins,
            draws,
            losses,
            score: 0.5,
            difference: 0.0,
            error: f64::INFINITY,
        };
    }
    let p = (f64::from(wins) + f64::from(draws) / 2.0) / n;
    let variance = (f64::from(wins) * (1.0 - p).powi(2)
        + f64::from(draws) * (0.5 - p).powi(2)
        + f64::from(losses) * p.powi(2))
        / n;
    let stderr = (variance / n).sqrt();
    let margin = 1.959_964 * stderr;
    let error = (elo_of(p + margin) - elo_of(p - margin)) / 2.0;
    Elo {
        wins,
        draws,
        losses,
        score: p,
        difference: elo_of(p),
        error,
    }
}

impl fmt::Display for Elo {
    /// `+123 ± 45`; `+inf` or `-inf` for a clean sweep.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.difference.is_infinite() {
            let sign = if self.difference > 0.0 { '+' } else { '-' };
            return write!(f, "{sign}inf");
        }
        let error = if self.error.is_finite() {
            format!("{:.0}", self.error)
        } else {
            "inf".to_owned()
        };
        // `+ 0.0` turns -0 into 0, which prints without a minus.
        write!(f, "{:+.0} ± {error}", self.difference + 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_score_is_zero_elo() {
        let e = elo(5, 0, 5);
        assert_eq!(e.difference, 0.0);
        assert!(e.error > 100.0 && e.error.is_finite());
        assert_eq!(e.to_string(), format!("+0 ± {:.0}", e.error));
    }

    #[test]
    fn three_quarters_is_about_191_elo() {
        // 75%: -400 log10(1/3) = 190.85.
        let e = elo(60, 30, 10);
        assert!((e.score - 0.75).abs() < 1e-9);
        assert!((e.difference - 190.85).abs() < 0.01, "{}", e.difference);
        // Per-game deviation sqrt((60*.0625 + 30*.0625 + 10*.5625)/100)
        // = 0.3354; standard error 0.03354; 95% margin 0.06574.
        let lo = -400.0 * (1.0 / (0.75 - 0.065_74) - 1.0f64).log10();
        let hi = -400.0 * (1.0 / (0.75 + 0.065_74) - 1.0f64).log10();
        assert!((e.error - (hi - lo) / 2.0).abs() < 0.5, "{}", e.error);
        assert!(e.to_string().starts_with("+191 ± "));
    }

    #[test]
    fn a_sweep_is_infinite() {
        assert_eq!(elo(4, 0, 0).to_string(), "+inf");
        assert_eq!(elo(0, 0, 3).to_string(), "-inf");
    }
}
