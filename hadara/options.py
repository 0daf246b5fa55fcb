"""Human labels for actions, the natural options that are not legal now (with the reason), and
the specific refusal for an illegal action. Front ends show these; the AI never needs them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .content import TRACK_COLOURS, TRACK_OF_COLOUR, TRACKS
from .errors import CannotAfford, HadaraError, IllegalAction
from .state import COLONY, DRAFT, FEEDING, MEDALS, PHASE_B, SETUP_SIDE, STATUE, WHEEL

if TYPE_CHECKING:
    from .engine import Action, Game

_STEP_TYPES = {
    SETUP_SIDE: {"setup_side"}, WHEEL: {"wheel"}, DRAFT: {"draft"}, PHASE_B: {"take"},
    COLONY: {"colony", "colony_skip"}, STATUE: {"statue", "statue_skip"},
    FEEDING: {"feed_remove", "feed_pay"}, MEDALS: {"medal", "medals_done"},
}
_STEP_NAMES = {
    SETUP_SIDE: "choosing setup sides", WHEEL: "setting the wheel", DRAFT: "the Phase-A draft",
    PHASE_B: "Phase B", COLONY: "the colony step", STATUE: "the statue step",
    FEEDING: "feeding", MEDALS: "buying medals",
}


def _gains_text(gains: tuple[int, ...] | list[int]) -> str:
    return ", ".join(f"{TRACKS[i]} +{g}" for i, g in enumerate(gains) if g) or "no track"


def label(game: Game, seat: int, a: Action) -> str:
    """A short description of an action for buttons and logs."""
    cat = game.catalog
    t = a.get("type")
    if t in ("draft", "take"):
        card = cat.cards[a["card"]]
        if a["mode"] == "buy":
            text = f"Buy {card.name} · {game.card_cost(seat, card)}"
            return text + (f" · tile {a['tile']}" if a.get("tile") else "")
        return f"Sell {card.name} · +{game.sell_value(seat, card)}"
    if t == "wheel":
        return f"Point at the {a['colour']} deck"
    if t == "setup_side":
        side = cat.setup_cards[game.setup_card[seat]].side(a["side"])
        return f"Side {a['side']}: {side.coins} coins, " + _gains_text(side.tracks)
    pay = f" (pay {a['pay']} to lower the requirement)" if a.get("pay") else ""
    if t == "colony":
        li = cat.rules.colony_levels.index(a["level"])
        tile = cat.colonies[game.colony_stacks[li][0]] if game.colony_stacks[li] else None
        if a["mode"] == "plunder":
            extra = f" · +{tile.plunder}" if tile else ""
            return f"Plunder colony {a['level']}{extra}{pay}"
        extra = f" · cost {tile.cost}" if tile else ""
        return f"Integrate colony {a['level']}{extra}{pay}"
    if t == "colony_skip":
        return "Take no colony"
    if t == "statue":
        space = cat.statues[a["space"] - 1]
        if a["side"] == "colour":
            steps = space.steps + game.eff[seat].get("P4", 0) * cat.rules.eff("P4", "steps")
            what = f"{a['tile']} tile, {TRACKS[TRACK_OF_COLOUR[a['tile']]]} +{steps}"
        else:
            what = f"{a['tile']} tile, +{space.extra_points} points"
        return f"Statue {a['space']} ({space.requirement}) · {what}{pay}"
    if t == "statue_skip":
        return "Carve no statue"
    if t == "feed_remove":
        card = cat.cards[a["card"]]
        return f"Remove {card.name} ({card.colour}, {_gains_text(card.gains)})"
    if t == "feed_pay":
        return f"Pay {cat.rules.eff('P6', 'coins_per_card')} coins instead of removing a card"
    if t == "medal":
        cost = game.medal_cost(seat, a["kind"])
        if a["kind"] == "silver":
            return f"Silver medal · {a['tile']} tile · {cost}"
        return f"Gold medal · {cost}"
    if t == "medals_done":
        return "Done buying medals"
    return str(a)


def unavailable(game: Game, seat: int) -> list[dict[str, Any]]:
    """Natural options that are not legal now, each with a code and a reason."""
    if game.decision_ids[seat] is None:
        return []
    cat = game.catalog
    out: list[dict[str, Any]] = []

    def add(action: Action, code: str, reason: str) -> None:
        out.append({"action": action, "label": label(game, seat, action), "legal": False,
                    "code": code, "reason": reason})

    step = game.step
    if step in (DRAFT, PHASE_B):
        kind = "draft" if step == DRAFT else "take"
        cards = game.hands[seat] if step == DRAFT else [p[-1] for p in game.discards if p]
        for cid in cards:
            cost = game.card_cost(seat, cat.cards[cid])
            if cost > game.coins[seat]:
                add({"type": kind, "card": cid, "mode": "buy"}, "cannot_afford",
                    f"costs {cost} coins, you have {game.coins[seat]}")
    elif step == COLONY:
        held = {cat.colonies[t].requirement for t, _ in game.colonies[seat]}
        p9 = game.eff[seat].get("P9", 0) * cat.rules.eff("P9", "coins")
        for level, stack in zip(cat.rules.colony_levels, game.colony_stacks, strict=True):
            a: Action = {"type": "colony", "level": level, "mode": "plunder"}
            if level in held:
                add(a, "illegal", f"you already hold a colony of level {level}")
            elif not stack:
                add(a, "illegal", f"no colony of level {level} is left")
            else:
                gap = game.requirement_gap(seat, level, 1)
                pay = game.requirement_payment(seat, gap)
                if pay is None:
                    add(a, "illegal", f"needs military {level}, you have {game.tracks[seat][1]}")
                elif pay > game.coins[seat]:
                    add({**a, "pay": pay}, "cannot_afford",
                        f"lowering the requirement costs {pay}, you have {game.coins[seat]}")
                else:
                    cost = cat.colonies[stack[0]].cost
                    if game.coins[seat] - pay + p9 < cost:
                        b = {**a, "mode": "integrate", **({"pay": pay} if pay else {})}
                        add(b, "cannot_afford", f"integrating costs {cost}, you have "
                            f"{game.coins[seat] - pay + p9}")
    elif step == STATUE:
        has_tile = any(game.tiles[seat])
        for space, placed in zip(cat.statues, game.statues[seat], strict=True):
            if placed is not None:
                continue
            a = {"type": "statue", "space": space.space, "tile": "yellow", "side": "points"}
            if not has_tile:
                add(a, "illegal", "you have no unused bonus tile")
                continue
            pay = game.requirement_payment(
                seat, game.requirement_gap(seat, space.requirement, 2))
            if pay is None:
                add(a, "illegal",
                    f"needs culture {space.requirement}, you have {game.tracks[seat][2]}")
            elif pay > game.coins[seat]:
                add({**a, "pay": pay}, "cannot_afford",
                    f"lowering the requirement costs {pay}, you have {game.coins[seat]}")
    elif step == FEEDING:
        st = game.feeding_status(seat)
        rules = cat.rules
        if st["has_p6"]:
            if st["paid"] >= rules.eff("P6", "max_cards"):
                add({"type": "feed_pay"}, "illegal", "P6 allows at most "
                    f"{rules.eff('P6', 'max_cards')} payments per feeding")
            elif st["coins"] < rules.eff("P6", "coins_per_card"):
                add({"type": "feed_pay"}, "cannot_afford",
                    f"paying costs {rules.eff('P6', 'coins_per_card')}, you have {st['coins']}")
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
                add(a, "illegal", f"at most {most} {kind} medals per game")
            elif cost > st["coins"]:
                add(a, "cannot_afford", f"costs {cost} coins, you have {st['coins']}")
            elif kind == "silver" and not any(t > 0 for t in st["tiles"]):
                add(a, "illegal", "you have no unused bonus tile")
    return out


def options(game: Game, seat: int) -> list[dict[str, Any]]:
    """Legal actions with labels, then the unavailable natural options with reasons."""
    legal = [{"action": a, "label": label(game, seat, a), "legal": True}
             for a in game.legal_actions(seat)]
    return legal + unavailable(game, seat)


def _safe_label(game: Game, seat: int, a: Action) -> str | None:
    """The requested action's own label, when it names things that exist."""
    try:
        return label(game, seat, a)
    except (KeyError, ValueError, IndexError, TypeError):
        return None


