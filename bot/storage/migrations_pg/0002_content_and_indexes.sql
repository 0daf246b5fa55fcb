-- 0002: the content catalogs stored games were created with, and the lookup indexes.

-- The data files (file name -> text, a JSON object) of each content version a stored game
-- uses, so that a later change to data/ never makes a stored game unloadable.
CREATE TABLE content_versions (
    version TEXT PRIMARY KEY,
    files   TEXT NOT NULL CHECK (json_typeof(files::json) = 'object')
);

-- game_ids(statuses): the running games at start-up.
CREATE INDEX games_status ON games (status);

-- games_of_user(user_id, statuses).
CREATE INDEX seats_user ON seats (user_id) WHERE user_id IS NOT NULL;
