-- PostgreSQL drops the foreign keys of the log and the outbox at this
-- version (checked by a query and a row lock per row there). SQLite keeps
-- them: its check is a lookup in the same process, and dropping them
-- would mean copying the whole log into a new table. Nothing changes here;
-- the version keeps both backends' migrations in step.
SELECT 1;
