//! The renderer's integration tests in one binary: a module a concern.

mod common;
mod golden;
mod limits;
mod replay;
