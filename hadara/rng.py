"""The engine's own pseudo-random generator.

Python's ``random`` only promises the same ``random()`` stream across versions, not the same
``shuffle``/``randrange``; a saved game must replay identically everywhere, so the engine defines
its generator (SplitMix64) and its derived operations here.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")


class Rng:
    """SplitMix64 with integer-only derived operations; its whole state is one int."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), by rejection so every value is exactly equally likely."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = _MASK - (_MASK + 1) % n
        while True:
            x = self.next_u64()
            if x <= limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place: ``below(i + 1)`` for i from the end, written out inline
        (the same numbers as calling it; setups and determinisations shuffle a lot)."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _MASK - (_MASK + 1) % n
            while True:
                state = (state + 0x9E3779B97F4A7C15) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z <= limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def fork(self) -> Rng:
        """An independent generator derived from this one (advances this one)."""
        return Rng(self.next_u64())
