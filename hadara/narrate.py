"""English for everything the engine says in codes: the game log (events), action labels,
refusal reasons and step names. This module is the one place that turns them into English.

The engine, :mod:`hadara.options` and :mod:`hadara.errors` only produce codes with
parameters (``{"kind": "colony_taken", "seat": 1, …}``, ``why="needs_military"`` with
``{"level": 12, "have": 8}``, a label ``{"code": "buy", "card": "I-Y03", "cost": 3}``). A
front end in another language words the same codes and never parses these sentences.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .content import TRACK_OF_COLOUR, TRACKS
from .state import COLONY, DRAFT, FEEDING, MEDALS, OVER, PHASE_B, SETUP_SIDE, STATUE, WHEEL

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

STEP_NAMES: dict[str, str] = {
    SETUP_SIDE: "choosing setup sides", WHEEL: "setting the wheel", DRAFT: "the Phase-A draft",
    PHASE_B: "Phase B", COLONY: "the colony step", STATUE: "the statue step",
    FEEDING: "feeding", MEDALS: "buying medals", OVER: "the end of the game",
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


def step_name(step: str, locale: str | None = None) -> str:
    """A step code in words ("colony" → "the colony step")."""
    return STEP_NAMES.get(step, str(step))


def _card(cat: Catalog, cid: str) -> str:
    c = cat.cards[cid]
    return f"{c.name} ({c.colour})"


def _name(cat: Catalog | None, cid: Any) -> str:
    """A card's name, or its id when there is no catalog or no such card."""
    if cat is not None and cid in cat.cards:
        return cat.cards[cid].name
    return str(cid)


def _gains(gains: list[int] | tuple[int, ...], none: str = "nothing") -> str:
    return ", ".join(f"{TRACKS[i]} +{g}" for i, g in enumerate(gains) if g) or none


def _track_of(colour: str) -> str:
    return TRACKS[TRACK_OF_COLOUR[colour]] if colour in TRACK_OF_COLOUR else colour


# --------------------------------------------------------------------------- action labels


def label(parts: Mapping[str, Any], cat: Catalog, locale: str | None = None) -> str:
    """A short English label of an action from its code and parameters
    (:func:`hadara.options.label_parts`), for buttons and logs."""
    code = parts["code"]
    if code == "buy":
        text = f"Buy {_name(cat, parts['card'])} · {parts['cost']}"
        return text + (f" · tile {parts['tile']}" if parts.get("tile") else "")
    if code == "sell":
        return f"Sell {_name(cat, parts['card'])} · +{parts['value']}"
    if code == "wheel":
        return f"Point at the {parts['colour']} deck"
    if code == "setup_side":
        return (f"Side {parts['side']}: {parts['coins']} coins, "
                + _gains(parts["tracks"], "no track"))
    pay = f" (pay {parts['pay']} to lower the requirement)" if parts.get("pay") else ""
    if code == "plunder":
        extra = f" · +{parts['plunder']}" if parts.get("plunder") is not None else ""
        return f"Plunder colony {parts['level']}{extra}{pay}"
    if code == "integrate":
        extra = f" · cost {parts['cost']}" if parts.get("cost") is not None else ""
        return f"Integrate colony {parts['level']}{extra}{pay}"
    if code == "colony_skip":
        return "Take no colony"
    if code == "statue":
        if parts["side"] == "colour":
            what = f"{parts['tile']} tile, {parts['track']} +{parts['steps']}"
        else:
            what = f"{parts['tile']} tile, +{parts['points']} points"
        return f"Statue {parts['space']} ({parts['requirement']}) · {what}{pay}"
    if code == "statue_skip":
        return "Carve no statue"
    if code == "feed_remove":
        c = cat.cards[parts["card"]]
        return f"Remove {c.name} ({c.colour}, {_gains(c.gains, 'no track')})"
    if code == "feed_pay":
        return f"Pay {parts['coins']} coins instead of removing a card"
    if code == "medal":
        if parts["kind"] == "silver":
            return f"Silver medal · {parts['tile']} tile · {parts['cost']}"
        return f"Gold medal · {parts['cost']}"
    if code == "medals_done":
        return "Done buying medals"
    return str(parts.get("action", dict(parts)))


