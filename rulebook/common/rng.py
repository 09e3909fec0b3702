"""A seeded RNG whose whole state is two integers, so it lives inside a game state as a value.

Each draw derives a fresh ``random.Random`` from ``(seed, counter)`` and returns the value with the
next Rng (counter + 1); the Rng itself never changes. That makes it comparable, writable in a
one-line notation (``SEED:COUNTER``), safe to share between states, and every game replays exactly
from its seed: the same actions from the same seed give the same shuffles.
"""

from __future__ import annotations

from collections.abc import Sequence

from .values import Frozen, init_field

COUNTER_MASK = 2**63 - 1  # counters stay below 2**63: 19 digits, what notations read


class Rng(Frozen):
    """A seeded random number generator as a value: its seed and how many numbers it drew."""

    __slots__ = ("seed", "counter")
    FIELDS = __slots__

    def __init__(self, seed: int, counter: int = 0):
        init_field(self, "seed", seed)
        init_field(self, "counter", counter)

    def __reduce__(self):  # slots and a refusing __setattr__: pickle and copy through __init__
        return (Rng, (self.seed, self.counter))

    def _at(self):
        import random

        return random.Random(f"{self.seed}:{self.counter}")

    def advanced(self) -> Rng:
        # the counter wraps at 2**63 (never reached by play): a position read with the largest
        # counter its notation carries still writes a successor that notation reads
        return Rng(self.seed, (self.counter + 1) & COUNTER_MASK)

    def shuffled(self, items) -> tuple[tuple, Rng]:
        """(a shuffled tuple of ``items``, the next Rng); ``items`` is not touched."""
        out = list(items)
        getrandbits = self._at().getrandbits
        for i in range(len(out) - 1, 0, -1):  # random.Random.shuffle's own steps and numbers
            n = i + 1
            k = n.bit_length()
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            out[i], out[j] = out[j], out[i]
        return tuple(out), self.advanced()

    def pick(self, items: Sequence) -> tuple[object, Rng]:
        if not items:
            raise IndexError("choice from an empty sequence")
        return items[self._at().randrange(len(items))], self.advanced()

    def below(self, n: int) -> tuple[int, Rng]:
        """(a whole number in 0..n-1, the next Rng)."""
        return self._at().randrange(n), self.advanced()

    def __str__(self) -> str:
        return f"{self.seed}:{self.counter}"

    @classmethod
    def parse(cls, text: str) -> Rng:
        from .errors import NotationError
        from .notation import parse_int

        parts = text.split(":") if isinstance(text, str) else []
        if len(parts) != 2:
            raise NotationError("RNG must be SEED:COUNTER with two whole numbers", text=text)
        return cls(parse_int(parts[0], "rng seed", lo=0), parse_int(parts[1], "rng counter", lo=0))
