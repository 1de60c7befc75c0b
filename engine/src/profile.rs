//! How the engine plays each variant, one entry a variant: the search it
//! runs, the evaluation, what it counts as forcing, whether states can
//! repeat, and how its levels are tuned. Nothing else in the engine names a
//! variant to decide how to play it.
//!
//! A variant without an entry plays with [`GENERIC`]: searched through the
//! rules face, material from its view, no forcing actions, FIDE chess's
//! level chances at a middling node cost.

use std::any::Any;
use std::hash::Hasher;

use chronomate_rules::fived::FiveD;
use chronomate_rules::standard::Chess;
use chronomate_rules::view::View;
use chronomate_rules::{Color, Rules, Turn, Variant};

use crate::eval;
use crate::hash::{KeyHasher, ViewKeys, view_keys};
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
/// side `Color` is forcing in the state (as `&dyn Any`, the variant's
/// `Rules` type) that the view shows, and if so how urgently it must be
/// looked at (the value of what it captures): kept first whenever a state
/// is sampled, and searched past the horizon where [`Profile::quiescence`]
/// holds.
pub(crate) type Forcing = fn(&dyn Any, &View, Color, &dyn Any) -> Option<i32>;

/// An action (as `&dyn Any`) that makes every other not worth a look when
/// one exists (Many Worlds' king captures, M-4).
pub(crate) type Decisive = fn(&dyn Any) -> bool;

/// A state's key (the variant's `Rules` type, as `&dyn Any`) read from
/// the state itself, for the transposition table and repetitions: equal
/// states, equal keys, the side to move included.
pub(crate) type StateKey = fn(&dyn Any) -> Option<u64>;

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
    /// Drafted one board move at a time through the rules face
    /// (`Rules::draft_moves`, each drawn uniformly, submitted once
    /// `Rules::draft_turn` accepts it): a variant whose turn is a set of
    /// board moves, millions of them (`TurnShape::Drafted`, 5D chess).
    Drafted,
}

/// What a level does differently in a variant.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tuning {
    /// How many FIDE-chess nodes one node costs, roughly: level 8's node
    /// budget is divided by it, so that the top level takes about as long
    /// in every variant (about a second of one core's time a move; see
    /// `Level::nodes` for the levels below). Measured in thread CPU time
    /// with `examples/ladder.rs --timing` (docs/engine.md).
    pub node_cost: u64,
    /// The levels' depths, node budgets and widths.
    pub levels: &'static Levels,
    /// The levels' temperatures, in centipawns, levels 1 to 8: each level
    /// chooses among the moves its search weighed with chances falling by
    /// a factor e for each `temperature` centipawns below the best (0: the
    /// best alone). See `search::choice`.
    pub temperature: [u32; 8],
    /// Chances per mille, levels 1 to 8, that a level only glances at a
    /// move: it plays by each root move's static evaluation alone, at
    /// [`Tuning::glance_temperature`] (the search runs all the same).
    pub glance: [u16; 8],
    /// The temperature of a glance, in centipawns.
    pub glance_temperature: u32,
    /// Chances per mille, levels 1 to 8, that a level watches
    /// (`search/guard.rs`): it plays a listed move that wins at once, and
    /// checks the move it chose against every reply the rules list, for
    /// one that wins at once, setting it aside if there is one. Where the
    /// search samples moves it keeps the captures, and 5D chess's mates
    /// are mostly quiet turns that the sample leaves out: level 8 walked
    /// into a mate the greedy baseline found (docs/engine.md). Each check
    /// makes every listed move, so a level watches (above 0) only where
    /// that is cheap against a move's search; 0 at every level is off. The
    /// one switch: `think_on` draws [`crate::search::Limits::guard`] from
    /// it.
    pub watch: [u16; 8],
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
    /// A key read from the state, where the variant has one cheaper than
    /// a hash of its view ([`Profile::keys`]). With it a face search
    /// ([`SearchKind::Face`]) never makes a state's view: the evaluation
    /// and the forcing test get an empty one, and read the state instead.
    pub key: Option<StateKey>,
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

