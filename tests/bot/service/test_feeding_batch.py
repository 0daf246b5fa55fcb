"""A seat's whole feeding (F1 with P6) as ONE batch (issue 23, item 1): ``Play.submit_feeding``
and ``Screens.choose_feeding`` validate every removal and payment on a clone in sequence,
then write all of them in one transaction and publish one update; any illegal batch (too few,
too many, a card not held, a stale decision, not a feeding) is refused and changes nothing.
The engine still sees individual ``feed_remove`` / ``feed_pay`` actions."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService, Refusal, Update
from bot.storage import ACTIVE, ActionRecord, GameRecord, SeatRecord, SqliteStore
from hadara import driver
from hadara.engine import RULES_VERSION, Game
from hadara.options import options
from hadara.rng import Rng
from hadara.views import view

USERS = (11, 12, 13)
#: seed 1, three people, basic, first-come random play: after 72 actions seat 1 feeds with
#: 10 cards and 8 food (two must go) and P6 (Quartermaster I-P07) lets it pay 2 coins a card.
SEED, ACTIONS, SEAT = 1, 72, 1
PLAIN = ("I-Y04", "I-R07")  # two of its cards that give no food
FOOD = "I-G01"  # a card that gives 1 food


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


@dataclass
class Env:
    store: SqliteStore
    svc: GameService
    updates: list[Update]
    writes: list[int]  # the number of rows of each write_actions call (one transaction each)
    gid: int

    async def stored(self) -> Any:
        return await self.store.load_game(self.gid)

    async def game(self) -> Game:
        game = (await self.svc.load(self.gid)).game
        assert game is not None
        return game

    async def decision(self) -> str:
        did = (await self.game()).decision_id(SEAT)
        assert did is not None
        return did


def feeding_game() -> Game:
    game = Game.new([f"user{u}" for u in USERS], variant="basic", seed=SEED)
    rng = Rng(SEED)
    for _ in range(ACTIONS):
        d = driver.step(game)[0]
        game.apply(d.seat, d.actions[rng.below(len(d.actions))], d.id)
    driver.step(game)  # the forced moves up to the decisions
    return game


@pytest.fixture
async def env(tmp_path: Path) -> AsyncIterator[Env]:
    store = SqliteStore(tmp_path / "games.sqlite3")
    await store.open()
    svc = GameService(store, clock=Clock())
    updates: list[Update] = []
    svc.subscribe(updates.append)
    await svc.open()
    game = feeding_game()
    assert game.setup is not None and game.log is not None
    now = 1_000_000.0
    seats = [SeatRecord(s, f"user{u}", u) for s, u in enumerate(USERS)]
    gid = await store.create_game(GameRecord(
        id=0, status=ACTIVE, variant=game.variant, options={"seats": game.n},
        created_at=now, updated_at=now, content_version=game.catalog.version,
        rules_version=RULES_VERSION, setup=game.setup.to_dict(), seed=game.seed,
        host_user_id=USERS[0], seats=seats))
    await store.write_actions(gid, [ActionRecord(i, e["seat"], e["action"], None, "test", now)
                                    for i, e in enumerate(game.log)])
    calls: list[int] = []
    original = store.write_actions

    async def counting(game_id: int, rows: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append(len(rows))
        return await original(game_id, rows, *args, **kwargs)

    store.write_actions = counting  # type: ignore[method-assign]
    e = Env(store, svc, updates, calls, gid)
    live = await e.game()
    ctx = view(live, SEAT)["private"]["context"]
    assert ctx["kind"] == "feeding" and ctx["must_remove"] == 2 and ctx["p6"]["can_pay"]
    try:
        yield e
    finally:
        await svc.close()
        await store.close()


def remove(card: str) -> dict[str, Any]:
    return {"type": "feed_remove", "card": card}


PAY = {"type": "feed_pay"}


async def test_a_whole_feeding_is_one_batch_one_transaction_one_update(env: Env) -> None:
    before = await env.stored()
    version = (await env.game()).version
    n = len(env.updates)
    up = await env.svc.play.submit_feeding(env.gid, USERS[SEAT], await env.decision(),
                                           [remove(c) for c in PLAIN])
    after = await env.stored()
    assert len(after.actions) == len(before.actions) + 2
    assert [a.action for a in after.actions[-2:]] == [remove(c) for c in PLAIN]
    assert len({a.decision_id for a in after.actions[-2:]}) == 2  # each its own decision
    assert env.writes == [2]  # ONE write (one transaction) of both rows
    assert len(env.updates) == n + 1 and env.updates[-1] is up  # ONE update
    assert up.version == version + 2  # one version per action: the engine saw two
    game = await env.game()
    assert all(d.kind != "feeding" for d in game.decisions() if d.seat == SEAT)  # fed


async def test_payments_go_first_and_the_rest_is_removed(env: Env) -> None:
    """Pay k with P6 and remove the rest, in one submit: the payments are applied first
    (a removal of the P6 card itself would end P6 for the payments after it)."""
    await env.svc.play.submit_feeding(env.gid, USERS[SEAT], await env.decision(),
                                      [remove(PLAIN[0]), PAY])
    rows = (await env.stored()).actions[-2:]
    assert [a.action for a in rows] == [PAY, remove(PLAIN[0])]
    assert env.writes == [2]


async def test_the_panels_choice_stores_the_batch(env: Env) -> None:
    """``Screens.choose_feeding``: options (index, check) of the panel, a payment once per
    payment, stored as one batch; the panel after it."""
    from bot.service.screens import check_of

    game = await env.game()
    opts = options(game, SEAT)
    pay = next(i for i, o in enumerate(opts) if o["action"] == PAY)
    card = next(i for i, o in enumerate(opts) if o["action"] == remove(PLAIN[0]))
    picks = [(pay, check_of(PAY)), (card, check_of(opts[card]["action"]))]
    n = len(env.updates)
    chosen = await env.svc.screens.choose_feeding(env.gid, USERS[SEAT], SEAT,
                                                  await env.decision(), picks)
    name = game.catalog.cards[PLAIN[0]].name
    assert chosen.kind == "feeding" and chosen.label.startswith("Pay ")
    assert chosen.label.endswith(f"; {name}")
    assert len(env.updates) == n + 1 and env.writes == [2]
    assert chosen.panel.kind != "feeding"


@pytest.mark.parametrize(("batch", "code", "reason"), [
    ([remove(PLAIN[0])], "bad_request", "feed_too_few"),
    ([remove(PLAIN[0]), remove(FOOD)], "bad_request", "feed_too_few"),  # food goes too
    ([remove("I-Y04"), remove("I-R07"), remove("II-R01")], "bad_request", "feed_too_many"),
    ([remove(PLAIN[0]), remove("III-P01")], "illegal", None),  # a card not held
    ([remove(PLAIN[0]), remove(PLAIN[0])], "illegal", None),  # the same card twice
    ([PAY] * 7, None, None),  # beyond P6's payments (fed after two: too many)
    ([remove(PLAIN[0]), {"type": "medals_done"}], "malformed", "feed_batch"),
    ([], "malformed", "feed_batch"),
])
async def test_an_illegal_batch_is_refused_and_changes_nothing(
        env: Env, batch: list[dict[str, Any]], code: str | None, reason: str | None) -> None:
    before, snap = await env.stored(), (await env.game()).snapshot()
    n = len(env.updates)
    with pytest.raises(Refusal) as info:
        await env.svc.play.submit_feeding(env.gid, USERS[SEAT], await env.decision(), batch)
    if code is not None:
        assert info.value.code == code, info.value.to_dict()
    if reason is not None:
        assert info.value.reason == reason, info.value.to_dict()
    assert await env.stored() == before
    assert (await env.game()).snapshot() == snap
    assert len(env.updates) == n and env.writes == []


async def test_a_stale_or_foreign_batch_is_refused(env: Env) -> None:
    from bot.service.screens import check_of

    before = await env.stored()
    did = await env.decision()
    for call in (
        env.svc.play.submit_feeding(env.gid, USERS[SEAT], "d1", [remove(c) for c in PLAIN]),
        env.svc.play.submit_feeding(env.gid, USERS[0], did, [remove(c) for c in PLAIN]),
        env.svc.screens.choose_feeding(env.gid, USERS[SEAT], SEAT, "d1", [(0, "0000")]),
        env.svc.screens.choose_feeding(env.gid, USERS[SEAT], SEAT, did, [(0, "0000")]),
        env.svc.screens.choose_feeding(env.gid, USERS[SEAT], SEAT, did,
                                       [(999, check_of(PAY))]),
    ):
        with pytest.raises(Refusal) as info:
            await call
        assert info.value.code in ("stale", "illegal", "not_your_decision"), \
            info.value.to_dict()
    assert await env.stored() == before and env.writes == []
