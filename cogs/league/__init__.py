"""Community leagues: ratings, profiles, leagues with seasons, exports and reviews."""

from .cog import setup

__all__ = ["setup"]
