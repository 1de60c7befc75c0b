//! The rules' integration tests in one binary: a module a concern (a
//! variant's house rules, property tests, sample games, perft and
//! differential checks against cozy-chess, finding moves). One binary
//! links once and compiles the rules' generic code it uses once (the rules
//! are optimised even in debug builds). 5D chess has its own (`fived/`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

mod clicks;
mod draft_pick;
mod find_props;
mod gifford_house_rules;
mod gifford_props;
mod gifford_sample;
mod manyworlds_house_rules;
mod manyworlds_props;
mod manyworlds_sample;
mod multiverse_house_rules;
mod multiverse_props;
mod multiverse_scale;
mod options_refused;
mod pawn_file_captures;
mod standard_differential;
mod standard_game;
mod standard_perft;
mod standard_props;
mod temporal_house_rules;
mod temporal_movement;
mod temporal_notation;
mod temporal_props;
mod traveler_games;
mod traveler_house_rules;
mod traveler_props;
mod traveler_supports;
