"""Words for everything the engine says in codes: the game log (events), action labels,
refusal reasons and step names, in English, French or Japanese. This module is the one place
that turns them into sentences; the sentences themselves are in the catalogs
(``i18n/locales/<language>/engine.ftl``, ids ``engine-…``), names of cards, colours and tracks
come from :mod:`hadara.words`.

The engine, :mod:`hadara.options` and :mod:`hadara.errors` only produce codes with
parameters (``{"kind": "colony_taken", "seat": 1, …}``, ``why="needs_military"`` with
``{"level": 12, "have": 8}``, a label ``{"code": "buy", "card": "I-Y03", "cost": 3}``). Every
public function takes ``locale`` (None: the language being spoken, :func:`i18n.current`); a
front end words the same codes and never parses these sentences.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from i18n import has, join, translate

from .content import TRACK_OF_COLOUR, TRACKS
from .state import COLONY, DRAFT, FEEDING, MEDALS, OVER, PHASE_B, SETUP_SIDE, STATUE, WHEEL
from .words import card_name, colour_name, lang, track_name

if TYPE_CHECKING:
    from .content import Catalog

EPOCH = {1: "I", 2: "II", 3: "III"}

#: Events that deliberately get no line: progress of a simultaneous step (that a seat acted,
#: not what: the reveal event words the outcome; who is still deciding is in the views) and
#: the end of an epoch (the next epoch's header or the final scores follow at once).
NO_LINE: frozenset[str] = frozenset({
    "pick_committed", "setup_side_committed", "fed", "medals_finished", "epoch_ended",
})

#: Events sent to one seat only (``Result.private``); :func:`describe` words them as "you".
PRIVATE: frozenset[str] = frozenset({
    "drew", "pick_recorded", "setup_side_recorded", "sold_privately", "feeding_recorded",
    "medal_recorded",
})

#: The catalog key of each step's name ("colony" → "engine.step.colony": "the colony step").
STEP_NAMES: dict[str, str] = {
    step: f"engine.step.{step}"
    for step in (SETUP_SIDE, WHEEL, DRAFT, PHASE_B, COLONY, STATUE, FEEDING, MEDALS, OVER)
}

#: Why an option is unavailable (:func:`hadara.options.unavailable`); worded as a clause
#: after the action's label ("Integrate colony 12: needs military 12, you have 8.").
OPTION_REASONS: tuple[str, ...] = (
    "card_cost", "already_hold_level", "no_colony_left", "needs_military", "needs_culture",
    "requirement_payment", "integrate_cost", "no_bonus_tile", "p6_max_payments", "p6_cost",
    "max_medals", "medal_cost",
)
#: Why an action is refused without a matching unavailable option
#: (:func:`hadara.options.explain_illegal`); worded as a sentence.
ACTION_REASONS: tuple[str, ...] = (
    "wrong_step", "no_such_card", "not_in_hand", "not_on_top", "not_in_tableau",
    "choose_buy_or_sell", "p2_tile", "wrong_payment", "space_taken", "tile_not_held",
    "no_p6", "not_legal",
)
REASONS: tuple[str, ...] = OPTION_REASONS + ACTION_REASONS


def _t(locale: str | None, key: str, /, **params: Any) -> str:
    """The catalog's ``engine.<key>`` in ``locale`` (None: the language being spoken)."""
    return translate(lang(locale), f"engine.{key}", **params)


def _line(locale: str | None, key: str, /, **params: Any) -> str:
    """An indented log line (a detail of the line above it)."""
    return "  " + _t(locale, key, **params)


def _code_word(prefix: str, code: Any, locale: str | None) -> str:
    """``engine.<prefix>.<code>`` in words, or the code itself when the catalog has none."""
    key = f"engine.{prefix}.{code}"
    return _t(locale, f"{prefix}.{code}") if has(key) else str(code)


def _join(items: Iterable[str], locale: str | None) -> str:
    """"a, b, c" (the language's list separator, shared with the bot: ``i18n.join``)."""
    return join(list(items), lang(locale))


