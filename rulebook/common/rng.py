"""A seeded RNG whose whole state is two integers, so it lives inside a game state as a value.

Each draw derives a fresh ``random.Random`` from ``(seed, counter)`` and returns the value with the
next Rng (counter + 1); the Rng itself never changes. That makes it comparable, writable in a
one-line notation (``SEED:COUNTER``), safe to share between states, and every game replays exactly
from its seed: the same actions from the same seed give the same shuffles.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .values import Frozen, init_field

COUNTER_LIMIT = 2**63  # counters stay below it: 19 digits, what notations read


class Rng(Frozen):
    """A seeded random number generator as a value: its seed and how many numbers it drew."""

    __slots__ = ("seed", "counter")
    FIELDS = __slots__

    def __init__(self, seed: int, counter: int = 0):
        init_field(self, "seed", seed)
        init_field(self, "counter", counter)

    def __reduce__(self):  # slots and a refusing __setattr__: pickle and copy through __init__
        return (Rng, (self.seed, self.counter))

    def _at(self) -> random.Random:
        return random.Random(f"{self.seed}:{self.counter}")

    def advanced(self) -> Rng:
        # the counter wraps at 2**63 (never reached by play): a position read with the largest
        # counter its notation carries still writes a successor that notation reads
        return Rng(self.seed, (self.counter + 1) % COUNTER_LIMIT)

    def shuffled(self, items) -> tuple[tuple, Rng]:
        """(a shuffled tuple of ``items``, the next Rng); ``items`` is not touched."""
        out = list(items)
        self._at().shuffle(out)
        return tuple(out), self.advanced()

    def pick(self, items: Sequence) -> tuple[object, Rng]:
        """(one of ``items``, the next Rng); IndexError when there is none."""
        return self._at().choice(items), self.advanced()

    def below(self, n: int) -> tuple[int, Rng]:
        """(a whole number in 0..n-1, the next Rng)."""
        return self._at().randrange(n), self.advanced()

    def __str__(self) -> str:
        return f"{self.seed}:{self.counter}"
