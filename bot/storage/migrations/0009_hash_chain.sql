-- 0009: the hash chain over each game's action log (docs/service.md, "The log's hash chain";
-- bot/storage/chain.py). ``actions.hash``: the action's link (over the previous hash and its
-- stored fields); ``games.log_hash``: the head, the last action's hash (NULL while the log is
-- empty); the rows a repair removed keep theirs; a rated result keeps the final hash it was
-- recorded with. The hashes of the games stored before this migration are computed by a
-- Python step right after it (``bot.storage.chain_fill``, resumable: it fills the games whose
-- actions still have none), so the columns stay nullable.
ALTER TABLE actions ADD COLUMN hash TEXT;
ALTER TABLE games ADD COLUMN log_hash TEXT;
ALTER TABLE actions_backup ADD COLUMN hash TEXT;
ALTER TABLE rated_results ADD COLUMN final_hash TEXT;
