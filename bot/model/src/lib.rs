//! The domain's vocabulary: what a game, a challenge, a tournament and a
//! rating *are*, apart from who may do what (the host, `chronomate-host`)
//! and how it is kept (the store, `chronomate-store`).
//!
//! Direction: the host, the store and the adapters all depend on this
//! crate; it depends on none of them, nor on serenity. The store maps its
//! rows to these types at the row boundary (each `from_id` reads the word
//! it wrote with `as_str`, strictly: anything else is a damaged row).

#![warn(missing_docs, unreachable_pub)]

mod days;
pub mod engine;
mod ids;
mod player;
pub mod rating;
mod result;
#[cfg(feature = "sqlx")]
mod sql;
mod status;
mod time;
mod tournament;

pub use days::DaysPerMove;
pub use ids::{ChallengeId, GameId, TournamentId};
pub use player::{NotAPlayerKey, PlayerKey};
pub use result::{EndReason, GameResult};
pub use status::{ChallengeStatus, GameStatus};
pub use time::{Span, Timestamp};
pub use tournament::{PairingResult, TournamentFormat, TournamentStatus};
