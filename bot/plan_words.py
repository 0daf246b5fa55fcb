"""A queued plan (acting ahead, ``hadara.ahead``) and its choices in words, the same for every
front end (the Discord queue panel, the web page), in the language being spoken."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.messages import t
from bot.storage.base import JSONObject
from hadara import ahead as plans
from hadara.words import colour_name


def plan_text(plan: JSONObject | None, name: Callable[[str], str] = str) -> str:
    """A queued plan in words ("Phase B — Oasis › Camel: buy, else sell")."""
    if not plan:
        return t("ahead.queued.none")
    kind = plan.get("kind")
    if kind == plans.PHASE_B:
        cards = " › ".join(name(c) for c in plan.get("cards") or [])
        return t("ahead.plan.phase_b", cards=cards, mode=t(f"ahead.mode.{plan.get('mode')}"))
    if kind == plans.COLONY:
        if plan.get("level") is None:
            return t("ahead.plan.colony_skip")
        return t("ahead.plan.colony", level=plan["level"],
                 mode=t(f"ahead.mode.{plan.get('mode')}"))
    if kind == plans.STATUE:
        if plan.get("space") is None:
            return t("ahead.plan.statue_skip")
        return t("ahead.plan.statue", space=plan["space"], tile=colour_name(plan.get("tile")),
                 side=t(f"ahead.side.{plan.get('side')}"))
    return t("ahead.queued.none")


def pay_text(pay: object) -> str:
    return t("ahead.pay", pay=pay) if pay else ""


def colony_choices(col: Mapping[str, Any]) -> list[tuple[str, str, str | None]]:
    """(value, label, description) of the colony select: each legal level and mode, and no
    colony."""
    tops = {lv["level"]: lv.get("top") or {} for lv in col.get("levels") or []}
    out: list[tuple[str, str, str | None]] = []
    for a in col.get("legal") or []:
        if a.get("type") != "colony":
            continue
        level, mode = a.get("level"), a.get("mode")
        top = tops.get(level, {})
        desc = (t("ahead.option.colony.desc", plunder=top.get("plunder")) if mode == "plunder"
                else t("ahead.option.colony.desc_integrate", cost=top.get("cost"),
                       points=top.get("points")))
        value = f"{level}.{mode}"
        if value not in {v for v, _, _ in out}:
            out.append((value, t("ahead.option.colony", level=level,
                                 mode=t(f"ahead.mode.{mode}")), desc))
    out.append(("skip", t("ahead.option.skip_colony"), None))
    return out[:25]


def statue_spaces(st: Mapping[str, Any]) -> list[int]:
    return sorted({a["space"] for a in st.get("legal") or [] if a.get("type") == "statue"})


def statue_pairs(st: Mapping[str, Any], space: int) -> list[tuple[str, str]]:
    """(tile, side) of every legal statue on ``space``."""
    out: list[tuple[str, str]] = []
    for a in st.get("legal") or []:
        if a.get("type") == "statue" and a.get("space") == space:
            pair = (str(a.get("tile")), str(a.get("side")))
            if pair not in out:
                out.append(pair)
    return out