def _and(items: Iterable[str], locale: str | None) -> str:
    """"a and b", "a, b and c" (the language's separator and last separator)."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return _join(items[:-1], locale) + _t(locale, "list.and") + items[-1]


def step_name(step: str, locale: str | None = None) -> str:
    """A step code in words ("colony" → "the colony step")."""
    key = STEP_NAMES.get(step)
    return translate(lang(locale), key) if key else str(step)


def _card(cat: Catalog, cid: str, locale: str | None) -> str:
    """"Trader (yellow)": a card's name and colour."""
    return _t(locale, "card", name=card_name(cat, cid, locale),
              colour=colour_name(cat.cards[cid].colour, locale))


def _gains(gains: list[int] | tuple[int, ...], none: str, locale: str | None) -> str:
    """"income +1, food +2", or the ``engine.gains.<none>`` words when nothing is gained."""
    return _join((_t(locale, "gain", track=track_name(TRACKS[i], locale), steps=g)
                  for i, g in enumerate(gains) if g), locale) or _t(locale, f"gains.{none}")


def _track_of(colour: str, locale: str | None) -> str:
    """The track a colour moves ("yellow" → "income"); the colour for purple."""
    if colour in TRACK_OF_COLOUR:
        return track_name(TRACKS[TRACK_OF_COLOUR[colour]], locale)
    return colour_name(colour, locale)


# --------------------------------------------------------------------------- action labels


def label(parts: Mapping[str, Any], cat: Catalog, locale: str | None = None) -> str:
    """A short label of an action from its code and parameters
    (:func:`hadara.options.label_parts`), for buttons and logs."""
    code = parts["code"]
    if code == "buy":
        card = card_name(cat, parts["card"], locale)
        if parts.get("tile"):
            return _t(locale, "label.buy-tile", card=card, cost=parts["cost"],
                      tile=colour_name(parts["tile"], locale))
        return _t(locale, "label.buy", card=card, cost=parts["cost"])
    if code == "sell":
        return _t(locale, "label.sell", card=card_name(cat, parts["card"], locale),
                  value=parts["value"])
    if code == "wheel":
        return _t(locale, "label.wheel", colour=colour_name(parts["colour"], locale))
    if code == "setup_side":
        return _t(locale, "label.setup_side", side=parts["side"], coins=parts["coins"],
                  tracks=_gains(parts["tracks"], "no_track", locale))
    pay = _t(locale, "label.pay", pay=parts["pay"]) if parts.get("pay") else ""
    if code == "plunder":
        extra = (_t(locale, "label.plunder-coins", coins=parts["plunder"])
                 if parts.get("plunder") is not None else "")
        return _t(locale, "label.plunder", level=parts["level"], coins=extra, pay=pay)
    if code == "integrate":
        extra = (_t(locale, "label.integrate-cost", cost=parts["cost"])
                 if parts.get("cost") is not None else "")
        return _t(locale, "label.integrate", level=parts["level"], cost=extra, pay=pay)
    if code == "colony_skip":
        return _t(locale, "label.colony_skip")
    if code == "statue":
        common = {"space": parts["space"], "requirement": parts["requirement"],
                  "tile": colour_name(parts["tile"], locale), "pay": pay}
        if parts["side"] == "colour":
            return _t(locale, "label.statue-colour", **common,
                      track=track_name(parts["track"], locale), steps=parts["steps"])
        return _t(locale, "label.statue-points", **common, points=parts["points"])
    if code == "statue_skip":
        return _t(locale, "label.statue_skip")
    if code == "feed_remove":
        c = cat.cards[parts["card"]]
        return _t(locale, "label.feed_remove", card=card_name(cat, c.id, locale),
                  colour=colour_name(c.colour, locale),
                  gains=_gains(c.gains, "no_track", locale))
    if code == "feed_pay":
        return _t(locale, "label.feed_pay", coins=parts["coins"])
    if code == "medal":
        if parts["kind"] == "silver":
            return _t(locale, "label.medal-silver", tile=colour_name(parts["tile"], locale),
                      cost=parts["cost"])
        return _t(locale, "label.medal-gold", cost=parts["cost"])
    if code == "medals_done":
        return _t(locale, "label.medals_done")
    return str(parts.get("action", dict(parts)))


# --------------------------------------------------------------------------- refusal reasons


