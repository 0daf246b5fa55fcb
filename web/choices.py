"""Where each choice of the viewer's decision sits on the page ("choose where you look"): a
card's own "Buy · 3 / Sell · +2" on the card (in the hand for a draft, on its discard pile in
Phase B), the wheel's choice on its deck, a colony's on its stack, a statue's on its space of
the player's board, a feeding's cards on the player's board; every choice is also listed in
the decision box, so each is one tap away and a screen reader finds them together.

The choices are the seat's options as its Discord panel offers them (``TableState.options``:
none when the service plays the decision itself); each is a submit button of the page's one
form (``form="act"``), carrying ``index.check`` as a button's custom id does. Pure: the table
and the words in, HTML out."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from html import escape
from typing import Any

from bot.service.screens import TableState, check_of
from hadara.narrate import label
from hadara.types import OptionData
from hadara.words import card_name, colour_name

from .pieces import t

Place = tuple[str, str]  # ("card", id) | ("deck", colour) | ("colony", level) | ("statue", n)


@dataclass(frozen=True)
class Acting:
    """The viewer's form: its CSRF token and where it posts."""

    csrf: str
    action: str


@dataclass
class Choices:
    """The viewer's choices placed on the page."""

    at: dict[Place, list[str]] = field(default_factory=dict)
    listed: list[str] = field(default_factory=list)
    picks: dict[str, str] = field(default_factory=dict)  # feeding: card id -> checkbox
    form: str = ""  # the form(s) the buttons and checkboxes belong to, and the feeding's rest
    lead: str = ""  # what to do, before the choices (a feeding: how many cards must go)

    def here(self, place: Place) -> str:
        buttons = self.at.get(place)
        return f'<div class="acts">{"".join(buttons)}</div>' if buttons else ""


def value(index: int, option: OptionData) -> str:
    return f"{index}.{check_of(option['action'])}"


def _short(option: OptionData, locale: str) -> str | None:
    """A card's own choice without the card's name (it is on the card)."""
    code, p = option["label_code"], option["label_params"]
    if code == "buy":
        if p.get("tile"):
            return t(locale, "web.act.buy.tile", cost=p["cost"],
                     tile=colour_name(p["tile"], locale))
        return t(locale, "web.act.buy", cost=p["cost"])
    if code == "sell":
        return t(locale, "web.act.sell", value=p["value"])
    return None


def _place(action: Mapping[str, Any]) -> Place | None:
    kind = action.get("type")
    if kind in ("draft", "take") and action.get("card"):
        return ("card", str(action["card"]))
    if kind == "wheel":
        return ("deck", str(action.get("colour")))
    if kind == "colony":
        return ("colony", str(action.get("level")))
    if kind == "statue":
        return ("statue", str(action.get("space")))
    return None


def place(state: TableState, locale: str, acting: Acting | None) -> Choices:
    """The viewer's choices, placed; nothing when they decide nothing or cannot act here."""
    private = state.view.get("private")
    choices = Choices()
    if acting is None or private is None or not state.options or state.view["over"]:
        return choices
    decision = private.get("decision_id")
    if not decision:
        return choices
    context: Mapping[str, Any] = private.get("context") or {}
    hidden = (f'<input type="hidden" name="csrf" value="{escape(acting.csrf)}">'
              f'<input type="hidden" name="decision" value="{escape(str(decision))}">')
    if context.get("kind") == "feeding":
        return _feeding(state, locale, acting, hidden, context)
    for index, option in enumerate(state.options):
        if not option["legal"]:
            continue
        said = escape(label({"code": option["label_code"], **option["label_params"]},
                            state.catalog, locale))
        choices.listed.append(_button(index, option, said))
        where = _place(option["action"])
        if where is not None:
            short = _short(option, locale) if where[0] == "card" else None
            if short:  # on its card the card's name is not shown again, but still heard
                name = escape(card_name(state.catalog, where[1], locale))
                short += f'<span class="unseen"> · {name}</span>'
            choices.at.setdefault(where, []).append(_button(index, option, short or said))
    choices.form = (f'<form id="act" class="act" method="post" action="{escape(acting.action)}">'
                    f"{hidden}</form>")
    return choices


def _button(index: int, option: OptionData, text: str) -> str:
    return (f'<button type="submit" form="act" name="o" value="{value(index, option)}" '
            f'class="choice">{text}</button>')


def _feeding(state: TableState, locale: str, acting: Acting, hidden: str,
             context: Mapping[str, Any]) -> Choices:
    """A feeding: a checkbox on each card that may go (on the player's board and in the
    box), and for P6 how many cards to pay for; one submit."""
    choices = Choices()
    pay: tuple[int, OptionData] | None = None
    for index, option in enumerate(state.options):
        if not option["legal"]:
            continue
        action = option["action"]
        if action["type"] == "feed_remove":
            cid = str(action["card"])
            said = escape(label({"code": option["label_code"], **option["label_params"]},
                                state.catalog, locale))
            choices.picks[cid] = (f'<label class="pick"><input type="checkbox" form="feed" '
                                  f'name="pick" value="{value(index, option)}"> {said}</label>')
        elif action["type"] == "feed_pay":
            pay = (index, option)
    rest = ""
    p6: Mapping[str, Any] = context.get("p6") or {}
    if pay is not None and p6.get("payments_left"):
        rest = (f'<label class="pay">{t(locale, "web.feed.pay", cost=p6.get("cost", 0))} '
                f'<input type="number" form="feed" name="pay" min="0" '
                f'max="{int(p6["payments_left"])}" value="0" inputmode="numeric"></label>'
                f'<input type="hidden" form="feed" name="pay_option" '
                f'value="{value(*pay)}">')
    must = int(context.get("must_remove", 0))
    choices.listed = list(choices.picks.values())
    choices.lead = f'<p class="label">{t(locale, "web.feed.must", count=must)}</p>'
    choices.form = (f'<form id="feed" class="act" method="post" action="{escape(acting.action)}">'
                    f'{hidden}{rest}'
                    f'<button type="submit" class="choice">{t(locale, "web.feed.done")}'
                    "</button></form>")
    return choices


def tools(state: TableState, locale: str, acting: Acting | None) -> str:
    """What the viewer may do besides choosing, as its panel offers it: a hint (where the
    table allows them), taking back their last move (while harmless: the service says
    when), taking their seat back from the AI, conceding (behind a second tap)."""
    private = state.view.get("private")
    if acting is None or private is None or state.status != "active" or state.conceded:
        return ""
    decision = str(private.get("decision_id") or "")
    buttons = []
    if state.hints and state.options and decision:
        buttons.append(_tool("hint", t(locale, "web.tool.hint")))
    if state.undo is not None:
        buttons.append(_tool("undo", t(locale, "web.tool.undo")))
    if state.taken_over:
        buttons.append(_tool("rejoin", t(locale, "web.tool.rejoin")))
    concede = (f'<details class="concede"><summary>{t(locale, "web.tool.concede")}</summary>'
               f'<p>{t(locale, "web.tool.concede.warning")}</p>'
               f'{_tool("concede", t(locale, "web.tool.concede.confirm"))}</details>')
    return (f'<div class="tools">{"".join(buttons)}{concede}'
            f'<form id="tools" class="act" method="post" action="{escape(acting.action)}">'
            f'<input type="hidden" name="csrf" value="{escape(acting.csrf)}">'
            f'<input type="hidden" name="decision" value="{escape(decision)}"></form></div>')


def _tool(name: str, text: str) -> str:
    return (f'<button type="submit" form="tools" name="do" value="{name}" class="choice tool">'
            f"{text}</button>")
