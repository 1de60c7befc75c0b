//! A player's games ([`Games`], reached by [`Host::games`]): acting in
//! them, ending them and looking at them.
//!
//! Where each part lives: acting, and the legal actions a text finds
//! (`play.rs`); the step-by-step picker (`pick.rs`); drafts, a turn of
//! several board moves built one at a time and submitted whole
//! (`drafts.rs`); resigning, draws and aborting (`endings.rs`); boards,
//! snapshots, the caller's games and a game's record (`views.rs`); PGN
//! (`export.rs`); the analysis of a finished game (`analyse.rs`); and a
//! variant's rules in short (`settings.rs`).

use super::{GameId, Host, HostError, Loaded};

/// A player's games: acting, drafting, ending, looking ([`Host::games`]).
/// A borrowed view of the host, like every area's service (see the
/// crate's documentation).
#[derive(Clone, Copy)]
pub struct Games<'h> {
    pub(crate) host: &'h Host,
}

impl Games<'_> {
    /// A game and its state. The cached snapshot is used when it agrees with
    /// the log; otherwise the game is rebuilt from the log (the source of
    /// truth) and the snapshot repaired.
    pub async fn load(self, id: GameId) -> Result<Loaded, HostError> {
        self.host.load(id).await
    }
}
