"""Each thing said once (issue 23, item 4): beside the decision's picture — which shows every
card, space and level with its numbers and why one is out of reach (rendering/decisions*.py,
drawn from the same view) — a panel's text only says what to decide, in at most two short
lines, and lists nothing the picture shows: no per-card, per-space or per-level lines, no
"Not available now" list, so no number in the text can disagree with the picture, and the
buttons come up on a phone's first screen. Without a picture the text still lists it all."""

from __future__ import annotations

import pytest

from bot.messages import t
from cogs.play import panels as P
from i18n import speaking
from tests.cogs.test_panels import KINDS, first, panel_of

#: At most this many lines and characters of text beside the picture (a note, such as what
#: was just chosen or the catch-up lines, comes on top).
MAX_LINES = 2
MAX_CHARS = 240


def listed(line: str) -> bool:
    """A line of a list: one card, space, level, side or unavailable option."""
    return line.startswith(("**", "· ", "- ")) or line == t("play.unavailable.head")


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("locale", ["en", "fr", "ja"])
def test_the_text_beside_the_picture_says_only_what_to_decide(kind: str, locale: str) -> None:
    game, d = first(kind)
    with speaking(locale):
        panel = panel_of(game, d.seat)
        lines = list(panel.lines)
        # the draft's picture says what to do (keep one, buy or sell it) and its buttons
        # name each card and price: its text adds nothing
        assert (kind not in P.DECIDE and kind != "feeding" or lines), (kind, lines)
        assert len(lines) <= MAX_LINES, (kind, lines)
        if kind == "draft":
            assert t("play.decide.draft") not in lines
        assert len(panel.description) <= MAX_CHARS, (kind, panel.description)
        assert not any(listed(line) for line in lines), (kind, lines)


def test_the_statue_text_has_no_line_per_space() -> None:
    game, d = first("statue", seed=11, players=5, at_least=25)
    ctx = panel_of(game, d.seat)
    spaces = [t("play.group.space", space=n, requirement="")[:8] for n in range(1, 5)]
    assert not any(s in line for line in ctx.lines for s in spaces), ctx.lines
    assert not any(t("play.unavailable.head") in line for line in ctx.lines)
    assert len(ctx.lines) == 1
    # ... which the text without a picture does have
    full = panel_of(game, d.seat, picture=False)
    assert any(spaces[0] in line for line in full.lines)


@pytest.mark.parametrize("kind", ["colony", "phase_b", "draft"])
def test_colony_and_phase_b_do_not_repeat_the_picture(kind: str) -> None:
    game, d = first(kind, seed=1, players=2, variant="basic")
    panel = panel_of(game, d.seat)
    assert not any(listed(line) for line in panel.lines)
    assert len(panel.lines) <= MAX_LINES


def test_a_step_says_the_choice_so_far_which_the_picture_does_not() -> None:
    game, d = first("statue", seed=11, players=5, at_least=25)
    root = panel_of(game, d.seat)
    step = next(c for c in root.components() if isinstance(c, P.Button)
                and c.custom_id.startswith("hd1:n:"))
    pid = P.parse_custom_id(step.custom_id)
    assert pid is not None
    deeper = panel_of(game, d.seat, pid.path)
    assert len(deeper.lines) <= MAX_LINES + 1
    assert any("so far" in line for line in deeper.lines)


def test_a_note_comes_first_and_the_decision_line_after() -> None:
    game, d = first("colony", seed=1, players=2, variant="basic")
    panel = panel_of(game, d.seat, note="✅ Chosen: X.")
    assert panel.lines[0] == "✅ Chosen: X." and len(panel.lines) <= MAX_LINES + 1
