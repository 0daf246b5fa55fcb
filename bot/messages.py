"""Every player-facing string of the bot, in one catalog (English for now).

Cogs never write a sentence themselves: they call ``t(key, **params)`` with a key of
``MESSAGES`` (assembled from ``bot/catalog/``: one module per area), and engine or service codes (refusal reasons, event kinds, labels) are worded
by ``hadara.narrate`` from their codes and parameters. A later language adds a catalog with
the same keys; ``tests/test_messages.py`` checks that every key used in ``cogs/`` exists and
that no literal sentence is passed to Discord there.
"""

from __future__ import annotations

from typing import Any

from bot.catalog import common, game, league, learn, multiday, play, table

MESSAGES: dict[str, str] = {}
for _part in (common, game, play, table, multiday, league, learn):
    _clash = MESSAGES.keys() & _part.MESSAGES.keys()
    if _clash:
        raise RuntimeError(f"message keys defined twice: {sorted(_clash)}")
    MESSAGES.update(_part.MESSAGES)


def t(key: str, /, **params: Any) -> str:
    """The English text of ``key`` with ``params`` filled in."""
    try:
        text = MESSAGES[key]
    except KeyError:
        raise KeyError(f"no message {key!r} in bot/messages.py") from None
    return text.format(**params) if params else text
