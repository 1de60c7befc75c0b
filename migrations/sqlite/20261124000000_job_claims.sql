-- Timed jobs in flight. Before a process does a timed job (a reminder, a
-- game's deadline, a challenge's expiry, a tournament's next step) it claims
-- the job here; once the job is done and announced the claim is deleted. A
-- claim lapses by itself at `until`, so a job whose process died is taken up
-- by another process (or the same one, restarted). With SQLite there is one
-- process, and the claims cost one small write per job.
CREATE TABLE job_claims (
    job     TEXT PRIMARY KEY NOT NULL,  -- 'remind:GAME:PLY', 'deadline:GAME:PLY', 'challenge:ID', 'tournament:ID'
    holder  TEXT NOT NULL,              -- the process holding it: 'PID-RANDOM'
    until   INTEGER NOT NULL            -- Unix ms: the claim lapses then
) STRICT;

CREATE INDEX job_claims_until ON job_claims (until);
