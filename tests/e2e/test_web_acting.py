"""One game, two front ends (issue 37): the real bot under simcord, its web page in chromium
(Playwright over Debian's chromium), the same seat played now on the page, now with Discord's
buttons.

* A whole 3-seat game (alice and bob, people; one AI) in which alice makes every other
  decision on her page (412 px) and the rest with her Discord panel, and bob all of his in
  Discord. Alternating alice's decisions between the two front ends — rather than giving the
  page to alice and Discord to bob — puts both on the same seat: each must let go of a
  decision the other answered (a page still offering a decision taken in Discord, or a panel
  one taken on the page, is where a choice would be doubled, or lost to a stale refusal),
  and bob's Discord picks still meet alice's page picks in the simultaneous draft. One of
  alice's draft picks is changed on the page before the reveal (the rules allow it: the log
  overwrites the seat's entry). After every decision the store's log grew by exactly that
  decision's actions, from the person who made it, for the decision shown; at the end every
  (seat, decision) is in the log once, alice's actions are the decisions she was asked, the
  game is over, and Discord and the page agree on the final scores.
* A move on the page shows in Discord (the board's status line moves on), a move in Discord
  on the page (its ``data-version`` reaches the view's). Alice's open Discord panel moves on
  too when her move on the page opens her next decision (a page's choice does not hold the
  panel back as a click in flight would).
* A page that goes offline mid-decision and comes back makes the decision once; a page
  offline while bob and the AI move on catches up with the decision that opened meanwhile.

The page's calls into the service are scheduled in simcord's bot scope
(:func:`bridge_in_bot_scope`: why). Skipped, with the reason, where chromium or Playwright is
missing."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
import socket
from collections.abc import AsyncIterator, Coroutine
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.config import Config
from bot.storage.base import ACTIVE, ActionRecord
from cogs.play import panels as P
from i18n import translate
from tests.support.browser import chromium, new_tab, require_chromium
from web.server import Bridge

from . import conftest
from .conftest import (
    World,
    board,
    components,
    new_game,
    open_panel,
    people_waiting,
    settle,
    take_turn,
    thread_messages,
    world,
)

pytest.importorskip("simcord")
require_chromium()

from playwright.async_api import Page as Tab  # noqa: E402

WAIT = 15_000  # ms a page may take to show what the service holds
SHOWN = "#act input[name=decision], #feed input[name=decision]"  # the decision a page offers


@asynccontextmanager
async def web_world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[World]:
    """The real bot with its web page on a free port (the links carry the page's address)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setattr(conftest, "config", lambda path: Config(
        token="x", db=path, web_port=port, web_url=f"http://127.0.0.1:{port}"))
    async with world(tmp_path, monkeypatch) as w:
        bridge_in_bot_scope(w, monkeypatch)
        yield w


@dataclass
class Table:
    """A game through the real bot with alice's page open in chromium (412 px)."""

    w: World
    gid: int
    alice: int
    bob: int
    seat: int  # alice's
    tab: Tab


@asynccontextmanager
async def alice_at_her_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, seats: int,
                            ai: int = 0) -> AsyncIterator[Table]:
    """alice's game with bob (and ``ai`` AI seats), her page opened from her panel."""
    async with web_world(tmp_path, monkeypatch) as w:
        gid, _ = await new_game(w, "alice", seats=seats, ai=ai, join=["bob"])
        alice, bob = w.members["alice"].id, w.members["bob"].id
        seat = await w.service.seat_of(gid, alice)
        assert seat is not None
        await settle(w, gid)
        async with chromium() as browser:
            tab = await new_tab(browser, 412)
            await tab.goto(page_link(await open_panel(w, gid, alice)))
            yield Table(w, gid, alice, bob, seat, tab)


