"""``rendering.posted_images``: what the bot posts at each step always has content, and the
sample CLI writes every kind of decision image and a round reveal.

For 2 and 5 players, at the first moment of every step of a whole game (each epoch's wheel,
every draft round, colonies and statues after Phase A and after Phase B, the first and last
takes of Phase B, feeding, medals, setup sides in the advanced variant, and the end), every
posted image is at least a quarter
content (``content_share``), under 1 MB as PNG, with no text under the legibility floor.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

from hadara import driver
from hadara.demo import simple_policy, with_rng
from hadara.engine import Game, Result
from hadara.rng import Rng
from hadara.views import view
from rendering import FontBook, draw_posted, posted_images, render_reveal, theme
from rendering.__main__ import main
from rendering.canvas import Canvas, content_share, png_bytes
from rendering.reveal import draw_reveal
from rendering.sample import KINDS, Sample, new_game, play_sample, steered_policy

SHIPPED_ONLY = FontBook(system=False)
GAMES = [(2, 1), (5, 3)]  # players, seed


def check(cv: Canvas, what: str) -> None:
    share = content_share(cv.image)
    assert share >= 0.25, (what, round(share, 3))
    assert len(png_bytes(cv.image)) < 1_000_000, what
    assert cv.image.width == theme.WIDTH, what
    assert cv.sizes["text"] and min(cv.sizes["text"]) >= theme.MIN_TEXT, (what, cv.sizes)
    assert not cv.sizes["glyph"] or min(cv.sizes["glyph"]) >= theme.GLYPH, (what, cv.sizes)


def moment(game: Game) -> tuple[Any, ...]:
    """Each step of each epoch; each Phase-A round; Phase B's first and last takes (the
    emptiest table)."""
    detail: Any = None
    if game.step == "draft":
        detail = game.round
    elif game.step == "phase_b":
        detail = sum(len(p) for p in game.discards) <= 1
    return (game.epoch, game.phase, game.step, detail, game.is_over)


def every_step(players: int, seed: int, variant: str = "basic"
               ) -> Iterator[tuple[tuple[Any, ...], Game, list[dict[str, Any]]]]:
    """The game at the first moment of each :func:`moment`, with the round reveals announced
    since the previous one."""
    game = new_game(players, seed, variant)
    decide = with_rng(simple_policy, Rng(seed))
    seen: set[tuple[Any, ...]] = set()
    reveals: list[dict[str, Any]] = []

    def on(res: Result) -> None:
        reveals.extend(e for e in res.public if e["kind"] == "round_revealed")

    while True:
        if moment(game) not in seen:
            seen.add(moment(game))
            yield moment(game), game, reveals[:]
            reveals.clear()
        if game.is_over:
            return
        on(driver.play_one(game, decide))


@pytest.mark.parametrize("players,seed", GAMES)
def test_posted_images_have_content_at_every_step(cat, players, seed):
    steps: set[str] = set()
    reveals = 0
    for at, game, revealed in every_step(players, seed):
        spectator = view(game, None)
        canvases = draw_posted(spectator, cat, SHIPPED_ONLY)
        expected = {"table", "scores"} if game.is_over else {"table", "players"}
        assert set(canvases) == expected, at
        for name, cv in canvases.items():
            check(cv, f"{at} {name}")
        steps.add(game.step)
        for event in revealed[:1]:  # the first reveal since the last step: one per epoch
            shown = draw_reveal(event, spectator, cat, SHIPPED_ONLY)
            check(shown, f"{at} reveal")
            assert shown.image.height <= 0.6 * shown.image.width
            reveals += 1
    assert steps == {"wheel", "draft", "phase_b", "colony", "statue", "feeding", "medals",
                     "over"}
    assert reveals >= 3


@pytest.mark.parametrize("players,seed", GAMES)
def test_posted_images_at_setup_sides(cat, players, seed):
    game = new_game(players, seed, "advanced")
    assert game.step == "setup_side"
    canvases = draw_posted(view(game, None), cat, SHIPPED_ONLY)
    assert set(canvases) == {"table", "players"}
    for name, cv in canvases.items():
        check(cv, f"setup_side {name}")


def test_posted_images_are_the_drawn_pngs(cat):
    game = new_game(2, 1)
    spectator = view(game, None)
    posted = posted_images(spectator, cat, SHIPPED_ONLY)
    drawn = draw_posted(spectator, cat, SHIPPED_ONLY)
    assert list(posted) == ["table", "players"]
    assert {k: png_bytes(cv.image) for k, cv in drawn.items()} == posted


def test_render_reveal_is_the_drawn_reveal(cat):
    sample = play_sample(2, 1)
    assert sample.reveal is not None
    event, after = sample.reveal
    png = render_reveal(event, after, cat, SHIPPED_ONLY)
    assert png == png_bytes(draw_reveal(event, after, cat, SHIPPED_ONLY).image)


# ----------------------------------------------------------------------------- the sample CLI


def sample_cli(tmp_path: Any, players: int, seed: int) -> dict[str, bytes]:
    out = tmp_path / f"{players}p"
    assert main(["sample", "--players", str(players), "--seed", str(seed),
                 "--out", str(out)]) == 0
    return {p.name: p.read_bytes() for p in out.iterdir()}


@pytest.mark.parametrize("players,seed", GAMES)
def test_sample_writes_every_decision_kind_and_the_reveal(tmp_path, players, seed):
    files = sample_cli(tmp_path, players, seed)
    wanted = {f"decision-{k}.png" for k in KINDS} | {"reveal.png", "scores.png"}
    assert wanted <= set(files)
    for name in wanted:
        image = Image.open(io.BytesIO(files[name]))
        assert image.format == "PNG" and image.width == theme.WIDTH, name
        assert content_share(image) >= 0.25, name
        assert len(files[name]) < 1_000_000, name
    reveal = Image.open(io.BytesIO(files["reveal.png"]))
    assert reveal.height <= 0.6 * reveal.width


def test_sample_fails_loudly_when_a_kind_is_missing(tmp_path, monkeypatch, capsys):
    import rendering.sample as sample_module

    def lacking(*args: Any, **kwargs: Any) -> Sample:
        s = play_sample(*args, **kwargs)
        del s.decisions["feeding"]
        return s

    monkeypatch.setattr(sample_module, "play_sample", lacking)
    with pytest.raises(RuntimeError, match="feeding"):
        sample_module.sample_images(2, 1)
    assert main(["sample", "--players", "2", "--seed", "1", "--out", str(tmp_path)]) == 1
    assert "feeding" in capsys.readouterr().err


def test_steered_policy_reaches_the_end_of_phase_decisions():
    """The fallback when a seeded game lacks a kind: purchases lean towards military,
    culture and cards without food, so colonies, statues and feeding come up."""
    game = new_game(2, 1)
    decide = with_rng(steered_policy({"colony", "statue", "feeding"}), Rng(1))
    kinds = set()
    while not game.is_over:
        d = driver.next_decision(game)
        assert d is not None
        if not d.forced:
            ctx = view(game, d.seat)["private"]["context"]
            kinds.add(ctx["kind"] if ctx else None)
        action = d.actions[0] if d.forced else decide(game, d)
        game.apply(d.seat, action, d.id)
    assert {"colony", "statue", "feeding"} <= kinds
