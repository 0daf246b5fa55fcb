"""Acting ahead on the page (docs/web.md, "Acting"): what the seat may queue while it waits
(``hadara.ahead``: a Phase-B take, a colony, a statue), as the Discord queue panel offers it
(``GameService.queue_panel``), and the plan it queued, in words (``bot.plan_words``). Each
plan is posted to ``/g/{game}/act`` with ``do=queue`` and the position token the panel got
(a plan made on a page the game has since left is refused, ``queue_moved_on``)."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from bot.plan_words import colony_choices, plan_text, statue_pairs, statue_spaces
from bot.service.screens import QueueState, offered
from hadara import ahead as plans
from hadara.words import card_name, colour_name
from i18n import speaking

from .choices import Acting
from .pieces import t

MODES = ("buy_else_sell", "buy_only", "sell")


def _form(fid: str, acting: Acting, token: str, inner: str) -> str:
    return (f'<form id="{fid}" class="act plan" method="post" action="{escape(acting.action)}">'
            f'<input type="hidden" name="csrf" value="{escape(acting.csrf)}">'
            f'<input type="hidden" name="do" value="queue">'
            f'<input type="hidden" name="token" value="{escape(token)}">{inner}</form>')


def _button(fid: str, value: str, text: str) -> str:
    return (f'<button type="submit" form="{fid}" name="plan" value="{escape(value)}" '
            f'class="choice">{escape(text)}</button>')


def plan_box(queue: QueueState | None, locale: str, acting: Acting | None) -> str:
    """The "Plan ahead" box, or nothing when nothing can be queued and nothing is."""
    if queue is None or acting is None or queue.status != "active":
        return ""
    kinds = offered(queue.options)
    if not kinds and not queue.queued:
        return ""
    with speaking(locale):
        queued = plan_text(queue.queued, lambda cid: card_name(queue.catalog, cid, locale))
        colony = [(v, label) for v, label, _ in colony_choices(kinds[plans.COLONY])] \
            if plans.COLONY in kinds else []
        modes = {m: t(locale, f"ahead.mode.{m}") for m in MODES}
        sides = {s: t(locale, f"ahead.side.{s}") for s in ("colour", "points")}
    parts = [f'<p>{t(locale, "web.ahead.queued", plan=queued)}</p>']
    pb = kinds.get(plans.PHASE_B)
    if pb is not None:
        parts.append(_phase_b(pb, locale, acting, queue, modes))
    if colony:
        buttons = "".join(_button("plan-colony", f"colony:{v}", label) for v, label in colony)
        parts.append(_form("plan-colony", acting, queue.token,
                           f'<p class="label">{t(locale, "web.ahead.colony")}</p>'
                           f'<div class="acts">{buttons}</div>'))
    st = kinds.get(plans.STATUE)
    if st is not None:
        buttons = "".join(
            _button("plan-statue", f"statue:{space}.{tile}.{side}",
                    translate_plan(locale, space, tile, side, sides))
            for space in statue_spaces(st) for tile, side in statue_pairs(st, space))
        buttons += _button("plan-statue", "statue:skip", t(locale, "ahead.option.skip_statue"))
        parts.append(_form("plan-statue", acting, queue.token,
                           f'<p class="label">{t(locale, "web.ahead.statue")}</p>'
                           f'<div class="acts">{buttons}</div>'))
    if queue.queued:
        parts.append(_form("plan-withdraw", acting, queue.token,
                           _button("plan-withdraw", "withdraw", t(locale, "web.ahead.withdraw"))))
    return (f'<div class="ahead"><h3>{t(locale, "web.ahead")}</h3>'
            f'<p class="note">{t(locale, "ahead.intro")}</p>{"".join(parts)}</div>')


def translate_plan(locale: str, space: int, tile: str, side: str,
                   sides: Mapping[str, str]) -> str:
    return t(locale, "ahead.plan.statue", space=space, tile=colour_name(tile, locale),
             side=sides.get(side, side))


def _phase_b(pb: Mapping[str, Any], locale: str, acting: Acting, queue: QueueState,
             modes: Mapping[str, str]) -> str:
    """Phase B: up to three cards in order of preference and what to do with them."""
    cards = [c for c in pb.get("cards") or []]
    options = "".join(
        f'<option value="{escape(str(c["card"]))}">'
        f'{escape(card_name(queue.catalog, c["card"], locale))} · '
        f'{t(locale, "ahead.option.card.desc", buy=c.get("buy"), sell=c.get("sell"))}</option>'
        for c in cards)
    none = f'<option value="">{t(locale, "web.ahead.no.card")}</option>'
    selects = "".join(
        f'<label class="pay">{t(locale, "web.ahead.rank", rank=i + 1)} '
        f'<select name="card">{"" if i == 0 else none}{options}</select></label>'
        for i in range(min(3, len(cards))))
    mode = "".join(f'<option value="{m}">{escape(text)}</option>' for m, text in modes.items())
    return _form("plan-phase-b", acting, queue.token,
                 f'<p class="label">{t(locale, "web.ahead.phase.b")}</p>{selects}'
                 f'<label class="pay">{t(locale, "web.ahead.mode")} <select name="mode">'
                 f"{mode}</select></label>"
                 f'<button type="submit" class="choice" name="plan" value="phase_b">'
                 f'{t(locale, "web.ahead.queue")}</button>')
