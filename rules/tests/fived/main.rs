//! 5D chess (`docs/variants/fived.md`): counts, mates, rules, notation.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

mod support;

mod counts;
mod face;
mod perft;
mod props;
mod records;
mod reference;
mod rules;
mod tools;
