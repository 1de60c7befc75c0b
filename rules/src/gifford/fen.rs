//! Gifford positions in FEN: studies and tests start from one. Any number
//! of kings a side is read (G-5), none too. The state is kept (serde) with
//! its moments written as FEN too (`position.rs`).

use super::position::Gifford;
use crate::chess::{FenError, Setup};

impl Gifford {
    /// A game from the position in `fen`, for studies and tests: any number
    /// of kings (none too), no man away in time, one timeline. It is judged
    /// at once (mate, G-6, G-7).
    pub fn from_fen(fen: &str) -> Result<Gifford, FenError> {
        let pos = Setup::from_fen(fen)?.position_lenient();
        let mut game = Gifford::default();
        game.node.pos = pos;
        let start = game.node.ply();
        for timeline in &mut game.timelines {
            timeline.start = start;
        }
        game.begin_turn();
        Ok(game)
    }
}
