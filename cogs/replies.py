"""Refusals in words, shared by the cogs that answer clicks: a cog's own specific answer
(:class:`Refused`, a catalog key) and the service's refusals (engine reasons worded by
``hadara.narrate``, service codes by the catalog)."""

from __future__ import annotations

from typing import Any

from bot.messages import has, t
from bot.service import Refusal
from cogs.errors import refusal_text as command_text
from hadara.content import default_catalog
from hadara.narrate import refusal as engine_refusal

ENGINE_CODES = frozenset({"illegal", "cannot_afford", "malformed"})


class Refused(Exception):
    """A specific answer of this cog (a catalog key), shown ephemerally."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key, self.params = key, params

    @property
    def text(self) -> str:
        return t(self.key, **self.params)


def refusal_text(refusal: Refusal, catalog: Any = None) -> str:
    """A service refusal in words: engine reasons by ``hadara.narrate``, codes by the catalog."""
    if refusal.code in ENGINE_CODES:
        try:
            return engine_refusal(refusal.reason, dict(refusal.params),
                                  catalog if catalog is not None else default_catalog())
        except Exception:  # a reason narrate cannot word: the service's English line
            return refusal.message
    for key in (f"play.refuse.{refusal.reason}", f"play.refuse.{refusal.code}"):
        if has(key):
            return t(key)
    # the codes a click shares with commands (access, limits …): the commands' wording
    return command_text(refusal)
