//! A level's deliberate errors: now and then a move played without
//! thought.
//!
//! In the time-travel variants the games are short and opening traps
//! three to five actions deep decide them; every level above 1 sees about
//! two actions ahead, so neither a deeper budget nor noise on the scores
//! made one level reliably stronger than the one below (README,
//! "Strength"). What does is how often a level plays an action it has not
//! weighed at all, as a beginner does: the lower the level, the more
//! often.

use chronomate_rules::Rules;

use crate::level::Settings;
use crate::rng::{Rng, mix};

/// Keeps the draw apart from the search's noise and samples, which use the
/// same seed.
const SALT: u64 = 0x0b1d_0de5;

/// The action the level plays instead of its search's choice, if this is
/// one of its errors: with the level's chance ([`Settings::blunder`], per
/// mille), drawn by the seed, an action drawn uniformly from the legal
/// ones.
pub(crate) fn blunder<R: Rules>(state: &R, settings: &Settings, seed: u64) -> Option<R::Action> {
    if settings.blunder == 0 {
        return None;
    }
    let mut rng = Rng::new(mix(seed, SALT));
    if rng.below(1000) >= usize::from(settings.blunder) {
        return None;
    }
    let actions = state.legal_actions();
    actions.get(rng.below(actions.len())).cloned()
}

#[cfg(test)]
mod tests {
    use chronomate_rules::standard::Chess;
    use chronomate_rules::{Game, Options, Variant};

    use super::*;
    use crate::{Level, Limits, think};

    #[test]
    fn a_level_errs_about_as_often_as_its_chance_says() {
        let start = Chess::new(&Options::default(), 0);
        for level in Level::ALL {
            let settings = level.settings();
            let errors = (0..1000u64)
                .filter(|&seed| blunder(&start, &settings, seed).is_some())
                .count();
            let chance = usize::from(settings.blunder);
            assert!(
                errors.abs_diff(chance) <= 30,
                "level {level}: {errors} errors in 1000 moves, chance {chance} per mille"
            );
        }
    }

    #[test]
    fn only_a_move_played_errs_and_an_error_is_legal() {
        let game = Game::new(Variant::Traveler, Options::default(), 0).expect("a game");
        let level = Level::new(2).expect("a level");
        let mut differs = 0;
        for seed in 0..60 {
            let played = think(&game, &Limits::level(level, None), seed).expect("an action");
            let judged = Limits {
                judging: true,
                ..Limits::level(level, None)
            };
            let judged = think(&game, &judged, seed).expect("an action");
            // The search ran either way: the score is the position's.
            assert_eq!(played.score, judged.score, "seed {seed}");
            let mut after = game.clone();
            after.play(&played.action).expect("an error is still legal");
            differs += usize::from(played.action != judged.action);
        }
        // Level 2 errs 88% of the time; an error may hit the search's own
        // choice (1 action in about a thousand here).
        assert!((44..=58).contains(&differs), "{differs} of 60 differ");
    }
}
