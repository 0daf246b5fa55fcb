"""The end-of-game recap (rendering/recap.py): one animated GIF, a frame per epoch's end and the
final standings, each frame the board's size and legible on a phone in every box of
``theme.DISPLAYS`` (the same check as test_render_phone.py), far under Discord's size limit."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageStat

from hadara import driver
from hadara.demo import simple_policy, with_rng
from hadara.engine import Game
from hadara.rng import Rng
from hadara.types import View
from hadara.views import spectator_view
from rendering import draw_recap, render_recap, theme
from rendering.canvas import Canvas
from rendering.recap import CAPTION_H, EPOCH_MS, FINAL_MS
from rendering.sample import new_game

from .test_render_phone import NAMES, SHIPPED_ONLY, too_small

#: Far under Discord's 10 MiB for bots without boosts (and the 8 MiB of old clients).
MAX_BYTES = 2_000_000


def finished(players: int, seed: int, names: list[str] | None = None) -> tuple[Game, list[View]]:
    """A sample game played to the end, with the spectator views at each epoch's end (after
    the action that ended it) and at the game's end."""
    game = new_game(players, seed, names=names)
    views: list[View] = []

    def on_result(result) -> None:
        if any(ev.get("kind") == "epoch_ended" for ev in result.public):
            views.append(spectator_view(game))

    driver.play(game, with_rng(simple_policy, Rng(seed)), on_result=on_result)
    views.append(spectator_view(game))
    return game, views


@pytest.fixture(scope="module", params=[(2, 1, "en"), (5, 3, "en"), (5, 3, "fr")],
                ids=lambda p: f"{p[0]}p-{p[2]}")
def recap(request, cat) -> tuple[list[View], str, list[Canvas], bytes]:
    players, seed, locale = request.param
    _, views = finished(players, seed, NAMES[:players])
    frames = draw_recap(views, cat, SHIPPED_ONLY, locale)
    return views, locale, frames, render_recap(views, cat, SHIPPED_ONLY, locale)


def test_one_frame_per_epoch_and_the_final_standings(recap):
    views, locale, frames, _ = recap
    assert len(views) == 3 and [v["epoch"] for v in views] == [2, 3, 3] and views[-1]["over"]
    assert len(frames) == 4
    captions = [cv.drawn[0][0] for cv in frames]
    words = {"en": ["End of epoch I", "End of epoch II", "End of epoch III", "Final result"],
             "fr": ["Fin de l’Époque I", "Fin de l’Époque II", "Fin de l’Époque III",
                    "Résultat final"]}
    assert captions == words[locale]


def test_every_frame_is_the_boards_size_and_legible_on_a_phone(recap):
    _, _, frames, _ = recap
    sizes = {cv.image.size for cv in frames}
    assert len(sizes) == 1, sizes
    (w, h), = sizes
    assert w == theme.WIDTH and CAPTION_H < h <= theme.MAX_HEIGHT
    for i, cv in enumerate(frames):
        assert not cv.cuts and not cv.missing, (i, cv.cuts, cv.missing)
        for where in theme.DISPLAYS:
            assert not too_small(cv, where), (i, where, too_small(cv, where)[:8])


def test_the_gif_animates_the_frames_under_the_size_limit(recap):
    _, _, frames, data = recap
    assert len(data) < MAX_BYTES, len(data)
    with Image.open(io.BytesIO(data)) as gif:
        assert gif.format == "GIF" and gif.is_animated and gif.n_frames == len(frames)
        assert gif.size == frames[0].image.size and gif.info["loop"] == 0
        shown = []
        for i in range(gif.n_frames):
            gif.seek(i)
            shown.append(gif.info["duration"])
            # each frame decodes to its picture (palette quantising changes colours slightly)
            diff = ImageStat.Stat(ImageChops.difference(gif.convert("RGB"),
                                                        frames[i].image)).mean
            assert max(diff) < 3, (i, diff)
    assert shown == [EPOCH_MS] * 3 + [FINAL_MS]


def test_the_recap_is_deterministic_and_refuses_a_game_in_play(cat):
    game, views = finished(2, 1)
    assert render_recap(views, cat, SHIPPED_ONLY) == render_recap(views, cat, SHIPPED_ONLY)
    with pytest.raises(ValueError):
        draw_recap(views[:2], cat, SHIPPED_ONLY)
    with pytest.raises(ValueError):
        draw_recap([], cat, SHIPPED_ONLY)


def test_epoch_frames_drop_the_next_steps_markers(cat):
    """An epoch's boards show how it ended: no hourglass or flag of the next epoch's wheel."""
    _, views = finished(2, 1)
    frames = draw_recap(views, cat, SHIPPED_ONLY)
    plain = draw_recap([{**views[0], "waiting_on": [], "first": -1}, *views[1:]], cat,
                       SHIPPED_ONLY)
    assert views[0]["waiting_on"]  # the next epoch's wheel is waiting on its first player
    assert frames[0].image.tobytes() == plain[0].image.tobytes()


def test_the_japanese_recap_reads_whole(cat):
    from .test_render_i18n import fonts_for

    fonts = fonts_for("ja")  # skips without a CJK font
    _, views = finished(5, 3, NAMES)
    frames = draw_recap(views, cat, fonts, "ja")
    assert [cv.drawn[0][0] for cv in frames] == ["時代Iの終わり", "時代IIの終わり",
                                                 "時代IIIの終わり", "最終結果"]
    for cv in frames:
        assert not cv.cuts and not cv.missing, (cv.cuts, cv.missing)
        assert all(factor >= 0.8 for _, factor in cv.squeezed), cv.squeezed
        assert all(not too_small(cv, where) for where in theme.DISPLAYS)
