"""Notation codecs for values every game's position carries: the seeded RNG and the rulings,
written ``rng=SEED:COUNTER`` and ``rulings=ID=option,...`` the same way in every game (only the
canonical spelling parses)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .errors import NotationError
from .notation import Codec, excerpt, parse_int
from .rng import Rng
from .rulings import Ruling, RulingSet

MAX_SEED = 2**63 - 1  # what a 19-digit canonical number can carry


def check_seed(seed) -> int:
    """A seed the notation can write and read back: a whole number 0..2**63-1. Every game's
    ``new_game`` checks it where the seed enters, so no game writes a position it cannot read."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise NotationError(
            f"a seed is a whole number 0..{MAX_SEED}, not {excerpt(repr(seed))}", where="seed"
        )
    return seed


@dataclass(frozen=True)
class RngCodec(Codec):
    """``SEED:COUNTER``, both canonical whole numbers, the seed 0..2**63-1: a state's ``rng``
    field, an ``Rng`` in every game."""

    def fmt(self, value: Rng) -> str:
        return f"{value.seed}:{value.counter}"

    def parse(self, text: str, where: str) -> Rng:
        seed, sep, counter = text.partition(":")
        if not sep:
            raise NotationError(f"{excerpt(text)!r}: the RNG is SEED:COUNTER", where=where)
        return Rng(parse_int(seed, where, lo=0, hi=MAX_SEED), parse_int(counter, where, lo=0))


@dataclass(frozen=True)
class RulingsCodec(Codec):
    """``-`` (every ruling at its default) or ``ID=option,...`` in ID order, non-defaults only."""

    rulings: Mapping[str, Ruling] = field(compare=False)

    def fmt(self, value: RulingSet) -> str:
        return value.notation()

    def parse(self, text: str, where: str) -> RulingSet:
        try:
            value = RulingSet(self.rulings).parse(text)
        except NotationError as e:
            raise NotationError(e.message, where=where) from None
        if value.notation() != text:
            raise NotationError(
                f"write the rulings canonically: {excerpt(value.notation())!r} (non-default "
                "options only, in ID order)",
                where=where,
            )
        return value
