//! The Discord adapter's integration tests, one binary: the real bot
//! (serenity + poise + the host) against the fake Discord on loopback.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test fails loudly

use chronomate_fake_discord as support;
use chronomate_testkit as common;

mod burst;
mod deferred;
mod drafts;
mod engine;
mod faults;
mod game;
mod gateway;
mod notices;
mod picker;
mod places;
mod tournament;
