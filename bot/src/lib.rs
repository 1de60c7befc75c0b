//! Chronomate: hosts correspondence games of time-travel chess.
//!
//! Layers, one way: a transport (Discord or the console) hands plain values
//! to the [`host`], which checks who may do what, asks the rules what an
//! action means, makes it durable in the [`store`], draws it with the
//! renderer and returns a reply.
//!
//! The [`model`] is the vocabulary the host and the store both speak
//! (statuses, tournament formats, ratings, times). The store imports it and
//! the rules, never the host; the adapters ([`discord`], [`console`])
//! import the host, never the store. `tests/architecture.rs` holds the
//! code to both.

pub mod config;
pub mod console;
pub mod discord;
pub mod host;
pub mod model;
pub mod store;
pub mod tools;
