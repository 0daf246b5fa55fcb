-- 0001: games, their seats and action logs, per-seat Discord messages, user settings.
-- JSON columns are TEXT checked with json_valid(); times are REAL seconds since the epoch.

CREATE TABLE games (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused, even after a delete
    status          TEXT    NOT NULL
                    CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    variant         TEXT    NOT NULL,
    options         TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
    setup           TEXT             CHECK (setup IS NULL OR json_valid(setup)),
    seed            INTEGER,
    content_version TEXT,
    rules_version   TEXT,
    host_user_id    INTEGER,
    discord         TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(discord)),
    created_at      REAL    NOT NULL,
    updated_at      REAL    NOT NULL
);

CREATE TABLE seats (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    name     TEXT    NOT NULL,
    user_id  INTEGER,
    ai_level TEXT,
    conceded INTEGER NOT NULL DEFAULT 0 CHECK (conceded IN (0, 1)),
    PRIMARY KEY (game_id, seat),
    CHECK (user_id IS NULL OR ai_level IS NULL)
) WITHOUT ROWID;

CREATE TABLE actions (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq          INTEGER NOT NULL CHECK (seq >= 0),  -- the engine's log index
    seat         INTEGER NOT NULL,
    action       TEXT    NOT NULL CHECK (json_valid(action)),
    decision_id  TEXT,
    submitted_by TEXT    NOT NULL,
    at           REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TABLE seat_messages (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    kind       TEXT    NOT NULL,
    message_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat, kind)
) WITHOUT ROWID;

CREATE TABLE user_settings (
    user_id  INTEGER PRIMARY KEY,
    settings TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(settings))
);
