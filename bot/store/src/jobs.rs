//! Claims on timed jobs (table `job_claims`): which process does a due
//! reminder, deadline, challenge expiry or tournament step, and until when.
//!
//! A claim is one upsert that takes a job only when nobody holds it or the
//! holder's claim has lapsed; on PostgreSQL two processes racing for one job
//! meet on its primary key, and the second finds it held. The job's effect
//! is written by its own guarded transaction (a game ends only if it is
//! still live at that ply, a challenge closes only if still open, a round
//! starts only once), so even a claim that lapsed while its holder was
//! still at work cannot make a job happen twice; the claim decides who
//! works and who announces, and lets a job held by a dead process be taken
//! up when its claim lapses.

use super::{Store, StoreError};
use chronomate_model::{GameId, Timestamp};

/// A job claimed by a process until a moment.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Claim {
    /// What the job is: `remind:GAME:PLY`, `deadline:GAME:PLY`,
    /// `challenge:ID`, `tournament:ID`, `engine:GAME:PLY` (Chronomate's
    /// move), `post:GAME:PLY` (its move's lost post).
    pub job: String,
    /// Who holds it (a process's id).
    pub holder: String,
}

impl Store {
    /// Claims `job` for `holder` until `until`, if nobody holds it, its
    /// claim lapsed by `now`, or `holder` holds it already. False: another
    /// process holds it.
    pub async fn claim_job(
        &self,
        job: &str,
        holder: &str,
        now: Timestamp,
        until: Timestamp,
    ) -> Result<Option<Claim>, StoreError> {
        let mut tx = self.write().await?;
        let done = tx
            .sql(
                "INSERT INTO job_claims (job, holder, until) VALUES ($1, $2, $3)
                 ON CONFLICT (job) DO UPDATE SET holder = excluded.holder, until = excluded.until
                 WHERE job_claims.until <= $4 OR job_claims.holder = excluded.holder",
            )
            .bind(job)
            .bind(holder)
            .bind(until)
            .bind(now)
            .execute()
            .await?;
        tx.commit().await?;
        Ok((done == 1).then(|| Claim {
            job: job.to_owned(),
            holder: holder.to_owned(),
        }))
    }

    /// Ends a claim: the job is done (or there was nothing to do). A claim
    /// that lapsed and was taken by another process is left to it.
    pub async fn release_job(&self, claim: &Claim) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        tx.sql("DELETE FROM job_claims WHERE job = $1 AND holder = $2")
            .bind(&claim.job)
            .bind(&claim.holder)
            .execute()
            .await?;
        tx.commit().await
    }

    /// Records that a game's reminder went out (if the game is still live
    /// at `ply` and none was recorded) and ends its claim, in one
    /// transaction. False: the game moved on, or another process recorded
    /// it first.
    pub async fn record_reminder(
        &self,
        game: GameId,
        ply: i64,
        claim: &Claim,
    ) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        let done = tx
            .sql(
                "UPDATE games SET reminder_sent = 1
                 WHERE id = $1 AND ply = $2 AND status = 'live' AND reminder_sent = 0",
            )
            .bind(game)
            .bind(ply)
            .execute()
            .await?;
        tx.sql("DELETE FROM job_claims WHERE job = $1 AND holder = $2")
            .bind(&claim.job)
            .bind(&claim.holder)
            .execute()
            .await?;
        tx.commit().await?;
        Ok(done == 1)
    }

    /// Deletes claims that lapsed before `now` (a lapsed claim holds
    /// nothing; its job, if still due, is claimed afresh).
    pub async fn clear_lapsed_claims(&self, now: Timestamp) -> Result<u64, StoreError> {
        let mut tx = self.write().await?;
        let done = tx
            .sql("DELETE FROM job_claims WHERE until < $1")
            .bind(now)
            .execute()
            .await?;
        tx.commit().await?;
        Ok(done)
    }

    /// The claims standing, by job: (job, holder, until).
    pub async fn claims(&self) -> Result<Vec<(String, String, Timestamp)>, StoreError> {
        self.pool
            .sql("SELECT job, holder, until FROM job_claims ORDER BY job")
            .read_all(|r| Ok((r.get("job")?, r.get("holder")?, r.get("until")?)))
            .await
    }
}
