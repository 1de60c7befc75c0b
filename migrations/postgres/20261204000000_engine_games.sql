-- The side Chronomate plays in a game, if it plays one: the engine's queue
-- is the live games where that side is to move. Before, the queue matched
-- player keys against the text 'chronomate:%'; a column says it without
-- reading the keys' spelling, and the partial index keeps the queue to
-- Chronomate's live games. Transport keys are never engine keys, so a game
-- has at most one engine side.
ALTER TABLE games ADD COLUMN engine_side TEXT
    CHECK (engine_side IS NULL OR engine_side IN ('white', 'black'));

UPDATE games SET engine_side = CASE
    WHEN white LIKE 'chronomate:%' THEN 'white'
    WHEN black LIKE 'chronomate:%' THEN 'black'
END
WHERE white LIKE 'chronomate:%' OR black LIKE 'chronomate:%';

CREATE INDEX games_engine ON games (updated_at) WHERE status = 'live' AND engine_side IS NOT NULL;
