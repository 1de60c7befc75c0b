//! The outbox (table `outbox`): every announcement a player or an admin
//! must see, written in the transaction of the change it reports
//! ([`Store::announcing`]) and deleted once it was delivered.
//!
//! Order: the rows of one stream (a game, a challenge, a tournament, a
//! server) go out in `id` order, one at a time: only a stream's first row
//! (its *head*) can be claimed, so a game's posts never overtake each
//! other, whichever process posts them. On PostgreSQL the ids of one
//! game's rows are in commit order too: each write that announces
//! something about a game changes (and so locks) the game's row before
//! its announcement takes an id.
//!
//! Claims: a process holds a row (`holder`, `until`) while it answers an
//! interaction with it or posts it; a held row is claimed by nobody else
//! until `until` has passed (its process died, or it gave up), and then by
//! whichever process serves the row's server (its `shard_key`).

use std::sync::{Arc, Mutex};

use super::announcements::{
    AnnouncementId, NewAnnouncement, OutboxRow, OutboxStats, Pending, Receipt, ShardFilter,
};
use super::{Store, StoreError};
use chronomate_model::Timestamp;

const ROW_COLUMNS: &str = "id, stream, game_id, body, nonce, answer, created_at, tries";

fn read_row(r: &super::db::Row) -> Result<OutboxRow, StoreError> {
    Ok(OutboxRow {
        id: AnnouncementId(r.get("id")?),
        stream: r.get("stream")?,
        game: r.get("game_id")?,
        body: r.get("body")?,
        nonce: r.get("nonce")?,
        answer: r.get("answer")?,
        created_at: r.get("created_at")?,
        tries: r.get("tries")?,
    })
}

impl Store {
    /// This store, writing `rows` into the outbox in the transaction of
    /// its next write that changes what it set out to change (a write that
    /// finds its state gone, [`super::Stale`], writes none). The receipt
    /// gives their ids once committed. Use it for one write.
    pub fn announcing(&self, rows: Vec<NewAnnouncement>) -> (Store, Receipt) {
        let pending = Arc::new(Pending {
            rows: Mutex::new(rows),
            ids: Mutex::new(Vec::new()),
        });
        let store = Store {
            pool: self.pool.clone(),
            announce: Some(pending.clone()),
        };
        (store, Receipt(pending))
    }

    /// Claims for `holder` until `until` the free heads of streams (oldest
    /// first, at most `limit`) of the servers `shards` serves (and those
    /// outside any server); `None`: every server's.
    pub async fn claim_announcements(
        &self,
        shards: Option<ShardFilter>,
        holder: &str,
        now: Timestamp,
        until: Timestamp,
        limit: i64,
    ) -> Result<Vec<OutboxRow>, StoreError> {
        let (total, first, last) = shards.map_or((0, 0, 0), |s| {
            (i64::from(s.total), i64::from(s.first), i64::from(s.last))
        });
        let mut tx = self.pool.write().await?;
        let rows = tx
            .sql(sqlx::AssertSqlSafe(format!(
                "UPDATE outbox SET holder = $1, until = $2, tries = tries + 1
                 WHERE until <= $3 AND id IN (
                     SELECT o.id FROM outbox o
                     WHERE o.until <= $3
                       AND ($5 = 0 OR o.shard_key IS NULL OR (o.shard_key % $5) BETWEEN $6 AND $7)
                       AND NOT EXISTS (SELECT 1 FROM outbox e WHERE e.stream = o.stream AND e.id < o.id)
                     ORDER BY o.id LIMIT $4)
                 RETURNING {ROW_COLUMNS}"
            )))
            .bind(holder)
            .bind(until)
            .bind(now)
            .bind(limit)
            .bind(total)
            .bind(first)
            .bind(last)
            .fetch_all()
            .await?;
        tx.commit().await?;
        let mut out = rows.iter().map(read_row).collect::<Result<Vec<_>, _>>()?;
        out.sort_by_key(|r| r.id);
        Ok(out)
    }