impl Profile {
    /// A state's keys as this profile keys it: its own key for both
    /// ([`Profile::key`]), no view made; else the hash of the state's
    /// view, with the view.
    pub(crate) fn keys<R: Rules>(&self, state: &R) -> (ViewKeys, Option<View>) {
        match self.key.and_then(|key| key(state)) {
            Some(key) => (
                ViewKeys {
                    table: key,
                    repetition: key,
                },
                None,
            ),
            None => {
                let view = state.view();
                (view_keys(&state.turn(), &view), Some(view))
            }
        }
    }
}

// The temperatures and glances are set from each variant's ladder (README,
// "The ladder in the time-travel variants"; how, in docs/engine.md): each
// level at least 65% against the one below. In the time-travel variants level 1 plays at random, as someone
// who has just read the rules; in FIDE chess every level thinks, and the
// levels are calibrated in Elo against Stockfish (README, "Levels in
// Elo").

const STANDARD: Profile = Profile {
    search: SearchKind::Fide,
    evaluate: eval::standard,
    forcing: nothing_forcing,
    decisive: None,
    // The Zobrist key, which FIDE chess's own search keys positions by.
    key: Some(|state| Some(state.downcast_ref::<Chess>()?.position().zobrist_hash())),
    quiescence: false,
    repeats: true,
    tuning: Tuning {
        node_cost: 1,
        levels: &level::FIDE,
        temperature: [250, 140, 50, 35, 25, 15, 7, 0],
        glance: [0, 0, 0, 0, 0, 0, 0, 0],
        glance_temperature: 0,
        watch: [0; 8],
        learner: Learner::Thinks,
    },
};

const TRAVELER: Profile = Profile {
    search: SearchKind::Face,
    evaluate: |_, view, turn| eval::traveler::evaluate(view, turn),
    forcing: |_, view, side, a| eval::traveler::forcing(view, side, a.downcast_ref()?),
    decisive: None,
    key: None,
    quiescence: false,
    repeats: true,
    tuning: Tuning {
        // 40 let level 8 take 2.01-2.04 s on an explosion-rich position.
        node_cost: 44,
        levels: &level::SEARCH,
        // Glances alone spaced the middle levels too little (3 vs 2 63%,
        // 4 vs 3 56-62%, 5 vs 4 53%, 100 games): levels 3 to 4 think at
        // about the same depth here, so the lower also errs when it
        // thinks; levels 6 and 7 err only a little. Since the evaluation
        // counts an explosion's debt above the man it brings
        // (`eval/traveler.rs`), deeper thought tells the levels apart up
        // to 7 vs 6 (3 vs 2 to 7 vs 6: 71, 66, 80, 71, 72%; 8 vs 7 55%;
        // docs/engine.md).
        temperature: [0, 250, 150, 100, 10, 5, 2, 0],
        glance: [1000, 980, 650, 400, 50, 25, 10, 0],
        glance_temperature: 1000,
        watch: [0; 8],
        learner: Learner::FromList,
    },
};

const GIFFORD: Profile = Profile {
    search: SearchKind::Face,
    evaluate: |_, view, turn| eval::gifford::evaluate(view, turn),
    forcing: |_, view, side, a| eval::gifford::forcing(view, side, a.downcast_ref()?),
    decisive: None,
    key: None,
    quiescence: true,
    repeats: true,
    tuning: Tuning {
        node_cost: 5,
        levels: &level::SEARCH,
        // Fewer glances from level 3 up than before (670, 400, 250, 160,
        // 90): 3 vs 2 read 57% with them, 65% with 500 at level 3, which
        // took 4 vs 3 from 82% to 59% until level 4 glanced less too
        // (100 games a line; docs/engine.md).
        temperature: [0, 0, 0, 0, 0, 0, 0, 0],
        glance: [1000, 830, 500, 280, 170, 100, 50, 0],
        glance_temperature: 1000,
        watch: [0; 8],
        learner: Learner::FromList,
    },
};

const MULTIVERSE: Profile = Profile {
    search: SearchKind::Multiverse,
    evaluate: |_, view, turn| eval::multiverse::evaluate(view, turn),
    forcing: nothing_forcing,
    decisive: None,
    key: None,
    quiescence: false,
    repeats: false,
    tuning: Tuning {
        // Half a second a board move: a turn is a board move on every
        // active branch (up to 21 by default), each chosen apart.
        node_cost: 2,
        levels: &level::SEARCH,
        temperature: [0, 0, 0, 0, 0, 0, 0, 0],
        // Level 3 glances at 580 moves in 1000 (it was 650: 3 vs 2 read
        // 63.5%, now 65.5%; docs/engine.md).
        glance: [1000, 800, 580, 500, 350, 200, 80, 0],
        glance_temperature: 300,
        watch: [0; 8],
        learner: Learner::Draw(crate::owed_moves::random_move),
    },
};

