"""Words for engine events: the game log a Hadara player can follow (CLI demo, bot threads).

Events are structured data; this module is the one place that turns them into English.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .content import TRACKS

if TYPE_CHECKING:
    from .content import Catalog

EPOCH = {1: "I", 2: "II", 3: "III"}


def _card(cat: Catalog, cid: str) -> str:
    c = cat.cards[cid]
    return f"{c.name} ({c.colour})"


def _gains(gains: list[int] | tuple[int, ...]) -> str:
    return ", ".join(f"{TRACKS[i]} +{g}" for i, g in enumerate(gains) if g) or "nothing"


def describe(event: dict[str, Any], players: list[str], cat: Catalog) -> list[str]:
    """Lines for one public event (empty for events not worth a line)."""
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
                act = f"buys {_card(cat, c['card'])} for {c['cost']}{extra}"
            else:
                act = f"sells a {c['colour']} card for {c['coins']}"
            lines.append(f"  {who} {act}; {disc}.")
        return lines
    if k == "phase_b_started":
        return [f"Phase B of epoch {EPOCH[event['epoch']]}: take the discards in play order."]
    if k == "took":
        who = P[event["seat"]]
        if event["mode"] == "buy":
            return [f"  {who} takes and buys {_card(cat, event['card'])} for {event['cost']}."]
        return [f"  {who} takes and sells {_card(cat, event['card'])} for {event['coins']}."]
    if k == "income":
        parts = [f"{P[i['seat']]} +{i['income'] + i['bonus']}" for i in event["incomes"]]
        return [f"Income: {', '.join(parts)}."]
    if k == "colony_taken":
        who = P[event["seat"]]
        pay = f" (paying {event['pay']} to lower the requirement)" if event["pay"] else ""
        if event["mode"] == "plunder":
            return [f"  {who} plunders a level-{event['level']} colony for "
                    f"{event['front'][1]} coins{pay}."]
        return [f"  {who} integrates a level-{event['level']} colony: "
                f"{_gains(event['back_gains'])}, {event['back_points']} points{pay}."]
    if k == "statue_carved":
        who = P[event["seat"]]
        if event["side"] == "colour":
            return [f"  {who} carves statue {event['space']} with a {event['tile']} tile "
                    f"(+{event['steps']} on that track)."]
        return [f"  {who} carves statue {event['space']} with a tile on its points side."]
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
            lines.append(f"  {P[r['seat']]}: " + ("; ".join(bits) if bits else "fed."))
        return lines
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
    return []
