-- Turns in the making (variants whose turn is several board moves, drafted
-- one at a time and submitted whole: 5D chess). One row per drafted move,
-- in order. Only the side to move drafts, so a game has at most one draft;
-- `ply` is the game's ply it was drafted at. The rows are deleted when the
-- game moves on (an action committed, the game ended), so a draft never
-- outlives the position it was made in, and survives a restart until then.
CREATE TABLE drafts (
    game_id  BIGINT NOT NULL REFERENCES games(id),
    seq      BIGINT NOT NULL,  -- 1 for the first move drafted
    ply      BIGINT NOT NULL,  -- the game's ply when it was drafted
    player   TEXT NOT NULL REFERENCES players(key),  -- who drafts it
    text     TEXT NOT NULL,     -- the move in canonical notation
    at       BIGINT NOT NULL,  -- Unix ms
    PRIMARY KEY (game_id, seq),
    CHECK (seq >= 1)
);
