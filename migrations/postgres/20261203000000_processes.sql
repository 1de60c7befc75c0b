-- The processes that serve (`chronomate serve`, the console), each while it
-- runs: a process holds a lock that its operating system lets go the moment
-- it dies (a file beside the database here; an advisory lock keyed
-- `lock_key` on PostgreSQL), so the outbox rows a dead process held are
-- taken up at once instead of when their hold lapses. A row here whose
-- lock is free is a dead process's, and is deleted by whoever finds it.
CREATE TABLE processes (
    instance    TEXT PRIMARY KEY,  -- 'PID-RANDOM', as in outbox.holder
    lock_key    BIGINT NOT NULL,   -- the advisory lock's second key (PostgreSQL)
    started_at  BIGINT NOT NULL,   -- Unix ms
    shards      TEXT NOT NULL      -- what it serves, in words: 'every shard', 'shards 0-1 of 4'
);
