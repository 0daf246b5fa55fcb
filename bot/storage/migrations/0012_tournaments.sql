-- 0012: tournaments (issue 41; docs/leagues.md "Tournaments"). A tournament is stored as a
-- league of its own kind: its one season is the event ('open': sign-up, 'active': its rounds,
-- 'finished': its final standings archived), its members the people signed up (``active`` 0
-- once withdrawn), its rounds and tables those of the Swiss rounds and the final, so the
-- recorder, the ratings, the stand-ins and the exports read them as they read a league's.
-- ``kind`` keeps the two apart: the league commands list and find leagues only. A name is
-- unique on a server across both kinds (the UNIQUE of 0005). Portable SQL: both stores run
-- this file.
ALTER TABLE leagues ADD COLUMN kind TEXT NOT NULL DEFAULT 'league'
    CHECK (kind IN ('league', 'tournament'));
-- a server's leagues or tournaments, as the commands list them
CREATE INDEX leagues_guild_kind ON leagues (guild_id, kind);
