"""Labels for actions, the natural options that are not legal now (with the reason), and the
specific refusal for an illegal action. They read the state only (never the engine that
changes it), so the engine can use them to explain a refusal without an import cycle.

Everything here is a code with parameters first: :func:`label_parts` (``{"code": "buy",
"card": …, "cost": 3, "tile": None}``), an unavailable option's ``why`` and ``params``
(``"needs_military"``, ``{"level": 12, "have": 8, "reduction": 0}``), a refusal's ``reason``
and ``params``. The English (``label``, ``reason``, the error message) is their rendering by
:mod:`hadara.narrate`; a front end in another language words the codes itself.
"""

from __future__ import annotations

from typing import Any

from . import narrate
from .content import TRACK_COLOURS, TRACK_OF_COLOUR, TRACKS
from .errors import CannotAfford, HadaraError, IllegalAction
from .state import COLONY, DRAFT, FEEDING, MEDALS, PHASE_B, SETUP_SIDE, STATUE, WHEEL, State
from .types import Action, LabelFields, OptionData

_STEP_TYPES = {
    SETUP_SIDE: {"setup_side"}, WHEEL: {"wheel"}, DRAFT: {"draft"}, PHASE_B: {"take"},
    COLONY: {"colony", "colony_skip"}, STATUE: {"statue", "statue_skip"},
    FEEDING: {"feed_remove", "feed_pay"}, MEDALS: {"medal", "medals_done"},
}
_CARD_PLACE = {"draft": "not_in_hand", "take": "not_on_top", "feed_remove": "not_in_tableau"}


def label_parts(game: State, seat: int, a: Action) -> dict[str, Any]:
    """An action's label as a code and parameters (what :func:`label` words in English).

    Codes: ``buy`` (card, cost, tile), ``sell`` (card, value), ``wheel`` (colour),
    ``setup_side`` (side, coins, tracks), ``plunder`` (level, plunder, pay), ``integrate``
    (level, cost, pay), ``colony_skip``, ``statue`` (space, requirement, tile, side, pay, and
    track and steps or points), ``statue_skip``, ``feed_remove`` (card), ``feed_pay`` (coins),
    ``medal`` (kind, tile, cost), ``medals_done``; ``other`` (action) for anything else. Card names,
    colours and gains come from the catalog by the card id. Raises KeyError, ValueError,
    IndexError or TypeError for an action naming things that do not exist.
    """
    cat = game.catalog
    t = a.get("type")
    if t in ("draft", "take"):
        card = cat.cards[a["card"]]
        if a["mode"] == "buy":
            return {"code": "buy", "card": card.id, "cost": game.card_cost(seat, card),
                    "tile": a.get("tile")}
        return {"code": "sell", "card": card.id, "value": game.sell_value(seat, card)}
    if t == "wheel":
        return {"code": "wheel", "colour": a["colour"]}
    if t == "setup_side":
        side = cat.setup_cards[game.setup_card[seat]].side(a["side"])
        return {"code": "setup_side", "side": a["side"], "coins": side.coins,
                "tracks": list(side.tracks)}
    pay = a.get("pay", 0)
    if t == "colony":
        li = cat.rules.colony_levels.index(a["level"])
        tile = cat.colonies[game.colony_stacks[li][0]] if game.colony_stacks[li] else None
        if a["mode"] == "plunder":
            return {"code": "plunder", "level": a["level"],
                    "plunder": tile.plunder if tile else None, "pay": pay}
        if a["mode"] == "integrate":
            return {"code": "integrate", "level": a["level"],
                    "cost": tile.cost if tile else None, "pay": pay}
        raise ValueError(f"no colony mode {a['mode']!r}")
    if t == "colony_skip":
        return {"code": "colony_skip"}
    if t == "statue":
        if isinstance(a["space"], bool) or not 1 <= a["space"] <= len(cat.statues):
            raise IndexError(f"no statue space {a['space']!r}")
        space = cat.statues[a["space"] - 1]
        out: dict[str, Any] = {"code": "statue", "space": space.space,
                               "requirement": space.requirement, "tile": a["tile"],
                               "side": a["side"], "pay": pay}
        if a["side"] == "colour":
            out["track"] = TRACKS[TRACK_OF_COLOUR[a["tile"]]]
            out["steps"] = (space.steps
                            + game.eff[seat].get("P4", 0) * cat.rules.eff("P4", "steps"))
        else:
            out["points"] = space.extra_points
        return out
    if t == "statue_skip":
        return {"code": "statue_skip"}
    if t == "feed_remove":
        return {"code": "feed_remove", "card": cat.cards[a["card"]].id}
    if t == "feed_pay":
        return {"code": "feed_pay", "coins": cat.rules.eff("P6", "coins_per_card")}
    if t == "medal":
        if a["kind"] not in ("silver", "gold"):
            raise ValueError(f"no medal kind {a['kind']!r}")
        return {"code": "medal", "kind": a["kind"],
                "tile": a.get("tile") if a["kind"] == "silver" else None,
                "cost": game.medal_cost(seat, a["kind"])}
    if t == "medals_done":
        return {"code": "medals_done"}
    return {"code": "other", "action": dict(a)}


