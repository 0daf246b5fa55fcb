-- 0010: the web page's sessions (docs/web.md, docs/security.md "The web page"). A signed link
-- is exchanged at once for a session: a random token kept by the browser in a cookie, of
-- which only its SHA-256 is stored here (a copy of the database opens no page). Sessions
-- live here so they survive restarts and work in every process; ``seen_at`` moves with use
-- (the idle expiry), ``expires_at`` is the absolute end. The server's signing secret is the
-- ``web_secret`` row of ``meta`` (made at first use when HADARA_WEB_SECRET is unset).
CREATE TABLE web_sessions (
    token_hash TEXT             PRIMARY KEY,
    user_id    BIGINT           NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    seen_at    DOUBLE PRECISION NOT NULL,
    expires_at DOUBLE PRECISION NOT NULL
);
CREATE INDEX web_sessions_user ON web_sessions (user_id);
