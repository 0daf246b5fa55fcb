"""A player's turns in one private message a day, at their hour ("Daily turns", the turn
digest): every game waiting on them with "Take my turn" for each."""

from .cog import setup

__all__ = ["setup"]
