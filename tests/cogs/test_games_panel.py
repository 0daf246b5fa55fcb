"""The games panel of ``/hadara games`` laid out without a bot (cogs/player/games_panel.py):
the service's order kept (the games waiting on the player first, the one waiting longest at
the top, then the others', then the lobbies), each section headed again on the page it goes
on, a "Take my turn" for each game waiting on the player and for nothing else, pages of
``PAGE_SIZE`` however many games, Discord's limits held with the longest ids and names, and
the words of how long a game has waited and of its deadline in every language."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

pytest.importorskip("discord")

from bot.service.screens import GameLine, GamesList  # noqa: E402
from cogs.player import games_panel as G  # noqa: E402
from i18n import LOCALES, speaking  # noqa: E402

NOW = 1_800_000_000.0
HOUR, DAY = 3600.0, 86400.0
BIG = 10**18 - 1
THREAD = 10**19 - 1  # a Discord snowflake as long as they come
NAME = "N" * 32  # Discord's longest display name


def turn(gid: int, since: float, deadline: float | None = None,
         kind: str = "draft") -> GameLine:
    return GameLine(gid, "active", 3, 3, 0, kind, (), deadline, {"thread": THREAD}, since)


def others(gid: int, deadline: float | None = None, names: tuple[str, ...] = ("bob",)
           ) -> GameLine:
    return GameLine(gid, "active", 3, 3, 1, None, names, deadline, {"thread": THREAD})


def lobby(gid: int) -> GameLine:
    return GameLine(gid, "lobby", 1, 4, 0, None, (), None, {"thread": THREAD})


def listed(*games: GameLine, more: int = 0, away: float | None = None) -> GamesList:
    return GamesList(7, tuple(games), more, away)


def pages(mine: GamesList) -> Iterator[G.GamesPage]:
    first = G.games_page(mine, 0, NOW)
    for page in range(first.pages):
        yield G.games_page(mine, page, NOW)


def shown_ids(page: G.GamesPage) -> list[int]:
    """The games a page shows, in its order, read from its words."""
    return [int(m) for m in re.findall(r"\*\*#(\d+)\*\*", page.description)]


def test_the_services_order_is_kept_in_sections_with_a_button_per_game_waiting() -> None:
    mine = listed(turn(4, NOW - 3 * DAY, NOW + HOUR), turn(2, NOW - 2 * HOUR),
                  others(9, NOW + DAY), lobby(12))
    page = G.games_page(mine, 0, NOW)
    assert shown_ids(page) == [4, 2, 9, 12]
    assert [gid for gid, _ in page.turns] == [4, 2]  # the one waiting longest first
    assert page.turns[0][1] == "#4 · Take my turn"
    assert page.boards == (4, 2, 9)  # the games in play, not the lobby
    lines = page.lines
    assert lines[0] == "**Your turn (2)**"
    assert lines.index("**Waiting on others (1)**") < lines.index("**Open lobbies (1)**")
    assert lines[1] == f"**#4** · choose your draft pick in <#{THREAD}>"
    assert lines[2] == (f"⌛ waiting for 3 days · decide by <t:{int(NOW + HOUR)}:f> "
                        f"(<t:{int(NOW + HOUR)}:R>)")
    assert lines[4] == "⌛ waiting for 2 hours"  # no deadline: no time control
    assert f"waiting for bob in <#{THREAD}> · ⏳ <t:{int(NOW + DAY)}:R>" in page.description
    assert "lobby, 1/4 seats" in page.description
    assert page.footer is None and page.pages == 1
    assert page.previous is None and page.next is None


def test_nothing_waiting_says_so_and_offers_no_turn() -> None:
    page = G.games_page(listed(others(3), lobby(5)), 0, NOW)
    assert page.lines[0] == "Nothing waits on you right now."
    assert page.turns == () and page.boards == (3,)


def test_pages_hold_every_game_once_in_order_and_head_each_section_again() -> None:
    games = ([turn(100 + i, NOW - (20 - i) * HOUR) for i in range(7)]
             + [others(200 + i) for i in range(6)] + [lobby(300 + i) for i in range(3)])
    mine = listed(*games)
    seen = list(pages(mine))
    assert len(seen) == 4 == seen[0].pages  # 16 games, five a page
    assert [gid for p in seen for gid in shown_ids(p)] == [g.game_id for g in games]
    assert [len(shown_ids(p)) for p in seen] == [5, 5, 5, 1]
    assert [gid for p in seen for gid, _ in p.turns] == [g.game_id for g in games[:7]]
    # page 2 goes on with the games waiting on the player, under their heading again
    assert seen[1].lines[0] == "**Your turn (7)**" and seen[1].turns[0][0] == 105
    assert "**Waiting on others (6)**" in seen[1].lines
    assert seen[3].lines[0] == "**Open lobbies (3)**" and seen[3].turns == ()
    assert [p.footer for p in seen] == [f"Page {n} of 4" for n in (1, 2, 3, 4)]
    assert [(p.previous, p.next) for p in seen] == [(None, 1), (0, 2), (1, 3), (2, None)]
    # a page past the last (games ended since the button was drawn) shows the last
    assert G.games_page(mine, 9, NOW).page == 3
    assert G.games_page(mine, -1, NOW).page == 0


def test_many_games_stop_at_the_last_page_and_count_the_rest() -> None:
    games = [others(i) for i in range(1, G.LISTED + 1)]
    mine = listed(*games, more=40)
    last = G.games_page(mine, G.MAX_PAGES - 1, NOW)
    assert last.pages == G.MAX_PAGES and last.next is None
    assert last.lines[-1] == "… and 40 more, not shown."
    assert "more" not in G.games_page(mine, 0, NOW).description
    assert G.games_page(listed(*games[:G.PAGE_SIZE]), 0, NOW).pages == 1
    assert G.games_page(listed(*games[:G.PAGE_SIZE + 1]), 0, NOW).pages == 2


def test_within_discords_limits_with_the_longest_ids_and_names() -> None:
    games = ([turn(BIG - i, NOW - 400 * DAY, NOW + 400 * DAY, "setup_side") for i in range(9)]
             + [others(BIG - 100 - i, NOW + DAY, (NAME,) * 5) for i in range(9)]
             + [lobby(BIG - 200 - i) for i in range(9)])
    for lang in LOCALES:
        with speaking(lang):
            for page in pages(listed(*games, more=10**6, away=NOW + 9 * DAY)):
                assert len(page.title) <= G.MAX_TITLE
                assert len(page.description) <= G.MAX_DESCRIPTION
                assert page.footer is None or len(page.footer) <= G.MAX_FOOTER
                total = len(page.title) + len(page.description) + len(page.footer or "")
                assert total <= 6000
                assert len(page.turns) <= 5 and len(page.boards) <= 5  # a row each
                assert all(1 <= len(label) <= G.MAX_LABEL for _, label in page.turns)
                assert len(shown_ids(page)) <= G.PAGE_SIZE


@pytest.mark.parametrize(("seconds", "words"), [
    (0, "waiting for 1 minute"), (59, "waiting for 1 minute"), (61, "waiting for 1 minute"),
    (2 * 60, "waiting for 2 minutes"), (HOUR - 1, "waiting for 59 minutes"),
    (HOUR, "waiting for 1 hour"), (2 * HOUR + 59 * 60, "waiting for 2 hours"),
    (2 * DAY - 1, "waiting for 47 hours"), (2 * DAY, "waiting for 2 days"),
    (31 * DAY + HOUR, "waiting for 31 days")])
def test_how_long_a_game_has_waited(seconds: float, words: str) -> None:
    assert G.waited_text(seconds) == words


def test_how_long_and_the_deadline_in_every_language() -> None:
    line = turn(5, NOW - HOUR, NOW + DAY)
    stamps = (f"<t:{int(NOW + DAY)}:f>", f"<t:{int(NOW + DAY)}:R>")
    expected = {"en": ("waiting for 1 hour", "waiting for 2 days"),
                "fr": ("en attente depuis 1 heure", "en attente depuis 2 jours"),
                "ja": ("1時間待ち", "2日待ち")}
    for lang, (one, two) in expected.items():
        with speaking(lang):
            assert G.waited_text(HOUR) == one and G.waited_text(2 * DAY) == two
            _, when = G.game_lines(line, NOW)
            assert one in when and all(s in when for s in stamps)
    with speaking("en"):  # a deadline already past still reads as a timestamp
        _, when = G.game_lines(turn(5, NOW - HOUR, NOW - 60), NOW)
        assert f"<t:{int(NOW - 60)}:R>" in when
        # a clock behind the decision's opening never says a negative time
        _, when = G.game_lines(turn(5, NOW + 30), NOW)
        assert when == "⌛ waiting for 1 minute"


def test_the_vacation_is_said_on_every_page() -> None:
    mine = listed(*[others(i) for i in range(1, 8)], away=NOW + 3 * DAY)
    for page in pages(mine):
        assert page.lines[-1] == (f"You are away until <t:{int(NOW + 3 * DAY)}:f> "
                                  f"(<t:{int(NOW + 3 * DAY)}:R>).")