const TEMPORAL: Profile = Profile {
    search: SearchKind::Face,
    evaluate: |_, view, turn| eval::temporal::evaluate(view, turn),
    forcing: |_, view, side, a| eval::temporal::forcing(view, side, a.downcast_ref()?),
    decisive: None,
    key: None,
    quiescence: true,
    repeats: true,
    tuning: Tuning {
        node_cost: 4,
        levels: &level::SEARCH,
        // As Traveler's: 3 vs 2 read 62.5% with glances alone (100
        // games), 70.5% with these. Levels 4 and 5 err less than they did
        // (4 vs 3 63.5%, 5 vs 4 61.5% before; 67.5% and 66% after), and
        // levels 6 and 7 only a little. Since the evaluation counts an
        // original as worth nothing (`eval/temporal.rs`), deeper thought
        // tells the levels apart up to 5 vs 4 (3 vs 2 to 5 vs 4: 70, 71,
        // 77%; 6 vs 5 63.5%); from level 6 up most games end in a
        // stalemate, a king escaping check by a warp (docs/engine.md).
        temperature: [0, 250, 150, 80, 10, 5, 2, 0],
        glance: [1000, 980, 750, 400, 50, 25, 10, 0],
        glance_temperature: 1000,
        watch: [0; 8],
        learner: Learner::FromList,
    },
};

const MANY_WORLDS: Profile = Profile {
    search: SearchKind::Face,
    evaluate: |_, view, turn| eval::manyworlds::evaluate(view, turn),
    forcing: |_, view, side, a| eval::manyworlds::forcing(view, side, a.downcast_ref()?),
    decisive: Some(|a| a.downcast_ref().is_some_and(eval::manyworlds::takes_king)),
    key: None,
    quiescence: false,
    repeats: true,
    tuning: Tuning {
        node_cost: 48,
        levels: &level::SEARCH,
        // Levels 3 to 7 glance less than they did (960, 895, 810, 600,
        // 220), spaced wider: 3 vs 2 62% -> 66%, 4 vs 3 56% -> 71%, 5 vs 4
        // 60% -> 65%, 6 vs 5 58% -> 66% (100 games a line;
        // docs/engine.md).
        temperature: [0, 0, 0, 0, 0, 0, 0, 0],
        glance: [1000, 988, 900, 750, 550, 100, 40, 0],
        glance_temperature: 1000,
        watch: [0; 8],
        learner: Learner::FromList,
    },
};

/// 5D chess: a turn is a set of board moves, one on every playable board
/// in the present and more where the player likes, so a position can have
/// millions of turns. Level 1 drafts its turn board move by board move
/// ([`Learner::Drafted`]), never from a list. Levels 2 to 8 search through
/// the face, whose `legal_actions` is the rules' bounded list (the first
/// 1,000 turns their search finds, not a fair sample; docs/variants/fived.md),
/// sampled to the level's width with the turns that capture kept first, at
/// widths of their own ([`level::FIVED`]). A search that decides one board
/// move at a time, as [`SearchKind::Multiverse`] does, is the step after
/// (turns drafted at random in the list's place measured worse:
/// docs/engine.md). The evaluation counts the men on every timeline's last
/// board (`eval/fived.rs`). Every level watches ([`Tuning::watch`]): it
/// plays a listed turn that mates at once, and checks the turn it chose
/// against every listed reply: 5D's mates are mostly quiet turns, outside
/// the captures a sample keeps. No level glances, and the temperatures are
/// the generic ones until a ladder sets them (neither glances nor a level
/// 2 that never watches measured weaker against level 3: docs/engine.md).
const FIVED: Profile = Profile {
    search: SearchKind::Face,
    evaluate: |state, _, turn| {
        state
            .downcast_ref()
            .map_or(0, |five_d| eval::fived::evaluate(five_d, turn))
    },
    forcing: |state, _, side, a| {
        eval::fived::forcing(state.downcast_ref()?, side, a.downcast_ref()?)
    },
    decisive: None,
    // The view draws every recent board and looks for a check twice, for
    // its title and a highlight: hashing it took an eighth of a node's
    // time (docs/engine.md).
    key: Some(|state| {
        let mut h = KeyHasher::default();
        state.downcast_ref::<FiveD>()?.hash_position(&mut h);
        Some(h.finish())
    }),
    quiescence: false,
    // Every turn adds boards: a state never comes again.
    repeats: false,
    tuning: Tuning {
        // Level 8 in 2.2 s on average and 2.9 s at most over the start and
        // 7 positions of greedy play (about 4.4 nodes a millisecond: each
        // node lists up to 1,000 turns; `ladder --variants 5d --timing
        // 8`). At the generic cost (16) it took 26 s.
        node_cost: 210,
        levels: &level::FIVED,
        learner: Learner::Drafted,
        watch: [1000; 8],
        ..GENERIC.tuning
    },
};

