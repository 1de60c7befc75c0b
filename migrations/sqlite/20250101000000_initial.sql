-- Chronomate's schema. Times are Unix milliseconds (UTC). Player keys are
-- stable transport-qualified ids: 'discord:1234', 'console:alice'. Guild,
-- channel and thread ids are opaque text chosen by the transport.

CREATE TABLE players (
    key         TEXT PRIMARY KEY NOT NULL,
    name        TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
) STRICT;

-- Per-server settings; a server without a row uses the defaults.
CREATE TABLE guild_settings (
    guild           TEXT PRIMARY KEY NOT NULL,
    default_days    INTEGER NOT NULL DEFAULT 3 CHECK (default_days BETWEEN 1 AND 14),
    reminder_hours  INTEGER NOT NULL DEFAULT 24 CHECK (reminder_hours BETWEEN 0 AND 336),
    updated_at      INTEGER NOT NULL,
    updated_by      TEXT REFERENCES players(key)
) STRICT;

CREATE TABLE games (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    variant         TEXT NOT NULL,
    options         TEXT NOT NULL DEFAULT '',     -- canonical key:value words
    seed            INTEGER NOT NULL,             -- u64 bit pattern
    white           TEXT NOT NULL REFERENCES players(key),
    black           TEXT NOT NULL REFERENCES players(key),
    days            INTEGER NOT NULL CHECK (days BETWEEN 1 AND 14),
    reminder_hours  INTEGER NOT NULL DEFAULT 24,
    status          TEXT NOT NULL DEFAULT 'live' CHECK (status IN ('live', 'finished', 'aborted')),
    result          TEXT CHECK (result IS NULL OR result IN ('1-0', '0-1', '1/2-1/2')),
    reason          TEXT,                         -- 'checkmate', 'time forfeit', 'aborted by ...'
    ply             INTEGER NOT NULL DEFAULT 0 CHECK (ply >= 0),  -- actions in the log
    to_move         TEXT CHECK (to_move IS NULL OR to_move IN ('white', 'black')),
    deadline        INTEGER,                      -- the side to move must act before this
    remind_at       INTEGER,                      -- one reminder from this moment on
    reminder_sent   INTEGER NOT NULL DEFAULT 0 CHECK (reminder_sent IN (0, 1)),
    snapshot        TEXT NOT NULL,                -- serde JSON of the rules' Game after `ply` actions
    guild           TEXT,
    channel         TEXT,
    thread          TEXT,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    finished_at     INTEGER,
    CHECK ((status = 'live') = (deadline IS NOT NULL)),
    CHECK ((status = 'finished') = (result IS NOT NULL))
) STRICT;

CREATE INDEX games_white ON games (white, status);
CREATE INDEX games_black ON games (black, status);
CREATE INDEX games_due ON games (deadline) WHERE status = 'live';
CREATE INDEX games_remind ON games (remind_at) WHERE status = 'live' AND reminder_sent = 0;
CREATE INDEX games_thread ON games (thread) WHERE thread IS NOT NULL;

-- The source of truth: every accepted action, in order. Append-only.
CREATE TABLE actions (
    game_id  INTEGER NOT NULL REFERENCES games(id),
    ply      INTEGER NOT NULL CHECK (ply >= 1),
    text     TEXT NOT NULL,                       -- canonical notation
    side     TEXT NOT NULL CHECK (side IN ('white', 'black')),
    actor    TEXT NOT NULL REFERENCES players(key),
    at       INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER actions_append_only_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

CREATE TRIGGER actions_append_only_delete BEFORE DELETE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

CREATE TABLE challenges (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    challenger  TEXT NOT NULL REFERENCES players(key),
    challenged  TEXT REFERENCES players(key),     -- NULL: open to anyone
    variant     TEXT NOT NULL,
    options     TEXT NOT NULL DEFAULT '',
    colour      TEXT NOT NULL CHECK (colour IN ('white', 'black', 'random')),  -- the challenger's
    days        INTEGER NOT NULL CHECK (days BETWEEN 1 AND 14),
    status      TEXT NOT NULL DEFAULT 'open'
                CHECK (status IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
    game_id     INTEGER REFERENCES games(id),
    guild       TEXT,
    channel     TEXT,
    thread      TEXT,
    created_at  INTEGER NOT NULL,
    closed_at   INTEGER,
    closed_by   TEXT REFERENCES players(key),
    CHECK ((status = 'accepted') = (game_id IS NOT NULL))
) STRICT;

CREATE INDEX challenges_open ON challenges (status, created_at);
CREATE INDEX challenges_challenged ON challenges (challenged, status);
CREATE INDEX challenges_challenger ON challenges (challenger, status);

-- At most one standing draw offer per game.
CREATE TABLE draw_offers (
    game_id  INTEGER PRIMARY KEY NOT NULL REFERENCES games(id),
    side     TEXT NOT NULL CHECK (side IN ('white', 'black')),
    ply      INTEGER NOT NULL,
    at       INTEGER NOT NULL
) STRICT;