def bridge_in_bot_scope(w: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's calls into the service run as the bot's own work under simcord, as a
    button's do.

    The page's server runs on a thread of its own and enters the bot's loop through
    :class:`web.server.Bridge` (``run_coroutine_threadsafe``). simcord counts as the bot's
    only the work started in its bot scope (a context variable); a coroutine scheduled from
    another thread starts without it, and so does every task it spawns — the table's
    coalescing flush of a move made on the page among them: its timer then runs on real
    time (not on the offline Discord's clock that :func:`settle` advances), and its late
    edit of the board, outside any simcord operation, hung the test. Here the same call is
    scheduled with the bot scope's context; nothing else changes."""
    with w.env._bot_scope():
        scope = contextvars.copy_context()

    async def call(self: Bridge, coro: Coroutine[Any, Any, Any]) -> Any:
        done: concurrent.futures.Future[Any] = concurrent.futures.Future()

        def start() -> None:
            task = asyncio.ensure_future(coro, loop=self.loop)

            def finish(task: asyncio.Future[Any]) -> None:
                if task.cancelled():
                    done.cancel()
                elif task.exception() is not None:
                    done.set_exception(task.exception())
                else:
                    done.set_result(task.result())

            task.add_done_callback(finish)

        self.loop.call_soon_threadsafe(start, context=scope.copy())
        return await asyncio.wrap_future(done)

    monkeypatch.setattr(Bridge, "call", call)


def page_link(panel: Any) -> str:
    """The "Open the board" link of a player's panel."""
    [button] = [c for c in components(panel) if c.get("style") == 5
                and c.get("label") == translate("en", "web.open")]
    return str(button["url"])


async def rows(w: World, gid: int) -> list[ActionRecord]:
    stored = await w.service.store.load_game(gid)
    assert stored is not None
    return list(stored.actions)


async def decision_of(w: World, gid: int, seat: int) -> str | None:
    return (await w.service.view(gid, seat))["private"]["decision_id"]


async def caught_up(tab: Tab, w: World, gid: int, seat: int) -> None:
    """The page shows the seat's view as the service holds it now: its version, and the
    decision it offers (none when the seat decides nothing, has picked, or the game is
    over). The version alone would not do: a hidden choice (a feeding, a medal) changes the
    seat's decision, not its view's version."""
    view = await w.service.view(gid, seat)
    private = view["private"]
    decision = private["decision_id"] if not view["over"] else None
    try:
        await tab.wait_for_function(
            """([version, decision, shown]) =>
                 document.body.dataset.version === String(version) &&
                 [...document.querySelectorAll(shown)].map((x) => x.value).join() ===
                 (decision || "")""",
            arg=[view["version"], decision, SHOWN], timeout=WAIT, polling=100)
    except Exception as exc:
        offered = [await x.get_attribute("value") for x in await tab.locator(SHOWN).all()]
        shown = await tab.get_attribute("body", "data-version")
        raise AssertionError(f"the page shows version {shown} offering {offered}; the "
                             f"service: version {view['version']}, decision {decision}, "
                             f"{view['step']}") from exc


async def until(check: Any, what: str, tries: int = 300) -> None:
    """Wait (real time: the page's server answers on its own thread) until ``check()``."""
    for _ in range(tries):
        if await check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"never: {what}")


@dataclass
class Made:
    """A decision made on a page: the decision shown, the actions it stores."""

    decision: str
    actions: int


async def choose_on_page(tab: Tab, w: World, gid: int, seat: int, *, nth: int = 0) -> Made:
    """Make the seat's decision on its page as a person would — the ``nth`` choice shown
    (a feeding: the cards that feed nobody, then confirm) — and wait until it is stored."""
    await caught_up(tab, w, gid, seat)
    view = await w.service.view(gid, seat)
    decision = view["private"]["decision_id"]
    assert decision is not None
    context: dict[str, Any] = dict(view["private"]["context"] or {})
    before = await rows(w, gid)
    if context.get("kind") == "feeding":
        food = {c["card"]: int((c.get("gains") or {}).get("food") or 0)
                for c in context.get("cards") or []}
        need = int(context.get("must_remove", 0))
        options = await w.service.options(gid, seat)
        removable = sorted((food.get(o["action"]["card"], 0), i) for i, o in enumerate(options)
                           if o["legal"] and o["action"]["type"] == "feed_remove")
        picked = 0
        for gives, index in removable:
            if need <= 0:
                break
            await tab.locator(f'.deciding .pick input[value^="{index}."]').check()
            need -= 1 - gives
            picked += 1
        await tab.locator("#feed button.choice").click()
        made = Made(decision, picked)
    else:
        await tab.locator('button.choice[name="o"]:visible').nth(nth).click()
        made = Made(decision, 1)

    async def stored() -> bool:
        return len(await rows(w, gid)) >= len(before) + made.actions

    await until(stored, f"seat {seat}'s choice ({context.get('kind')}) stored")
    return made


async def repick_on_page(tab: Tab, w: World, gid: int, seat: int) -> dict[str, Any]:
    """Change the seat's simultaneous pick on its page (another card): the new pick."""
    first = (await w.service.view(gid, seat))["private"]["commit"]
    await tab.locator('button.choice[name="o"]:visible').nth(1).click()

    async def changed() -> bool:
        now = (await w.service.view(gid, seat))["private"]["commit"]
        return now is not None and now != first

    await until(changed, "the changed pick stored")
    commit = (await w.service.view(gid, seat))["private"]["commit"]
    assert isinstance(commit, dict)
    return commit


def by(user: int, log: list[ActionRecord]) -> list[ActionRecord]:
    return [r for r in log if r.submitted_by == f"user:{user}"]


async def test_one_game_half_on_the_page_half_with_discord_buttons(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with alice_at_her_page(tmp_path, monkeypatch, seats=3, ai=1) as at:
        w, gid, alice, bob, seat, tab = at.w, at.gid, at.alice, at.bob, at.seat, at.tab
        asked = {alice: 0, bob: 0}  # decisions each person was asked (and made)
        made_rows = {alice: 0, bob: 0}  # the actions they stored (a feeding: its cards)
        page_kinds: set[str] = set()
        repicked = 0
        repick: tuple[str, dict[str, Any]] | None = None
        for _ in range(400):
            await settle(w, gid)
            if (await w.service.load(gid)).record.status != ACTIVE:
                break
            waiting = await people_waiting(w, gid)
            assert waiting, f"the game waits for nobody: {await w.service.waiting(gid)}"
            who_seat, user, kind = waiting[0]
            decision = await decision_of(w, gid, who_seat)
            assert decision is not None
            before = await rows(w, gid)
            page = user == alice and asked[alice] % 2 == 0
            if page:
                said = await board_says(w, gid)
                made = await choose_on_page(tab, w, gid, seat)
                assert made.decision == decision
                page_kinds.add(kind)
                others = {u for _, u, k in waiting if u != alice}
                if kind == "draft" and repick is None and others:
                    # bob has not picked yet: alice changes her mind on the page
                    repick = (decision, await repick_on_page(tab, w, gid, seat))
                    repicked += 1
            else:
                await take_turn(w, gid, user)
            asked[user] += 1
            if page and kind != "draft":  # the move shows on the board (a pick is hidden)
                await settle(w, gid)
                assert await board_says(w, gid) != said
            after = await rows(w, gid)
            mine = by(user, after)[len(by(user, before)):]
            assert mine and mine[0].decision_id == decision, (decision, mine)
            assert {r.seat for r in mine} == {who_seat}
            if kind != "feeding":
                assert len(mine) == 1, mine
            made_rows[user] += len(mine)
        else:
            raise AssertionError("the game did not end")
        await settle(w, gid)
        log = await rows(w, gid)
        # every decision answered once: no (seat, decision) twice in the stored log
        keys = [(r.seat, r.decision_id) for r in log if r.decision_id is not None]
        assert len(keys) == len(set(keys)), [k for k in keys if keys.count(k) > 1]
        # the changed pick is the one stored, once
        assert repick is not None and repicked == 1
        [row] = [r for r in log if (r.seat, r.decision_id) == (seat, repick[0])]
        assert row.action == repick[1]
        # alice's actions are the decisions she was asked (a feeding's cards counted as
        # the decisions they are: each removal is a decision of its own)
        assert asked[alice] > 20
        for user in (alice, bob):
            assert len(by(user, log)) == made_rows[user]
        # every kind of decision of the game was made on the page at least once
        assert page_kinds == {"wheel", "draft", "phase_b", "colony", "statue", "feeding",
                              "medals"}, page_kinds
        game = (await w.service.load(gid)).game
        assert game is not None and game.is_over
        await caught_up(tab, w, gid, seat)
        await agree_at_the_end(w, gid, tab)


async def agree_at_the_end(w: World, gid: int, tab: Tab) -> None:
    """Discord and the page tell the same end as the stored game's record (its export): the
    page's score sheet totals and its crowned columns, the board's status line and the
    thread's final message (the winners, the record's final hash)."""
    record = await w.service.export_record(gid)
    names = {p["seat"]: p["name"] for p in record["players"]}
    final = record["final"]
    totals = {names[r["seat"]]: r["total"] for r in final["scores"]}
    winners = [names[s] for s in final["winners"]]
    public = await w.service.view(gid, None)
    assert public["over"] and sorted(public["winners"]) == sorted(final["winners"])
    assert {s["name"]: (s["score"] or {}).get("total", 0) for s in public["seats"]} == totals
    await tab.wait_for_selector("section.scores", timeout=WAIT)
    heads = tab.locator("section.scores thead th")
    columns = [n.strip() for n in await heads.all_inner_texts()]
    shown = [int(x) for x in await tab.locator("section.scores tr.total td").all_inner_texts()]
    assert dict(zip(columns, shown, strict=True)) == totals
    crowned = [n for i, n in enumerate(columns)
               if await heads.nth(i).locator('use[href="#i-crown"]').count()]
    assert sorted(crowned) == sorted(winners)
    said = ", ".join(names[s] for s in public["winners"])
    assert translate("en", "table.status.over", id=gid, winners=said) in await board_says(
        w, gid)
    told = [m.content for m in await thread_messages(w, gid)
            if translate("en", "table.over", id=gid, winners=said) in (m.content or "")]
    assert len(told) == 1
    assert record["chain"]["final_hash"] in told[0]


def panel_decisions(panel: Any) -> set[str]:
    """The decisions a Discord panel's choices answer (as their custom ids carry them)."""
    out = set()
    for c in components(panel):
        pid = P.parse_custom_id(c.get("custom_id") or "")
        if pid is not None and pid.kind in ("a", "n", "s") and pid.decision:
            out.add(pid.decision)
    return out


async def board_says(w: World, gid: int) -> str:
    """The board message's text: its news and its status line (epoch, step, whom it waits
    for)."""
    return (await board(w, gid)).content or ""


async def test_a_move_on_the_page_shows_in_discord_and_one_in_discord_on_the_page(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two people, no AI, to the end of the second draft round: alice moves only on her
    page, bob only in Discord (in a draft, bob first: alice's pick on the page ends the
    round). After each of alice's moves the board's status line has moved on; after each of
    bob's, alice's page shows her view's new version."""
    async with alice_at_her_page(tmp_path, monkeypatch, seats=2) as at:
        w, gid, alice, bob, seat, tab = at.w, at.gid, at.alice, at.bob, at.seat, at.tab
        rounds = 0
        while rounds < 2:
            await settle(w, gid)
            waiting = await people_waiting(w, gid)
            users = {u for _, u, _ in waiting}
            said = await board_says(w, gid)
            version = (await w.service.view(gid, seat))["version"]
            if bob in users:
                await take_turn(w, gid, bob)
                await settle(w, gid)
                # the page follows the move made in Discord
                assert (await w.service.view(gid, seat))["version"] != version
                await caught_up(tab, w, gid, seat)
                continue
            assert users == {alice}, waiting
            kind = waiting[0][2]
            await choose_on_page(tab, w, gid, seat)
            await settle(w, gid)
            # Discord follows the move made on the page: the board's status moved on
            assert await board_says(w, gid) != said
            rounds += kind == "draft"


async def test_a_move_on_the_page_moves_the_open_discord_panel_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Alice has her Discord panel open on the wheel (the game's first decision) and sets
    the wheel on her page instead: the move opens her draft pick at once, and her open
    panel, live, should move on to it, as it does after a click on the panel itself."""
    async with web_world(tmp_path, monkeypatch) as w:
        gid, _ = await new_game(w, "alice", seats=2, join=["bob"])
        alice = w.members["alice"].id
        seat = await w.service.seat_of(gid, alice)
        assert seat is not None
        await settle(w, gid)
        assert [k for *_, k in await people_waiting(w, gid)] == ["wheel"]
        panel = await open_panel(w, gid, alice)
        shown = await decision_of(w, gid, seat)
        assert panel_decisions(panel) == {shown}
        async with chromium() as browser:
            tab = await new_tab(browser, 412)
            await tab.goto(page_link(panel))
            await choose_on_page(tab, w, gid, seat)
            await settle(w, gid)
            now = await decision_of(w, gid, seat)
            assert now is not None and now != shown  # her draft pick is open
            assert panel_decisions(panel) == {now}


async def test_a_page_offline_mid_decision_makes_it_once_back_online(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Alice's page shows her decision and goes offline while the game waits (no move); back
    online, she makes it on the page: stored once. Then offline before her next decision
    opens: bob (in Discord) and the AI move on meanwhile; back online, the page catches up
    with the decision that opened, and she makes it: stored once."""
    async with alice_at_her_page(tmp_path, monkeypatch, seats=3, ai=1) as at:
        w, gid, alice, bob, seat, tab = at.w, at.gid, at.alice, at.bob, at.seat, at.tab
        # until the game waits for alice alone on a decision of hers
        for _ in range(20):
            waiting = await people_waiting(w, gid)
            if {u for _, u, _ in waiting} == {alice}:
                break
            await take_turn(w, gid, waiting[0][1])
            await settle(w, gid)
        else:
            raise AssertionError("the game never waited for alice alone")
        await caught_up(tab, w, gid, seat)
        decision = await decision_of(w, gid, seat)
        before = await rows(w, gid)
        await tab.context.set_offline(True)
        await asyncio.sleep(2)  # the page is cut off: nothing moves meanwhile
        await settle(w, gid)
        assert await rows(w, gid) == before
        await tab.context.set_offline(False)
        made = await choose_on_page(tab, w, gid, seat)
        assert made.decision == decision
        await settle(w, gid)
        after = await rows(w, gid)
        assert [r.decision_id for r in by(alice, after)].count(decision) == 1

        # offline while the others move: until the game waits for bob before alice
        for _ in range(20):
            waiting = await people_waiting(w, gid)
            if {u for _, u, _ in waiting} == {bob}:
                break
            user = waiting[0][1]
            if user == alice:
                await choose_on_page(tab, w, gid, seat)
            else:
                await take_turn(w, gid, user)
            await settle(w, gid)
        else:
            raise AssertionError("the game never waited for bob alone")
        await caught_up(tab, w, gid, seat)
        await tab.context.set_offline(True)
        old = await tab.get_attribute("body", "data-version")
        for _ in range(20):  # bob and the AI play until alice has a decision again
            waiting = await people_waiting(w, gid)
            if alice in {u for _, u, _ in waiting}:
                break
            await take_turn(w, gid, waiting[0][1])
            await settle(w, gid)
        else:
            raise AssertionError("alice never had a decision again")
        await asyncio.sleep(1)
        assert await tab.get_attribute("body", "data-version") == old  # still cut off
        await tab.context.set_offline(False)
        decision = await decision_of(w, gid, seat)
        before = await rows(w, gid)
        made = await choose_on_page(tab, w, gid, seat)  # catches up first
        assert made.decision == decision
        await settle(w, gid)
        mine = by(alice, await rows(w, gid))[len(by(alice, before)):]
        assert [r.decision_id for r in mine][:1] == [decision]
        keys = [(r.seat, r.decision_id) for r in await rows(w, gid)]
        assert len(keys) == len(set(keys))
