-- Every announcement a player or an admin must see (a move's post,
-- Chronomate's moves, endings, reminders, challenge answers, tournament
-- rounds, a finished game's thread closed, a warning about a missing
-- permission) is a row here, written in the transaction of the change it
-- reports and deleted once Discord (or the console) took it. The rows of
-- one stream (a game, a challenge, a tournament, a server) go out in `id`
-- order, one at a time; a process holds a row (`holder`, `until`) while it
-- answers an interaction with it or posts it, and a row whose holder died
-- is taken up when `until` has passed. Chronomate's moves owed a post
-- (`engine_posts`) move here.
CREATE TABLE outbox (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    stream      TEXT NOT NULL,     -- 'game:7', 'challenge:3', 'tournament:2', 'guild:1234'
    game_id     INTEGER REFERENCES games(id),
    shard_key   INTEGER,           -- the server's id >> 22 (its shard: shard_key % total); NULL outside a server
    body        TEXT NOT NULL,     -- what to announce (JSON, the host's)
    nonce       INTEGER NOT NULL,  -- random: the nonces of the messages that post it are made from it
    answer      TEXT,              -- the interaction that answers with it, while one does
    holder      TEXT,              -- the process holding it: 'PID-RANDOM'
    until       INTEGER NOT NULL,  -- Unix ms: held until then; 0 or past: free
    created_at  INTEGER NOT NULL,
    tries       INTEGER NOT NULL DEFAULT 0,
    last_error  TEXT
) STRICT;

CREATE INDEX outbox_by_stream ON outbox (stream, id);

INSERT INTO outbox (stream, game_id, shard_key, body, nonce, until, created_at)
SELECT 'game:' || e.game_id, e.game_id,
       CASE WHEN g.guild GLOB '[0-9]*' AND g.guild NOT GLOB '*[^0-9]*'
            THEN CAST(g.guild AS INTEGER) >> 22 END,
       '{"Played":{"from":' || e.from_ply || ',"through":' || e.through_ply || ',"lapsed":false}}',
       random(), 0, e.until - 180000
FROM engine_posts e JOIN games g ON g.id = e.game_id
ORDER BY e.game_id;

DROP TABLE engine_posts;

-- A warning to a server's admins (a permission the bot lacks), told once
-- per server and cause; deleted when the cause is gone (a thread opened).
CREATE TABLE guild_warnings (
    guild  TEXT NOT NULL,
    cause  TEXT NOT NULL,     -- 'create-threads', 'send-in-threads'
    at     INTEGER NOT NULL,  -- Unix ms: when they were told
    PRIMARY KEY (guild, cause)
) STRICT;

-- Each gateway shard's last heartbeat, written by the process running it:
-- what `chronomate status` shows.
CREATE TABLE shard_heartbeats (
    shard       INTEGER NOT NULL,
    total       INTEGER NOT NULL,
    process     TEXT NOT NULL,
    stage       TEXT NOT NULL,    -- the connection's stage: 'connected', 'connecting', ...
    latency_ms  INTEGER,          -- the last heartbeat's round trip
    at          INTEGER NOT NULL, -- Unix ms
    PRIMARY KEY (shard, total)
) STRICT;