def explain_illegal(game: Game, seat: int, a: Action) -> HadaraError:
    """The most specific refusal for an action that is not in ``legal_actions``."""
    if any(isinstance(v, list | dict | set) for v in a.values()):  # unhashable: malformed
        return IllegalAction("An action's values must be plain strings and numbers.")
    t = a.get("type")
    allowed = _STEP_TYPES.get(game.step, set())
    if t not in allowed:
        return IllegalAction(f"'{t}' is not a choice during {_STEP_NAMES.get(game.step)}.")
    for opt in unavailable(game, seat):
        o = opt["action"]
        # A statue reason holds for every tile and side; a colony level's (not cost) reason
        # for both modes.
        loose = {"tile", "pay", "side"}
        if o["type"] == "colony" and opt["code"] != "cannot_afford":
            loose.add("mode")
        if all(a.get(k) == v for k, v in o.items() if k not in loose):
            cls = CannotAfford if opt["code"] == "cannot_afford" else IllegalAction
            return cls(f"{_safe_label(game, seat, a) or opt['label']}: {opt['reason']}.")
    if t in ("draft", "take", "feed_remove"):
        if a.get("card") not in game.catalog.cards:
            return IllegalAction(f"There is no card {a.get('card')!r}.")
        where = {"draft": "in your hand", "take": "on top of a discard pile",
                 "feed_remove": "in your tableau"}[t]
        card = game.catalog.cards[a["card"]]
        legal_cards = {x.get("card") for x in game.legal_actions(seat)}
        if a["card"] not in legal_cards:
            return IllegalAction(f"{card.name} is not {where}.")
        if a.get("mode") not in ("buy", "sell") and t != "feed_remove":
            return IllegalAction("Choose 'buy' or 'sell'.")
        if card.effect_id == "P2" and a.get("mode") == "buy":
            return IllegalAction(f"Buying {card.name} needs one of your unused bonus tiles "
                                 "(or none if you have none left).")
    if t in ("colony", "statue") and "pay" in a:
        return IllegalAction("The payment must be exactly what closes the requirement gap "
                             "(3 coins per point, P15).")
    return IllegalAction("That is not a legal choice now.")
