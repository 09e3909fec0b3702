"""Card conservation asked at every action (``Game.invariants``), counting only what changed since
the last position where it held (speed: PERF.md "Encounter: conservation by what changed")."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import chain


class ConservedCards:
    """Whether a position holds every card of a pool exactly once: no card twice, none missing,
    none foreign.

    The zones few actions change (``rare_key``: a tuple of them, compared; ``rare_cards``: their
    card ids) key "the pool minus those cards". The zones most actions change come as rows
    (``often_rows``: tuples of card ids, a frozen state's own). When the pool and the rare zones
    are those of the last position where the cards held, and the rows are as many, only the rows
    that are not the same objects are looked at: the cards they lost must be the cards they gained
    (the rest is unchanged, and held). Otherwise every row is counted against the rest of the pool.
    The answer depends on the position alone: the kept position is one where the full answer, or
    this one from a kept position, was yes."""

    def __init__(
        self,
        rare_key: Callable[[object], tuple],
        rare_cards: Callable[[object], Iterable[str]],
        often_rows: Callable[[object], list[tuple[str, ...]]],
    ):
        self.rare_key, self.rare_cards, self.often_rows = rare_key, rare_cards, often_rows
        self._last: tuple = (None, None, ())  # (pool, rare key), the pool's rest, the rows

    def hold(self, st, pool: frozenset[str]) -> bool:
        """The cards of ``st`` are exactly ``pool``, each once."""
        key, rows = (pool, self.rare_key(st)), self.often_rows(st)
        last = self._last
        same_key = last[0] == key
        if same_key and rows_trade_evenly(last[2], rows):
            held = True
        else:
            rest = last[1] if same_key else rest_of(pool, list(self.rare_cards(st)))
            ids = list(chain.from_iterable(rows))
            held = rest is not None and len(ids) == len(rest) and rest == set(ids)
            if not held:
                self._last = (key, rest, ())  # the rest stays right for the key; no rows kept
                return False
            last = (key, rest, ())
        self._last = (key, last[1], rows)  # one assignment: another thread sees old or new
        return held


def rows_trade_evenly(before: tuple | list, after: list) -> bool:
    """As many rows, and the rows that are not the same objects hold, together, the same cards
    before and after (as many of each)."""
    if len(before) != len(after) or not before:
        return False
    lost: list[str] = []
    gained: list[str] = []
    for old, new in zip(before, after, strict=True):
        if old is not new:
            lost += old
            gained += new
    return lost == gained or sorted(lost) == sorted(gained)


def rest_of(pool: frozenset[str], ids: list[str]) -> frozenset[str] | None:
    """The cards of ``pool`` not in ``ids``, or None when ``ids`` hold a card twice or a card
    outside ``pool`` (then no other zones can make the position whole)."""
    seen = set(ids)
    if len(seen) != len(ids) or not seen <= pool:
        return None
    return pool - seen
