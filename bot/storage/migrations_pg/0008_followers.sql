-- 0008: the followers of a game in play (issue 24, "Follow a game").
-- The PostgreSQL twin of migrations/0008_followers.sql (same table and columns: 64-bit ids,
-- DOUBLE PRECISION times, no WITHOUT ROWID).
CREATE TABLE followers (
    game_id     BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id     BIGINT NOT NULL,
    followed_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX followers_user ON followers (user_id);
