"""The pure parts of the multi-day Discord side (cogs.multiday, cogs.ahead, the table's status
line and pings): time-control choices, deadlines as Discord timestamps, thread notices,
votes, reminders, catch-up, settings, and the "Queue my choice" panel within Discord's limits.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("discord")

from bot.messages import has  # noqa: E402
from bot.messages import t as _t
from bot.service import GameService, screens  # noqa: E402
from bot.service.checks import person  # noqa: E402
from bot.service.timecontrol import rules as S  # noqa: E402
from bot.service.updates import Reminder, Update, Waiting  # noqa: E402
from bot.storage.base import GameRecord, SeatRecord  # noqa: E402
from bot.storage.sqlite import SqliteStore  # noqa: E402
from cogs.edge import times  # noqa: E402
from cogs.multiday import cog as multiday_cog  # noqa: E402
from cogs.multiday import notices as multiday  # noqa: E402
from cogs.play import queue as ahead  # noqa: E402
from cogs.play.panels.text import catch_up_lines  # noqa: E402
from cogs.player import preferences  # noqa: E402
from cogs.table import coalescer as table  # noqa: E402
from hadara import ahead as A  # noqa: E402
from hadara.state import COLONY, PHASE_B, STATUE  # noqa: E402
from tests.support.stacking import at, force, new_game, run  # noqa: E402

COGS = Path(__file__).resolve().parents[2] / "cogs"
T0 = 1_767_225_600.0  # 2026-01-01 00:00 UTC


def seats() -> list[SeatRecord]:
    return [SeatRecord(0, "Amira", user_id=11), SeatRecord(1, "Bashir", user_id=22),
            SeatRecord(2, "Greedy AI", ai_level="greedy"), SeatRecord(3, "Dalia", user_id=44)]


def record(tc: dict[str, object] | None = None) -> GameRecord:
    rec = GameRecord(id=7, status="active", variant="basic",
                     options={"time_control": tc} if tc else {}, created_at=T0, updated_at=T0,
                     seed=1, host_user_id=11, seats=seats())
    rec.discord = {"guild": 1, "thread": 2}
    return rec


def board(view: dict[str, Any], rec: GameRecord,
          waiting: list[Waiting] | None = None) -> screens.BoardState:
    """The board as the service hands it over (``GameService.board``), without pictures."""
    return screens.BoardState({}, view, waiting or [], rec.id, rec.status,  # type: ignore[arg-type]
                              tuple(s.name for s in rec.seats), False)


def update(cause: str, **kw: object) -> Update:
    kw.setdefault("seats", seats())
    return Update(game_id=7, version=1, revision=1, status="active", cause=cause, **kw)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- the catalog


def test_every_key_the_new_cogs_use_exists() -> None:
    for name in ("multiday/notices.py", "multiday/cog.py", "play/queue.py", "edge/times.py",
                 "player/preferences.py", "play/panels/text.py", "table/coalescer.py"):
        text = (COGS / name).read_text(encoding="utf-8")
        keys = set(re.findall(r'\bt\("([a-z_.]+)"', text))
        assert keys, name
        assert not sorted(k for k in keys if not has(k)), name
    for mode in A.PHASE_B_MODES:
        assert has(f"ahead.mode.{mode}") and has(f"ahead.button.{mode}")
    for code in ("taken_over", "not_taken_over", "away_allowance"):
        assert has(f"refusal.{code}")


# ---------------------------------------------------------------------- time controls


def test_time_control_choices_are_what_the_service_accepts() -> None:
    assert times.time_control("none") is None
    for choice, value in times.TIME_CONTROLS.items():
        tc = times.time_control(choice, 5)
        if value is None:
            continue
        parsed = S.parse_time_control(tc)
        assert parsed is not None and parsed["strikes"] == 5, choice
        assert "multi" not in times.time_control_text(parsed)
    one = S.parse_time_control(times.time_control("1h"))
    assert one is not None and one["seconds"] == S.HOUR and one["strikes"] == 3
    assert times.time_control_text(one) == "1 h per decision · AI after 3 missed"
    bank = S.parse_time_control(times.time_control("bank24"))
    assert times.time_control_text(bank) == ("bank: 24 h + 4 h per decision, max 72 h · "
                                                "AI after 3 missed")
    assert times.time_control_text(None) == "none"
    assert all(len(_t(f"md.tc.{c}")) <= 100 for c in times.TIME_CONTROLS)


def test_deadlines_as_discord_timestamps() -> None:
    assert times.stamp(T0, "R") == f"<t:{int(T0)}:R>"
    assert times.deadline_text(T0) == f"<t:{int(T0)}:f> (<t:{int(T0)}:R>)"
    line = times.panel_deadline(T0 + 60)
    assert line is not None and f"<t:{int(T0) + 60}:f>" in line and ":R>" in line
    assert times.panel_deadline(None) is None
    names = {0: "Amira", 1: "Bashir"}
    waiting = [Waiting(1, "d2", "draft", T0 + 7200), Waiting(0, "d1", "draft", T0 + 3600)]
    text = table.board_deadlines(waiting, names)
    assert text is not None
    assert text.index("Amira") < text.index("Bashir")  # soonest first
    assert f"<t:{int(T0) + 3600}:f>" in text and f"<t:{int(T0) + 7200}:R>" in text
    assert table.board_deadlines([Waiting(0, "d1", "draft")], names) is None


def test_status_line_shows_each_pending_deadline() -> None:
    rec = record(S.parse_time_control("1h"))
    view = {"epoch": 1, "phase": "A", "step": "draft", "round": 0, "waiting_on": [0, 1]}
    line = table.status_line(board(view, rec, [Waiting(0, "a", "draft", T0),
                                               Waiting(1, "b", "draft", T0 + 60)]))
    assert "⏳ Amira: <t:" in line and "Bashir: <t:" in line
    assert "⏳" not in table.status_line(board(view, rec, [Waiting(0, "a", "draft")]))


# ---------------------------------------------------------------------- notices and votes


def test_taken_over_seats_are_not_pinged() -> None:
    taken = seats()
    taken[1] = SeatRecord(1, "Bashir", user_id=22, ai_takeover=True)
    u = update("deadline", seats=taken, waiting=[Waiting(0, "a", "draft"),
                                                 Waiting(1, "b", "draft"),
                                                 Waiting(2, "c", "draft")])
    assert [w.seat for w in table.human_waiting(u)] == [0]
    assert not person(taken[1]) and person(taken[0])


def test_notice_lines() -> None:
    rec = record(S.parse_time_control("1h"))
    struck = seats()
    struck[1] = SeatRecord(1, "Bashir", user_id=22, strikes=2)
    lines = multiday.notice_lines([update("deadline", seats=struck, expired=[1])], rec)
    assert lines == ["⏰ Bashir ran out of time: the AI chose for them (strike 2 of 3)."]
    taken = seats()
    taken[1] = SeatRecord(1, "Bashir", user_id=22, strikes=3, ai_takeover=True)
    lines = multiday.notice_lines([update("deadline", seats=taken, expired=[1],
                                          takeover=[1])], rec)
    assert "strike 3 of 3" in lines[0] and "/hadara rejoin" in lines[1]
    voted = seats()
    voted[1] = SeatRecord(1, "Bashir", user_id=22, votes=[11])
    lines = multiday.notice_lines([update("vote", seats=voted, user=11, stale_panels=[1])], rec)
    assert lines == ["🗳️ Amira votes to let the AI play Bashir (1 of 2 votes)."]
    lines = multiday.notice_lines([
        update("away", user=44, until=T0), update("back", user=44),
        update("rejoined", user=22), update("action", by=[(0, "ahead")])], rec)
    assert lines[0].startswith("🏖️ Dalia is away until <t:")
    assert lines[1:] == ["👋 Dalia is back from vacation: their clocks run again.",
                         "👋 Bashir is back at the table and plays their seat again.",
                         "⏩ Amira's queued choice was played."]
    assert multiday.notice_lines([update("action"), update("queued")], rec) == []


def test_votes_needed_and_offered() -> None:
    table_seats = seats()
    # three people: for Bashir, the two others vote: both are needed (more than half)
    assert multiday.needed_votes(table_seats, 1) == 2
    two = [table_seats[0], table_seats[1], table_seats[2]]
    assert multiday.needed_votes(two, 1) == 1
    taken = seats()
    taken[3] = SeatRecord(3, "Dalia", user_id=44, ai_takeover=True)
    ups = [update("deadline", expired=[1, 3]), update("deadline", seats=taken, expired=[3])]
    assert multiday.vote_seats(ups) == [1]  # Dalia is already played by the AI
    view = multiday_cog.vote_view(7, [1], {1: "Bashir"})
    assert view is not None
    [button] = components(view)
    assert button.label == "Let the AI play Bashir"  # type: ignore[attr-defined]
    assert re.fullmatch(multiday_cog.VOTE.template, button.custom_id or "")  # type: ignore[attr-defined]
    assert multiday_cog.vote_view(7, [], {}) is None


# ---------------------------------------------------------------------- reminders, catch-up


def test_reminder_text_and_where_it_goes() -> None:
    lines = [multiday.reminder_line(g, "set the wheel", T0 + g, "https://x/y" if g else None)
             for g in range(12)]
    text = multiday.reminder_text(lines)
    assert text.startswith("⏰ Reminder") and "… and 2 more." in text
    assert text.count("<t:") == 20 and "https://x/y" in text and len(text) <= 2000
    assert multiday.thread_url(record()) == "https://discord.com/channels/1/2"
    assert Reminder(7, 0, T0).decision_id is None


async def test_dms_only_for_those_who_asked(tmp_path: Path) -> None:
    """Turns and reminders come by DM only to a player whose settings say ``dm_turns`` True
    (what the table and the reminders ask: ``GameService.settings``' ``dms``)."""
    store = SqliteStore(tmp_path / "dms.sqlite3")
    await store.open()
    service = GameService(store, clock=lambda: T0)
    try:
        for stored, dms in (({"dm_turns": True}, True), ({}, False),
                            ({"dm_turns": False}, False), ({"dm_turns": "yes"}, False),
                            ({"dm_turns": 1}, False)):
            await service.set_user_settings(11, stored)
            assert (await service.settings(11)).dms is dms, stored
    finally:
        await service.close()
        await store.close()


def test_catch_up_is_short() -> None:
    assert catch_up_lines([]) == []
    assert catch_up_lines(["a", " ", "b"]) == ["**Since your last move:**", "a", "b"]
    many = [f"line {i}" for i in range(20)]
    out = catch_up_lines(many)
    assert out[1] == "(17 earlier events: /hadara history)"
    assert out[2:] == [f"line {i}" for i in range(17, 20)]  # the latest, in order
    assert len(out) == 5


# ---------------------------------------------------------------------- settings


def test_time_zone_and_quiet_hours_settings() -> None:
    assert preferences.valid_timezone("europe/berlin") == "Europe/Berlin"
    assert preferences.valid_timezone("Mars/Olympus") is None
    assert preferences.valid_timezone("") is None
    choices = preferences.timezone_choices("berl")
    assert choices == ["Europe/Berlin"]
    assert len(preferences.timezone_choices("")) == 25 and preferences.timezone_choices("")[0] == "UTC"
    assert preferences.timezone_choices("new york") == ["America/New_York"]
    assert preferences.normalise_quiet_hours("22-7") == "22:00-07:00"
    assert preferences.normalise_quiet_hours("off") == "" and preferences.normalise_quiet_hours("") == ""
    assert preferences.normalise_quiet_hours("25-99") is None
    # what the settings command stores is what the scheduler reads
    settings = {"tz": "Europe/Berlin", "quiet_hours": preferences.normalise_quiet_hours("22-07")}
    # 2026-01-01 22:30 in Berlin (UTC+1) is 21:30 UTC: quiet until 07:00 Berlin = 06:00 UTC
    assert S.quiet_until(T0 + 21.5 * S.HOUR, settings) == T0 + 30 * S.HOUR
    # … and what the settings screen shows of it (``GameService.settings``)
    lines = preferences.settings_lines(screens.SettingsState(
        user_id=1, dms=False, language=None, time_zone=settings["tz"],
        quiet_hours=settings["quiet_hours"], away_until=None))
    assert "Europe/Berlin" in lines[0] and "22:00-07:00" in lines[1] and "DM" in lines[2]


# ---------------------------------------------------------------------- acting ahead


def snapshot(game: Any, seat: int = 2, queued: dict[str, Any] | None = None
             ) -> screens.QueueState:
    """The queue panel's state as the service hands it over (``GameService.queue_panel``)."""
    return screens.QueueState(7, seat, "active", A.plan_options(game, seat), queued,
                              screens.position_token(game), game.catalog)


def plan_of(game: Any, seat: int, kind: str, arg: str | None,
            values: list[str]) -> dict[str, Any] | None:
    """The plan a click queues: the cog's choice, priced by the service."""
    choice = ahead._choice(kind, arg, values)
    return None if choice is None else screens._plan(game, seat, choice)


def components(view: object) -> list[object]:
    """The buttons and selects of a view (unwrapped from their DynamicItems)."""
    return [getattr(c, "item", c) for c in view.children]  # type: ignore[attr-defined]


def check_limits(embed: object, view: object) -> None:
    assert len(embed.description or "") <= 4096  # type: ignore[attr-defined]
    rows: dict[int, int] = {}
    for item in components(view):
        cid = item.custom_id  # type: ignore[attr-defined]
        assert len(cid) <= 100 and ahead.parse(cid) is not None, cid
        row = item.row  # type: ignore[attr-defined]
        rows[row] = rows.get(row, 0) + 1
        if hasattr(item, "options"):
            assert 1 <= len(item.options) <= 25
            assert item.max_values <= 3 or ":pb:" not in cid  # type: ignore[attr-defined]
        else:
            assert len(item.label) <= 80  # type: ignore[attr-defined]
    assert len(rows) <= 5 and all(n <= 5 for n in rows.values())


def test_custom_ids_round_trip() -> None:
    cid = ahead.custom_id(2**53, 4, "m", "ab12", "buy_else_sell:I-Y06.I-R06.I-B06")
    assert len(cid) <= 100
    assert ahead.parse(cid) == ahead.QueueKey(game=2**53, seat=4, kind="m", token="ab12",
                                              arg="buy_else_sell:I-Y06.I-R06.I-B06")
    assert ahead.parse(ahead.custom_id(1, 0, "pb", "00ff")).kind == "pb"  # type: ignore[union-attr]
    assert ahead.parse(ahead.custom_id(1, 0, "o")).token == "-"  # type: ignore[union-attr]
    assert ahead.parse("hd1:q:1:0:zz:0000") is None and ahead.parse("hd1:t:5") is None


def test_phase_b_queue_panel() -> None:
    game = new_game(3)
    run(game, at(PHASE_B))
    options = A.plan_options(game, 2)
    kinds = screens.offered(options)
    assert PHASE_B in kinds and COLONY in kinds
    assert PHASE_B not in screens.offered(A.plan_options(game, 0))  # deciding now
    lines = ahead.panel_lines(options, None)
    assert any(line.startswith("**Phase B**") for line in lines)
    assert lines[-1] == "**Queued:** Nothing queued."
    snap = snapshot(game)
    embed, view = ahead.build(snap)
    check_limits(embed, view)
    select = next(c for c in components(view) if ":pb:" in c.custom_id)  # type: ignore[attr-defined]
    assert select.min_values == 1 and select.max_values == 3  # type: ignore[attr-defined]
    cards = [o.value for o in select.options][:2]  # type: ignore[attr-defined]
    embed, view = ahead.build(snap, stage=("m", ".".join(cards)))
    check_limits(embed, view)
    labels = [c.label for c in components(view)]  # type: ignore[attr-defined]
    assert labels == ["Buy, else sell", "Buy only", "Sell", "Back"]
    plan = plan_of(game, 2, "m", f"sell:{'.'.join(cards)}", [])
    assert plan is not None and plan["mode"] == "sell" and plan["cards"] == cards
    snap = snapshot(game, queued=plan)
    embed, view = ahead.build(snap, note="✅")
    assert "Withdraw" in [getattr(c, "label", None) for c in components(view)]
    assert "**Queued:** Phase B — " in (embed.description or "")
    # the token changes as the game moves: an old panel is stale
    before = screens.position_token(game)
    game.apply(0, game.legal_actions(0)[0], game.decision_id(0))
    assert screens.position_token(game) != before


def test_colony_and_statue_choices() -> None:
    game = new_game(3)
    run(game, at(COLONY))
    force(game, 2, tracks=[0, 12, 14, 0], coins=30)
    options = A.plan_options(game, 2)
    col = options[COLONY]
    choices = ahead.colony_choices(col)
    assert choices[-1][0] == "skip" and any(v.endswith(".integrate") for v, _, _ in choices)
    level, mode = next(v for v, _, _ in choices if v != "skip").split(".")
    plan = plan_of(game, 2, "c", None, [f"{level}.{mode}"])
    assert plan is not None and plan["level"] == int(level) and plan["mode"] == mode
    assert ahead.plan_text(plan).startswith(f"Colony {level}: ")
    assert plan_of(game, 2, "c", None, ["skip"])["level"] is None  # type: ignore[index]
    st = options[STATUE]
    spaces = ahead.statue_spaces(st)
    assert spaces, st["legal"][:3]
    pairs = ahead.statue_pairs(st, spaces[0])
    assert pairs and all(side in ("colour", "points") for _, side in pairs)
    snap = snapshot(game)
    embed, view = ahead.build(snap, stage=("t", str(spaces[0])))
    check_limits(embed, view)
    tile, side = pairs[0]
    plan = plan_of(game, 2, "t", f"{spaces[0]}.{tile}.{side}", [])
    assert plan is not None and ahead.plan_text(plan) == (
        f"Statue {spaces[0]}, {tile} tile, {_t(f'ahead.side.{side}')} side up")
    with pytest.raises(A.PlanError):
        plan_of(game, 2, "t", f"{spaces[0]}.{tile}.sideways", [])
    embed, view = ahead.build(snap)
    check_limits(embed, view)
