"""bot/learn.py: the tutor's lessons (each topic once, at the step it belongs to, nothing
already seen) over whole engine games, and the mistake notes (greedy measure)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from bot import learn as L
from bot.messages import has, t
from hadara.ai.greedy import evaluator, greedy_action
from hadara.ai.review import _greedy_values
from hadara.engine import Game
from hadara.rng import Rng
from hadara.scoring import ranking
from hadara.state import OVER
from hadara.views import view as seat_view
from i18n import speaking

LEARNER = 0
#: An evaluation number ("3.1 points", "0,0") in a learner's text.
DECIMAL = re.compile(r"\d[.,]\d")


@dataclass
class W:
    seat: int
    decision_id: str
    kind: str


@dataclass
class Upd:
    public: list[dict[str, Any]] = field(default_factory=list)
    private: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    waiting: list[W] = field(default_factory=list)
    over: bool = False
    scores: list[dict[str, Any]] | None = None


def _update(game: Game, results: list[Any]) -> Upd:
    u = Upd()
    for r in results:
        u.public += r.public
        for s, evs in r.private.items():
            u.private.setdefault(s, []).extend(evs)
    if game.step == OVER:
        u.over, u.scores = True, ranking(game)
    else:
        u.waiting = [W(s, str(game.decision_ids[s]), game.step) for s in game.waiting_on()]
    return u


def updates(seed: int, players: int = 3) -> Iterator[tuple[Game, Upd]]:
    """A whole greedy game as the service would publish it: one update per AI step, forced
    decisions applied along, each with the game right after it."""
    game = Game.new([f"p{i}" for i in range(players)], "basic", seed)
    ev = evaluator(game.catalog)
    results = [game.opening, game.apply_forced()]
    while True:
        yield game, _update(game, results)
        if game.step == OVER:
            return
        seat = game.waiting_on()[0]
        legal = game.legal_actions(seat)
        results = [game.apply(seat, greedy_action(ev, game, seat, legal)), game.apply_forced()]


def run(seed: int, seen: set[str] | None = None) -> list[tuple[str, str]]:
    """(topic, step at that moment) of every lesson for the learner over a whole game."""
    tutor = L.Tutor(LEARNER, seen or ())
    out = []
    for game, u in updates(seed):
        view = seat_view(game, LEARNER) if any(w.seat == LEARNER for w in u.waiting) else None
        for lesson in tutor.lessons(u, view):
            assert lesson.rule == L.rule_of(lesson.topic)
            text = t(lesson.key, **lesson.params)  # every lesson words without a gap
            assert "?" not in text.replace("?)", ""), (lesson, text)
            out.append((lesson.topic, game.step if not u.over else "over"))
    return out


def test_every_lesson_once_at_its_step() -> None:
    got = run(1)
    topics = [x for x, _ in got]
    assert len(topics) == len(set(topics)), topics
    # every game teaches these (three players: each sets the wheel once per game)
    assert {"wheel", "draft", "phase_b", "income", "scoring"} <= set(topics), topics
    steps = dict(got)
    assert steps["wheel"] == "wheel" and steps["draft"] == "draft"
    assert steps["phase_b"] == "phase_b" and steps["scoring"] == "over"
    for topic, step in (("colonies", "colony"), ("statues", "statue"),
                        ("feeding", "feeding"), ("medals", "medals")):
        if topic in steps:
            assert steps[topic] == step
    assert any(x.startswith("P") for x in topics), topics  # purple effects as drawn
    print("lessons:", got)


def test_every_topic_is_worded() -> None:
    for topic in L.TOPIC_RULES:
        assert has(f"learn.lesson.{topic}")
    assert has("learn.lesson.purple") and has("learn.note")


def test_second_game_explains_only_what_is_new() -> None:
    first = {x for x, _ in run(1)}
    second = [x for x, _ in run(7, first)]
    assert not set(second) & first
    assert len(second) == len(set(second))
    # what was seen in both games together: exactly the union, nothing twice
    assert set(second) | first == first | {x for x, _ in run(7)}


def test_learned_and_notes_settings() -> None:
    assert L.learned({}) == []
    assert L.learned({"learned": ["wheel", "nonsense", 3, "P4"]}) == ["wheel", "P4"]
    assert L.notes_on({}) and not L.notes_on({"learn_notes": False})


def test_mistake_note_for_a_planted_bad_choice() -> None:
    """Find a learner decision where the worst legal action loses at least the threshold:
    that choice gets a note, the AI's own choice gets none."""
    planted = 0
    for game, u in updates(3):
        if not any(w.seat == LEARNER for w in u.waiting):
            continue
        legal = game.legal_actions(LEARNER)
        if len(legal) < 2 or game.step == "wheel":
            continue
        ev = evaluator(game.catalog)
        from hadara.ai.base import mix
        from hadara.ai.review import REVIEW_SEED
        values = _greedy_values(ev, seat_view(game, LEARNER), legal,
                                Rng(mix(REVIEW_SEED, LEARNER, game.version)))
        worst = min(range(len(legal)), key=lambda i: values[i])
        best = max(range(len(legal)), key=lambda i: (values[i], -i))
        if values[best] - values[worst] < L.MISTAKE_THRESHOLD:
            assert L.mistake(game, LEARNER, legal[worst]) is None
            continue
        note = L.mistake(game, LEARNER, legal[worst])
        assert note is not None and note.loss >= L.MISTAKE_THRESHOLD
        for lang in ("en", "fr", "ja"):  # in a player's words: no evaluation numbers
            with speaking(lang):
                text = t(note.key, **L.Note(note.loss, note.taken, note.best, L.because(
                    evaluator(game.catalog), seat_view(game, LEARNER), legal[best],
                    Rng(0))).params)
            assert note.taken in text and note.best in text
            assert not DECIMAL.search(text.replace(note.taken, "").replace(note.best, "")), text
        assert L.mistake(game, LEARNER, legal[best]) is None
        planted += 1
        if planted >= 2:
            break
    assert planted >= 1
