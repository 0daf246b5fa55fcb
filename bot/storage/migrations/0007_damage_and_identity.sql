-- 0007: storage that can be trusted (docs/service.md "Damaged games", docs/deploy.md).
-- ``meta``: facts about the database itself; ``identity`` is a random id written when the
-- database is created (SQLite keeps a copy in a marker file beside it, so a start that finds
-- the marker without its database refuses instead of starting over silently).
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;

-- A game whose stored record cannot be rebuilt: kept as it is (with its status), answered
-- "damaged" until a repair truncates its log to the last valid action. ``seq``: the first bad
-- action (null: the record itself); ``told``: the front end told the host and the thread.
CREATE TABLE damaged (
    game_id  INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    reason   TEXT    NOT NULL,
    detail   TEXT    NOT NULL DEFAULT '',
    seq      INTEGER,
    found_at REAL    NOT NULL,
    told     INTEGER NOT NULL DEFAULT 0 CHECK (told IN (0, 1))
);

-- The action rows a repair removed, as they were (``action`` unchecked: it may be the text
-- that was not JSON), with the time of the repair.
CREATE TABLE actions_backup (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq          INTEGER NOT NULL,
    seat         INTEGER,
    action       TEXT,
    decision_id  TEXT,
    submitted_by TEXT,
    at           REAL,
    repaired_at  REAL    NOT NULL
);
CREATE INDEX actions_backup_game ON actions_backup (game_id, repaired_at, seq);
