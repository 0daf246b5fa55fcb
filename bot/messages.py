"""The bot's words: :func:`t` (the current language) and :func:`translate` (a given one).

Cogs never write a sentence themselves: they call ``t(key, **params)`` with a key of the
catalogs in ``i18n/locales/<language>/`` (one Fluent file per area: common, game, play, table,
multiday, league, learn; engine and image wording live beside them). Engine and service codes
(refusal reasons, event kinds, labels) are worded by ``hadara.narrate`` through the same
catalogs. The language spoken is set per interaction (the clicking user's) or per public
message (the server's): see ``i18n.speaking``. ``tests/i18n/test_i18n.py`` checks that every key
used in code exists in every language with the same placeholders, and that no literal sentence
is passed to Discord.
"""

from __future__ import annotations

from i18n import has, speaking, t, translate

__all__ = ["has", "speaking", "t", "translate"]
