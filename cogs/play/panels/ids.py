"""The custom ids of a decision panel's components, and its select values.

Custom ids (at most 100 characters; one :class:`~cogs.edge.custom_ids.CustomId` each)::

    hd1:t:<game>                                  "Take my turn" on the board
    hd1:h:<game>[:<seat>:<decision>]              "Hint" (board or panel)
    hd1:a:<game>:<seat>:<decision>:<i>:<check>    choose option i of options(game, seat)
    hd1:n:<game>:<seat>:<decision>:<path>         go to a step of the decision (or back)
    hd1:s:<game>:<seat>:<decision>:<path>:<k>     a select (values "a<i>.<check>" / "n<token>")
    hd1:u:<game>:<seat>:<move>                    "Take back" the move at log index <move>
    hd1:go:<game>[:<after>]                       "Take my turn" / "Next game" in place: the
                                                  panel of <game> in the message clicked (the
                                                  games panel, or the panel of <after>)

``hd1`` is the format version; ``<decision>`` the engine's decision id (a click whose decision
is no longer pending is stale); ``<check>`` four hex digits of the option's action, so an index
can never name another action; ``<path>`` the tokens chosen so far in a stepped decision
(statue: space → tile → side; Phase B and draft: card → buy/sell → tile), joined by ``.``.

Feeding (F1 with P6) is ONE interaction: a multi-select (path ``all``, :func:`batch_id`) of
every card that may go, then one value per P6 payment (``a<i>.<check>.<n>``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from bot.service.screens import check_of
from cogs.edge.custom_ids import (
    CHECK,
    DECISION,
    GAME,
    MAX_LENGTH,
    PATH,
    SEAT,
    CustomId,
    Field,
    number,
)
from hadara.types import Action, OptionData

MAX_CUSTOM_ID = MAX_LENGTH
#: The path of the feeding select that takes a seat's whole feeding at once (its values are
#: options, a P6 payment once per payment: ``a<i>.<check>.<n>``).
BATCH = "all"
_VALUE = re.compile(r"a(?P<index>[0-9]{1,4})\.(?P<check>[0-9a-f]{4})(?:\.(?P<copy>[0-9]{1,2}))?"
                    r"|n(?P<token>[A-Za-z0-9-]{1,24})")


@dataclass(frozen=True)
class PanelId:
    """A parsed custom id."""

    kind: str  # t (take my turn), h (hint), a (action), n (navigate), s (select)
    game: int
    seat: int | None = None
    decision: str | None = None
    index: int | None = None
    check: str | None = None
    path: tuple[str, ...] = ()
    chunk: int | None = None


@dataclass(frozen=True)
class UndoKey:
    """"Take back": the seat's move at log index ``move`` (``GameService.undo``)."""

    game: int
    seat: int
    move: int


@dataclass(frozen=True)
class GoKey:
    """"Take my turn" in place (the games panel) and "Next game" (a panel of ``after``, the
    game just played): the panel of ``game`` in the message clicked."""

    game: int
    after: int | None = None


@dataclass(frozen=True)
class SelectValue:
    """A parsed select value: an option (``index``, ``check``) or a step (``token``)."""

    index: int | None = None
    check: str | None = None
    token: str | None = None


_CHUNK = Field("[0-9]", int)
_OPTION = number(4)
TAKE_TURN = CustomId("t:{game}", partial(PanelId, "t"), game=GAME)
HINT = CustomId("h:{game}[:{seat}:{decision}]", partial(PanelId, "h"), game=GAME, seat=SEAT,
                decision=DECISION)
ACTION = CustomId("a:{game}:{seat}:{decision}:{index}:{check}", partial(PanelId, "a"),
                  game=GAME, seat=SEAT, decision=DECISION, index=_OPTION, check=CHECK)
NAV = CustomId("n:{game}:{seat}:{decision}:{path}", partial(PanelId, "n"), game=GAME, seat=SEAT,
               decision=DECISION, path=PATH)
SELECT = CustomId("s:{game}:{seat}:{decision}:{path}:{chunk}", partial(PanelId, "s"),
                  game=GAME, seat=SEAT, decision=DECISION, path=PATH, chunk=_CHUNK)
UNDO = CustomId("u:{game}:{seat}:{move}", UndoKey, game=GAME, seat=SEAT, move=number(6))
GO = CustomId("go:{game}[:{after}]", GoKey, game=GAME, after=GAME)


def take_turn_id(game_id: int) -> str:
    return TAKE_TURN.format(PanelId("t", game_id))


def go_id(game_id: int, after: int | None = None) -> str:
    return GO.format(GoKey(game_id, after))


def hint_id(game_id: int, seat: int | None = None, decision: str | None = None) -> str:
    return HINT.format(PanelId("h", game_id, seat, decision))


def action_id(game_id: int, seat: int, decision: str, index: int,
              action: Action) -> str:
    return ACTION.format(PanelId("a", game_id, seat, decision, index, check_of(action)))


def undo_id(game_id: int, seat: int, move: int) -> str:
    return UNDO.format(UndoKey(game_id, seat, move))


def nav_id(game_id: int, seat: int, decision: str, path: Sequence[str]) -> str:
    return NAV.format(PanelId("n", game_id, seat, decision, path=tuple(path)))


def select_id(game_id: int, seat: int, decision: str, path: Sequence[str], chunk: int) -> str:
    return SELECT.format(PanelId("s", game_id, seat, decision, path=tuple(path), chunk=chunk))


def parse_custom_id(custom_id: str) -> PanelId | None:
    """The parts of one of the panel's custom ids ("Take back" aside), or None for anything
    else."""
    for spec in (TAKE_TURN, HINT, ACTION, NAV, SELECT):
        pid = spec.parse(custom_id)
        if pid is not None:
            return pid
    return None


def option_value(index: int, action: Action, copy: int | None = None) -> str:
    value = f"a{index}.{check_of(action)}"
    return value if copy is None else f"{value}.{copy}"


def batch_id(game_id: int, seat: int, decision: str) -> str:
    """The custom id of the feeding select whose values are the whole feeding at once."""
    return select_id(game_id, seat, decision, (BATCH,), 0)


def is_batch(pid: PanelId) -> bool:
    return pid.kind == "s" and pid.path == (BATCH,)


def parse_value(value: str) -> SelectValue | None:
    m = _VALUE.fullmatch(value)
    if m is None:
        return None
    if m["token"] is not None:
        return SelectValue(token=m["token"])
    return SelectValue(index=int(m["index"]), check=m["check"])


def find_option(options: Sequence[OptionData], index: int | None,
                check: str | None) -> OptionData | None:
    """The legal option ``index`` of ``options`` if its action still matches ``check``."""
    if index is None or not 0 <= index < len(options):
        return None
    option = options[index]
    if not option.get("legal") or check_of(option["action"]) != check:
        return None
    return option
