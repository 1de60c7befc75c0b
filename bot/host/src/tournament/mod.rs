//! Tournaments ([`Tournaments`], reached by [`Host::tournaments`]), by
//! job: their terms (`terms.rs`), who joins, starts, withdraws and cancels
//! (`lifecycle.rs`), how rounds are planned and move on (`rounds.rs`,
//! [`pairing`]), the standings ([`standings`]) and what a tournament says
//! (`text.rs`); their results as CSV are `export.rs`'s. [`Snapshot`] is a
//! tournament as the host reasons about it.
//!
//! Tournaments belong to a server. Anyone there may create one; its
//! organiser or a manager starts and cancels it. A round's games are
//! ordinary games (threads, pings, deadlines, ratings), created together
//! with the round's pairings in one transaction. The next round starts by
//! itself once every board of the round is decided: right after the game
//! that decides the last board ends, and otherwise (after a crash, say) at
//! the next [`Upkeep::tick`](crate::Upkeep::tick), which works from the
//! database alone.
//!
//! Decisions:
//! - A round-robin rest (odd number of players) scores nothing; a Swiss bye
//!   scores a point, at most one per player.
//! - A tournament game aborted without a result scores nothing for either
//!   side (`0-0`).
//! - Withdrawing resigns the player's game in play; later round-robin games
//!   against them are forfeited to the opponent; Swiss pairs them no more.
//! - Cancelling a running tournament leaves its games in play as ordinary
//!   games.
//! - Swiss rounds are capped at half the (even-rounded) field, the most
//!   that can always be paired without a repeat, and at ⌈log₂ n⌉ + 3; the
//!   announcement says so when the cap lowers the number asked for. Should
//!   no pairing be found all the same, the tournament ends after the last
//!   complete round, with a note saying why.

mod lifecycle;
pub(crate) mod pairing;
mod rounds;
mod snapshot;
pub(crate) mod standings;
mod terms;
mod text;

pub(crate) use snapshot::{Snapshot, board_result};
pub(crate) use terms::read_tournament_name;
pub use terms::{TournamentTerms, read_when};
pub(crate) use text::round_announcement;

use super::{Host, HostError, Refusal};

/// Tournaments: created, joined, started, played round by round, looked
/// at and exported ([`Host::tournaments`]). A borrowed view of the host,
/// like every area's service (see the crate's documentation).
#[derive(Clone, Copy)]
pub struct Tournaments<'h> {
    pub(crate) host: &'h Host,
}

/// The most entrants a tournament may have.
pub(crate) const MAX_PLAYERS: i64 = 64;
/// Entrants when the creator names no limit.
pub(crate) const DEFAULT_PLAYERS: i64 = 16;
/// Swiss rounds when the creator names none.
pub(crate) const DEFAULT_SWISS_ROUNDS: i64 = 5;

fn refuse(text: impl Into<String>) -> HostError {
    Refusal::Terms(text.into()).into()
}
