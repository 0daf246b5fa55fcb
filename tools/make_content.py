"""Writes the reconstructed content set into data/*.json.

The printed values of Hadara are not public (see data/README.md). This script is the one place
where the reconstruction's formulas live, so a retune is a reviewed diff here plus the JSON it
writes. Once an owner replaces the JSON with printed values, this script is no longer needed.

Run: python tools/make_content.py
"""

from __future__ import annotations

import json
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data"
TRACK_OF = {"yellow": "income", "red": "military", "blue": "culture", "green": "food"}
EPOCH_TAG = {1: "I", 2: "II", 3: "III"}

NAMES = {
    "yellow": ["Trader", "Weaver", "Potter", "Money Changer", "Caravan Master", "Goldsmith",
               "Spice Merchant", "Tax Collector", "Banker", "Guild Master"],
    "red": ["Slinger", "Spearman", "Archer", "Watchman", "Charioteer", "Horseman",
            "Shield Bearer", "Captain", "Siege Engineer", "General"],
    "blue": ["Scribe", "Storyteller", "Musician", "Astronomer", "Poet", "Scholar",
             "Sculptor", "Philosopher", "Architect of Temples", "High Priest"],
    "green": ["Gatherer", "Fisher", "Shepherd", "Farmer", "Beekeeper", "Vintner",
              "Miller", "Irrigator", "Granary Keeper", "Gardener"],
}
SECOND = {"yellow": "food", "red": "income", "blue": "food", "green": "income"}

# (cost, primary steps, secondary steps, points) for the 10 cards of one colour in one epoch.
# Value rises with cost and epoch; later epochs give more points per coin (content-guide.md).
PROFILES = {
    1: [(1, 1, 0, 1), (1, 1, 0, 1), (2, 1, 1, 1), (2, 2, 0, 1), (2, 1, 0, 2),
        (3, 2, 0, 2), (3, 2, 1, 2), (3, 1, 1, 3), (4, 2, 1, 3), (4, 3, 0, 3)],
    2: [(4, 2, 0, 4), (4, 1, 1, 5), (5, 2, 1, 5), (5, 3, 0, 5), (5, 2, 0, 6),
        (6, 3, 0, 6), (6, 2, 1, 7), (6, 3, 1, 6), (7, 3, 1, 7), (7, 4, 0, 7)],
    3: [(7, 3, 0, 8), (7, 2, 1, 9), (8, 3, 1, 9), (8, 4, 0, 9), (8, 3, 0, 10),
        (8, 2, 1, 11), (9, 4, 0, 11), (9, 3, 1, 11), (9, 4, 1, 10), (9, 3, 0, 12)],
}

PURPLE_NAMES = {
    "P1": "Broker", "P2": "Artisan", "P3": "Patron", "P4": "Stonemason", "P5": "Herald",
    "P6": "Quartermaster", "P7": "Steward", "P8": "Vizier", "P9": "Admiral",
    "P10": "Silversmith", "P11": "Ambassador", "P12": "Chronicler", "P13": "Governor",
    "P14": "Strategist", "P15": "Emissary",
}
P3_NAMES = {"yellow": "Patron of Trade", "red": "Patron of Arms", "blue": "Patron of Arts",
            "green": "Patron of Harvest"}

# Per epoch 14 purple cards: (effect, parameter, cost, gains, points, advanced).
# Four starred (advanced) cards per epoch; every effect appears at least once in each game mode.
PURPLE = {
    1: [("P1", None, 1, {}, 2, False), ("P2", None, 2, {}, 1, False),
        ("P3", "yellow", 2, {}, 1, False), ("P3", "red", 2, {}, 1, False),
        ("P3", "blue", 2, {}, 1, False), ("P3", "green", 2, {}, 1, False),
        ("P6", None, 2, {"food": 1}, 1, False), ("P7", None, 4, {}, 1, False),
        ("P8", None, 3, {}, 2, False), ("P9", None, 3, {"military": 1}, 1, False),
        ("P14", None, 4, {}, 2, True), ("P15", None, 3, {}, 2, True),
        ("P12", None, 3, {}, 2, True), ("P13", None, 4, {}, 2, True)],
    2: [("P1", None, 4, {"income": 1}, 4, False), ("P2", None, 5, {}, 4, False),
        ("P3", "yellow", 5, {}, 4, False), ("P3", "blue", 5, {}, 4, False),
        ("P4", None, 5, {"culture": 1}, 3, False),
        ("P5", ((3, 7, 16), (5, 10, 24)), 4, {}, 4, False),
        ("P6", None, 5, {"food": 1}, 3, False), ("P7", None, 7, {"food": 1}, 3, False),
        ("P10", None, 6, {}, 5, False), ("P11", None, 6, {}, 4, False),
        ("P13", None, 6, {"military": 1}, 4, False), ("P14", None, 7, {}, 5, False),
        ("P12", None, 6, {}, 5, True), ("P15", None, 6, {"culture": 1}, 4, True)],
    3: [("P2", None, 7, {}, 8, False), ("P3", "red", 7, {}, 8, False),
        ("P3", "green", 7, {}, 8, False), ("P4", None, 8, {"culture": 1}, 8, False),
        ("P5", ((2, 6, 14), (4, 8, 20)), 7, {}, 8, False), ("P8", None, 8, {}, 9, False),
        ("P9", None, 8, {"military": 1}, 8, False), ("P10", None, 8, {}, 9, False),
        ("P11", None, 9, {}, 10, False), ("P12", None, 8, {}, 10, False),
        ("P1", None, 7, {"income": 1}, 8, True), ("P7", None, 9, {"food": 1}, 8, True),
        ("P11", None, 9, {}, 10, True), ("P15", None, 9, {}, 11, True)],
}


