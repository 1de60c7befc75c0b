//! Players and their servers ([`Players`], reached by [`Host::players`]):
//! Glicko-2 ratings and the leaderboard (`ratings.rs`), and a server's
//! settings for its games (`settings.rs`).

use super::Host;

/// Players' ratings and the leaderboard, and a server's settings
/// ([`Host::players`]). A borrowed view of the host, like every area's
/// service (see the crate's documentation).
#[derive(Clone, Copy)]
pub struct Players<'h> {
    pub(crate) host: &'h Host,
}
