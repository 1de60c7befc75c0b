//! Chronomate: hosts correspondence games of time-travel chess.
//!
//! Layers, one way: a transport (Discord or the console) hands plain values
//! to the [`host`], which checks who may do what, asks the rules what an
//! action means, makes it durable in the [`store`], draws it with the
//! renderer and returns a reply.

pub mod config;
pub mod console;
pub mod discord;
pub mod host;
pub mod store;
pub mod tools;
