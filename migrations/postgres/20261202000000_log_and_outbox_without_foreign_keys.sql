-- The log's and the outbox's rows are no longer checked against `games`
-- and `players` by foreign keys. Each is written by the transaction that
-- just changed its game's row (an action only where that update found the
-- game live at the ply before), and games and players are never deleted,
-- so the checks could not fail; each cost a query and a row lock per row
-- on the hottest write there is (docs/deploy.md, "The outbox").
ALTER TABLE outbox DROP CONSTRAINT outbox_game_id_fkey;
ALTER TABLE actions DROP CONSTRAINT actions_game_id_fkey;
ALTER TABLE actions DROP CONSTRAINT actions_actor_fkey;
