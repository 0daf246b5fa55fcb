"""The replay viewer: a game stepped through privately (``/hadara-replay view``, "Watch the
replay" under the final scores)."""

from .cog import setup

__all__ = ["setup"]
