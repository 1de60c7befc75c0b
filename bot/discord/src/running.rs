//! A bot that has started: its deadlines on demand, and how it stops.

use std::sync::Arc;
use std::time::Duration;

use chronomate_host::Timestamp;
use poise::serenity_prelude as serenity;
use tokio::task::JoinHandle;

use crate::{ServeError, outbox};

/// A running bot.
pub struct Running {
    pub(crate) shard_manager: Arc<serenity::ShardManager>,
    pub(crate) outbox: Arc<outbox::Outbox>,
    pub(crate) client: JoinHandle<Result<(), serenity::Error>>,
    /// The timed jobs, the outbox's poster and its cleaner, the metrics
    /// endpoint: stopped with the bot.
    pub(crate) tasks: Vec<JoinHandle<()>>,
    /// Closed when the framework (and with it [`Data`](crate::Data)) is
    /// dropped.
    pub(crate) lifeline_ended: tokio::sync::mpsc::Receiver<()>,
}

/// How long [`Running::shutdown`] waits for the shards to close and the
/// interactions in flight to be answered.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

impl Running {
    /// Runs one round of deadlines as if the time were `now` and
    /// delivers the notices; returns how many were delivered somewhere.
    pub async fn tick(&self, now: Timestamp) -> usize {
        outbox::tick_once(&self.outbox, now).await
    }

    /// Waits until the client stops by itself (a fatal gateway error).
    pub async fn wait(&mut self) -> Result<(), ServeError> {
        match (&mut self.client).await {
            Ok(result) => result.map_err(ServeError::from),
            Err(e) => Err(ServeError::Host(format!("the client task failed: {e}"))),
        }
    }

    /// Closes the gateway connection and stops the background tasks and
    /// Chronomate's play (its games are resumed by the next start). Returns
    /// once no shard can take another interaction and those in flight are
    /// answered, so the store may be closed after it.
    pub async fn shutdown(mut self) {
        for task in &self.tasks {
            task.abort();
        }
        self.outbox.threads.host.engine_play().stop();
        // serenity 0.12.5's manager forgets a shard as soon as it has asked
        // the queuer to stop it, often before the queuer looks it up: the
        // shard then runs on, answering with this process's closed store.
        // Each shard is told directly, and the framework, which every shard
        // and interaction in flight holds, is waited for.
        for (id, shard) in self.shard_manager.runners.lock().await.iter() {
            let stop = serenity::ShardRunnerMessage::Shutdown(*id, 1000);
            shard.runner_tx.send_to_shard(stop);
        }
        self.shard_manager.shutdown_all().await;
        let _ = self.client.await;
        let ended = tokio::time::timeout(SHUTDOWN_GRACE, self.lifeline_ended.recv()).await;
        if ended.is_err() {
            tracing::warn!(
                grace = ?SHUTDOWN_GRACE,
                "a shard or an interaction was still running at shutdown"
            );
        }
        self.outbox.threads.host.upkeep().unregister_process().await;
    }
}
