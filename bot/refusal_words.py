"""A service refusal in words, the same for every front end (the Discord cogs, the web page):
engine refusals (``illegal``, ``cannot_afford``, ``malformed``) by ``hadara.narrate``, the others
by the catalogs (``refusal.<code>.<reason>`` if present, else ``refusal.<code>``), in the
language being spoken (``i18n.speaking``). When a limit says when to try again
(``retry_at``), the front end words the moment (``when``: Discord's relative timestamp, a
page's "in 2 minutes")."""

from __future__ import annotations

import math
from collections.abc import Callable

from bot.messages import has, t
from bot.service import Refusal
from hadara.content import Catalog, default_catalog
from hadara.narrate import refusal as engine_refusal

#: The refusals the engine words (``hadara.narrate.refusal``).
ENGINE_CODES = frozenset({"illegal", "cannot_afford", "malformed"})


def discord_moment(at: float) -> str:
    """A moment as Discord shows it to each reader: relative, in their own time zone."""
    return f"<t:{math.ceil(at)}:R>"


def refusal_text(refusal: Refusal, *, when: Callable[[float], str] = discord_moment,
                 catalog: Catalog | None = None) -> str:
    """``refusal`` in words (``catalog``: the game's own, for card names; the default's
    without one)."""
    params = dict(refusal.params)
    if isinstance(params.get("retry_at"), int | float):  # a limit: when to try again
        params["at"] = when(float(params["retry_at"]))
    if refusal.code in ENGINE_CODES:
        try:
            return engine_refusal(refusal.reason, params, catalog or default_catalog())
        except Exception:  # a reason with parameters narrate does not know: the English line
            return refusal.message
    for key in (f"refusal.{refusal.code}.{refusal.reason}", f"refusal.{refusal.code}"):
        if has(key):
            try:
                return t(key, **params)
            except (KeyError, IndexError, ValueError):
                return t(key.rsplit(".", 1)[0]) if key.count(".") > 1 else refusal.message
    return refusal.message
