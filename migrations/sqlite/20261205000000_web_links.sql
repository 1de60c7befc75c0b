-- A game's page on the web: the secret part of its spectators' address
-- (`/watch/WATCH`), made when a link to the game is first needed. Game ids
-- are sequential, so an address never carries the id alone. Not part of
-- the history `migrate-db` copies: links are made anew on the target.
CREATE TABLE web_links (
    game_id  INTEGER PRIMARY KEY,
    watch    TEXT NOT NULL UNIQUE   -- 32 hex digits: 128 random bits
) STRICT;
