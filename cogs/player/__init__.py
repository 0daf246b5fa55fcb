"""A player's own things: their games, the rules, cards, their settings."""

from .cog import setup

__all__ = ["setup"]
