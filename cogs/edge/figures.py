"""A person's reliability in words, where people sit down: a lobby's seat, a league's sign-up
(docs/leagues.md, "Profiles and reliability"). The numbers are worded as the profile's picture
words them (``rendering.profile``)."""

from __future__ import annotations

from bot.messages import t
from bot.service.reliability import Reliability
from i18n import current
from rendering.profile import duration, percent


def figures_words(rel: Reliability | None) -> str:
    """"finishes 92% · moves in 4 min · 6 h a move in multi-day games", "new here", or
    "figures kept private" (None: the viewer may not see them)."""
    if rel is None:
        return t("figures.hidden")
    if rel.new:  # never a penalty: no figures shown beside it
        return t("figures.new")
    lang = current()
    parts = []
    if rel.finish_rate is not None:
        parts.append(t("figures.finish", percent=percent(lang, rel.finish_rate)))
    live, timed = rel.median_move.get("live"), rel.median_move.get("timed")
    if live is not None:
        parts.append(t("figures.live", time=duration(lang, live)))
    if timed is not None:
        parts.append(t("figures.timed", time=duration(lang, timed)))
    return " · ".join(parts) or t("figures.new")


def fit_lines(lines: list[str], most: int) -> str:
    """As many whole lines as fit in ``most`` characters, and "… N more" for the rest (a
    line is never cut: the last one too goes to "… 1 more" when it does not fit whole)."""
    out: list[str] = []
    for i, line in enumerate(lines):
        last = i == len(lines) - 1
        room = most if last else most - len(t("games.panel.more", count=len(lines) - i)) - 1
        if len("\n".join([*out, line])) > room:
            return "\n".join([*out, t("games.panel.more", count=len(lines) - i)])[:most]
        out.append(line)
    return "\n".join(out)