def label(game: State, seat: int, a: Action) -> str:
    """A short English description of an action for buttons and logs."""
    return narrate.label(label_parts(game, seat, a), game.catalog)


def label_fields(parts: dict[str, Any], cat_label: str) -> LabelFields:
    return {"label": cat_label, "label_code": parts["code"],
            "label_params": {k: v for k, v in parts.items() if k != "code"}}


def unavailable(game: State, seat: int) -> list[OptionData]:
    """Natural options that are not legal now. Each entry has the ``action``, its label
    (``label``, ``label_code``, ``label_params``), ``legal: False``, the error ``code`` it
    would be refused with (``illegal`` or ``cannot_afford``), the reason as a stable code
    ``why`` with its ``params``, and ``reason``: their English (:func:`narrate.reason`).
    """
    if game.decision_ids[game.check_seat(seat)] is None:
        return []
    cat = game.catalog
    out: list[OptionData] = []

    def add(action: Action, code: str, why: str, **params: Any) -> None:
        parts = label_parts(game, seat, action)
        out.append({"action": action, **label_fields(parts, narrate.label(parts, cat)),
                    "legal": False, "code": code, "why": why, "params": params,
                    "reason": narrate.reason(why, params, cat)})

    coins = game.coins[seat]
    step = game.step
    if step in (DRAFT, PHASE_B):
        kind = "draft" if step == DRAFT else "take"
        cards = game.hands[seat] if step == DRAFT else [p[-1] for p in game.discards if p]
        for cid in cards:
            cost = game.card_cost(seat, cat.cards[cid])
            if cost > coins:
                add({"type": kind, "card": cid, "mode": "buy"}, "cannot_afford", "card_cost",
                    card=cid, cost=cost, have=coins)
    elif step == COLONY:
        held = {cat.colonies[t].requirement for t, _ in game.colonies[seat]}
        p9 = game.eff[seat].get("P9", 0) * cat.rules.eff("P9", "coins")
        reduction = game.eff[seat].get("P14", 0) * cat.rules.eff("P14", "reduction")
        for level, stack in zip(cat.rules.colony_levels, game.colony_stacks, strict=True):
            a: Action = {"type": "colony", "level": level, "mode": "plunder"}
            if level in held:
                add(a, "illegal", "already_hold_level", level=level)
            elif not stack:
                add(a, "illegal", "no_colony_left", level=level)
            else:
                gap = game.requirement_gap(seat, level, 1)
                pay = game.requirement_payment(seat, gap)
                if pay is None:
                    add(a, "illegal", "needs_military", level=level,
                        have=game.tracks[seat][1], reduction=reduction)
                elif pay > coins:
                    add({**a, "pay": pay}, "cannot_afford", "requirement_payment", pay=pay,
                        have=coins)
                else:
                    cost = cat.colonies[stack[0]].cost
                    if coins - pay + p9 < cost:
                        b = {**a, "mode": "integrate", **({"pay": pay} if pay else {})}
                        add(b, "cannot_afford", "integrate_cost", cost=cost,
                            have=coins - pay + p9)
    elif step == STATUE:
        has_tile = any(game.tiles[seat])
        reduction = game.eff[seat].get("P14", 0) * cat.rules.eff("P14", "reduction")
        for space, placed in zip(cat.statues, game.statues[seat], strict=True):
            if placed is not None:
                continue
            a = {"type": "statue", "space": space.space, "tile": "yellow", "side": "points"}
            if not has_tile:
                add(a, "illegal", "no_bonus_tile")
                continue
            pay = game.requirement_payment(
                seat, game.requirement_gap(seat, space.requirement, 2))
            if pay is None:
                add(a, "illegal", "needs_culture", level=space.requirement,
                    have=game.tracks[seat][2], reduction=reduction)
            elif pay > coins:
                add({**a, "pay": pay}, "cannot_afford", "requirement_payment", pay=pay,
                    have=coins)
    elif step == FEEDING:
        fed = game.feeding_status(seat)
        rules = cat.rules
        if fed["has_p6"]:
            if fed["paid"] >= rules.eff("P6", "max_cards"):
                add({"type": "feed_pay"}, "illegal", "p6_max_payments",
                    max=rules.eff("P6", "max_cards"))
            elif fed["coins"] < rules.eff("P6", "coins_per_card"):
                add({"type": "feed_pay"}, "cannot_afford", "p6_cost",
                    cost=rules.eff("P6", "coins_per_card"), have=fed["coins"])
    elif step == MEDALS:
        st = game.medal_status(seat)
        rules = cat.rules
        for kind, have, most in (("silver", st["silver"], rules.max_silver),
                                 ("gold", st["gold"], rules.max_gold)):
            a = {"type": "medal", "kind": kind}
            if kind == "silver":
                a["tile"] = next((c for i, c in enumerate(TRACK_COLOURS) if st["tiles"][i]),
                                 "yellow")
            cost = game.medal_cost(seat, kind)
            if have >= most:
                add(a, "illegal", "max_medals", kind=kind, max=most)
            elif cost > st["coins"]:
                add(a, "cannot_afford", "medal_cost", kind=kind, cost=cost, have=st["coins"])
            elif kind == "silver" and not any(t > 0 for t in st["tiles"]):
                add(a, "illegal", "no_bonus_tile")
    return out


