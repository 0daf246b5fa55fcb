-- 0011: the turn digest (issue 39, "One digest"; docs/service.md "The turn digest"): a player
-- who asked for it gets ONE private message a day, at a local hour of their choosing, listing
-- every game waiting on them. Its timer belongs to a person, not to a game (``timers.game_id``
-- is NOT NULL), hence a table of its own: one row per player who has it on, deleted when they
-- turn it off. ``due`` is the next digest (seconds since the epoch, the service clock's);
-- ``sent_at`` when the last one was handed over (NULL: never), so that a player gets at most
-- one a local day. The hour and the time zone are the player's settings (``user_settings``),
-- which the firing reads again. Portable SQL: both stores run this file.
CREATE TABLE turn_digest_timers (
    user_id BIGINT           PRIMARY KEY,
    due     DOUBLE PRECISION NOT NULL,
    sent_at DOUBLE PRECISION
);
-- the scheduler's start-up read, ordered by due
CREATE INDEX turn_digest_timers_due ON turn_digest_timers (due);
