//! One look at a game's moment for all its open pages: the first page's
//! events start a watcher that reads the game's ply and status from the
//! database every [`LOOK_EVERY`] and tells every page of that game; it
//! stops when the game's last page closed. Two hundred pages open on one
//! game cost the database four small reads a second, not eight hundred.
//!
//! Reading the database (not this process's memory) is what makes a move
//! committed by any process (Discord, the console, another shard on the
//! same PostgreSQL) reach every page alike. A commit of this process rings
//! the host's bell ([`Outbox::bell`](chronomate_host::Outbox::bell)), which
//! wakes every watcher to look at once: its pages hear of it within
//! milliseconds, and of another process's within [`LOOK_EVERY`].

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chronomate_host::{GameId, GameStatus, Host};
use tokio::sync::watch;

/// How often a watcher looks at its game.
pub(crate) const LOOK_EVERY: Duration = Duration::from_millis(250);

/// A game's moment as its pages are told it: its ply and whether it is
/// still played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub(crate) struct Moment {
    pub(crate) ply: i64,
    pub(crate) live: bool,
}

/// What a page's events read: the game's moment, `None` until the first
/// look and once the game cannot be read.
pub(crate) type Moments = watch::Receiver<Option<Moment>>;

/// The games watched now, each by one task.
#[derive(Default)]
pub(crate) struct Watchers {
    games: Mutex<HashMap<GameId, Moments>>,
}

impl Watchers {
    /// The moments of `game`, from its watcher (started now if it has
    /// none).
    pub(crate) fn subscribe(self: &Arc<Self>, host: &Arc<Host>, game: GameId) -> Moments {
        let mut games = self.lock();
        if let Some(moments) = games.get(&game) {
            return moments.clone();
        }
        let (tell, moments) = watch::channel(None);
        games.insert(game, moments.clone());
        tokio::spawn(watch_game(self.clone(), host.clone(), game, tell));
        moments
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, Moments>> {
        self.games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// Looks at `game` until no page but the table's own copy listens.
async fn watch_game(
    watchers: Arc<Watchers>,
    host: Arc<Host>,
    game: GameId,
    tell: watch::Sender<Option<Moment>>,
) {
    let bell = host.outbox().bell();
    loop {
        // Listening before the look, so that a commit made while it reads
        // still wakes the next one.
        let rung = bell.notified();
        tokio::pin!(rung);
        rung.as_mut().enable();
        let now = match host.web().moment(game).await {
            Ok((ply, status)) => Some(Moment {
                ply,
                live: status == GameStatus::Live,
            }),
            Err(e) => {
                tracing::warn!(%game, error = %e, "a watched game cannot be read");
                None
            }
        };
        tell.send_if_modified(|told| {
            let changed = *told != now;
            *told = now;
            changed
        });
        {
            // Under the table's lock, so that no page subscribes between
            // the count and the removal.
            let mut games = watchers.lock();
            if now.is_none() || tell.receiver_count() <= 1 {
                games.remove(&game);
                return;
            }
        }
        tokio::select! {
            () = tokio::time::sleep(LOOK_EVERY) => {}
            () = &mut rung => {}
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use chronomate_testkit::{World, caller};

    #[tokio::test]
    async fn the_pages_of_a_game_share_one_watcher_which_stops_with_the_last() {
        let w = World::new().await;
        let g = w.start(&caller("w"), &caller("b")).await;
        let host = Arc::new(w.host.clone());
        let watchers = Arc::new(Watchers::default());
        let mut a = watchers.subscribe(&host, g);
        let b = watchers.subscribe(&host, g);
        assert_eq!(watchers.lock().len(), 1, "one watcher for both pages");
        a.changed().await.unwrap();
        assert_eq!(*a.borrow(), Some(Moment { ply: 0, live: true }));
        w.host
            .games()
            .act(&caller("w"), Some(g), "e4")
            .await
            .unwrap();
        a.changed().await.unwrap();
        assert_eq!(a.borrow().unwrap().ply, 1);
        assert_eq!(b.borrow().unwrap().ply, 1, "told to every page");
        drop((a, b));
        tokio::time::sleep(LOOK_EVERY * 3).await;
        assert!(
            watchers.lock().is_empty(),
            "no page left: the watcher stopped"
        );
    }
}
