-- Community play: Glicko-2 ratings, tournaments.

-- A player's rating in one variant, on one server (`scope` is the guild id)
-- or across all of them (`scope` = '*').
CREATE TABLE ratings (
    player      TEXT NOT NULL REFERENCES players(key),
    variant     TEXT NOT NULL,
    scope       TEXT NOT NULL,
    rating      REAL NOT NULL,
    deviation   REAL NOT NULL,
    volatility  REAL NOT NULL,
    games       INTEGER NOT NULL DEFAULT 0,
    wins        INTEGER NOT NULL DEFAULT 0,
    draws       INTEGER NOT NULL DEFAULT 0,
    losses      INTEGER NOT NULL DEFAULT 0,
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (player, variant, scope)
) STRICT;

CREATE INDEX ratings_board ON ratings (variant, scope, rating DESC);

-- Every rating change, one per (game, player, scope): the primary key makes
-- rating a game twice impossible. Written in the transaction that records
-- the game's result.
CREATE TABLE rating_changes (
    game_id            INTEGER NOT NULL REFERENCES games(id),
    player             TEXT NOT NULL REFERENCES players(key),
    scope              TEXT NOT NULL,
    variant            TEXT NOT NULL,
    before_rating      REAL NOT NULL,
    before_deviation   REAL NOT NULL,
    before_volatility  REAL NOT NULL,
    after_rating       REAL NOT NULL,
    after_deviation    REAL NOT NULL,
    after_volatility   REAL NOT NULL,
    at                 INTEGER NOT NULL,
    PRIMARY KEY (game_id, player, scope)
) STRICT;

CREATE TABLE tournaments (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    guild        TEXT NOT NULL,
    channel      TEXT,
    thread       TEXT,
    name         TEXT NOT NULL,
    variant      TEXT NOT NULL,
    options      TEXT NOT NULL DEFAULT '',
    format       TEXT NOT NULL CHECK (format IN ('roundrobin', 'double', 'swiss')),
    rounds       INTEGER NOT NULL DEFAULT 0 CHECK (rounds >= 0),  -- Swiss: asked for; others: set at start
    days         INTEGER NOT NULL CHECK (days BETWEEN 1 AND 14),
    max_players  INTEGER NOT NULL CHECK (max_players BETWEEN 2 AND 64),
    starts_at    INTEGER,                           -- starts by itself then, if enough joined
    organiser    TEXT NOT NULL REFERENCES players(key),
    status       TEXT NOT NULL DEFAULT 'open'
                 CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
    round        INTEGER NOT NULL DEFAULT 0,        -- the round being played (0: not started)
    note         TEXT,                              -- why it ended early, if it did
    created_at   INTEGER NOT NULL,
    started_at   INTEGER,
    finished_at  INTEGER
) STRICT;

CREATE INDEX tournaments_guild ON tournaments (guild, status);

CREATE TABLE tournament_players (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments(id),
    player         TEXT NOT NULL REFERENCES players(key),
    seed           INTEGER,                         -- 1.. in pairing order, set at start
    joined_at      INTEGER NOT NULL,
    withdrawn_at   INTEGER,
    PRIMARY KEY (tournament_id, player)
) STRICT;

-- One row per board of a round. `black` NULL: `white` has a bye (Swiss) or
-- rests (round robin with an odd number of players). `result` is set for
-- boards decided without a game (byes, forfeits); a board with a game takes
-- its result from the game.
CREATE TABLE tournament_pairings (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments(id),
    round          INTEGER NOT NULL CHECK (round >= 1),
    board          INTEGER NOT NULL CHECK (board >= 1),
    white          TEXT NOT NULL REFERENCES players(key),
    black          TEXT REFERENCES players(key),
    game_id        INTEGER REFERENCES games(id),
    result         TEXT CHECK (result IS NULL OR result IN ('1-0', '0-1', '1/2-1/2', '0-0', 'bye', 'rest')),
    PRIMARY KEY (tournament_id, round, board)
) STRICT;

CREATE UNIQUE INDEX tournament_pairings_game ON tournament_pairings (game_id) WHERE game_id IS NOT NULL;
