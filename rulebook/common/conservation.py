"""Card conservation asked at every action (``Game.invariants``), counting only the zones most
actions change (speed: PERF.md "Encounter: conservation by what changed")."""

from __future__ import annotations

from collections.abc import Callable, Iterable


class ConservedCards:
    """Whether a position holds every card of a pool exactly once: no card twice, none missing,
    none foreign. The zones few actions change (``rare_key``: a tuple of them, compared; and
    ``rare_cards``: their card ids) key a cache of "the pool minus those cards", so only the
    zones most actions change (``often_cards``) are counted at each position. The answer depends
    on the position alone: the cache holds a value computed from the key it is stored with."""

    def __init__(
        self,
        rare_key: Callable[[object], tuple],
        rare_cards: Callable[[object], Iterable[str]],
        often_cards: Callable[[object], list[str]],
    ):
        self.rare_key, self.rare_cards, self.often_cards = rare_key, rare_cards, often_cards
        self._last: tuple = (None, None)  # (pool, rare key), the pool's rest or None (broken)

    def hold(self, st, pool: frozenset[str]) -> bool:
        """The cards of ``st`` are exactly ``pool``, each once."""
        key = (pool, self.rare_key(st))
        last = self._last
        if last[0] != key:
            last = (key, rest_of(pool, list(self.rare_cards(st))))
            self._last = last  # one assignment: another thread sees the old pair or the new one
        rest = last[1]
        if rest is None:
            return False
        ids = self.often_cards(st)
        return len(ids) == len(rest) and rest == set(ids)


def rest_of(pool: frozenset[str], ids: list[str]) -> frozenset[str] | None:
    """The cards of ``pool`` not in ``ids``, or None when ``ids`` hold a card twice or a card
    outside ``pool`` (then no other zones can make the position whole)."""
    seen = set(ids)
    if len(seen) != len(ids) or not seen <= pool:
        return None
    return pool - seen