/// A variant without an entry: searched through the face, material from
/// its view, a middling node cost; level 1 thinks and no level glances
/// (its actions could be too many to list: nothing here ever plays from
/// the whole list at random).
pub(crate) const GENERIC: Profile = Profile {
    search: SearchKind::Face,
    evaluate: |_, view, turn| eval::generic(view, turn),
    forcing: nothing_forcing,
    decisive: None,
    key: None,
    quiescence: false,
    repeats: true,
    tuning: Tuning {
        node_cost: 16,
        levels: &level::SEARCH,
        temperature: [400, 250, 150, 100, 60, 35, 15, 0],
        glance: [0, 0, 0, 0, 0, 0, 0, 0],
        glance_temperature: 0,
        watch: [0; 8],
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
    (Variant::FiveD, FIVED),
];

/// No action is forcing.
fn nothing_forcing(_: &dyn Any, _: &View, _: Color, _: &dyn Any) -> Option<i32> {
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
            let tuning = &profile.tuning;
            // Level 1 of a rules learner plays at random: its own
            // settings are not used.
            let from = match tuning.learner {
                Learner::Thinks => 0,
                _ => 1,
            };
            let t = &tuning.temperature[from..];
            let g = &tuning.glance[from..];
            assert!(
                t.windows(2).all(|w| w[0] >= w[1]) && g.windows(2).all(|w| w[0] >= w[1]),
                "{t:?} and {g:?} do not fall level by level"
            );
            // Each level errs less than the one below by one or the other.
            assert!(
                (1..t.len()).all(|i| t[i] < t[i - 1] || g[i] < g[i - 1]),
                "{t:?} and {g:?}: two levels err alike"
            );
            assert_eq!((t.last(), g.last()), (Some(&0), Some(&0)), "level 8 errs");
            assert!(g.iter().all(|&c| c <= 1000));
            // A glance at temperature 0 would be no glance at all (the
            // search's choice stands).
            assert!(
                g.iter().all(|&c| c == 0) || tuning.glance_temperature > 0,
                "{g:?} at temperature 0"
            );
            // A level sees threats at least as often as the one below,
            // and level 8 always where any level looks.
            let w = &tuning.watch[from..];
            assert!(w.windows(2).all(|w| w[0] <= w[1]), "{w:?} falls");
            assert!(w.iter().all(|&c| c <= 1000), "{w:?}");
            assert!(
                w.iter().all(|&c| c == 0) || w.last() == Some(&1000),
                "{w:?}"
            );
        }
    }

    #[test]
    fn the_generic_profile_never_plays_from_a_whole_list_at_random() {
        // A variant without an entry may have millions of actions (5D):
        // its level 1 thinks, and no level glances.
        assert!(matches!(GENERIC.tuning.learner, Learner::Thinks));
        assert!(GENERIC.tuning.glance.iter().all(|&g| g == 0));
    }

    #[test]
    fn a_variant_of_drafted_turns_never_learns_from_a_list() {
        // Its turns can run to millions: level 1 drafts board move by
        // board move, and no level glances over a whole list.
        for &variant in Variant::ALL {
            if variant.about().turns == chronomate_rules::TurnShape::Drafted {
                let tuning = &of_variant(variant).tuning;
                assert!(matches!(tuning.learner, Learner::Drafted), "{variant}");
                assert!(tuning.glance.iter().all(|&g| g == 0), "{variant}");
            }
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
