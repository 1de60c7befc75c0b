//! Each gateway shard's stage and last heartbeat, recorded in the
//! database by the process running it, for `chronomate status`.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use chronomate_host::Host;

/// How often each shard's heartbeat is recorded for `chronomate status`.
const HEARTBEAT_EVERY: Duration = Duration::from_secs(30);

/// How soon to look again while a shard has no round trip yet (the
/// process just started: its shards still connecting), so a new process
/// shows in `chronomate status` within seconds.
const UNTIL_FIRST_ROUND_TRIP: Duration = Duration::from_secs(1);

/// Records this process's shards' stage and last heartbeat round trip in
/// the database, every [`HEARTBEAT_EVERY`] (every second until each has
/// its first round trip), for as long as the bot runs. `total`: the shard
/// count, when this process runs a range of them.
pub(crate) async fn record_heartbeats(
    manager: Arc<serenity::ShardManager>,
    host: Arc<Host>,
    total: Option<u32>,
) {
    loop {
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
        let settled = !beats.is_empty() && beats.iter().all(|(_, _, l)| l.is_some());
        for (shard, stage, latency) in beats {
            if let Err(e) = host
                .upkeep()
                .record_heartbeat(shard, total, &stage, latency)
                .await
            {
                tracing::warn!(shard, error = %e, "cannot record the shard's heartbeat");
            }
        }
        let next = if settled {
            HEARTBEAT_EVERY
        } else {
            UNTIL_FIRST_ROUND_TRIP
        };
        tokio::time::sleep(next).await;
    }
}
