//! The click tables of the positions pages are playing, built once per
//! position and seat and shared by every request about it: listing a
//! 1,000-board Many Worlds position's actions takes far longer than a
//! click may (the families of moves, [`chronomate_host::Table`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use chronomate_host::{GameId, Host, HostError, Seat, Side, Table};

/// How many seats' tables are kept; past it the oldest half is dropped.
const KEPT: usize = 256;

/// Each seat's latest table, with when it was last used.
type Kept = HashMap<(GameId, Side), (u64, Arc<Table>)>;

/// The latest table of each seat.
#[derive(Default)]
pub(crate) struct Tables {
    kept: Mutex<Kept>,
    uses: std::sync::atomic::AtomicU64,
}

impl Tables {
    /// `seat`'s table for the game as it stands: the one kept, where the
    /// game's ply and the seat's draft are still what it was built for,
    /// or a new one.
    pub(crate) async fn current(&self, host: &Host, seat: &Seat) -> Result<Arc<Table>, HostError> {
        let key = (seat.game, seat.side);
        let (ply, draft) = host.web().seat_moment(seat).await?;
        let tick = self.uses.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        {
            let mut kept = self.lock();
            if let Some((used, table)) = kept.get_mut(&key)
                && table.ply == ply
                && table.draft == draft
            {
                *used = tick;
                return Ok(table.clone());
            }
        }
        let table = Arc::new(host.web().seat_table(seat).await?);
        let mut kept = self.lock();
        if kept.len() >= KEPT {
            let mut ticks: Vec<u64> = kept.values().map(|(t, _)| *t).collect();
            ticks.sort_unstable();
            let cut = ticks[ticks.len() / 2];
            kept.retain(|_, (t, _)| *t > cut);
        }
        kept.insert(key, (tick, table.clone()));
        Ok(table)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