# --------------------------------------------------------------------------- refusal reasons


def _have(p: Mapping[str, Any]) -> str:
    """"you have 5", or "you have 5 + 4 from P14" when P14 lowers the requirement."""
    return f"you have {p['have']}" + (f" + {p['reduction']} from P14" if p.get("reduction")
                                      else "")


def reason(why: str, params: Mapping[str, Any], cat: Catalog | None = None,
           locale: str | None = None) -> str:
    """English for a reason code and its parameters, without a final full stop.

    Option reasons (:data:`OPTION_REASONS`) are clauses ("needs military 12, you have 8");
    action reasons (:data:`ACTION_REASONS`) are sentences ("There is no card 'X-01'").
    ``cat`` gives card names (ids without it).
    """
    p = params
    if why in ("card_cost", "medal_cost"):
        return f"costs {p['cost']} coins, you have {p['have']}"
    if why == "already_hold_level":
        return f"you already hold a colony of level {p['level']}"
    if why == "no_colony_left":
        return f"no colony of level {p['level']} is left"
    if why == "needs_military":
        return f"needs military {p['level']}, {_have(p)}"
    if why == "needs_culture":
        return f"needs culture {p['level']}, {_have(p)}"
    if why == "requirement_payment":
        return f"lowering the requirement costs {p['pay']}, you have {p['have']}"
    if why == "integrate_cost":
        return f"integrating costs {p['cost']}, you have {p['have']}"
    if why == "no_bonus_tile":
        return "you have no unused bonus tile"
    if why == "p6_max_payments":
        return f"P6 allows at most {p['max']} payments per feeding"
    if why == "p6_cost":
        return f"paying costs {p['cost']}, you have {p['have']}"
    if why == "max_medals":
        return f"at most {p['max']} {p['kind']} medals per game"
    if why == "wrong_step":
        return f"'{p['type']}' is not a choice during {step_name(p['step'])}"
    if why == "no_such_card":
        return f"There is no card {p['card']!r}"
    if why in ("not_in_hand", "not_on_top", "not_in_tableau"):
        where = {"not_in_hand": "in your hand", "not_on_top": "on top of a discard pile",
                 "not_in_tableau": "in your tableau"}[why]
        return f"{_name(cat, p['card'])} is not {where}"
    if why == "choose_buy_or_sell":
        return "Choose 'buy' or 'sell'"
    if why == "p2_tile":
        if p.get("tiles"):
            return (f"Buying {_name(cat, p['card'])} needs one of your unused bonus tiles: "
                    + ", ".join(p["tiles"]))
        return f"Buying {_name(cat, p['card'])} takes no bonus tile: you have none left"
    if why == "wrong_payment":
        if p.get("expected") == 0:
            return "No payment is needed: you already meet the requirement"
        if p.get("expected") is None:
            return ("The payment must be exactly what closes the requirement gap "
                    f"({p['per_point']} coins per point, P15)")
        return (f"The payment must be exactly what closes the requirement gap: "
                f"{p['expected']} coins ({p['per_point']} per point, P15)")
    if why == "space_taken":
        return f"You have already carved statue {p['space']}"
    if why == "tile_not_held":
        return f"You have no unused {p['tile']} bonus tile"
    if why == "no_p6":
        return "Only a P6 card lets you pay instead of removing a card"
    if why == "not_legal":
        return "That is not a legal choice now"
    return why.replace("_", " ")


def refusal(why: str, params: Mapping[str, Any], cat: Catalog,
            locale: str | None = None) -> str:
    """The whole English message of a refusal: the action's label (``params["label"]``,
    label parts) and the reason, or the reason alone as a sentence."""
    text = reason(why, params, cat)
    parts = params.get("label")
    if isinstance(parts, Mapping):
        return f"{label(parts, cat)}: {text}."
    return f"{text[:1].upper()}{text[1:]}."


