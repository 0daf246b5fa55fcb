-- 0007: storage that can be trusted (docs/service.md "Damaged games", docs/deploy.md).
-- The PostgreSQL twin of migrations/0007_damage_and_identity.sql (same tables and columns).
-- ``meta``: facts about the database itself (SQLite keeps its random identity there; a
-- PostgreSQL database has no file to lose beside it).
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- A game whose stored record cannot be rebuilt: kept as it is (with its status), answered
-- "damaged" until a repair truncates its log to the last valid action. ``seq``: the first bad
-- action (null: the record itself); ``told``: the front end told the host and the thread.
CREATE TABLE damaged (
    game_id  BIGINT  PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    reason   TEXT    NOT NULL,
    detail   TEXT    NOT NULL DEFAULT '',
    seq      INTEGER,
    found_at DOUBLE PRECISION NOT NULL,
    told     BOOLEAN NOT NULL DEFAULT FALSE
);

-- The action rows a repair removed, as they were, with the time of the repair.
CREATE TABLE actions_backup (
    game_id      BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq          INTEGER NOT NULL,
    seat         INTEGER,
    action       TEXT,
    decision_id  TEXT,
    submitted_by TEXT,
    at           DOUBLE PRECISION,
    repaired_at  DOUBLE PRECISION NOT NULL
);
CREATE INDEX actions_backup_game ON actions_backup (game_id, repaired_at, seq);