def cards() -> list[dict]:
    out: list[dict] = []
    for epoch, profile in PROFILES.items():
        tag = EPOCH_TAG[epoch]
        for colour, names in NAMES.items():
            for i, (cost, main, second, points) in enumerate(profile):
                gains = {TRACK_OF[colour]: main}
                if second:
                    gains[SECOND[colour]] = gains.get(SECOND[colour], 0) + second
                rec = {
                    "id": f"{tag}-{colour[0].upper()}{i + 1:02d}",
                    "name": names[i],
                    "epoch": epoch,
                    "colour": colour,
                    "cost": cost,
                    "gains": gains,
                    "points": points,
                    "effect": None,
                    "advanced": False,
                    "provenance": "estimated",
                }
                out.append(rec)
        for i, (eff, param, cost, gains, points, adv) in enumerate(PURPLE[epoch]):
            effect: dict = {"id": eff}
            name = PURPLE_NAMES[eff]
            if eff == "P3":
                effect["colour"] = param
                name = P3_NAMES[param]
            if eff == "P5":
                effect["silver"], effect["gold"] = list(param[0]), list(param[1])
            out.append({
                "id": f"{tag}-P{i + 1:02d}",
                "name": name,
                "epoch": epoch,
                "colour": "purple",
                "cost": cost,
                "gains": dict(gains),
                "points": points,
                "effect": effect,
                "advanced": adv,
                "provenance": "estimated",
            })
    # The one card whose values a source prints (content-guide.md): blue, culture +2, food +1,
    # 2 victory points. Epoch I blue #7 is made to match it.
    for rec in out:
        if rec["id"] == "I-B07":
            rec.update(gains={"culture": 2, "food": 1}, points=2, cost=3,
                       provenance="secondary")
    return out


# Per level: fronts as (plunder coins, integration cost, front points, tiles with this front),
# and five backs (gains, back points). Several tiles share a front so it hides the back.
COLONY_LEVELS = {
    3: ([(4, 1, 1, 3), (5, 1, 1, 2)],
        [({"income": 1, "food": 1}, 2), ({"military": 1, "culture": 1}, 2),
         ({"food": 2}, 2), ({"culture": 1}, 3), ({"income": 1}, 3)]),
    9: ([(7, 2, 2, 3), (8, 2, 2, 2)],
        [({"income": 1, "food": 2}, 4), ({"culture": 2, "food": 1}, 4),
         ({"military": 2, "income": 1}, 4), ({"food": 2}, 5), ({"culture": 1, "income": 1}, 5)]),
    15: ([(10, 2, 4, 3), (11, 3, 4, 2)],
         [({"income": 2, "food": 2}, 6), ({"culture": 2, "food": 2}, 6),
          ({"military": 2, "culture": 2}, 6), ({"food": 3}, 8), ({"income": 2}, 8)]),
    21: ([(13, 3, 6, 3), (14, 3, 6, 2)],
         [({"income": 2, "food": 3}, 9), ({"culture": 3, "food": 2}, 9),
          ({"military": 3, "income": 2}, 9), ({"food": 3}, 11), ({"culture": 3}, 11)]),
    30: ([(17, 3, 9, 3), (18, 4, 9, 2)],
         [({"income": 3, "food": 3}, 13), ({"culture": 3, "food": 3}, 13),
          ({"military": 3, "culture": 3}, 13), ({"food": 4}, 15), ({"income": 3}, 15)]),
}


