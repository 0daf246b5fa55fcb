"""The replay viewer's layout and custom ids (cogs/replay/components.py), without Discord."""

from __future__ import annotations

import re

import discord

from bot.service.replay import PlayerCards, ReplayStep
from cogs.replay.components import (
    JUMP,
    MAX_DESCRIPTION,
    STEP,
    build,
    jump_id,
    step_id,
    text_of,
)


def state(step: int, last: int, *, full: bool = True, lines: int = 3) -> ReplayStep:
    marks = tuple((k * 10, 1 + k // 2, "AB"[k % 2]) for k in range(6))
    cards = (PlayerCards("Amira", ("Camel", "Scribe"), "Weaver", ("Vintner",)),
             PlayerCards("Bahram", (), None, ())) if full else ()
    return ReplayStep(game_id=123456789012345678, step=step, last=last,
                      status="finished" if full else "active", full=full, epoch=1, phase="A",
                      round=2, seat="Amira" if step else None,
                      lines=tuple(f"line {i}" for i in range(lines)),
                      images={"table": b"T", "players": b"P"}, cards=cards, marks=marks)


def buttons(view: discord.ui.View) -> list[discord.ui.Button[discord.ui.View]]:
    return [getattr(c, "item", c) for c in view.children
            if isinstance(getattr(c, "item", c), discord.ui.Button)]


def test_custom_ids_match_their_templates_and_fit() -> None:
    big = 123456789012345678
    for tag in "fpnlo":
        cid = step_id(big, 999_999, tag)
        assert re.fullmatch(STEP.template, cid) and len(cid) <= 100
    assert re.fullmatch(JUMP.template, jump_id(big))
    assert not re.fullmatch(STEP.template, "hd1:rp:1:1:x")
    assert not re.fullmatch(STEP.template, "hd1:rp:1:-1:n")
    assert not re.fullmatch(STEP.template, f"hd1:rp:{'1' * 20}:1:n")


def test_the_arrows_are_disabled_at_the_ends_and_ids_unique() -> None:
    for step, last in ((0, 40), (17, 40), (40, 40), (0, 0)):
        payload = build(state(step, last))
        view = payload["view"]
        items = buttons(view)
        states = {b.label: b.disabled for b in items}
        assert states == {"⏮": step == 0, "◀": step == 0, "▶": step >= last,
                          "⏭": step >= last}
        ids = [c.item.custom_id for c in view.children]  # type: ignore[attr-defined]
        assert len(ids) == len(set(ids))
        assert [a.filename for a in payload["attachments"]] == ["replay-table.png",
                                                                "replay-players.png"]
        select = next(c.item for c in view.children  # type: ignore[attr-defined]
                      if isinstance(c.item, discord.ui.Select))  # type: ignore[attr-defined]
        defaults = [o.value for o in select.options if o.default]
        assert defaults == [str(max(m[0] for m in state(step, last).marks if m[0] <= step))]


def test_the_cards_only_for_a_finished_game_and_the_text_fits() -> None:
    finished = text_of(state(3, 40))
    assert "Amira: Camel, Scribe · picked Weaver · sold Vintner" in finished
    assert "Bahram: none" in finished
    playing = text_of(state(3, 40, full=False))
    assert "Camel" not in playing and "what a spectator saw" in playing
    assert len(text_of(state(3, 40, lines=2000))) <= MAX_DESCRIPTION
    assert "The game as it was set up." in text_of(state(0, 40))
