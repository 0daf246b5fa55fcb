-- 0008: the followers of a game in play (issue 24, "Follow a game"): people who are not its
-- players and asked for a short digest by DM at the end of each epoch and the final result.
-- Forgotten when the game ends (after the final digest) or is deleted.
CREATE TABLE followers (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    followed_at REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;
CREATE INDEX followers_user ON followers (user_id);