def _have(p: Mapping[str, Any], locale: str | None) -> str:
    """"you have 5", or "you have 5 + 4 from P14" when P14 lowers the requirement."""
    if p.get("reduction"):
        return _t(locale, "reason.have-p14", have=p["have"], reduction=p["reduction"])
    return _t(locale, "reason.have", have=p["have"])


#: The reasons worded by one catalog message with the reason's own parameters.
_SIMPLE_REASONS: dict[str, tuple[str, ...]] = {
    "card_cost": ("cost", "have"), "medal_cost": ("cost", "have"),
    "already_hold_level": ("level",), "no_colony_left": ("level",),
    "requirement_payment": ("pay", "have"), "integrate_cost": ("cost", "have"),
    "no_bonus_tile": (), "p6_max_payments": ("max",), "p6_cost": ("cost", "have"),
    "space_taken": ("space",), "choose_buy_or_sell": (), "no_p6": (), "not_legal": (),
    "max_medals": ("max", "kind"),
}


def reason(why: str, params: Mapping[str, Any], cat: Catalog | None = None,
           locale: str | None = None) -> str:
    """A reason code and its parameters in words, without a final full stop.

    Option reasons (:data:`OPTION_REASONS`) are clauses ("needs military 12, you have 8");
    action reasons (:data:`ACTION_REASONS`) are sentences ("There is no card 'X-01'").
    ``cat`` gives card names (ids without it).
    """
    p = params
    if why in _SIMPLE_REASONS:
        return _t(locale, f"reason.{why}", **{k: p[k] for k in _SIMPLE_REASONS[why]})
    if why in ("needs_military", "needs_culture"):
        return _t(locale, f"reason.{why}", level=p["level"], have=_have(p, locale))
    if why == "wrong_step":
        return _t(locale, "reason.wrong_step", type=str(p["type"]),
                  step=step_name(p["step"], locale))
    if why == "no_such_card":
        return _t(locale, "reason.no_such_card", card=str(p["card"]))
    if why in ("not_in_hand", "not_on_top", "not_in_tableau"):
        return _t(locale, f"reason.{why}", card=card_name(cat, p["card"], locale))
    if why == "p2_tile":
        card = card_name(cat, p["card"], locale)
        if p.get("tiles"):
            return _t(locale, "reason.p2_tile", card=card,
                      tiles=_join((colour_name(t, locale) for t in p["tiles"]), locale))
        return _t(locale, "reason.p2_tile-none", card=card)
    if why == "wrong_payment":
        if p.get("expected") == 0:
            return _t(locale, "reason.wrong_payment-none")
        if p.get("expected") is None:
            return _t(locale, "reason.wrong_payment-gap", per_point=p["per_point"])
        return _t(locale, "reason.wrong_payment", expected=p["expected"],
                  per_point=p["per_point"])
    if why == "tile_not_held":
        return _t(locale, "reason.tile_not_held", tile=colour_name(p["tile"], locale))
    return why.replace("_", " ")


def refusal(why: str, params: Mapping[str, Any], cat: Catalog,
            locale: str | None = None) -> str:
    """The whole message of a refusal: the action's label (``params["label"]``, label parts)
    and the reason, or the reason alone as a sentence."""
    text = reason(why, params, cat, locale)
    parts = params.get("label")
    if isinstance(parts, Mapping):
        return _t(locale, "refusal.label", label=label(parts, cat, locale), reason=text)
    return _t(locale, "refusal.alone", reason=f"{text[:1].upper()}{text[1:]}")


# --------------------------------------------------------------------------- events


def _effects(entry: Mapping[str, Any], locale: str | None) -> str:
    """A bought card's immediate effect gains (P2, P3, P4), e.g. " (P3: income +2)"."""
    bits = [_t(locale, "effect", effect=e["effect"], track=_track_of(e["track"], locale),
               steps=e["steps"])
            for e in entry.get("effects", ()) if e["steps"]]
    return _t(locale, "effects", effects=_t(locale, "effects.sep").join(bits)) if bits else ""


def _tile(entry: Mapping[str, Any], locale: str | None) -> str:
    """", tile red" after a purchase that placed a bonus tile (P2); "" otherwise."""
    return _t(locale, "tile", tile=colour_name(entry["tile"], locale)) if entry.get("tile") else ""


def _paying(pay: Any, locale: str | None) -> str:
    return _t(locale, "event.paying", pay=pay) if pay else ""


