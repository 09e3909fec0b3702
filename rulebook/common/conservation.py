"""Card conservation asked at every action (``Game.invariants``): every card of a pool in play
exactly once, counted in C (speed: PERF.md "Encounter: conservation counted in C")."""

from __future__ import annotations

from itertools import chain


def cards_conserved(zones: list, pool: frozenset[str]) -> bool:
    """The zones (sequences of card ids: a frozen state's tuples or a working copy's lists, read
    as they stand) hold every card of ``pool`` exactly once: none twice, none missing, none
    foreign."""
    seen = set(chain.from_iterable(zones))
    return len(seen) == sum(map(len, zones)) == len(pool) and seen <= pool
