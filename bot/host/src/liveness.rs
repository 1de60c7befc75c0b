//! This process's life as the other processes of its database see it, and
//! the outbox rows of processes that died.
//!
//! A process that serves registers ([`Upkeep::register_process`]) and holds
//! a lock its operating system or database server lets go when it dies
//! (the store's `processes.rs`). Whoever finds a holder dead frees its
//! rows at once ([`Upkeep::release_dead_holders`]): at start-up, before the
//! first command is taken, so a restart's first answer is never held back
//! behind its own dead predecessor's posts, and every
//! [`RELEASE_EVERY`] while the outbox is read, so the rows of a process
//! that died beside others are posted within seconds. A holder that is
//! alive keeps its rows however long Discord takes: its lock says so, not
//! the time.

use std::time::{Duration, Instant};

use super::{Host, HostError, Upkeep};
use chronomate_store::{Alive, HeldRows};

/// How often the outbox's readers look for holders that died.
pub(crate) const RELEASE_EVERY: Duration = Duration::from_secs(2);

impl Upkeep<'_> {
    /// Registers this process as alive for the other processes of its
    /// database, serving `serving` (words for `chronomate status`: `every
    /// shard`, `shards 0-1 of 4`), and frees what dead processes held.
    /// Called once, as it starts serving; [`Host::close`] ends it.
    ///
    /// # Errors
    /// The lock that proves it alive cannot be taken or recorded.
    pub async fn register_process(self, serving: &str) -> Result<(), HostError> {
        let liveness = self
            .host
            .store
            .register_process(self.host.instance(), self.host.now(), serving)
            .await?;
        if let Ok(mut slot) = self.host.liveness.lock() {
            *slot = Some(liveness);
        }
        self.release_dead_holders().await?;
        Ok(())
    }

    /// Ends this process's registration (its lock let go, its row gone):
    /// the last thing before it exits. Nothing where it never registered.
    pub async fn unregister_process(self) {
        let liveness = self
            .host
            .liveness
            .lock()
            .ok()
            .and_then(|mut slot| slot.take());
        if let Some(liveness) = liveness
            && let Err(e) = self.host.store.unregister_process(liveness).await
        {
            tracing::warn!(error = %e, "cannot record this process's end");
        }
    }

    /// Frees the outbox rows held by processes that are gone, to be
    /// posted at once by whichever live process claims them first; rings
    /// when it freed any.
    ///
    /// # Errors
    /// The database or a lock cannot be read.
    pub async fn release_dead_holders(self) -> Result<(), HostError> {
        if let Ok(mut last) = self.host.last_release.lock() {
            *last = Some(Instant::now());
        }
        self.host.stay_alive().await?;
        let dead = self
            .host
            .store
            .release_dead_holders(self.host.instance(), self.host.now())
            .await?;
        for holder in &dead {
            tracing::warn!(%holder, "a process died holding posts; they go out now");
        }
        if !dead.is_empty() {
            self.host.ring();
        }
        Ok(())
    }

    /// The outbox rows held now, by holder, with whether each holder is
    /// alive.
    ///
    /// # Errors
    /// The database or a lock cannot be read.
    pub async fn held_rows(self) -> Result<Vec<HeldRows>, HostError> {
        Ok(self.host.store.held_rows(self.host.now()).await?)
    }
}

impl Host {
    /// Takes this process's lock again if it lost it while running (a
    /// PostgreSQL connection cut by the network, not by a crash): without
    /// it the others would take up its rows while it still posts them.
    async fn stay_alive(&self) -> Result<(), HostError> {
        let serving = match self.liveness.lock() {
            Ok(slot) => match slot.as_ref() {
                Some(liveness) => liveness.serving().to_owned(),
                None => return Ok(()),
            },
            Err(_) => return Ok(()),
        };
        if self.store.process_alive(self.instance()).await? != Alive::No {
            return Ok(());
        }
        tracing::warn!(
            "this process's lock was lost (its database connection dropped); taken again"
        );
        let old = self.liveness.lock().ok().and_then(|mut slot| slot.take());
        drop(old);
        let liveness = self
            .store
            .register_process(self.instance(), self.now(), &serving)
            .await?;
        if let Ok(mut slot) = self.liveness.lock() {
            *slot = Some(liveness);
        }
        Ok(())
    }

    /// [`Upkeep::release_dead_holders`], unless it ran less than
    /// [`RELEASE_EVERY`] ago.
    pub(crate) async fn release_dead_holders_now_and_then(&self) -> Result<(), HostError> {
        let due = self.last_release.lock().map_or(true, |last| {
            last.is_none_or(|t| t.elapsed() >= RELEASE_EVERY)
        });
        if due {
            self.upkeep().release_dead_holders().await?;
        }
        Ok(())
    }
}

/// One line of `chronomate status` for the rows one process holds.
pub(crate) fn held_line(held: &HeldRows, now: chronomate_model::Timestamp) -> String {
    let state = match held.alive {
        Alive::Yes => "alive".to_owned(),
        Alive::No => "dead: its rows go out at the next look".to_owned(),
        Alive::Unknown => format!(
            "not registered: its rows wait until their hold ends, in {}",
            super::clock::duration_words(held.until - now)
        ),
    };
    format!(
        "outbox: {} held by process {} ({state})",
        held.rows, held.holder
    )
}
