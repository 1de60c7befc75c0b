//! The host's integration tests, one binary: games from challenge to
//! result on SQLite and PostgreSQL, refusals, deadlines, ratings,
//! tournaments, Chronomate's own play, every variant, both backends and
//! the copy between them.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

#[macro_use]
extern crate chronomate_testkit;

use chronomate_testkit as common;

mod dead_processes;
mod deadlines;
mod drafts;
mod engine;
mod every_variant;
mod lifecycle;
mod picker;
mod rating;
mod refusals;
mod store_backends;
mod tournament;
