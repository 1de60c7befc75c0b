-- Chronomate's moves committed and not yet posted (an outbox). An action
-- of Chronomate's writes its game's row here in the transaction that
-- commits it; the post that announces it deletes the row. A row still
-- here when `until` has passed (its process died between the commit and
-- the post, or the post failed) is posted by the next round of timed jobs
-- of any process, so the player to move is always told.
CREATE TABLE engine_posts (
    game_id      BIGINT PRIMARY KEY NOT NULL REFERENCES games(id),
    from_ply     BIGINT NOT NULL,  -- the game's ply before the first action not posted
    through_ply  BIGINT NOT NULL,  -- the game's ply after the last one
    until        BIGINT NOT NULL,  -- Unix ms: left to the process that committed it until then
    CHECK (from_ply < through_ply)
);
