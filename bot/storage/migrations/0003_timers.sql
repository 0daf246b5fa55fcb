-- 0003: multi-day games. Durable timers (deadlines and reminders), per-seat time-control state
-- (strikes, AI takeover, time bank, takeover votes), vacations and the servers' yearly
-- vacation allowances. See docs/service.md, "Time control, reminders and expiry".

-- One row per armed timer. The service writes and deletes them in the same transaction as the
-- actions that open or close the decision they belong to; firing a deadline deletes its row in
-- the transaction that writes the automatic move (exactly once, also across a kill).
CREATE TABLE timers (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    kind        TEXT    NOT NULL CHECK (kind IN ('deadline', 'reminder')),
    due         REAL    NOT NULL,
    decision_id TEXT,
    payload     TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(payload))
);

-- the scheduler's start-up read (ordered by due) and the per-game cleanup
CREATE INDEX timers_due ON timers (due);
CREATE INDEX timers_game ON timers (game_id);

-- per-seat time-control state, written with the actions that change it
ALTER TABLE seats ADD COLUMN strikes INTEGER NOT NULL DEFAULT 0 CHECK (strikes >= 0);
ALTER TABLE seats ADD COLUMN ai_takeover INTEGER NOT NULL DEFAULT 0
    CHECK (ai_takeover IN (0, 1));
ALTER TABLE seats ADD COLUMN bank REAL;
ALTER TABLE seats ADD COLUMN votes TEXT NOT NULL DEFAULT '[]'
    CHECK (json_valid(votes) AND json_type(votes) = 'array');

-- a player's vacation: their clocks are paused from start_at to end_at (seconds since the
-- epoch; ``back`` moves end_at to the moment they return)
CREATE TABLE vacations (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id  INTEGER NOT NULL,
    start_at REAL    NOT NULL,
    end_at   REAL    NOT NULL,
    CHECK (end_at >= start_at)
);

CREATE INDEX vacations_user ON vacations (user_id, end_at);

-- vacation days per rolling year that a server's admins allow (absent: the default)
CREATE TABLE away_allowances (
    guild_id INTEGER PRIMARY KEY,
    days     REAL    NOT NULL CHECK (days >= 0)
);
