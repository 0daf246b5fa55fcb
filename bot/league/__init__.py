"""Community leagues (no Discord here): ratings per server, leagues with seasons, rounds and
tables, standings, exports. Documentation: docs/leagues.md.

* :class:`Ratings` (``ratings.py``): openskill Plackett–Luce ratings from rated results;
  ``record``, ``void``, ``recompute``, ``leaderboard``, ``profile``.
* :class:`LeagueService` (``leagues.py``): ``create_league``, ``join``, ``leave``,
  ``start_round``, ``standings``, ``round_status``, ``end_season``.
* :class:`Recorder` (``recorder.py``): subscribes to the game service and records every rated
  game and league table when it ends; catches up at start-up.
* :class:`Leagues` (``app.py``): the three over one game service, and what the front end
  reads of them (season tables, rated results, the game a review is about).
* ``seating.py`` (pure), ``export.py`` (CSV, JSON game records), ``sim.py`` (league-sim).
"""

from .app import Leagues
from .leagues import LeagueService
from .ratings import Ratings, ordinal
from .recorder import Recorder

__all__ = ["LeagueService", "Leagues", "Ratings", "Recorder", "ordinal"]
