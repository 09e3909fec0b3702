"""A seeded RNG whose whole state is two integers, so it lives inside a game state.

Each draw from the RNG derives a fresh ``random.Random`` from ``(seed, counter)``. That makes the RNG
trivially copyable, comparable and writable in a one-line notation, and it makes every game replay
exactly from its seed: the same actions from the same seed give the same shuffles.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass
class Rng:
    seed: int
    counter: int = 0

    def _next(self) -> random.Random:
        r = random.Random(f"{self.seed}:{self.counter}")
        self.counter += 1
        return r

    def shuffle(self, items: list[T]) -> list[T]:
        """Return a shuffled copy of ``items`` (the input is not touched)."""
        out = list(items)
        self._next().shuffle(out)
        return out

    def choice(self, items: list[T]) -> T:
        if not items:
            raise IndexError("choice from an empty sequence")
        return items[self._next().randrange(len(items))]

    def randrange(self, n: int) -> int:
        return self._next().randrange(n)

    # -- pure API: return (value, next Rng) and leave self unchanged, so a state holding an Rng
    #    stays a value. The mutating methods above are being retired (issue 9).
    def _at(self) -> random.Random:
        return random.Random(f"{self.seed}:{self.counter}")

    def advanced(self) -> Rng:
        return Rng(self.seed, self.counter + 1)

    def shuffled(self, items) -> tuple[tuple, Rng]:
        out = list(items)
        self._at().shuffle(out)
        return tuple(out), self.advanced()

    def pick(self, items: list[T]) -> tuple[T, Rng]:
        if not items:
            raise IndexError("choice from an empty sequence")
        return items[self._at().randrange(len(items))], self.advanced()

    def below(self, n: int) -> tuple[int, Rng]:
        return self._at().randrange(n), self.advanced()

    def copy(self) -> Rng:
        return Rng(self.seed, self.counter)

    def __str__(self) -> str:
        return f"{self.seed}:{self.counter}"

    @classmethod
    def parse(cls, text: str) -> Rng:
        from .errors import NotationError

        try:
            seed, counter = text.split(":")
            return cls(int(seed), int(counter))
        except ValueError:
            raise NotationError("RNG must be SEED:COUNTER with two integers", text=text) from None
