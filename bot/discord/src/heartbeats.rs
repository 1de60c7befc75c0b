//! Each gateway shard's stage and last heartbeat, recorded in the
//! database by the process running it, for `chronomate status`.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use chronomate_host::Host;

/// How often each shard's heartbeat is recorded for `chronomate status`.
const HEARTBEAT_EVERY: Duration = Duration::from_secs(30);

/// Records this process's shards' stage and last heartbeat round trip in
/// the database, every [`HEARTBEAT_EVERY`], for as long as the bot runs.
/// `total`: the shard count, when this process runs a range of them.
pub(crate) async fn record_heartbeats(
    manager: Arc<serenity::ShardManager>,
    host: Arc<Host>,
    total: Option<u32>,
) {
    let mut every = tokio::time::interval(HEARTBEAT_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        let beats: Vec<(u32, String, Option<i64>)> = manager
            .runners
            .lock()
            .await
            .iter()
            .map(|(id, info)| {
                let latency = info
                    .latency
                    .map(|l| i64::try_from(l.as_millis()).unwrap_or(i64::MAX));
                (id.0, info.stage.to_string(), latency)
            })
            .collect();
        let total = match total {
            Some(t) => t,
            None => {
                let n = manager.shards_instantiated().await.len();
                u32::try_from(n).unwrap_or(u32::MAX).max(1)
            }
        };
        for (shard, stage, latency) in beats {
            if let Err(e) = host.record_heartbeat(shard, total, &stage, latency).await {
                tracing::warn!(shard, error = %e, "cannot record the shard's heartbeat");
            }
        }
    }
}
