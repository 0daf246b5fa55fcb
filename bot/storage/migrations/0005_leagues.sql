-- 0005: community leagues. Rated results and ratings per server (guild), leagues with their
-- seasons, members, rounds and tables, and the archived standings of finished seasons.
-- See docs/leagues.md. Times are REAL seconds since the epoch; JSON columns are TEXT.

-- One row per rated game that ended, written once (idempotent by game id). ``ranks`` is the
-- finishing order of the rated people: [{"user", "name", "seat", "rank", "total", "coins",
-- "last", "win"}] (rank 1 = best, ties share a rank; "last": conceded or played by the AI for
-- most of the game). Ratings are a pure function of a guild's non-voided results in order
-- (finished_at, game_id): voiding one replays the rest.
CREATE TABLE rated_results (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    guild_id    INTEGER NOT NULL,
    finished_at REAL    NOT NULL,
    ranks       TEXT    NOT NULL CHECK (json_valid(ranks)),
    voided      INTEGER NOT NULL DEFAULT 0 CHECK (voided IN (0, 1)),
    voided_by   INTEGER,
    recorded_at REAL    NOT NULL
);
CREATE INDEX rated_results_guild ON rated_results (guild_id, finished_at, game_id);

-- The current rating of each person on each server (openskill PlackettLuce: mu, sigma).
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL CHECK (sigma > 0),
    games      INTEGER NOT NULL DEFAULT 0 CHECK (games >= 0),
    wins       INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0),
    updated_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;

-- A league of one server; ``settings``: season_rounds, table_size (3, 4, 5 or "mixed"),
-- time_control, points (per table size: points by finishing place), tie_breaks, variant.
CREATE TABLE leagues (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id   INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    settings   TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(settings)),
    created_by INTEGER,
    created_at REAL    NOT NULL,
    UNIQUE (guild_id, name)
);

-- Seasons of a league, numbered 1, 2 …: 'open' (members join, no round yet), 'active'
-- (rounds are played), 'finished' (standings archived).
CREATE TABLE league_seasons (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    league_id  INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    number     INTEGER NOT NULL CHECK (number >= 1),
    status     TEXT    NOT NULL CHECK (status IN ('open', 'active', 'finished')),
    started_at REAL    NOT NULL,
    ended_at   REAL,
    UNIQUE (league_id, number)
);

-- Who plays a season (a member opts in per season); ``active`` 0 once they left (their
-- results stay in the standings, they are not seated again).
CREATE TABLE league_members (
    season_id INTEGER NOT NULL REFERENCES league_seasons (id) ON DELETE CASCADE,
    user_id   INTEGER NOT NULL,
    name      TEXT    NOT NULL,
    active    INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    joined_at REAL    NOT NULL,
    PRIMARY KEY (season_id, user_id)
) WITHOUT ROWID;

-- A round of a season, started by an admin.
CREATE TABLE league_rounds (
    season_id  INTEGER NOT NULL REFERENCES league_seasons (id) ON DELETE CASCADE,
    number     INTEGER NOT NULL CHECK (number >= 1),
    started_at REAL    NOT NULL,
    started_by INTEGER,
    PRIMARY KEY (season_id, number)
) WITHOUT ROWID;

-- A table of a round: its game, who sits there (``seats``: [{"user", "name"}], plus the AI
-- fillers' count) and, once the game ended, its ``result``: [{"user", "place", "points",
-- "rank", "total"}] or {"abandoned": true}.
CREATE TABLE league_tables (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    season_id INTEGER NOT NULL,
    round     INTEGER NOT NULL,
    number    INTEGER NOT NULL CHECK (number >= 1),
    game_id   INTEGER REFERENCES games (id) ON DELETE SET NULL,
    seats     TEXT    NOT NULL CHECK (json_valid(seats)),
    result    TEXT             CHECK (result IS NULL OR json_valid(result)),
    UNIQUE (season_id, round, number),
    FOREIGN KEY (season_id, round) REFERENCES league_rounds (season_id, number)
        ON DELETE CASCADE
);
CREATE INDEX league_tables_game ON league_tables (game_id);

-- The final standings of a finished season, kept as they were announced.
CREATE TABLE league_archive (
    season_id   INTEGER PRIMARY KEY REFERENCES league_seasons (id) ON DELETE CASCADE,
    standings   TEXT    NOT NULL CHECK (json_valid(standings)),
    podium      TEXT    NOT NULL CHECK (json_valid(podium)),
    archived_at REAL    NOT NULL
);
