"""The guided first game: ``/hadara learn`` and its lessons and notes."""

from .cog import setup

__all__ = ["setup"]
