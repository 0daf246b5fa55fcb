"""Decision panels as plain data: what the ephemeral (or DM) panel of a seat shows.

Pure functions, no network and no discord.py: :func:`build_panel` turns the service's
``options(game, seat)`` and the seat's ``view`` into a :class:`Panel` (title, lines, an image
flag and at most five rows of buttons and selects), which ``cogs.play`` converts into a
discord.py view of ``DynamicItem`` s. Its custom ids are :mod:`.ids`', its words :mod:`.text`'s;
no rule or price is computed here.

Layout: every option has a path of tokens (:func:`action_path`). At a path, the options below
it are shown as buttons, one row per group (the next token) when that fits, else as a flow of
buttons when there are few, else one more step (a button or select per group), else selects of
at most 25 options. Options with nothing to step into (skip, pay with P6, done) sit as buttons
in the last row beside Back and Hint. Unavailable options are disabled buttons when they fit.

Feeding (F1 with P6) is ONE interaction: a multi-select of every card that may go, in the
picture's order, each with what removing it loses, then one value per P6 payment; at least as
many values as must go. The service stores the whole choice as one batch
(``Screens.choose_feeding``).

Text: the decision's picture shows every choice with its numbers and why one is out of reach,
so beside it the text says what to decide in a line or two (and the step so far); only a panel
without its picture lists every choice and every unavailable option with its reason.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.messages import t
from bot.service.screens import FinalRow
from hadara.content import default_catalog
from hadara.types import OptionData, ViewData
from hadara.words import colour_name

from .ids import (
    MAX_CUSTOM_ID,
    action_id,
    batch_id,
    hint_id,
    nav_id,
    option_value,
    parse_custom_id,
    parse_value,
    select_id,
)
from .text import (
    card_namer,
    clip,
    decide_lines,
    describe_option,
    epoch_name,
    footer,
    group_label,
    kind_lines,
    loses,
    option_label,
    title,
    unavailable_lines,
)

# Discord's limits (https://discord.com/developers/docs/components/reference)
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_SELECT_OPTIONS = 25
MAX_BUTTON_LABEL = 80
MAX_OPTION_TEXT = 100  # select option label, value and description
MAX_PLACEHOLDER = 150
MAX_TITLE = 256
MAX_DESCRIPTION = 4096
MAX_FOOTER = 2048
MAX_EMBED_TOTAL = 6000

FLOW_MAX = 10  # leaves shown as a flow of buttons at most (more: a select)
STANDALONE = frozenset({"colony_skip", "statue_skip", "feed_pay", "medals_done"})


# ------------------------------------------------------------------------------ the data


@dataclass(frozen=True)
class Button:
    custom_id: str
    label: str
    style: str = "secondary"  # primary | secondary | success | danger
    disabled: bool = False


@dataclass(frozen=True)
class SelectOption:
    label: str
    value: str
    description: str | None = None
    default: bool = False


@dataclass(frozen=True)
class Select:
    custom_id: str
    placeholder: str
    options: tuple[SelectOption, ...]
    min_values: int = 1
    max_values: int = 1


Component = Button | Select


@dataclass(frozen=True)
class Panel:
    """One panel: an embed (title, lines, footer, the decision image) and component rows."""

    title: str
    lines: tuple[str, ...]
    rows: tuple[tuple[Component, ...], ...] = ()
    footer: str | None = None
    image: bool = True
    decision_id: str | None = None
    path: tuple[str, ...] = ()

    @property
    def description(self) -> str:
        return "\n".join(self.lines)

    def components(self) -> list[Component]:
        return [c for row in self.rows for c in row]


@dataclass(frozen=True)
class _Entry:
    index: int
    option: OptionData
    path: tuple[str, ...]
    legal: bool
    standalone: bool
    picked: bool = False


@dataclass
class _Ctx:
    game_id: int
    seat: int
    decision: str
    kind: str
    name: Callable[[str], str]
    cards: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)


# ------------------------------------------------------------------------------ paths


def _token(value: Any) -> str:
    return re.sub(r"[^A-Za-z0-9-]", "-", str(value))[:24] or "-"


def action_path(action: Mapping[str, Any]) -> tuple[str, ...]:
    """The steps of an action: the tokens a stepped panel narrows it down by."""
    kind = action.get("type")
    if kind == "setup_side":
        parts: tuple[Any, ...] = (action.get("side"),)
    elif kind == "wheel":
        parts = (action.get("colour"),)
    elif kind in ("draft", "take"):
        parts = (action.get("card"), action.get("mode"))
        if action.get("tile"):
            parts += (action["tile"],)
    elif kind == "colony":
        parts = (action.get("level"), action.get("mode"))
    elif kind == "statue":
        parts = (action.get("space"), action.get("tile"), action.get("side"))
    elif kind == "feed_remove":
        parts = (action.get("card"),)
    elif kind == "medal":
        parts = (action.get("kind"),) + ((action["tile"],) if action.get("tile") else ())
    else:
        parts = (kind,)
    return tuple(_token(p) for p in parts)


def _entries(options: Sequence[OptionData], commit: Any) -> list[_Entry]:
    out: list[_Entry] = []
    seen: set[tuple[str, ...]] = set()
    for i, o in enumerate(options):
        action = o.get("action") or {}
        path = action_path(action)
        if path in seen:  # two options with the same steps: tell them apart by index
            path = (*path, f"i{i}")
        seen.add(path)
        out.append(_Entry(i, o, path, bool(o.get("legal")), action.get("type") in STANDALONE,
                          picked=bool(o.get("legal")) and commit is not None
                          and action == commit))
    return out


# ------------------------------------------------------------------------------ layout


def _style(entry: _Entry) -> str:
    if entry.picked:
        return "success"
    code = entry.option.get("label_code")
    if code in ("buy", "integrate", "statue", "medal", "setup_side", "wheel", "feed_remove"):
        return "primary"
    return "secondary"


def _leaf(ctx: _Ctx, e: _Entry) -> Button:
    return Button(action_id(ctx.game_id, ctx.seat, ctx.decision, e.index, e.option["action"]),
                  clip(option_label(e.option, e.picked), MAX_BUTTON_LABEL), _style(e),
                  disabled=not e.legal)


def _group_label(ctx: _Ctx, depth: int, token: str, group: list[_Entry]) -> str:
    return group_label(group[0].option, depth, token, ctx.cards, ctx.name)


def _groups(entries: list[_Entry], depth: int) -> dict[str, list[_Entry]]:
    groups: dict[str, list[_Entry]] = {}
    for e in entries:
        groups.setdefault(e.path[depth], []).append(e)
    return groups


def _below(entries: list[_Entry], path: tuple[str, ...]) -> list[_Entry]:
    n = len(path)
    return [e for e in entries if len(e.path) > n and e.path[:n] == path]


def _descend(entries: list[_Entry], path: tuple[str, ...]) -> tuple[str, ...]:
    """Skip steps with a single choice (one group whose options all go deeper)."""
    while True:
        below = _below(entries, path)
        groups = _groups(below, len(path))
        if len(groups) != 1 or not all(len(e.path) > len(path) + 1 for e in below):
            return path
        path = (*path, next(iter(groups)))


def _back(entries: list[_Entry], path: tuple[str, ...]) -> tuple[str, ...] | None:
    """Where Back leads from ``path``: the nearest step above that shows a choice."""
    if not path:
        return None
    up = path[:-1]
    while up and _descend(entries, up) != up:
        up = up[:-1]
    return up if _descend(entries, up) != path else None


def _flow(items: Sequence[Component]) -> list[list[Component]]:
    return [list(items[i:i + MAX_BUTTONS_PER_ROW])
            for i in range(0, len(items), MAX_BUTTONS_PER_ROW)]


def _selects(ctx: _Ctx, path: tuple[str, ...], values: list[SelectOption],
             placeholder: str, rows: int) -> list[list[Component]]:
    chunks = [values[i:i + MAX_SELECT_OPTIONS]
              for i in range(0, len(values), MAX_SELECT_OPTIONS)][:rows]
    out: list[list[Component]] = []
    for k, chunk in enumerate(chunks):
        text = placeholder if len(chunks) == 1 else t("play.select.part", placeholder=placeholder,
                                                      part=k + 1, parts=len(chunks))
        out.append([Select(select_id(ctx.game_id, ctx.seat, ctx.decision, path, k),
                           clip(text, MAX_PLACEHOLDER), tuple(chunk))])
    return out


def _leaf_option(e: _Entry, description: str | None) -> SelectOption:
    return SelectOption(clip(option_label(e.option, e.picked), MAX_OPTION_TEXT),
                        option_value(e.index, e.option["action"]),
                        clip(description, MAX_OPTION_TEXT) if description else None,
                        default=e.picked)


def _layout(ctx: _Ctx, entries: list[_Entry], path: tuple[str, ...], rows: int,
            describe: Callable[[OptionData], str | None]) -> list[list[Component]]:
    depth = len(path)
    below = _below(entries, path)
    legal = [e for e in below if e.legal]
    grouped = any(len(g) > 1 for g in _groups(below, depth).values())
    for pool in (below, legal):
        if not pool:
            continue
        groups = _groups(pool, depth)
        if grouped and len(groups) <= rows and all(
                len(g) <= MAX_BUTTONS_PER_ROW for g in groups.values()):
            return [[_leaf(ctx, e) for e in g] for g in groups.values()]
        if not grouped and len(pool) <= min(FLOW_MAX, rows * MAX_BUTTONS_PER_ROW):
            return _flow([_leaf(ctx, e) for e in pool])
    if grouped:  # one more step: a button (or select option) per group
        groups = _groups(below, depth)
        if len(groups) <= rows * MAX_BUTTONS_PER_ROW:
            items: list[Component] = []
            for token, g in groups.items():
                if len(g) == 1 and (g[0].legal or len(g[0].path) == depth + 1):
                    items.append(_leaf(ctx, g[0]))
                    continue
                if len(g) == 1:  # an unavailable group (its reason is in the text)
                    items.append(Button(action_id(ctx.game_id, ctx.seat, ctx.decision,
                                                  g[0].index, g[0].option["action"]),
                                        clip(_group_label(ctx, depth, token, g),
                                             MAX_BUTTON_LABEL), disabled=True))
                    continue
                items.append(Button(nav_id(ctx.game_id, ctx.seat, ctx.decision, (*path, token)),
                                    clip(_group_label(ctx, depth, token, g), MAX_BUTTON_LABEL),
                                    "success" if any(e.picked for e in g) else "primary",
                                    disabled=not any(e.legal for e in g)))
            return _flow(items)
        values = []
        for token, g in groups.items():
            if not any(e.legal for e in g):
                continue
            if len(g) == 1:
                values.append(_leaf_option(g[0], describe(g[0].option)))
            else:
                values.append(SelectOption(clip(_group_label(ctx, depth, token, g),
                                                MAX_OPTION_TEXT), f"n{token}",
                                           default=any(e.picked for e in g)))
        return _selects(ctx, path, values, t("play.select.step"), rows)
    return _selects(ctx, path, [_leaf_option(e, describe(e.option)) for e in legal],
                    t(f"play.select.{ctx.kind}") if ctx.kind in ("feeding",)
                    else t("play.select.choose"), rows)


def _feeding_batch(ctx: _Ctx, entries: list[_Entry], c: Mapping[str, Any]) -> Select | None:
    """F1 with P6 in ONE interaction: a select of every card that may go, in the order of
    the picture (the view's ``cards``), then one value per P6 payment the seat can make;
    the player picks the whole feeding at once (at least as many as must go; more when the
    cards given up bring food). None when it does not fit one select (the panel then offers
    one removal at a time)."""
    order = {str(x.get("card")): i for i, x in enumerate(c.get("cards") or [])}
    cards = sorted((e for e in entries if e.legal
                    and (e.option.get("action") or {}).get("type") == "feed_remove"),
                   key=lambda e: (order.get(str(e.option["action"].get("card")), len(order)),
                                  e.index))
    pay = next((e for e in entries if e.legal
                and (e.option.get("action") or {}).get("type") == "feed_pay"), None)
    if not cards and pay is None or len(cards) > MAX_SELECT_OPTIONS:
        return None
    must = max(1, int(c.get("must_remove") or 0))
    food = sum(max(0, int((ctx.cards.get(str(e.option["action"].get("card"))) or {})
                          .get("gains", {}).get("food") or 0)) for e in cards)
    values: list[SelectOption] = []
    for e in cards:
        cid = str(e.option["action"].get("card"))
        card = ctx.cards.get(cid) or {}
        label = t("play.feeding.option", name=ctx.name(cid),
                  colour=colour_name(card.get("colour", "?")))
        values.append(SelectOption(clip(label, MAX_OPTION_TEXT),
                                   option_value(e.index, e.option["action"]),
                                   clip(d, MAX_OPTION_TEXT) if (d := loses(card)) else None))
    if pay is not None:
        p6 = c.get("p6") or {}
        cost = int(p6.get("cost") or 1)
        can = min(int(p6.get("payments_left") or 0), int(c.get("coins") or 0) // max(1, cost),
                  must + food, MAX_SELECT_OPTIONS - len(values))
        for n in range(1, max(1, can) + 1):
            label = t("play.feeding.pay_option", label=pay.option.get("label") or "", n=n)
            values.append(SelectOption(clip(label, MAX_OPTION_TEXT),
                                       option_value(pay.index, pay.option["action"], n)))
    low = min(must, len(values))
    high = min(len(values), must + food)
    placeholder = t("play.select.feeding_batch_p6" if pay is not None
                    else "play.select.feeding_batch", must=must)
    return Select(batch_id(ctx.game_id, ctx.seat, ctx.decision), clip(placeholder,
                  MAX_PLACEHOLDER), tuple(values), low, max(low, high))


def feeding_pick(context: Mapping[str, Any], options: Sequence[OptionData],
                 values: Sequence[str]) -> list[str]:
    """A whole feeding out of the feeding select's ``values``, for scripts that play by
    clicking (the end-to-end tests, the benches, the screenshot tool): the cards that give
    no food and the P6 payments first, in the select's order, until the seat is fed."""
    food = {str(c.get("card")): int((c.get("gains") or {}).get("food") or 0)
            for c in context.get("cards") or []}
    need = int(context.get("must_remove") or 0)

    def gain(value: str) -> int:  # how far one value goes towards feeding the seat
        v = parse_value(value)
        if v is None or v.index is None or not 0 <= v.index < len(options):
            return 0
        action = options[v.index].get("action") or {}
        return 1 if action.get("type") == "feed_pay" else 1 - food.get(str(action.get("card")), 0)

    out: list[str] = []
    for value in sorted(values, key=lambda v: -gain(v)):
        if need <= 0 or gain(value) <= 0:
            break
        out.append(value)
        need -= gain(value)
    return out


# ------------------------------------------------------------------------------ panels


def build_panel(game_id: int, seat: int, view: ViewData,
                options: Sequence[OptionData], *, path: Sequence[str] = (),
                hints: bool = False, note: str | None = None,
                card_name: Callable[[str], str] | None = None, picture: bool = True) -> Panel:
    """The panel of ``seat``'s current decision, at step ``path`` (``()``: the start).

    ``view`` is the seat's view (``service.view(game, seat)``), ``options`` the seat's options
    (``service.options(game, seat)``); ``note`` a line shown first (what was just chosen, or
    why a click was stale). A seat without a decision gets :func:`waiting_panel`.

    ``picture``: the decision's picture goes with the panel (it shows the cards, spaces and
    levels with their numbers and why one is out of reach), so the text only says what to
    decide and what the picture does not (the step so far); without it the text lists every
    choice and every unavailable option with its reason."""
    private: Mapping[str, Any] = view.get("private") or {}
    decision = private.get("decision_id")
    context: Mapping[str, Any] = private.get("context") or {}
    if decision is None or not context:
        return waiting_panel(game_id, view, note=note)
    kind = str(context.get("kind"))
    name = card_name or card_namer(default_catalog())
    entries = _entries(options, private.get("commit"))
    ctx = _Ctx(game_id, seat, str(decision), kind, name,
               {str(c.get("card")): c for c in context.get("cards") or []})
    batch = _feeding_batch(ctx, entries, context) if kind == "feeding" else None
    main = [e for e in entries if not e.standalone] if batch is None else []
    # the requested step, if it still names options, with single-choice steps skipped
    at = tuple(path)
    if at and not _below(main, at):
        at = ()
    at = _descend(main, at) if main else ()
    back = _back(main, at) if main else None
    bottom: list[Component] = [_leaf(ctx, e) for e in entries if e.standalone] \
        if batch is None else []
    nav: list[Component] = []
    if back is not None:
        nav.append(Button(nav_id(game_id, seat, ctx.decision, back), t("play.back")))
    if hints:
        nav.append(Button(hint_id(game_id, seat, ctx.decision), t("play.hint")))
    if len(bottom) + len(nav) <= MAX_BUTTONS_PER_ROW:
        last = [bottom + nav] if bottom or nav else []
    else:
        last = [r for r in (bottom[:MAX_BUTTONS_PER_ROW], nav) if r]
    rows: list[list[Component]] = [[batch]] if batch is not None else \
        _layout(ctx, main, at, MAX_ROWS - len(last), describe_option(kind, context)) \
        if main else []
    lines: list[str] = []
    if note:
        lines.append(note)
    if picture:  # the picture shows the choices: the text says what to decide, once
        lines.extend(decide_lines(kind, context, batch is not None, name))
    else:
        lines.extend(kind_lines(kind, view, context, name))
    if at:
        lines.append(t("play.step_path", path=" › ".join(
            _group_label(ctx, i, tok, _below(main, at[:i + 1]) or main)
            for i, tok in enumerate(at))))
    if not picture:
        lines.extend(unavailable_lines(e.option for e in entries))
    return _fit(Panel(clip(title(game_id, view, kind), MAX_TITLE), tuple(lines),
                      tuple(tuple(r) for r in [*rows, *last] if r), footer(kind), True,
                      ctx.decision, at))


def waiting_panel(game_id: int, view: ViewData, *, note: str | None = None,
                  waiting: Sequence[str] = ()) -> Panel:
    """A panel without components: the seat has nothing to decide now."""
    lines = [note] if note else []
    if view.get("over"):
        lines.append(t("play.over"))
    elif waiting:
        lines.append(t("play.waiting_on", names=", ".join(waiting)))
    else:
        lines.append(t("play.nothing_to_decide"))
    return _fit(Panel(clip(t("play.title.idle", game=game_id, epoch=epoch_name(view)),
                           MAX_TITLE),
                      tuple(lines), (), None, image=False))


def final_panel(game_id: int, rows: Sequence[FinalRow], *, note: str | None = None) -> Panel:
    """A panel that was open when the game ended: the ranking (``PanelState.final``: rank,
    name, total, you, conceded), the seat's own line in bold; the pictures are in the
    thread."""
    lines = [note] if note else []
    for r in rows:
        key = "play.final.row.you" if r.you else "play.final.row"
        line = t(key, rank=r.rank, name=r.name, total=r.total)
        lines.append(f"{line} {t('play.final.conceded')}" if r.conceded else line)
    lines.append(t("play.final.thread"))
    return _fit(Panel(clip(t("play.final.title", game=game_id), MAX_TITLE), tuple(lines), (),
                      None, image=False))


def _fit(panel: Panel) -> Panel:
    """Keep the embed text within Discord's limits (long decisions cut their last lines)."""
    lines = list(panel.lines)
    budget = MAX_EMBED_TOTAL - len(panel.title) - len(panel.footer or "") - 50
    limit = min(MAX_DESCRIPTION, budget)
    while lines and len("\n".join(lines)) > limit:
        lines.pop()
    if len("\n".join(lines)) > limit:  # a single very long line
        lines = [clip("\n".join(lines), limit)]
    footer = clip(panel.footer, MAX_FOOTER) if panel.footer else None
    return Panel(panel.title, tuple(lines), panel.rows, footer, panel.image,
                 panel.decision_id, panel.path)


# ------------------------------------------------------------------------------ limits


def limit_problems(panel: Panel) -> list[str]:
    """Every way ``panel`` breaks Discord's limits (empty when it is fine)."""
    problems: list[str] = []
    if len(panel.rows) > MAX_ROWS:
        problems.append(f"{len(panel.rows)} rows")
    ids: list[str] = []
    for r, row in enumerate(panel.rows):
        selects = [c for c in row if isinstance(c, Select)]
        if selects and len(row) != 1:
            problems.append(f"row {r}: a select must be alone in its row")
        if len(row) > MAX_BUTTONS_PER_ROW or not row:
            problems.append(f"row {r}: {len(row)} components")
        for c in row:
            ids.append(c.custom_id)
            if not 1 <= len(c.custom_id) <= MAX_CUSTOM_ID:
                problems.append(f"custom id {c.custom_id!r} is {len(c.custom_id)} long")
            if parse_custom_id(c.custom_id) is None:
                problems.append(f"custom id {c.custom_id!r} does not parse")
            if isinstance(c, Button):
                if not 1 <= len(c.label) <= MAX_BUTTON_LABEL:
                    problems.append(f"button label {c.label!r}")
            else:
                if not 1 <= len(c.options) <= MAX_SELECT_OPTIONS:
                    problems.append(f"select {c.custom_id} has {len(c.options)} options")
                if len(c.placeholder) > MAX_PLACEHOLDER:
                    problems.append(f"placeholder {c.placeholder!r}")
                values = [o.value for o in c.options]
                if len(set(values)) != len(values):
                    problems.append(f"select {c.custom_id}: duplicate values")
                if not 0 <= c.min_values <= c.max_values <= max(1, len(c.options)):
                    problems.append(f"select {c.custom_id}: {c.min_values}-{c.max_values} "
                                    f"values of {len(c.options)}")
                if sum(o.default for o in c.options) > 1:
                    problems.append(f"select {c.custom_id}: several defaults")
                for o in c.options:
                    if not 1 <= len(o.label) <= MAX_OPTION_TEXT:
                        problems.append(f"option label {o.label!r}")
                    if not 1 <= len(o.value) <= MAX_OPTION_TEXT or parse_value(o.value) is None:
                        problems.append(f"option value {o.value!r}")
                    if o.description is not None and len(o.description) > MAX_OPTION_TEXT:
                        problems.append(f"option description {o.description!r}")
    if len(set(ids)) != len(ids):
        problems.append("duplicate custom ids")
    if len(panel.title) > MAX_TITLE:
        problems.append("title too long")
    if len(panel.description) > MAX_DESCRIPTION:
        problems.append("description too long")
    if panel.footer is not None and len(panel.footer) > MAX_FOOTER:
        problems.append("footer too long")
    if len(panel.title) + len(panel.description) + len(panel.footer or "") > MAX_EMBED_TOTAL:
        problems.append("embed too long")
    return problems
