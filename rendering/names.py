"""Player names in the room they have: whole at the largest size that fits (squeezed
horizontally to :data:`SQUEEZE_MIN` at most, as :meth:`Canvas.text` does), else — only where a
layout has no room for a second line, and the name is longer than any layout plans for —
shortened in the middle (keeping the start and the end), so look-alike names stay
distinguishable: "Alexander" and "Alexandra" never both become "Alexan…". Layouts give names
the room first (two lines where a row is tall enough: :func:`rendering.parts.emblem_name`)."""

from __future__ import annotations

from collections.abc import Sequence

from . import theme
from .canvas import ELLIPSIS, SQUEEZE_MIN, Canvas
from .fonts import clusters


def _shortenings(name: str) -> list[tuple[int, int, str]]:
    """Shorter forms of a name as (clusters kept, distance from the preferred split, text),
    each keeping its start and its end around an ellipsis (so "Alexander" and "Alexandra"
    stay apart); about two thirds head and one third tail is preferred."""
    parts = clusters(name)
    out: list[tuple[int, int, str]] = []
    for keep in range(len(parts) - 1, 1, -1):
        tail0 = max(1, keep // 3)
        for tail in range(1, keep):
            head = "".join(parts[:keep - tail]).rstrip()
            end = "".join(parts[len(parts) - tail:]).lstrip()
            if head and end:
                out.append((keep, abs(tail - tail0), f"{head}{ELLIPSIS}{end}"))
    return out


def fit_names(cv: Canvas, names: Sequence[str], widths: Sequence[float],
              sizes: Sequence[int] = (theme.TEXT, theme.MIN_TEXT),
              bold: bool = True) -> list[tuple[str, int]]:
    """Each name with its font size: whole at the first size where it fits its width, else
    at the first where it fits squeezed to SQUEEZE_MIN (drawn with that width as
    ``max_width``, :meth:`Canvas.text` squeezes it), else
    shortened in the middle at the last size (the longest form with the preferred split that
    fits). Names that differ stay different: on a clash another split of the same or a
    shorter length is chosen."""
    size = sizes[-1]

    def fits(text: str, width: float, at: int = size, squeeze: float = SQUEEZE_MIN) -> bool:
        return cv.measure(text, at, bold) * squeeze <= width

    fitted: list[tuple[str, int]] = []
    others: list[list[str]] = []
    for name, width in zip(names, widths, strict=True):
        whole = next((z for sq in (1.0, SQUEEZE_MIN) for z in sizes
                      if fits(name, width, z, sq)), None)
        others.append([])
        if whole is not None:
            fitted.append((name, whole))
            continue
        forms = _shortenings(name)
        best = next((f for f in forms if f[1] == 0 and fits(f[2], width)), None)
        if best is None:
            fitted.append((ELLIPSIS, size))
            continue
        fitted.append((best[2], size))
        rest = sorted((f for f in forms if f[0] <= best[0] and f != best),
                      key=lambda f: (-f[0], f[1]))
        others[-1] = [f[2] for f in rest]
    for i, name in enumerate(names):
        text = fitted[i][0]
        if not any(fitted[j][0] == text and names[j] != name for j in range(len(names))):
            continue
        taken = {fitted[j][0] for j in range(len(names)) if j != i}
        alt = next((o for o in others[i] if o not in taken and fits(o, widths[i])), None)
        if alt is not None:
            fitted[i] = (alt, size)
    return fitted


