"""The words of a decision panel: its title, what to decide beside the decision's picture (a
line or two: the picture shows every choice with its numbers and why one is out of reach),
every choice and every unavailable option for a panel without its picture, the labels of its
steps, its footer, the note after a choice and the catch-up since the player last acted. Every
label comes from the engine's options (``label``) or from the message catalog
(``bot.messages.t``); the rule facts (which decisions are simultaneous, which picks may be
changed) are asked of the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from bot.messages import t
from hadara.content import Catalog
from hadara.engine import CHANGEABLE, SIMULTANEOUS
from hadara.narrate import EPOCH
from hadara.types import OptionData, ViewData
from hadara.words import card_name, colour_name, track_name
from i18n import join

#: The kinds whose panel text beside the picture is one line of ``play.decide.<kind>``.
#: Kinds whose text says how to decide (the draft's picture says it already: keep one card,
#: buy or sell it, the other to the discards; its buttons name the card and the price).
DECIDE = frozenset({"setup_side", "wheel", "phase_b", "colony", "statue", "medals"})
MAX_UNAVAILABLE_LINES = 8
CATCH_UP_LINES = 4  # a phone shows the panel's first button below them


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis."""
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


def card_namer(catalog: Catalog) -> Callable[[str], str]:
    """A function naming card ids from an engine catalog (ids without one)."""
    def name(cid: str) -> str:
        return card_name(catalog, cid)  # in the language being spoken

    return name


def option_label(option: OptionData, picked: bool) -> str:
    """An option's label on a button or a select, marked when it is the recorded pick."""
    label = option.get("label") or t("play.option")
    return t("play.picked_mark", label=label) if picked else label


def group_label(option: OptionData, depth: int, token: str,
                cards: Mapping[str, Mapping[str, Any]], name: Callable[[str], str]) -> str:
    """The label of a step (a button or a select's value) at ``depth`` whose first option is
    ``option``: the card, the space, the tile colour …"""
    action = option.get("action") or {}
    kind = action.get("type")
    if kind in ("draft", "take"):
        if depth == 0:
            card = cards.get(str(action.get("card"))) or {}
            return t("play.group.card", name=name(str(action.get("card"))),
                     colour=colour_name(card.get("colour", "?")), buy=card.get("buy", "?"),
                     sell=card.get("sell", "?"))
        if depth == 1:
            return t(f"play.group.{token}") if token in ("buy", "sell") else token
        return t("play.group.tile", tile=token)
    if kind == "statue":
        if depth == 0:
            params = option.get("label_params") or {}
            return t("play.group.space", space=token, requirement=params.get("requirement", "?"))
        if depth == 1:
            return t("play.group.tile", tile=token)
    if kind == "colony" and depth == 0:
        return t("play.group.colony", level=token)
    if kind == "medal" and depth == 0:
        return t(f"play.group.{token}") if token in ("silver", "gold") else token
    return token


def title(game_id: int, view: ViewData, kind: str) -> str:
    """The panel's title: the game, the epoch and the step (cut to Discord's limit by the
    layout)."""
    step = t(f"play.step.{kind}", round=int(view.get("round") or 0) + 1)
    return t("play.title", game=game_id, epoch=epoch_name(view), step=step)


def epoch_name(view: ViewData) -> str:
    return EPOCH.get(view.get("epoch") or 0, str(view.get("epoch")))


def _tracks(tracks: Mapping[str, int]) -> str:
    return join([f"{track_name(k)} +{v}" for k, v in tracks.items() if v]) or t("play.none")


def _card_lines(ctx_data: Mapping[str, Any], name: Callable[[str], str]) -> list[str]:
    lines = []
    for c in ctx_data.get("cards") or []:
        line = t("play.card.line", name=name(c["card"]), colour=colour_name(c["colour"]),
                 buy=c["buy"], sell=c["sell"])
        if c.get("tiles"):
            line += t("play.card.tiles", tiles=join([colour_name(x) for x in c["tiles"]]))
        if not c.get("can_buy"):
            line += t("play.card.cannot_afford")
        if c.get("picked"):
            line += t(f"play.card.picked_{c['picked']}")
        lines.append(line)
    return lines


