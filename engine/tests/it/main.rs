//! The engine's integration tests in one binary: a module a concern.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

mod analysis;
mod choices;
mod fiveduci;
mod repetition;
mod self_play;
