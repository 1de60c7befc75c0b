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
//!
//! How much such a move costs depends on the variant (a traveling man lost
//! at once in Traveler, one board of many in Many Worlds, hundreds of
//! decisions in a multiverse game), so each variant has its own chances,
//! set by measuring its ladder (`profile.rs`).

use chronomate_rules::Rules;

use crate::level::Level;
use crate::profile;
use crate::rng::{Rng, mix};

/// Keeps the draw apart from the search's noise and samples, which use the
/// same seed.
const SALT: u64 = 0x0b1d_0de5;

/// The chance, per mille, that `level` plays a move without thought in
/// the variant `R`.
pub(crate) fn chance<R: Rules>(level: Level) -> u16 {
    profile::of::<R>().tuning.chances[usize::from(level.get()) - 1]
}

/// The action `level` plays instead of its search's choice, if this is
/// one of its errors: with the level's chance in this variant
/// ([`chance`]), drawn by the seed, an action drawn uniformly from the
/// legal ones.
pub(crate) fn blunder<R: Rules>(state: &R, level: Level, seed: u64) -> Option<R::Action> {
    let chance = chance::<R>(level);
    if chance == 0 {
        return None;
    }
    let mut rng = Rng::new(mix(seed, SALT));
    if rng.below(1000) >= usize::from(chance) {
        return None;
    }
    let actions = state.legal_actions();
    actions.get(rng.below(actions.len())).cloned()
}

#[cfg(test)]
mod tests {
    use chronomate_rules::gifford::Gifford;
    use chronomate_rules::manyworlds::ManyWorlds;
    use chronomate_rules::multiverse::Multiverse;
    use chronomate_rules::standard::Chess;
    use chronomate_rules::temporal::TemporalChess;
    use chronomate_rules::traveler::TravelerChess;
    use chronomate_rules::{Game, Options, Variant};

    use super::*;
    use crate::{Level, Limits, think};

    #[test]
    fn a_level_errs_about_as_often_as_its_chance_says() {
        let start = Chess::new(&Options::default(), 0);
        for level in Level::ALL {
            let errors = (0..1000u64)
                .filter(|&seed| blunder(&start, level, seed).is_some())
                .count();
            let chance = usize::from(chance::<Chess>(level));
            assert!(
                errors.abs_diff(chance) <= 30,
                "level {level}: {errors} errors in 1000 moves, chance {chance} per mille"
            );
        }
    }

    /// Every variant's levels err less as they rise, and level 8 never.
    fn chances_fall<R: Rules>() {
        let chances = Level::ALL.map(chance::<R>);
        assert!(
            chances.windows(2).all(|w| w[0] > w[1]),
            "{chances:?} do not fall level by level"
        );
        assert!(
            chances[0] <= 1000,
            "{chances:?}: level 1 over a thousand per mille"
        );
        assert_eq!(chances[7], 0, "level 8 errs");
    }

    #[test]
    fn each_variant_errs_less_level_by_level_and_never_at_level_8() {
        chances_fall::<Chess>();
        chances_fall::<TravelerChess>();
        chances_fall::<Gifford>();
        chances_fall::<TemporalChess>();
        chances_fall::<ManyWorlds>();
        chances_fall::<Multiverse>();
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
        // An error may hit the search's own choice (1 action in about a
        // thousand here); otherwise the level errs at its chance, give or
        // take four standard deviations.
        let expected = 60 * usize::from(chance::<TravelerChess>(level)) / 1000;
        assert!(
            differs.abs_diff(expected) <= 8,
            "{differs} of 60 differ, {expected} expected"
        );
    }
}