def kind_lines(kind: str, view: ViewData, c: Mapping[str, Any],
               name: Callable[[str], str]) -> list[str]:
    """Every choice of a decision with its numbers, for a panel without its picture."""
    players = list(view.get("players") or [])

    def player(seat: int) -> str:
        return players[seat] if 0 <= seat < len(players) else str(seat)

    if kind == "setup_side":
        lines = [t("play.setup.intro", card=c.get("setup_card"), initiative=c.get("initiative"))]
        for s in c.get("sides") or []:
            lines.append(t("play.setup.side", side=s["side"], coins=s["coins"],
                           tracks=_tracks(s.get("tracks") or {})))
        if c.get("chosen"):
            lines.append(t("play.setup.chosen", side=c["chosen"]))
        return lines
    if kind == "wheel":
        lines = [t("play.wheel.intro")]
        for o in c.get("options") or []:
            draws = join([t("play.wheel.draw", player=player(d["seat"]),
                            colour=colour_name(d["colour"])) for d in o.get("draws") or []])
            lines.append(t("play.wheel.option", colour=colour_name(o["colour"]), draws=draws))
        return lines
    if kind == "draft":
        return [t("play.draft.intro", colour=colour_name(c.get("deck_colour")),
                  coins=c.get("coins")),
                *_card_lines(c, name)]
    if kind == "phase_b":
        return [t("play.phase_b.intro", coins=c.get("coins")), *_card_lines(c, name)]
    if kind == "colony":
        lines = [t("play.colony.intro", military=c.get("military"), coins=c.get("coins"))]
        if c.get("reduction"):
            lines.append(t("play.reduction", reduction=c["reduction"]))
        if c.get("p9_bonus"):
            lines.append(t("play.colony.p9", bonus=c["p9_bonus"]))
        if c.get("second_action"):
            lines.append(t("play.second_action"))
        for lv in c.get("levels") or []:
            top = lv.get("top")
            if top is None:
                lines.append(t("play.colony.empty", level=lv["level"]))
                continue
            line = t("play.colony.level", level=lv["level"], count=lv.get("count"),
                     plunder=top.get("plunder"), cost=top.get("cost"), points=top.get("points"))
            if not lv.get("reachable"):
                continue  # listed once, with its reason, under "Not available now"
            if lv.get("pay"):
                line += t("play.pay", pay=lv["pay"])
            lines.append(line)
        return lines
    if kind == "statue":
        tiles = join([f"{colour_name(k)} {v}" for k, v in (c.get("tiles") or {}).items() if v])
        lines = [t("play.statue.intro", culture=c.get("culture"), coins=c.get("coins"),
                   tiles=tiles or t("play.none"))]
        if c.get("reduction"):
            lines.append(t("play.reduction", reduction=c["reduction"]))
        if c.get("second_action"):
            lines.append(t("play.second_action"))
        for sp in c.get("spaces") or []:
            if not sp.get("free"):
                lines.append(t("play.statue.taken", space=sp["space"]))
                continue
            line = t("play.statue.space", space=sp["space"], requirement=sp.get("requirement"),
                     steps=sp.get("colour_steps"), points=sp.get("points"),
                     side_points=sp.get("points_side_points"))
            if not sp.get("reachable"):
                continue  # listed once, with its reason, under "Not available now"
            if sp.get("pay"):
                line += t("play.pay", pay=sp["pay"])
            lines.append(line)
        return lines
    if kind == "feeding":
        must = c.get("must_remove") or 0
        lines = [t("play.feeding.satisfied", count=c.get("count"), food=c.get("food"))
                 if c.get("satisfied") else
                 t("play.feeding.intro", count=c.get("count"), food=c.get("food"), must=must)]
        removed = [name(x["card"]) for x in c.get("cards") or [] if x.get("removed")]
        if removed:
            lines.append(t("play.feeding.removed", cards=", ".join(removed)))
        if c.get("paid"):
            lines.append(t("play.feeding.paid", count=c["paid"]))
        if any((x.get("gains") or {}).get("food") for x in c.get("cards") or []
               if x.get("removable")):
            lines.append(t("play.feeding.food_note"))
        p6 = c.get("p6") or {}
        if p6.get("has_p6"):
            lines.append(t("play.feeding.p6", cost=p6.get("cost"), coins=c.get("coins"),
                           left=p6.get("payments_left")))
        return lines
    if kind == "medals":
        s, g = c.get("silver") or {}, c.get("gold") or {}
        lines = [t("play.medals.intro", coins=c.get("coins"), silver=s.get("price"),
                   silver_left=s.get("left"), gold=g.get("price"), gold_left=g.get("left"))]
        held = s.get("tiles") or {}
        values = join([f"{colour_name(k)} {v}" for k, v in (s.get("value") or {}).items()
                       if held.get(k, 1) > 0])  # only colours a silver medal can take
        if values:
            lines.append(t("play.medals.silver_values", values=values))
        if g.get("value") is not None:
            lines.append(t("play.medals.gold_value", value=g.get("value")))
        return lines
    return []


