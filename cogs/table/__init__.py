"""The table: a game's thread, its lobby, its board, its news, and the table's commands."""

from .cog import setup

__all__ = ["setup"]
