//! The domain's vocabulary: what a game, a challenge, a tournament and a
//! rating *are*, apart from who may do what (the [`host`]) and how it is
//! kept (the [`store`]).
//!
//! Direction: the host and the store both import this module; it imports
//! neither, nor sqlx, nor serenity. The store maps its rows to these types
//! at the row boundary (each `from_id` reads the word it wrote with
//! `as_str`, strictly: anything else is a damaged row) and never imports
//! the host. The host re-exports them for the adapters, which see the host
//! alone.
//!
//! [`host`]: crate::host
//! [`store`]: crate::store

pub mod engine;
pub mod rating;
mod status;
mod tournament;

pub use status::{ChallengeStatus, GameStatus};
pub use tournament::{TournamentFormat, TournamentStatus};

/// Unix time in milliseconds (UTC).
pub type Millis = i64;
