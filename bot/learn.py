"""Learning games (``/hadara learn``): which rule to explain now, and gentle mistake notes.

Pure logic, no Discord: the cog (``cogs/learn.py``) feeds it the service's updates and the
learner's view, posts what it returns and stores the topics seen (user setting ``learned``).

* :class:`Tutor` turns one update (its public events, the learner's private events, the
  decisions it waits for, the final scores) plus the learner's view (its decision
  ``context``) into :class:`Lesson` s: each topic at most once, the first time it matters to
  the learner, never by scripted positions. Topics are the ``/hadara rules`` topics
  (``cogs.game.RULE_TOPICS``) plus one per purple effect (``P1`` … ``P15``); each names its
  rule id in docs/rules.md.
* :func:`mistake` rates the learner's action with the post-game review's greedy measure
  (:mod:`hadara.ai.review`: the evaluation of the seat's position after each legal action,
  from the seat's view) and returns a :class:`Note` when it lost at least ``threshold``
  points against the AI's choice.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hadara.ai.base import Action, View, mix, viewer
from hadara.ai.evaluation import Evaluator
from hadara.ai.greedy import _changes, evaluator
from hadara.ai.review import REVIEW_SEED, _greedy_values
from hadara.content import Catalog, default_catalog
from hadara.determinise import determinise
from hadara.effects import effect_name, effect_text
from hadara.engine import Game
from hadara.options import label
from hadara.rng import Rng
from hadara.state import WHEEL
from hadara.views import view as seat_view
from hadara.words import card_name, colour_name
from i18n import t

#: Topic -> its rule id in docs/rules.md (purple effects are their own ids, ``P1`` …).
TOPIC_RULES: dict[str, str] = {
    "wheel": "R-A1", "draft": "R-A2", "discount": "R-A3", "selling": "R-A3",
    "phase_b": "R-B1", "income": "E1", "colonies": "E2", "statues": "E3", "feeding": "F1",
    "medals": "M1", "scoring": "G1",
}
PURPLE = tuple(f"P{i}" for i in range(1, 16))
#: Every topic a learning game can explain, in rule-book order.
TOPICS: tuple[str, ...] = (*TOPIC_RULES, *PURPLE)
#: A learner's action this many points (greedy measure) below the AI's choice gets a note.
MISTAKE_THRESHOLD = 3.0
#: The user setting that keeps the topics met, and the one that turns notes off.
LEARNED_KEY = "learned"
NOTES_KEY = "learn_notes"


def rule_of(topic: str) -> str:
    return TOPIC_RULES.get(topic, topic)


@dataclass(frozen=True)
class Lesson:
    """One explanation: the topic, its rule id, the catalog key and its parameters."""

    topic: str
    rule: str
    key: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Note:
    """A gentle mistake note: what was chosen, what the AI prefers and why. ``loss`` (the
    greedy measure's points) decides whether a note is due; the note itself says it in words
    ("a stronger choice here was …"), never as an evaluation number."""

    loss: float
    taken: str
    best: str
    reason: str
    decision: str | None = None

    @property
    def key(self) -> str:
        return "learn.note"

    @property
    def params(self) -> dict[str, Any]:
        return {"taken": self.taken, "best": self.best, "reason": self.reason}


def learned(settings: Mapping[str, Any]) -> list[str]:
    """The topics a user has met, from their settings (unknown entries dropped)."""
    raw = settings.get(LEARNED_KEY) or []
    return [x for x in raw if isinstance(x, str) and x in TOPICS] if isinstance(raw, list) \
        else []


def notes_on(settings: Mapping[str, Any]) -> bool:
    return settings.get(NOTES_KEY, True) is not False


class Tutor:
    """The explanations due for one learner, given what they have seen (mutable: remembers
    what it already returned)."""

    def __init__(self, seat: int, seen: Iterable[str] = (), catalog: Catalog | None = None,
                 players: Sequence[str] = ()) -> None:
        self.seat = seat
        self.seen: set[str] = set(seen)
        self.catalog = catalog or default_catalog()
        self.players = list(players)

    def lessons(self, update: Any, view: Mapping[str, Any] | None = None) -> list[Lesson]:
        """The lessons to show now for ``update`` (a ``bot.service.Update`` or anything with
        ``public``, ``private``, ``waiting``, ``over``, ``scores``), in order. ``view``: the
        learner's view now (its ``private.context`` describes the decision they face)."""
        out: list[Lesson] = []

        def add(topic: str, key: str | None = None, **params: Any) -> None:
            if topic in self.seen:
                return
            self.seen.add(topic)
            out.append(Lesson(topic, rule_of(topic), key or f"learn.lesson.{topic}", params))

        mine = list((getattr(update, "private", None) or {}).get(self.seat, []))
        for ev in [*getattr(update, "public", []), *mine]:
            kind = ev.get("kind")
            if kind == "income":
                got = next((i for i in ev.get("incomes", []) if i.get("seat") == self.seat),
                           None)
                if got is not None:
                    add("income", coins=got["income"] + got.get("bonus", 0))
            elif kind == "sold_privately" or (kind == "took" and ev.get("seat") == self.seat
                                              and ev.get("mode") == "sell"):
                add("selling", coins=ev.get("coins", 0))
        kinds = [w.kind for w in getattr(update, "waiting", []) if w.seat == self.seat]
        ctx = ((view or {}).get("private") or {}).get("context") or {}
        if kinds and ctx.get("kind") == kinds[0]:
            self._decision(kinds[0], ctx, add)
        elif kinds:
            self._decision(kinds[0], {}, add)
        if getattr(update, "over", False):
            row = next((r for r in getattr(update, "scores", None) or []
                        if r.get("seat") == self.seat), None)
            if row is not None:
                add("scoring", **{k: row.get(k, 0) for k in (
                    "colonies", "statues", "silver_medals", "gold_medals", "cards",
                    "purple_sets", "coins", "total", "rank")})
        return out

    def _decision(self, kind: str, ctx: Mapping[str, Any], add: Any) -> None:
        cat = self.catalog
        if kind == "wheel":
            add("wheel", options=len(ctx.get("options", [])) or 5)
        elif kind in ("draft", "phase_b"):
            if kind == "draft":
                add("draft", colour=colour_name(ctx.get("deck_colour") or "?"))
            else:
                add("phase_b")
            cards = list(ctx.get("cards", []))
            for c in cards:
                card = cat.cards.get(c.get("card", ""))
                if card is not None and card.effect is not None:
                    eid = card.effect.id
                    add(eid, "learn.lesson.purple", id=eid, card=card_name(cat, card.id),
                        name=effect_name(card.effect), text=effect_text(card.effect, cat))
            for c in cards:
                card = cat.cards.get(c.get("card", ""))
                if card is not None and c.get("buy") is not None and c["buy"] < card.cost:
                    add("discount", card=card_name(cat, card.id), cost=card.cost,
                        price=c["buy"], colour=colour_name(card.colour))
                    break
            for c in cards:
                card = cat.cards.get(c.get("card", ""))
                if card is not None and not c.get("can_buy", True):
                    add("selling", coins=c.get("sell", 0))
                    break
        elif kind == "colony":
            level = next((lv for lv in ctx.get("levels", []) if lv.get("reachable")), None)
            top = (level or {}).get("top") or {}
            add("colonies", level=(level or {}).get("level", "?"),
                plunder=top.get("plunder", "?"), cost=top.get("cost", "?"),
                military=ctx.get("military", "?"))
        elif kind == "statue":
            space = next((s for s in ctx.get("spaces", []) if s.get("reachable")), None)
            add("statues", requirement=(space or {}).get("requirement", "?"),
                steps=(space or {}).get("colour_steps", "?"),
                points=(space or {}).get("points_side_points", "?"),
                culture=ctx.get("culture", "?"))
        elif kind == "feeding":
            add("feeding", count=ctx.get("count", "?"), food=ctx.get("food", "?"),
                remove=ctx.get("must_remove", "?"))
        elif kind == "medals":
            add("medals", silver=(ctx.get("silver") or {}).get("price", "?"),
                gold=(ctx.get("gold") or {}).get("price", "?"))


def _norm(action: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in action.items() if not (k == "pay" and v == 0)}


def mistake(game: Game, seat: int, action: Mapping[str, Any], decision: str | None = None,
            threshold: float = MISTAKE_THRESHOLD) -> Note | None:
    """A note when ``action`` (taken by ``seat`` in ``game``, the position before it) is at
    least ``threshold`` points below the AI's choice by the review's greedy measure (the
    seat's own view only); None otherwise, for forced decisions and for the wheel."""
    legal = game.legal_actions(seat)
    if len(legal) <= 1 or game.step == WHEEL:
        return None
    want = _norm(action)
    taken = next((i for i, a in enumerate(legal) if _norm(a) == want), None)
    if taken is None:
        return None
    ev = evaluator(game.catalog)
    mine = seat_view(game, seat)
    values = _greedy_values(ev, mine, legal, Rng(mix(REVIEW_SEED, seat, game.version)))
    best = max(range(len(legal)), key=lambda i: (values[i], -i))
    loss = values[best] - values[taken]
    if loss < threshold:
        return None
    return Note(round(loss, 1), label(game, seat, legal[taken]), label(game, seat, legal[best]),
                because(ev, mine, legal[best], Rng(mix(REVIEW_SEED, seat, game.version))),
                decision)


def because(ev: Evaluator, mine: View, action: Action, rng: Rng) -> str:
    """Why the stronger choice is stronger, in a player's words: what it does now ("of what
    it does now: military +1, +2 coins"), or that it sets up what comes next when it changes
    nothing at once. Never the evaluation's numbers."""
    g = determinise(mine, rng, ev.cat)
    seat = viewer(mine)
    ctx = ev.ctx(g, seat)
    pos = ev.pos(g, seat, ctx)
    what = _changes(pos, ev.after(g, seat, pos, action))
    if what == t("engine.hint.nothing"):
        return t("learn.because.later")
    return t("learn.because.gain", what=what)


def _purple(topic: str) -> bool:
    return topic.startswith("P") and topic[1:].isdigit()


def topic_name(topic: str) -> str:
    """A topic's name as ``/hadara rules`` calls it (purple effects by their effect's name,
    "purple effect: Feed with coins")."""
    if _purple(topic):
        return t("learn.purple_name", name=effect_name(topic))
    return t(f"rules.name.{topic}")


def lesson_title(topic: str) -> str:
    """A lesson's title in a player's words ("How the wheel works", "Purple card: Feed with
    coins"), never a rule id: the ids are for docs/rules.md, not for the table."""
    if _purple(topic):
        return t("learn.title.purple", name=effect_name(topic))
    return t(f"learn.title.{topic}")