def describe(event: dict[str, Any], players: list[str], cat: Catalog,
             locale: str | None = None) -> list[str]:
    """Lines for one event: public events for everyone, :data:`PRIVATE` ones to their seat
    ("you …"); empty for the :data:`NO_LINE` kinds."""
    k = event["kind"]
    P = players
    L = locale
    if k == "game_started":
        seats = _join((_t(L, "event.seat", name=p, initiative=i) for p, i in
                       zip(event["players"], event["initiative"], strict=True)), L)
        return [_t(L, "event.game_started", variant=_code_word("variant", event["variant"], L),
                   seats=seats)]
    if k == "setup_revealed":
        return [_t(L, "event.setup_revealed", sides=_join(
            (_t(L, "event.setup_side", name=P[s], side=side)
             for s, side in enumerate(event["sides"])), L))]
    if k == "setup_done":
        lines = []
        for s, (coins, tr) in enumerate(zip(event["coins"], event["tracks"], strict=True)):
            tracks = _join((_t(L, "track_value", track=track_name(TRACKS[i], L), value=v)
                            for i, v in enumerate(tr)), L)
            lines.append(_line(L, "event.setup_done", name=P[s], coins=coins, tracks=tracks))
        if event["extra_coin"]:
            lines.append(_line(L, "event.extra_coin",
                               names=_join((P[s] for s in event["extra_coin"]), L)))
        return lines
    if k == "epoch_started":
        return ["", _t(L, "event.epoch_started", epoch=EPOCH[event["epoch"]],
                       name=P[event["first"]])]
    if k == "wheel_set":
        return [_t(L, "event.wheel_set", name=P[event["seat"]],
                   colour=colour_name(event["colour"], L))]
    if k == "round_started":
        draws = _join((_t(L, "event.draw", name=P[d["seat"]], colour=colour_name(d["colour"], L))
                       for d in event["draws"]), L)
        return [_t(L, "event.round_started", round=event["round"] + 1, draws=draws)]
    if k == "round_revealed":
        lines = []
        for c in event["choices"]:
            disc = (_t(L, "event.discards", card=_card(cat, c["discarded"], L))
                    if c["discarded"] else "")
            if c["mode"] == "buy":
                lines.append(_line(L, "event.round-buy", name=P[c["seat"]],
                                   card=_card(cat, c["card"], L), cost=c["cost"],
                                   tile=_tile(c, L), effects=_effects(c, L), discards=disc))
            else:
                lines.append(_line(L, "event.round-sell", name=P[c["seat"]],
                                   colour=colour_name(c["colour"], L), coins=c["coins"],
                                   discards=disc))
        return lines
    if k == "phase_b_started":
        return [_t(L, "event.phase_b_started", epoch=EPOCH[event["epoch"]])]
    if k == "took":
        who = P[event["seat"]]
        if event["mode"] == "buy":
            return [_line(L, "event.took-buy", name=who, card=_card(cat, event["card"], L),
                          cost=event["cost"], tile=_tile(event, L), effects=_effects(event, L))]
        return [_line(L, "event.took-sell", name=who, card=_card(cat, event["card"], L),
                      coins=event["coins"])]
    if k == "income":
        parts = _join((_t(L, "event.income-seat", name=P[i["seat"]],
                          coins=i["income"] + i["bonus"]) for i in event["incomes"]), L)
        return [_t(L, "event.income", incomes=parts)]
    if k == "colony_taken":
        who = P[event["seat"]]
        pay = _paying(event["pay"], L)
        bonus = _t(L, "event.p9", coins=event["bonus"]) if event.get("bonus") else ""
        if event["mode"] == "plunder":
            return [_line(L, "event.colony-plunder", name=who, level=event["level"],
                          coins=event["front"][1], pay=pay, bonus=bonus)]
        return [_line(L, "event.colony-integrate", name=who, level=event["level"],
                      gains=_gains(event["back_gains"], "none", L),
                      points=event["back_points"], pay=pay, bonus=bonus)]
    if k == "colony_skipped":
        return [_line(L, "event.colony_skipped", name=P[event["seat"]])]
    if k == "statue_carved":
        who = P[event["seat"]]
        pay = _paying(event.get("pay"), L)
        if event["side"] == "colour":
            return [_line(L, "event.statue-colour", name=who, space=event["space"],
                          tile=colour_name(event["tile"], L), steps=event["steps"], pay=pay)]
        return [_line(L, "event.statue-points", name=who, space=event["space"], pay=pay)]
    if k == "statue_skipped":
        return [_line(L, "event.statue_skipped", name=P[event["seat"]])]
    if k == "undone":
        return [_t(L, "event.undone", name=P[event["seat"]])]
    if k == "feeding_started":
        epoch = EPOCH[event["epoch"]]
        short = [_t(L, "event.feeding-short", name=P[n["seat"]], cards=n["cards"] - n["food"])
                 for n in event["needs"] if n["cards"] > n["food"]]
        if not short:
            return [_t(L, "event.feeding_started-fed", epoch=epoch)]
        return [_t(L, "event.feeding_started", epoch=epoch, short=_join(short, L))]
    if k == "feeding_revealed":
        lines = [_t(L, "event.feeding_revealed")]
        for r in event["results"]:
            bits = []
            if r["removed"]:
                bits.append(_t(L, "event.feeding-removes",
                               cards=_join((_card(cat, c, L) for c in r["removed"]), L)))
            if r["paid"]:
                bits.append(_t(L, "event.feeding-paid", count=r["paid"]))
            if r["surplus"]:
                bits.append(_t(L, "event.feeding-surplus", coins=r["surplus"]))
            if bits:
                lines.append(_line(L, "event.feeding-seat", name=P[r["seat"]],
                                   what=_t(L, "list.semi").join(bits)))
            else:
                lines.append(_line(L, "event.feeding-fed", name=P[r["seat"]]))
        return lines
    if k == "medals_started":
        return [_t(L, "event.medals_started", epoch=EPOCH[event["epoch"]])]
    if k == "medals_revealed":
        if not event["bought"]:
            return [_t(L, "event.medals_revealed-none")]
        return [_t(L, "event.medals_revealed", medals=_join((
            _t(L, "event.medal-tile", name=P[b["seat"]], kind=_code_word("medal", b["kind"], L),
               tile=colour_name(b["tile"], L), cost=b["cost"]) if b["tile"] else
            _t(L, "event.medal", name=P[b["seat"]], kind=_code_word("medal", b["kind"], L),
               cost=b["cost"])
            for b in event["bought"]), L))]
    if k == "game_over":
        lines = ["", _t(L, "event.final_scores")]
        for s, t in enumerate(event["scores"]):
            cats = _join((_t(L, "event.score-category", category=_code_word("score", c, L),
                             points=v) for c, v in t.items() if c != "total"), L)
            lines.append(_line(L, "event.score", name=P[s], total=t["total"], categories=cats))
        lines.append(_t(L, "event.winner", count=len(event["winners"]),
                        names=_and((P[s] for s in event["winners"]), L)))
        return lines
    if k in PRIVATE:
        return [_private(event, cat, L)]
    return []


