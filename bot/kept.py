"""A bounded memo: a dict that keeps at most ``most`` entries, dropping the oldest first
(the front ends' and the service's kept drawings, tables and trusted answers)."""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Kept(dict[K, V]):
    """At most ``most`` entries; setting one past that drops the oldest set."""

    def __init__(self, most: int) -> None:
        super().__init__()
        self.most = most

    def __setitem__(self, key: K, value: V) -> None:
        super().__setitem__(key, value)
        while len(self) > self.most:
            del self[next(iter(self))]
