"""Which characters a font file maps to a glyph: a small reader of the OpenType ``cmap`` table.

Pillow can draw with a font but cannot say whether the font has a glyph for a character (a
missing one silently becomes the empty-box ``.notdef``), so per-character fallback needs the
character map itself. Reads TrueType/OpenType files and collections (.ttc/.otc), formats 4 and
12 (the ones every Unicode font carries).
"""

from __future__ import annotations

import struct
from bisect import bisect_right
from pathlib import Path


class Coverage:
    """The characters one font face maps to a real glyph, as sorted, merged ranges."""

    __slots__ = ("starts", "ends", "colour_bitmaps")

    def __init__(self, ranges: list[tuple[int, int]], colour_bitmaps: bool = False) -> None:
        merged: list[list[int]] = []
        for lo, hi in sorted(ranges):
            if merged and lo <= merged[-1][1] + 1:
                merged[-1][1] = max(merged[-1][1], hi)
            else:
                merged.append([lo, hi])
        self.starts = [lo for lo, _ in merged]
        self.ends = [hi for _, hi in merged]
        #: glyphs are colour bitmaps (CBDT/sbix emoji fonts): drawn at a fixed size, then scaled
        self.colour_bitmaps = colour_bitmaps

    def __contains__(self, ch: str | int) -> bool:
        cp = ord(ch) if isinstance(ch, str) else ch
        i = bisect_right(self.starts, cp) - 1
        return i >= 0 and cp <= self.ends[i]

    def __len__(self) -> int:
        return sum(e - s + 1 for s, e in zip(self.starts, self.ends, strict=True))


def _tables(data: bytes, offset: int) -> dict[bytes, tuple[int, int]]:
    num = struct.unpack_from(">H", data, offset + 4)[0]
    out = {}
    for i in range(num):
        tag, _check, off, length = struct.unpack_from(">4sIII", data, offset + 12 + 16 * i)
        out[tag] = (off, length)
    return out


def _format4(data: bytes, at: int) -> list[tuple[int, int]]:
    segx2 = struct.unpack_from(">H", data, at + 6)[0]
    n = segx2 // 2
    ends = struct.unpack_from(f">{n}H", data, at + 14)
    starts = struct.unpack_from(f">{n}H", data, at + 16 + segx2)
    deltas = struct.unpack_from(f">{n}h", data, at + 16 + 2 * segx2)
    ro_at = at + 16 + 3 * segx2
    offsets = struct.unpack_from(f">{n}H", data, ro_at)
    ranges: list[tuple[int, int]] = []
    for i in range(n):
        lo, hi = starts[i], ends[i]
        if lo == 0xFFFF:
            continue
        if offsets[i] == 0:
            # glyph = (c + delta) mod 65536; only a result of 0 is missing
            ranges.extend(_split_around(lo, hi, (-deltas[i]) % 65536))
            continue
        run_start = None
        for c in range(lo, hi + 1):
            where = ro_at + 2 * i + offsets[i] + 2 * (c - lo)
            g = struct.unpack_from(">H", data, where)[0] if where + 2 <= len(data) else 0
            if g:
                g = (g + deltas[i]) % 65536
            if g and run_start is None:
                run_start = c
            elif not g and run_start is not None:
                ranges.append((run_start, c - 1))
                run_start = None
        if run_start is not None:
            ranges.append((run_start, hi))
    return ranges


def _split_around(lo: int, hi: int, hole: int) -> list[tuple[int, int]]:
    if not lo <= hole <= hi:
        return [(lo, hi)]
    return [r for r in ((lo, hole - 1), (hole + 1, hi)) if r[0] <= r[1]]


def _format12(data: bytes, at: int) -> list[tuple[int, int]]:
    groups = struct.unpack_from(">I", data, at + 12)[0]
    ranges = []
    for i in range(groups):
        lo, hi, glyph = struct.unpack_from(">III", data, at + 16 + 12 * i)
        if glyph == 0:
            lo += 1  # the first character of the group maps to .notdef
        if lo <= hi:
            ranges.append((lo, hi))
    return ranges


def faces(path: str | Path) -> int:
    """How many faces the file holds (1 unless it is a collection)."""
    head = Path(path).read_bytes()[:12]
    return struct.unpack_from(">I", head, 8)[0] if head[:4] == b"ttcf" else 1


def read_coverage(path: str | Path, index: int = 0) -> Coverage:
    """The coverage of face ``index`` of a font file; raises ValueError if it is unreadable."""
    data = Path(path).read_bytes()
    try:
        offset = 0
        if data[:4] == b"ttcf":
            offset = struct.unpack_from(">I", data, 12 + 4 * index)[0]
        tables = _tables(data, offset)
        if b"cmap" not in tables:
            raise ValueError(f"{path}: no cmap table")
        base = tables[b"cmap"][0]
        count = struct.unpack_from(">H", data, base + 2)[0]
        best: tuple[int, int] | None = None  # (preference, subtable offset)
        for i in range(count):
            platform, encoding, off = struct.unpack_from(">HHI", data, base + 4 + 8 * i)
            fmt = struct.unpack_from(">H", data, base + off)[0]
            if fmt not in (4, 12):
                continue
            unicode = platform == 0 or (platform == 3 and encoding in (1, 10))
            if not unicode:
                continue
            pref = 2 if fmt == 12 else 1
            if best is None or pref > best[0]:
                best = (pref, base + off)
        if best is None:
            raise ValueError(f"{path}: no Unicode cmap subtable")
        at = best[1]
        fmt = struct.unpack_from(">H", data, at)[0]
        ranges = _format12(data, at) if fmt == 12 else _format4(data, at)
    except struct.error as exc:
        raise ValueError(f"{path}: truncated font file ({exc})") from None
    colour = b"CBDT" in tables or b"sbix" in tables
    return Coverage(ranges, colour_bitmaps=colour)
