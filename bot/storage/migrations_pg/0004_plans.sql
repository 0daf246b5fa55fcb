-- 0004: acting ahead. A seat's queued plan (bot/service/ahead.py: a Phase-B list, a colony or
-- a statue choice) as JSON, or NULL; written with the actions that apply or drop it.
ALTER TABLE seats ADD COLUMN plan TEXT CHECK (plan IS NULL OR plan::json IS NOT NULL);
