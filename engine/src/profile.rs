//! How the engine plays each variant, one entry a variant: the search it
//! runs, the evaluation, what it counts as forcing, whether states can
//! repeat, and how its levels are tuned. Nothing else in the engine names a
//! variant to decide how to play it.
//!
//! A variant without an entry plays with [`GENERIC`]: searched through the
//! rules face, material from its view, no forcing actions, FIDE chess's
//! level chances at a middling node cost.

use std::any::Any;

use chronomate_rules::view::View;
use chronomate_rules::{Color, Rules, Turn, Variant};

use crate::eval;
use crate::level::{self, Levels};

/// How a variant's states are searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SearchKind {
    /// On the rules' FIDE positions directly (`search/fide.rs`): Zobrist
    /// keys, quiescence, null move, reductions. The state must be
    /// `standard::Chess`; any other falls back to [`SearchKind::Face`].
    Fide,
    /// One board move at a time on the owed branch (`search/multiverse.rs`).
    /// The state must be `multiverse::Multiverse`; any other falls back to
    /// [`SearchKind::Face`].
    Multiverse,
    /// Through the rules face: clone, apply, a hash of the view
    /// (`search/face.rs`). Works for any variant.
    Face,
}

/// A static evaluation for `turn.color`, in centipawns. The state comes as
/// `&dyn Any` (the variant's `Rules` type), for evaluations that read more
/// than the view (FIDE chess reads its position's bitboards).
pub(crate) type Evaluate = fn(&dyn Any, &View, &Turn) -> i32;

/// Whether an action (the variant's `Rules::Action`, as `&dyn Any`) of the
/// side `Color` is forcing in the state the view shows, and if so how
/// urgently it must be looked at (the value of what it captures): kept
/// first whenever a state is sampled, and searched past the horizon where
/// [`Profile::quiescence`] holds.
pub(crate) type Forcing = fn(&View, Color, &dyn Any) -> Option<i32>;

/// An action (as `&dyn Any`) that makes every other not worth a look when
/// one exists (Many Worlds' king captures, M-4).
pub(crate) type Decisive = fn(&dyn Any) -> bool;

/// How level 1 of a variant plays where it is a rules learner: a move
/// drawn uniformly, never a resignation.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Learner {
    /// Level 1 thinks, as the others do (at its temperature).
    Thinks,
    /// Uniformly among the legal actions, listed by the rules (a variant
    /// whose states have thousands at most).
    FromList,
    /// Drawn by the variant's own means (the state as `&dyn Any`, a seed):
    /// a variant whose list can run to millions builds one move at a time.
    /// `None` where it finds none.
    Draw(fn(&dyn Any, u64) -> Option<Box<dyn Any>>),
}

/// What a level does differently in a variant.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tuning {
    /// How many FIDE-chess nodes one node costs, roughly: level 8's node
    /// budget is divided by it, so that the top level takes about as long
    /// in every variant (about a second of one core's time a move; see
    /// `Level::nodes` for the levels below). Measured in thread CPU time
    /// with `examples/ladder.rs --timing` (README, "Strength").
    pub node_cost: u64,
    /// The levels' depths, node budgets and widths.
    pub levels: &'static Levels,
    /// The levels' temperatures, in centipawns, levels 1 to 8: each level
    /// chooses among the moves its search weighed with chances falling by
    /// a factor e for each `temperature` centipawns below the best (0: the
    /// best alone). See `search::choice`.
    pub temperature: [u16; 8],
    /// Level 1 as a rules learner, or not.
    pub learner: Learner,
}

/// How the engine plays one variant.
pub(crate) struct Profile {
    pub search: SearchKind,
    pub evaluate: Evaluate,
    pub forcing: Forcing,
    /// Actions that, when any exists, are the only ones searched.
    pub decisive: Option<Decisive>,
    /// Whether forcing actions are searched past the horizon
    /// ([`SearchKind::Face`]; FIDE chess and the multiverse's branch chess
    /// always search captures to the end). Measured (same level and depth,
    /// with and without, 40 games): Gifford 78-89% with it; Temporal 50%
    /// (kept: its actions list in microseconds); Many Worlds 55% over 20
    /// games, and its top level then took 2.6 s a move (left out);
    /// Traveler left out, as listing a state's actions costs milliseconds
    /// there (its explosions), which a search can afford at a few nodes,
    /// not at every capture's leaf.
    pub quiescence: bool,
    /// Whether a state can come again, so that the search must know the
    /// game's earlier states (not in the multiverse: every action adds a
    /// board).
    pub repeats: bool,
    pub tuning: Tuning,
}

// The temperatures were set from each variant's ladder (README, "Strength
// in the time-travel variants"): each level at least 65% against the one
// below. In the time-travel variants level 1 plays at random, as someone
// who has just read the rules; in FIDE chess every level thinks, and the
// levels are calibrated in Elo against Stockfish (README, "Levels in
// Elo").

const STANDARD: Profile = Profile {
    search: SearchKind::Fide,
    evaluate: eval::standard,
    forcing: nothing_forcing,
    decisive: None,
    quiescence: false,
    repeats: true,
    tuning: Tuning {
        node_cost: 1,
        levels: &level::FIDE,
        temperature: [250, 140, 50, 35, 25, 15, 7, 0],
        learner: Learner::Thinks,
    },
};