    /// Claims the head of `stream` for `holder` until `until`, if it is
    /// free. A row held is not, even by `holder` itself: held for an
    /// interaction's answer, it waits for the answer, which goes first;
    /// held for Chronomate's turn, for the turn to be told whole; claimed,
    /// it is being delivered by another stream, and claimed again it would
    /// be posted twice, the second time after the rows behind it.
    pub async fn claim_head(
        &self,
        stream: &str,
        holder: &str,
        now: Timestamp,
        until: Timestamp,
    ) -> Result<Option<OutboxRow>, StoreError> {
        let mut tx = self.pool.write().await?;
        let row = tx
            .sql(sqlx::AssertSqlSafe(format!(
                "UPDATE outbox SET holder = $1, until = $2, tries = tries + 1
                 WHERE until <= $3 AND id = (
                     SELECT MIN(id) FROM outbox WHERE stream = $4)
                 RETURNING {ROW_COLUMNS}"
            )))
            .bind(holder)
            .bind(until)
            .bind(now)
            .bind(stream)
            .fetch_optional()
            .await?;
        tx.commit().await?;
        row.as_ref().map(read_row).transpose()
    }

    /// Whether row `id`'s stream holds an earlier row still to be
    /// delivered: any but those `holder` holds for its own interactions'
    /// answers since their commit (answers it sent, whose rows it is about
    /// to delete; never claimed, `tries` 0). A row of a dead process's
    /// answer that `holder` claimed to post counts. An answer that would
    /// carry `id` must then wait its turn, or it overtakes them.
    pub async fn behind(&self, id: AnnouncementId, holder: &str) -> Result<bool, StoreError> {
        let ahead: Option<i64> = self
            .pool
            .sql(
                "SELECT o.id FROM outbox o
                 WHERE o.stream = (SELECT stream FROM outbox WHERE id = $1) AND o.id < $1
                   AND NOT (o.holder IS NOT NULL AND o.holder = $2 AND o.answer IS NOT NULL
                            AND o.tries = 0)
                 LIMIT 1",
            )
            .bind(id.0)
            .bind(holder)
            .scalar()
            .await?;
        Ok(ahead.is_some())
    }

    /// Deletes delivered announcements (one transaction for them all).
    pub async fn delivered(&self, ids: &[AnnouncementId]) -> Result<(), StoreError> {
        if ids.is_empty() {
            return Ok(());
        }
        let mut tx = self.pool.write().await?;
        for id in ids {
            tx.sql("DELETE FROM outbox WHERE id = $1")
                .bind(id.0)
                .execute()
                .await?;
        }
        tx.commit().await
    }

    /// Frees announcements `holder` holds, to be posted at once (an
    /// interaction that answered elsewhere hands its rows on).
    pub async fn release_announcements(
        &self,
        ids: &[AnnouncementId],
        holder: &str,
    ) -> Result<(), StoreError> {
        if ids.is_empty() {
            return Ok(());
        }
        let mut tx = self.pool.write().await?;
        for id in ids {
            tx.sql("UPDATE outbox SET until = 0, holder = NULL, answer = NULL WHERE id = $1 AND holder = $2")
                .bind(id.0)
                .bind(holder)
                .execute()
                .await?;
        }
        tx.commit().await
    }

    /// Records a failed delivery: the row is free again at `retry_at`.
    pub async fn announcement_failed(
        &self,
        id: AnnouncementId,
        retry_at: Timestamp,
        error: &str,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.write().await?;
        tx.sql("UPDATE outbox SET until = $2, holder = NULL, answer = NULL, last_error = $3 WHERE id = $1")
            .bind(id.0)
            .bind(retry_at)
            .bind(error)
            .execute()
            .await?;
        tx.commit().await
    }

    /// Replaces row `keep`'s body, deletes `drop` and frees `keep`: the
    /// rows of one turn of Chronomate's, told in one post.
    pub async fn merge_announcements(
        &self,
        keep: AnnouncementId,
        body: &str,
        drop: &[AnnouncementId],
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.write().await?;
        tx.sql("UPDATE outbox SET body = $2, until = 0, holder = NULL WHERE id = $1")
            .bind(keep.0)
            .bind(body)
            .execute()
            .await?;
        for id in drop {
            tx.sql("DELETE FROM outbox WHERE id = $1")
                .bind(id.0)
                .execute()
                .await?;
        }
        tx.commit().await
    }

    /// One row, as it is (not claimed).
    pub async fn announcement(&self, id: AnnouncementId) -> Result<Option<OutboxRow>, StoreError> {
        let row = self
            .pool
            .sql(sqlx::AssertSqlSafe(format!(
                "SELECT {ROW_COLUMNS} FROM outbox WHERE id = $1"
            )))
            .bind(id.0)
            .fetch_optional()
            .await?;
        row.as_ref().map(read_row).transpose()
    }