def decide_lines(kind: str, c: Mapping[str, Any], batch: bool,
                 name: Callable[[str], str]) -> list[str]:
    """What to decide, in one or two short lines, beside the decision's picture (which shows
    every choice, its numbers and whether it is in reach): only what the picture does not
    say — the player's recorded pick, how the feeding select works."""
    if kind == "feeding":
        must = int(c.get("must_remove") or 0)
        if c.get("satisfied") or not must:
            return [t("play.feeding.satisfied", count=c.get("count"), food=c.get("food"))]
        p6 = (c.get("p6") or {}).get("can_pay")
        key = "play.decide.feeding_p6" if p6 else "play.decide.feeding"
        lines = [t(key if batch else "play.decide.feeding_one", must=must)]
        if batch and any((x.get("gains") or {}).get("food") for x in c.get("cards") or []
                         if x.get("removable")):
            lines.append(t("play.decide.feeding_food"))
        return lines
    lines = [t(f"play.decide.{kind}")] if kind in DECIDE else []
    if kind == "draft":
        for x in c.get("cards") or []:
            if x.get("picked"):
                lines.append(t("play.decide.picked", card=name(str(x["card"])),
                               mode=t(f"play.group.{x['picked']}")))
    if kind == "setup_side" and c.get("chosen"):
        lines.append(t("play.setup.chosen", side=c["chosen"]))
    return lines


def unavailable_lines(options: Iterable[OptionData]) -> list[str]:
    """The options out of reach, each with its reason, once (at most
    :data:`MAX_UNAVAILABLE_LINES`, then how many more)."""
    out: list[str] = []
    seen: set[str] = set()
    for option in options:
        if option.get("legal"):
            continue
        text = t("play.unavailable.line", label=option.get("label", ""),
                 reason=option.get("reason") or option.get("why") or "")
        if text not in seen:
            seen.add(text)
            out.append(text)
    if not out:
        return []
    more = len(out) - MAX_UNAVAILABLE_LINES
    lines = [t("play.unavailable.head"), *out[:MAX_UNAVAILABLE_LINES]]
    if more > 0:
        lines.append(t("play.unavailable.more", count=more))
    return lines


def describe_option(kind: str, c: Mapping[str, Any]
                    ) -> Callable[[OptionData], str | None]:
    """A select value's description of an option (a feeding card's points, effect, tile)."""
    cards = {x["card"]: x for x in c.get("cards") or []} if kind == "feeding" else {}

    def describe(option: OptionData) -> str | None:
        card = cards.get((option.get("action") or {}).get("card"))
        if card is None:
            return None
        bits = [t("play.feeding.points", points=card.get("points", 0))]
        if card.get("effect"):
            bits.append(t("play.feeding.effect", effect=card["effect"]))
        if card.get("p2_tile"):
            bits.append(t("play.feeding.p2_tile", tile=card["p2_tile"]))
        return " · ".join(bits)

    return describe


def loses(card: Mapping[str, Any]) -> str | None:
    """What removing a card of the feeding context loses: its gains, points, effect, tile."""
    bits = [f"{track_name(k)} {v}" for k, v in (card.get("gains") or {}).items() if v]
    if card.get("points"):
        bits.append(t("play.feeding.points", points=card["points"]))
    if card.get("effect"):
        bits.append(t("play.feeding.effect", effect=card["effect"]))
    if card.get("p2_tile"):
        bits.append(t("play.feeding.p2_tile", tile=colour_name(card["p2_tile"])))
    return t("play.feeding.loses", what=join(bits)) if bits else None


def footer(kind: str) -> str | None:
    """Whether a pick may still be changed, or stays hidden until everyone has chosen."""
    if kind in CHANGEABLE:
        return t("play.footer.changeable")
    if kind in SIMULTANEOUS:
        return t("play.footer.simultaneous")
    return None


def chosen_note(kind: str, label: str, *, pending: bool, next_step: bool) -> str:
    """The line shown after a successful click: what was chosen and what happens next.

    ``pending``: the same decision is still open (a recorded draft or setup-side pick that may
    be replaced); ``next_step``: the seat has a new decision (the next feeding removal or
    medal purchase, the next round, a P13 second action)."""
    if kind in CHANGEABLE:
        return t("play.chosen.changeable" if pending else "play.chosen.resolved", label=label)
    if kind in SIMULTANEOUS:
        return t("play.chosen.next" if next_step else "play.chosen.hidden", label=label)
    return t("play.chosen", label=label)


def catch_up_lines(lines: Sequence[str], limit: int = CATCH_UP_LINES) -> list[str]:
    """What happened since the player last acted, for the top of the panel: at most
    ``limit`` lines, in the order they happened; when cut, the latest ones (what led to this
    decision), after one line saying how many earlier ones ``/hadara history`` has."""
    clean = [line.strip() for line in lines if line.strip()]
    if not clean:
        return []
    if len(clean) <= limit:
        return [t("md.catchup.head"), *clean]
    kept = clean[-(limit - 1):]
    return [t("md.catchup.head"), t("md.catchup.earlier", count=len(clean) - len(kept)),
            *kept]