def colonies() -> list[dict]:
    out = []
    for level, (fronts, backs) in COLONY_LEVELS.items():
        tiles = [f[:3] for f in fronts for _ in range(f[3])]
        for i, ((plunder, cost, fpts), (gains, bpts)) in enumerate(zip(tiles, backs, strict=True)):
            out.append({
                "id": f"C{level:02d}-{i + 1}",
                "requirement": level,
                "front": {"plunder": plunder, "cost": cost, "points": fpts},
                "back": {"gains": gains, "points": bpts},
                "provenance": "estimated",
            })
    return out


def statues() -> list[dict]:
    # (requirement, statue points, steps of a colour-side tile, extra points of a points-side
    # tile). Requirements 6/12/20/30 and the points-side values 2/3/4/6 come from single
    # secondary sources (a review; a public player aid); statue points and steps are ours.
    rows = [(6, 3, 1, 2), (12, 6, 2, 3), (20, 10, 2, 4), (30, 15, 3, 6)]
    return [{"space": i + 1, "requirement": req, "points": pts, "steps": steps,
             "extra_points": extra, "provenance": {"requirement": "secondary",
                                                   "points": "estimated", "steps": "estimated",
                                                   "extra_points": "secondary"}}
            for i, (req, pts, steps, extra) in enumerate(rows)]


def setup_cards() -> list[dict]:
    # (coins, income, military, culture, food) per side. Side A is the same on every card and
    # side B is "more specialised" at about the same worth: greedy self-play (python -m hadara
    # balance) showed that any edge given to later initiatives (even +1 food) outweighed the
    # R-S5 extra coin and the first player's turns, putting seats 7-15 points off a fair share;
    # the turn order and R-S5 already balance each other within a few points.
    sides = {
        1: ((8, 2, 1, 2, 3), (8, 1, 3, 1, 3)),
        2: ((8, 2, 1, 2, 3), (8, 1, 1, 3, 3)),
        3: ((8, 2, 1, 2, 3), (7, 3, 1, 1, 3)),
        4: ((8, 2, 1, 2, 3), (8, 1, 1, 1, 5)),
        5: ((8, 2, 1, 2, 3), (9, 1, 2, 2, 3)),
    }
    out = []
    for init, (a, b) in sides.items():
        def side(v: tuple[int, ...]) -> dict:
            return {"coins": v[0], "tracks": {"income": v[1], "military": v[2],
                                              "culture": v[3], "food": v[4]}}
        out.append({"id": f"S{init}", "initiative": init, "A": side(a), "B": side(b),
                    "provenance": {"initiative": "rules", "values": "estimated"}})
    return out


def rules() -> dict:
    return {
        "provenance": "rules",
        "sell_values": [2, 3, 4],
        "silver_costs": [4, 9, 20],
        "gold_costs": [6, 12, 30],
        "max_silver": 2,
        "max_gold": 2,
        "gold_set_points": 7,
        "coins_per_point": 5,
        "colony_levels": [3, 9, 15, 21, 30],
        "bonus_tiles_per_colour": 2,
        "cards_per_colour": 10,
        "purple_cards": 14,
        "draw_per_player": 2,
        "effects": {
            "P1": {"coins": 1}, "P2": {"steps": 2}, "P3": {"steps": 1}, "P4": {"steps": 2,
                                                                                "points": 2},
            "P6": {"coins_per_card": 2, "max_cards": 6}, "P7": {"coins_per_food": 3, "max": 12},
            "P8": {"coins_per_track": 2}, "P9": {"coins": 4}, "P11": {"points_per_set": 4},
            "P14": {"reduction": 4}, "P15": {"coins_per_point": 3, "max_coins": 30},
        },
    }


def dump(content: list | dict) -> str:
    """One record per line: easy to read, diff and edit by hand."""
    if isinstance(content, list):
        rows = ",\n ".join(json.dumps(r, ensure_ascii=False) for r in content)
        return f"[\n {rows}\n]\n"
    return json.dumps(content, indent=1, ensure_ascii=False) + "\n"


def main() -> None:
    files = {"cards.json": cards(), "colonies.json": colonies(), "statues.json": statues(),
             "setup_cards.json": setup_cards(), "rules.json": rules()}
    for name, content in files.items():
        (DATA / name).write_text(dump(content))
        print("wrote", DATA / name)


if __name__ == "__main__":
    main()