    /// Every row waiting, in order (for tests and tools).
    pub async fn announcements(&self) -> Result<Vec<OutboxRow>, StoreError> {
        let rows = self
            .pool
            .sql(sqlx::AssertSqlSafe(format!(
                "SELECT {ROW_COLUMNS} FROM outbox ORDER BY id"
            )))
            .fetch_all()
            .await?;
        rows.iter().map(read_row).collect()
    }

    /// How many rows wait, and the oldest.
    pub async fn outbox_stats(&self) -> Result<OutboxStats, StoreError> {
        let depth: i64 = self
            .pool
            .sql("SELECT COUNT(*) FROM outbox")
            .scalar()
            .await?
            .unwrap_or(0);
        let oldest = self
            .pool
            .sql("SELECT stream, created_at FROM outbox ORDER BY created_at, id LIMIT 1")
            .fetch_optional()
            .await?
            .map(|r| Ok::<_, StoreError>((r.get("stream")?, r.get("created_at")?)))
            .transpose()?;
        Ok(OutboxStats { depth, oldest })
    }

    /// Records that a server's admins were told about `cause`, within the
    /// transaction that announces it; false: they were told already.
    pub async fn warn_once(
        &self,
        guild: &str,
        cause: &str,
        at: Timestamp,
    ) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        let done = tx
            .sql("INSERT INTO guild_warnings (guild, cause, at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
            .bind(guild)
            .bind(cause)
            .bind(at)
            .execute()
            .await?;
        if done == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Forgets a server's warnings (their cause is gone); whether there
    /// were any.
    pub async fn clear_warnings(&self, guild: &str) -> Result<bool, StoreError> {
        let any: Option<i64> = self
            .pool
            .sql("SELECT 1 FROM guild_warnings WHERE guild = $1 LIMIT 1")
            .bind(guild)
            .scalar()
            .await?;
        if any.is_none() {
            return Ok(false);
        }
        let mut tx = self.pool.write().await?;
        tx.sql("DELETE FROM guild_warnings WHERE guild = $1")
            .bind(guild)
            .execute()
            .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Records a gateway shard's heartbeat.
    pub async fn heartbeat(&self, beat: &Heartbeat) -> Result<(), StoreError> {
        let mut tx = self.pool.write().await?;
        tx.sql(
            "INSERT INTO shard_heartbeats (shard, total, process, stage, latency_ms, at)
             VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (shard, total) DO UPDATE SET process = excluded.process,
                 stage = excluded.stage, latency_ms = excluded.latency_ms, at = excluded.at",
        )
        .bind(i64::from(beat.shard))
        .bind(i64::from(beat.total))
        .bind(&beat.process)
        .bind(&beat.stage)
        .bind(beat.latency_ms)
        .bind(beat.at)
        .execute()
        .await?;
        tx.commit().await
    }

    /// Every shard's last heartbeat, by shard.
    pub async fn heartbeats(&self) -> Result<Vec<Heartbeat>, StoreError> {
        let rows = self
            .pool
            .sql("SELECT shard, total, process, stage, latency_ms, at FROM shard_heartbeats ORDER BY total, shard")
            .fetch_all()
            .await?;
        rows.iter()
            .map(|r| {
                let shard: i64 = r.get("shard")?;
                let total: i64 = r.get("total")?;
                Ok(Heartbeat {
                    shard: u32::try_from(shard).unwrap_or(u32::MAX),
                    total: u32::try_from(total).unwrap_or(u32::MAX),
                    process: r.get("process")?,
                    stage: r.get("stage")?,
                    latency_ms: r.get("latency_ms")?,
                    at: r.get("at")?,
                })
            })
            .collect()
    }
}

/// A gateway shard's heartbeat, as its process records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heartbeat {
    /// The shard's number.
    pub shard: u32,
    /// How many shards the bot has.
    pub total: u32,
    /// The process running it (`PID-RANDOM`).
    pub process: String,
    /// Its connection's stage (`connected`, `connecting`, ...).
    pub stage: String,
    /// The last heartbeat's round trip, once there was one.
    pub latency_ms: Option<i64>,
    /// When it was recorded.
    pub at: Timestamp,
}
