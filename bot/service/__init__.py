"""The game service: tables, seats, submissions, playing on, updates and images, with no
Discord in it (docs/service.md)."""

from .images import ImageCache, shared_cache
from .refusals import CODES, Refusal
from .service import GameService, GameSnapshot
from .updates import Update, Waiting

__all__ = ["CODES", "GameService", "GameSnapshot", "ImageCache", "Refusal", "Update",
           "Waiting", "shared_cache"]
