"""Multi-day games: reminders, deadlines, votes, vacations (:mod:`.cog`; words in
:mod:`.words`)."""

from .cog import setup

__all__ = ["setup"]
