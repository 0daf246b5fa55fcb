"""No panel ever shows a decision the bot makes for the player (issue 33, item 3).

Whole games through the real bot, people clicking their panels while their live panels move
on by themselves: every panel the service hands a front end (``GameService.panel``, also
behind "Take my turn", the panel after a click, a live panel moving on and a DM panel) and
every decision a message the bot sent offers must have a real choice — more than one legal
option, on a seat no AI plays and no queued plan answers. What was forced on a person is
said on their panel instead ("Done for you"), and at the end every panel still open shows
the final scores.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.service.screens import PanelState, Screens
from cogs.play import panels as P

from .conftest import World, new_game, play, settle, world

pytest.importorskip("simcord")


class PanelWatch:
    """Every panel state the service handed over, and what was offered on it."""

    def __init__(self) -> None:
        self.states: list[PanelState] = []

    @property
    def real(self) -> dict[str, int]:
        """Decision id -> the most legal options any panel of it offered."""
        out: dict[str, int] = {}
        for s in self.states:
            if s.decision_id is not None:
                legal = sum(1 for o in s.options if o.get("legal"))
                out[s.decision_id] = max(out.get(s.decision_id, 0), legal)
        return out


@contextmanager
def watching(monkeypatch: pytest.MonkeyPatch) -> Iterator[PanelWatch]:
    watch = PanelWatch()
    original = Screens.panel

    async def panel(self: Screens, *args: Any, **kwargs: Any) -> PanelState:
        state = await original(self, *args, **kwargs)
        watch.states.append(state)
        return state

    monkeypatch.setattr(Screens, "panel", panel)
    yield watch


def offered(w: World, gid: int) -> set[str]:
    """Every decision id a message the bot sent for game ``gid`` offered a component of."""
    out: set[str] = set()
    for entry in w.env.http_requests:
        body = entry.json if isinstance(entry.json, dict) else {}
        data = body.get("data") if isinstance(body.get("data"), dict) else body
        for row in data.get("components") or []:
            for c in row.get("components") or []:
                pid = P.parse_custom_id(c.get("custom_id") or "")
                if pid is not None and pid.game == gid and pid.decision is not None:
                    out.add(pid.decision)
    return out


async def whole_game(w: World, watch: PanelWatch, seats: int, ai: int,
                     join: list[str]) -> tuple[int, int]:
    """Play a game to its end by clicking; returns the game id and how many decisions were
    forced on people."""
    gid, _ = await new_game(w, "alice", seats=seats, ai=ai, join=join)
    # the last choice of every step: whatever is offered last (sells, no colony, done …),
    # which walks into more forced decisions than the first option would
    played = await play(w, gid, choose=lambda options: len(options) - 1)
    await settle(w, gid)
    snap = await w.service.load(gid)
    assert snap.record.status == "finished"
    people = {s.seat for s in snap.record.seats if s.user_id is not None}
    stored = await w.service.store.load_game(gid)
    assert stored is not None
    forced = sum(1 for r in stored.actions if r.submitted_by == "forced" and r.seat in people)
    # the panels: none offered a decision with a single choice, none one the game answered
    shown = [s for s in watch.states if s.game_id == gid and s.decision_id is not None]
    assert shown and played.turns
    single = [(s.seat, s.kind, s.decision_id) for s in shown
              if sum(1 for o in s.options if o.get("legal")) < 2]
    assert single == [], single
    # what the bot sent: every decision a component names was handed over with a choice
    real = watch.real
    assert offered(w, gid) and all(real.get(d, 0) >= 2 for d in offered(w, gid)), \
        sorted(d for d in offered(w, gid) if real.get(d, 0) < 2)
    return gid, forced


async def test_no_panel_shows_a_forced_decision(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    with watching(monkeypatch) as watch:
        async with world(tmp_path, monkeypatch) as w:
            totals = 0
            for seats, ai, join in ((3, 1, ["bob"]), (4, 2, ["bob"])):
                gid, forced = await whole_game(w, watch, seats, ai, join)
                totals += forced
                # at the end, a panel still open (its token usable) shows the final scores
                final = [s for s in watch.states if s.game_id == gid and s.final]
                assert final and all(s.decision_id is None for s in final)
                assert {r.you for r in final[-1].final} == {True, False}
            # the games did force decisions on people, and their panels said so
            assert totals > 0
            assert any(s.done for s in watch.states), "no panel said what was done for you"
            print(f"\n{totals} decisions forced on people in two whole games; "
                  f"{len(watch.states)} panels handed over, none with a single choice")
