"""``python -m rendering sample --players N --seed S [--locale fr] [--out DIR]``: sample images
of one game, their words in the language asked for (en, fr or ja; default en), written to
``DIR`` (default ``out/<N>p`` for English, ``out/<N>p-<locale>`` otherwise).

Writes the board at several moments (``board-<moment>-table.png`` / ``-players.png``, and
``board.png`` stacked), one private decision image per kind (``decision-<kind>.png``, all eight
kinds: setup side, wheel, draft, Phase B, colony, statue, feeding, medals), a round reveal
(``reveal.png``) and the final scores (``scores.png``). Fails (exit 1) if a kind is missing.

``--fonts PATH`` (repeatable): font files or folders searched before the system's fonts;
``--strict-text``: fail (exit 1) on the first cut text or missing glyph instead of drawing it
shortened or degraded.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from i18n import DEFAULT, LOCALES

from . import configure
from .canvas import strict_text
from .sample import sample_images


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rendering",
                                     description="Hadara board, decision, reveal and score images.")
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("sample", help="play a game with simple players and write its images")
    s.add_argument("--players", type=int, default=5, choices=range(2, 6))
    s.add_argument("--seed", type=int, default=3)
    s.add_argument("--variant", choices=("basic", "advanced"), default="basic")
    s.add_argument("--names", nargs="+", help="player names (default Amira, Bahram, …)")
    s.add_argument("--locale", choices=LOCALES, default=DEFAULT,
                   help="the language of the images' words (default %(default)s)")
    s.add_argument("--out", type=Path, default=None,
                   help="directory to write to (default out/<players>p[-<locale>])")
    s.add_argument("--fonts", type=Path, action="append", default=[], metavar="PATH",
                   help="a font file or folder searched before the system's fonts "
                   "(repeatable)")
    s.add_argument("--strict-text", action="store_true",
                   help="fail on the first text cut short or character no font can draw")
    args = parser.parse_args(argv)
    if args.fonts:
        configure(font_paths=args.fonts)
    if args.out is None:
        suffix = "" if args.locale == DEFAULT else f"-{args.locale}"
        args.out = Path("out") / f"{args.players}p{suffix}"
    names = args.names[:args.players] if args.names else None
    if names is not None and len(names) < args.players:
        parser.error(f"--names needs {args.players} names")
    try:
        with strict_text(args.strict_text):
            images = sample_images(args.players, args.seed, args.variant, names, args.locale)
    except RuntimeError as exc:  # a kind or moment the game never reached; TextCut (strict)
        print(f"error: {exc}", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    for name, png in images.items():
        (args.out / name).write_bytes(png)
        print(f"{args.out / name}  {len(png) / 1024:.0f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
