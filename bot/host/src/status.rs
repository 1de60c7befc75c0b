//! What an operator sees at a glance (`chronomate status`): each gateway
//! shard's last heartbeat, the outbox's depth and oldest entry, the
//! engine's queue and the timed jobs due, read from the database, so any
//! machine that reaches it can ask.

use super::clock::duration_words;
use super::{HostError, Upkeep};
use chronomate_store::Heartbeat;

impl Upkeep<'_> {
    /// Records a gateway shard's heartbeat (its process, its connection's
    /// stage, the last round trip).
    pub async fn record_heartbeat(
        self,
        shard: u32,
        total: u32,
        stage: &str,
        latency_ms: Option<i64>,
    ) -> Result<(), HostError> {
        let beat = Heartbeat {
            shard,
            total,
            process: self.host.instance().to_owned(),
            stage: stage.to_owned(),
            latency_ms,
            at: self.host.now(),
        };
        Ok(self.host.store.heartbeat(&beat).await?)
    }

    /// The status report, a line each: the outbox (and the rows each
    /// process holds, with whether it is alive), the engine's queue, the
    /// timed jobs due, then each shard's last heartbeat.
    pub async fn status_lines(self) -> Result<Vec<String>, HostError> {
        let now = self.host.now();
        let stats = self.host.store.outbox_stats().await?;
        let mut lines = vec![match stats.oldest {
            Some((stream, at)) => format!(
                "outbox: {} waiting, the oldest ({stream}) for {}",
                stats.depth,
                duration_words(now - at)
            ),
            None => "outbox: empty".to_owned(),
        }];
        for held in self.host.store.held_rows(now).await? {
            lines.push(super::liveness::held_line(&held, now));
        }
        lines.push(format!(
            "engine: {} games wait for Chronomate's move",
            self.host.engine_play().queue().await?
        ));
        let due = self
            .host
            .store
            .due_games(now)
            .await?
            .iter()
            .filter(|g| {
                g.deadline.is_some_and(|d| d <= now)
                    || (!g.reminder_sent && g.remind_at.is_some_and(|r| r <= now))
            })
            .count();
        lines.push(format!(
            "timed jobs: {due} games due (reminders, deadlines)"
        ));
        let beats = self.host.store.heartbeats().await?;
        if beats.is_empty() {
            lines.push("shards: no heartbeat recorded".to_owned());
        }
        for b in beats {
            lines.push(format!(
                "shard {} of {}: {}, last heartbeat {} ago{} (process {})",
                b.shard,
                b.total,
                b.stage,
                duration_words(now - b.at),
                b.latency_ms
                    .map(|ms| format!(", round trip {ms} ms"))
                    .unwrap_or_default(),
                b.process
            ));
        }
        Ok(lines)
    }
}
