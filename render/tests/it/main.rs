//! The renderer's integration tests in one binary: a module a concern.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

mod common;
mod golden;
mod limits;
mod replay;