const TRAVELER: Profile = Profile {
    search: SearchKind::Face,
    evaluate: |_, view, turn| eval::traveler::evaluate(view, turn),
    forcing: |view, side, a| eval::traveler::forcing(view, side, a.downcast_ref()?),
    decisive: None,
    quiescence: false,
    repeats: true,
    tuning: Tuning {
        // 40 let level 8 take 2.01-2.04 s on an explosion-rich position.
        node_cost: 44,
        levels: &level::SEARCH,
        temperature: [0, 600, 300, 180, 110, 60, 30, 0],
        learner: Learner::FromList,
    },
};

const GIFFORD: Profile = Profile {
    search: SearchKind::Face,
    evaluate: |_, view, turn| eval::gifford::evaluate(view, turn),
    forcing: |view, side, a| eval::gifford::forcing(view, side, a.downcast_ref()?),
    decisive: None,
    quiescence: true,
    repeats: true,
    tuning: Tuning {
        node_cost: 5,
        levels: &level::SEARCH,
        temperature: [0, 600, 300, 180, 110, 60, 30, 0],
        learner: Learner::FromList,
    },
};

const MULTIVERSE: Profile = Profile {
    search: SearchKind::Multiverse,
    evaluate: |_, view, turn| eval::multiverse::evaluate(view, turn),
    forcing: nothing_forcing,
    decisive: None,
    quiescence: false,
    repeats: false,
    tuning: Tuning {
        // Half a second a board move: a turn is a board move on every
        // active branch (up to 21 by default), each chosen apart.
        node_cost: 2,
        levels: &level::SEARCH,
        temperature: [0, 300, 150, 90, 55, 30, 12, 0],
        learner: Learner::Draw(crate::owed_moves::random_move),
    },
};

const TEMPORAL: Profile = Profile {
    search: SearchKind::Face,
    evaluate: |_, view, turn| eval::temporal::evaluate(view, turn),
    forcing: |view, side, a| eval::temporal::forcing(view, side, a.downcast_ref()?),
    decisive: None,
    quiescence: true,
    repeats: true,
    tuning: Tuning {
        node_cost: 4,
        levels: &level::SEARCH,
        temperature: [0, 600, 300, 180, 110, 60, 30, 0],
        learner: Learner::FromList,
    },
};

const MANY_WORLDS: Profile = Profile {
    search: SearchKind::Face,
    evaluate: |_, view, turn| eval::manyworlds::evaluate(view, turn),
    forcing: |view, side, a| eval::manyworlds::forcing(view, side, a.downcast_ref()?),
    decisive: Some(|a| a.downcast_ref().is_some_and(eval::manyworlds::takes_king)),
    quiescence: false,
    repeats: true,
    tuning: Tuning {
        node_cost: 48,
        levels: &level::SEARCH,
        temperature: [0, 600, 300, 180, 110, 60, 30, 0],
        learner: Learner::FromList,
    },
};

/// A variant without an entry: searched through the face, material from
/// its view, a middling node cost; level 1 thinks (its actions could be
/// too many to list).
pub(crate) const GENERIC: Profile = Profile {
    search: SearchKind::Face,
    evaluate: |_, view, turn| eval::generic(view, turn),
    forcing: nothing_forcing,
    decisive: None,
    quiescence: false,
    repeats: true,
    tuning: Tuning {
        node_cost: 16,
        levels: &level::SEARCH,
        temperature: [400, 250, 150, 100, 60, 35, 15, 0],
        learner: Learner::Thinks,
    },
};

/// The profiles, one a variant. Adding a variant is adding its entry here
/// (and, where its evaluation or search is its own, the module that holds
/// it).
const PROFILES: &[(Variant, Profile)] = &[
    (Variant::Standard, STANDARD),
    (Variant::Traveler, TRAVELER),
    (Variant::Gifford, GIFFORD),
    (Variant::Multiverse, MULTIVERSE),
    (Variant::Temporal, TEMPORAL),
    (Variant::ManyWorlds, MANY_WORLDS),
];

/// No action is forcing.
fn nothing_forcing(_: &View, _: Color, _: &dyn Any) -> Option<i32> {
    None
}

/// The profile of `variant` ([`GENERIC`] where it has none).
pub(crate) fn of_variant(variant: Variant) -> &'static Profile {
    PROFILES
        .iter()
        .find(|(v, _)| *v == variant)
        .map_or(&GENERIC, |(_, p)| p)
}

/// The profile of the variant whose rules are `R`, found by its id
/// ([`GENERIC`] for a type no variant names).
pub(crate) fn of<R: Rules>() -> &'static Profile {
    PROFILES
        .iter()
        .find(|(v, _)| v.id() == R::ABOUT.id)
        .map_or(&GENERIC, |(_, p)| p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_profile_errs_less_level_by_level_and_never_at_level_8() {
        let all = PROFILES.iter().map(|(_, p)| p).chain([&GENERIC]);
        for profile in all {
            let t = profile.tuning.temperature;
            // Level 1 of a rules learner plays at random: its temperature
            // is not used.
            let thinking = match profile.tuning.learner {
                Learner::Thinks => &t[..],
                _ => &t[1..],
            };
            assert!(
                thinking.windows(2).all(|w| w[0] > w[1]),
                "{t:?} do not fall level by level"
            );
            assert_eq!(t[7], 0, "level 8 errs");
        }
    }

    #[test]
    fn a_variant_has_one_entry_at_most() {
        for &variant in Variant::ALL {
            let found = PROFILES.iter().filter(|(v, _)| *v == variant).count();
            assert!(found <= 1, "{variant}: {found} entries");
        }
    }
}
