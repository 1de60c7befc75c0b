//! The engine's integration tests in one binary: a module a concern.

mod analysis;
mod choices;
mod repetition;
mod self_play;
