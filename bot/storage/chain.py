"""The hash chain over a game's action log (docs/service.md, "The log's hash chain";
docs/security.md, "Results nobody can quietly change").

Each stored action carries ``hash = sha256(link text)``, where the link text is the canonical
JSON (:func:`canonical`) of ``[previous hash, seq, seat, decision_id, submitted_by, at,
action]``; the first action's previous hash is the game's **root**, the hash of its canonical
``{"format", "game_id", "setup", "seed", "content_version", "rules_version"}``. The game's row
keeps the **head** (``games.log_hash``, the last action's hash; NULL while the log is empty),
so a row removed from the end is seen too. The head of a finished game is its **final hash**:
posted with the final scores, kept in league results and exports, recomputed by ``python -m
bot verify``.

Canonical JSON: keys sorted, no spaces, UTF-8, no NaN — so the text hashed is the same from
SQLite, PostgreSQL or an exported file however it was indented. Pure functions: the store,
the repair's diagnosis and the verify command all hash with these.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

FORMAT = "hadara-chain/1"


_CANONICAL = json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":"),
                              allow_nan=False)  # made once: a link is on every write's path


def canonical(value: Any) -> str:
    """JSON with sorted keys and no spaces (``allow_nan=False``: NaN is not JSON)."""
    return _CANONICAL.encode(value)


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def root(game_id: int, setup: Any, seed: int | None, content_version: str | None,
         rules_version: str | None) -> str:
    """The chain's root: the game's id, setup, seed and versions."""
    return _sha(canonical({"format": FORMAT, "game_id": game_id, "setup": setup,
                           "seed": seed, "content_version": content_version,
                           "rules_version": rules_version}))


def link(prev: str, seq: int, seat: int, decision_id: str | None, submitted_by: str,
         at: float, action: Any) -> str:
    """One action's hash, over the previous hash and the action's stored fields (``at`` as
    a float: SQLite and PostgreSQL store it as a double)."""
    return _sha(canonical([prev, seq, seat, decision_id, submitted_by, float(at), action]))


@dataclass(frozen=True)
class Entry:
    """The hashed fields of one stored action, and the hash stored with it (None: none)."""

    seq: int
    seat: int
    decision_id: str | None
    submitted_by: str
    at: float
    action: Any
    hash: str | None = None

    def link(self, prev: str) -> str:
        return link(prev, self.seq, self.seat, self.decision_id, self.submitted_by, self.at,
                    self.action)


def hashes(start: str, entries: Iterable[Entry]) -> list[str]:
    """The hashes of ``entries`` in order, chained from ``start``."""
    out = []
    prev = start
    for entry in entries:
        prev = entry.link(prev)
        out.append(prev)
    return out


@dataclass(frozen=True)
class Break:
    """Where a stored chain stops matching: the first action whose hash is wrong (``seq``),
    or ``seq == len(log)`` when every action matches but the head does not (the log's end
    was removed or the head changed)."""

    seq: int
    detail: str


def check(start: str, entries: Sequence[Entry], head: str | None) -> Break | None:
    """Verify a log (``entries`` in seq order, 0..n-1) against its stored hashes and head."""
    prev = start
    for entry in entries:
        expected = entry.link(prev)
        if entry.hash != expected:
            what = "has no hash" if entry.hash is None else "does not match its hash"
            return Break(entry.seq, f"action {entry.seq} {what}: it, or an earlier action, "
                         "the setup or the seed was changed after it was stored")
        prev = expected
    want = prev if entries else None
    if head != want:
        return Break(len(entries), f"the log's head does not name its last action "
                     f"({len(entries)} actions): an action was removed from its end, or the "
                     "head was changed")
    return None