def _safe_parts(game: State, seat: int, a: Action) -> dict[str, Any] | None:
    """The requested action's own label parts, when it names things that exist."""
    try:
        parts = label_parts(game, seat, a)
        narrate.label(parts, game.catalog)  # it must be wordable too
    except (KeyError, ValueError, IndexError, TypeError):
        return None
    return parts


def _refuse(game: State, code: str, why: str, **params: Any) -> HadaraError:
    """The error for a reason code: its class from ``code``, its message from narrate."""
    cls = CannotAfford if code == "cannot_afford" else IllegalAction
    return cls(narrate.refusal(why, params, game.catalog), why, **params)


def _hashable(v: Any) -> bool:
    try:
        hash(v)
    except TypeError:
        return False
    return True


def explain_illegal(game: State, seat: int, a: Action, legal: list[Action]) -> HadaraError:
    """The most specific refusal for an action that is not in ``legal_actions``: an
    :class:`IllegalAction` (or :class:`CannotAfford`) whose ``reason`` is a code of
    :data:`narrate.REASONS` and whose ``params`` word it (with ``label``, the action's label
    parts, when the reason is one of an unavailable option)."""
    if not all(_hashable(v) for v in a.values()):  # the engine refuses these as malformed
        return _refuse(game, "illegal", "not_legal")
    t = a.get("type")
    if t not in _STEP_TYPES.get(game.step, set()):
        return _refuse(game, "illegal", "wrong_step", type=t, step=game.step)
    for opt in unavailable(game, seat):
        o = opt["action"]
        # A statue reason holds for every tile and side; a colony level's reason for both
        # modes (all but the cost of integrating).
        loose = {"tile", "pay", "side"}
        if o["type"] == "colony" and opt["why"] != "integrate_cost":
            loose.add("mode")
        if all(a.get(k) == v for k, v in o.items() if k not in loose):
            parts = _safe_parts(game, seat, a) or label_parts(game, seat, o)
            return _refuse(game, opt["code"], opt["why"], **opt["params"], label=parts)
    cat = game.catalog
    if t in _CARD_PLACE:
        cid = a.get("card")
        if cid not in cat.cards:
            return _refuse(game, "illegal", "no_such_card", card=cid)
        legal_cards = {x.get("card") for x in legal}
        if cid not in legal_cards:
            return _refuse(game, "illegal", _CARD_PLACE[t], card=cid)
        if a.get("mode") not in ("buy", "sell") and t != "feed_remove":
            return _refuse(game, "illegal", "choose_buy_or_sell")
        if cat.cards[cid].effect_id == "P2" and a.get("mode") == "buy":
            tiles = [c for i, c in enumerate(TRACK_COLOURS) if game.tiles[seat][i] > 0]
            return _refuse(game, "illegal", "p2_tile", card=cid, tiles=tiles)
    if t == "feed_pay" and not game.feeding_status(seat)["has_p6"]:
        return _refuse(game, "illegal", "no_p6")
    space = _statue_space(game, a)
    if space is not None and game.statues[seat][space - 1] is not None:
        return _refuse(game, "illegal", "space_taken", space=space)
    if (space is not None or t == "medal") and a.get("tile") in TRACK_OF_COLOUR:
        held: list[int] = (game.medal_status(seat)["tiles"] if t == "medal"
                           else game.tiles[seat])
        if held[TRACK_OF_COLOUR[a["tile"]]] <= 0:
            return _refuse(game, "illegal", "tile_not_held", tile=a["tile"])
    if t in ("colony", "statue") and "pay" in a:
        return _refuse(game, "illegal", "wrong_payment", expected=_expected_pay(game, seat, a),
                       per_point=cat.rules.eff("P15", "coins_per_point"))
    return _refuse(game, "illegal", "not_legal")


def _statue_space(game: State, a: Action) -> int | None:
    """The statue space a statue action names, if it is one (1 … 4)."""
    space = a.get("space")
    if (a.get("type") == "statue" and isinstance(space, int) and not isinstance(space, bool)
            and 1 <= space <= len(game.catalog.statues)):
        return space
    return None


def _expected_pay(game: State, seat: int, a: Action) -> int | None:
    """The P15 payment a colony or statue action needs (None: unknown or impossible)."""
    cat = game.catalog
    target = a.get("level") if a.get("type") == "colony" else a.get("space")
    if isinstance(target, bool) or not isinstance(target, int):
        return None
    if a["type"] == "colony":
        if target not in cat.rules.colony_levels:
            return None
        gap = game.requirement_gap(seat, target, 1)
    else:
        if not 1 <= target <= len(cat.statues):
            return None
        gap = game.requirement_gap(seat, cat.statues[target - 1].requirement, 2)
    return game.requirement_payment(seat, gap)
