-- Players' keys to a game's page (`/watch/WATCH#play=TOKEN`): a link handed
-- privately ('link', one use, minutes) that the page trades for a session
-- ('session', days) bound to that player and game, sent as a bearer token.
-- Only a SHA-256 of each token is kept, so this table opens nothing. Not
-- part of the history `migrate-db` copies.
CREATE TABLE web_tokens (
    hash        TEXT PRIMARY KEY,   -- SHA-256 of the token, 64 hex digits
    kind        TEXT NOT NULL CHECK (kind IN ('link', 'session')),
    game_id     INTEGER NOT NULL,
    player      TEXT NOT NULL,      -- the player's key: 'discord:1234'
    expires_at  INTEGER NOT NULL    -- Unix ms
) STRICT;
CREATE INDEX web_tokens_expiry ON web_tokens (expires_at);