def _private(event: dict[str, Any], cat: Catalog, locale: str | None) -> str:
    """The line of a private event, addressed to its seat."""
    L = locale
    k = event["kind"]
    if k == "drew":
        return _t(L, "private.drew", cards=_and((_card(cat, c, L) for c in event["cards"]), L),
                  colour=colour_name(event["colour"], L))
    if k == "sold_privately":
        return _t(L, "private.sold_privately", card=_card(cat, event["card"], L),
                  coins=event["coins"])
    a = event["action"]
    if k == "pick_recorded":
        tile = _t(L, "private.your_tile", tile=colour_name(a["tile"], L)) if a.get("tile") else ""
        verb = "buy" if a["mode"] == "buy" else "sell"
        return _t(L, f"private.pick-{verb}", card=_card(cat, a["card"], L), tile=tile)
    if k == "setup_side_recorded":
        return _t(L, "private.setup_side_recorded", side=a["side"])
    if k == "feeding_recorded":
        if a["type"] == "feed_remove":
            return _t(L, "private.feed_remove", card=_card(cat, a["card"], L))
        return _t(L, "private.feed_pay")
    # medal_recorded
    if a["kind"] == "silver":
        return _t(L, "private.medal-silver", tile=colour_name(a["tile"], L))
    return _t(L, "private.medal-gold")