# --------------------------------------------------------------------------- events


def _effects(entry: Mapping[str, Any]) -> str:
    """A bought card's immediate effect gains (P2, P3, P4), e.g. " (P3: income +2)"."""
    bits = [f"{e['effect']}: {_track_of(e['track'])} +{e['steps']}"
            for e in entry.get("effects", ()) if e["steps"]]
    return f" ({'; '.join(bits)})" if bits else ""


def describe(event: dict[str, Any], players: list[str], cat: Catalog,
             locale: str | None = None) -> list[str]:
    """Lines for one event: public events for everyone, :data:`PRIVATE` ones to their seat
    ("you …"); empty for the :data:`NO_LINE` kinds."""
    k = event["kind"]
    P = players
    if k == "game_started":
        seats = ", ".join(f"{p} (initiative {i})" for p, i in
                          zip(event["players"], event["initiative"], strict=True))
        return [f"A {event['variant']} game of Hadara. Seats in play order: {seats}."]
    if k == "setup_revealed":
        return ["Setup sides: " + ", ".join(f"{P[s]} {side}" for s, side in
                                            enumerate(event["sides"]))]
    if k == "setup_done":
        lines = []
        for s, (coins, tr) in enumerate(zip(event["coins"], event["tracks"], strict=True)):
            lines.append(f"  {P[s]} starts with {coins} coins, income {tr[0]}, military "
                         f"{tr[1]}, culture {tr[2]}, food {tr[3]}.")
        if event["extra_coin"]:
            lines.append("  Extra starting coin: " + ", ".join(P[s] for s in event["extra_coin"]))
        return lines
    if k == "epoch_started":
        return ["", f"=== Epoch {EPOCH[event['epoch']]} — first player {P[event['first']]} ==="]
    if k == "wheel_set":
        return [f"{P[event['seat']]} sets the wheel: their emblem points at the "
                f"{event['colour']} deck."]
    if k == "round_started":
        draws = ", ".join(f"{P[d['seat']]} {d['colour']}" for d in event["draws"])
        return [f"Phase A, round {event['round'] + 1}: drawing from {draws}."]
    if k == "round_revealed":
        lines = []
        for c in event["choices"]:
            who = P[c["seat"]]
            disc = f"discards {_card(cat, c['discarded'])}" if c["discarded"] else ""
            if c["mode"] == "buy":
                extra = f", tile {c['tile']}" if c.get("tile") else ""
                act = f"buys {_card(cat, c['card'])} for {c['cost']}{extra}{_effects(c)}"
            else:
                act = f"sells a {c['colour']} card for {c['coins']}"
            lines.append(f"  {who} {act}; {disc}.")
        return lines
    if k == "phase_b_started":
        return [f"Phase B of epoch {EPOCH[event['epoch']]}: take the discards in play order."]
    if k == "took":
        who = P[event["seat"]]
        if event["mode"] == "buy":
            extra = f", tile {event['tile']}" if event.get("tile") else ""
            return [f"  {who} takes and buys {_card(cat, event['card'])} for "
                    f"{event['cost']}{extra}{_effects(event)}."]
        return [f"  {who} takes and sells {_card(cat, event['card'])} for {event['coins']}."]
    if k == "income":
        parts = [f"{P[i['seat']]} +{i['income'] + i['bonus']}" for i in event["incomes"]]
        return [f"Income: {', '.join(parts)}."]
    if k == "colony_taken":
        who = P[event["seat"]]
        pay = f" (paying {event['pay']} to lower the requirement)" if event["pay"] else ""
        bonus = f"; +{event['bonus']} coins from P9" if event.get("bonus") else ""
        if event["mode"] == "plunder":
            return [f"  {who} plunders a level-{event['level']} colony for "
                    f"{event['front'][1]} coins{pay}{bonus}."]
        return [f"  {who} integrates a level-{event['level']} colony: "
                f"{_gains(event['back_gains'])}, {event['back_points']} points{pay}{bonus}."]
    if k == "colony_skipped":
        return [f"  {P[event['seat']]} takes no colony."]
    if k == "statue_carved":
        who = P[event["seat"]]
        pay = f" (paying {event['pay']} to lower the requirement)" if event.get("pay") else ""
        if event["side"] == "colour":
            return [f"  {who} carves statue {event['space']} with a {event['tile']} tile "
                    f"(+{event['steps']} on that track){pay}."]
        return [f"  {who} carves statue {event['space']} with a tile on its points side{pay}."]
    if k == "statue_skipped":
        return [f"  {P[event['seat']]} carves no statue."]
    if k == "feeding_started":
        short = [f"{P[n['seat']]} {n['cards'] - n['food']}" for n in event["needs"]
                 if n["cards"] > n["food"]]
        if not short:
            return [f"Feeding of epoch {EPOCH[event['epoch']]}: everyone has food for "
                    "their cards."]
        return [f"Feeding of epoch {EPOCH[event['epoch']]}: cards to remove or pay for — "
                + ", ".join(short) + "."]
    if k == "feeding_revealed":
        lines = ["Feeding:"]
        for r in event["results"]:
            bits = []
            if r["removed"]:
                bits.append("removes " + ", ".join(_card(cat, c) for c in r["removed"]))
            if r["paid"]:
                bits.append(f"pays for {r['paid']} card(s)")
            if r["surplus"]:
                bits.append(f"gains {r['surplus']} coins from surplus food")
            lines.append(f"  {P[r['seat']]}: " + ("; ".join(bits) + "." if bits else "fed."))
        return lines
    if k == "medals_started":
        return [f"Medals of epoch {EPOCH[event['epoch']]}: everyone buys in secret; the "
                "purchases are shown together."]
    if k == "medals_revealed":
        if not event["bought"]:
            return ["Medals: nobody buys one."]
        return ["Medals: " + ", ".join(
            f"{P[b['seat']]} {b['kind']}" + (f" ({b['tile']})" if b["tile"] else "")
            + f" for {b['cost']}" for b in event["bought"])]
    if k == "game_over":
        lines = ["", "=== Final scores ==="]
        for s, t in enumerate(event["scores"]):
            cats = ", ".join(f"{c} {v}" for c, v in t.items() if c != "total")
            lines.append(f"  {P[s]}: {t['total']} ({cats})")
        lines.append("Winner: " + " and ".join(P[s] for s in event["winners"]))
        return lines
    if k in PRIVATE:
        return [_private(event, cat)]
    return []


def _private(event: dict[str, Any], cat: Catalog) -> str:
    """The line of a private event, addressed to its seat."""
    k = event["kind"]
    if k == "drew":
        cards = " and ".join(_card(cat, c) for c in event["cards"])
        return f"You draw {cards} from the {event['colour']} deck."
    if k == "sold_privately":
        return (f"You sell {_card(cat, event['card'])} for {event['coins']} coins (the others "
                "see only its colour).")
    a = event["action"]
    if k == "pick_recorded":
        verb = "buy" if a["mode"] == "buy" else "sell"
        tile = f" with your {a['tile']} tile" if a.get("tile") else ""
        return f"Your pick is recorded: {verb} {_card(cat, a['card'])}{tile}."
    if k == "setup_side_recorded":
        return f"Your setup side is recorded: side {a['side']}."
    if k == "feeding_recorded":
        if a["type"] == "feed_remove":
            return f"You will remove {_card(cat, a['card'])}."
        return "You will pay coins instead of removing a card."
    # medal_recorded
    if a["kind"] == "silver":
        return f"You will buy a silver medal with your {a['tile']} tile."
    return "You will buy a gold medal."
