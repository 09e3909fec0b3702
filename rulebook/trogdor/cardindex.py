"""Card lookup for the engine: a card set plus literal stand-in cards written in the notation.

A position names cards by id. Ids resolve against the state's card set (bundled by default); a
few *literal* ids describe themselves, so a test or puzzle can stack a deck without a data file:

* movement ``2Er-EES``: 2 peasants, arrow E, ``r`` = move & repair, path E,E,S (3-5 steps);
* action ``ap5``: a plain card worth 5 AP with no ability;
* action ``troghammer-…`` (when not in the card set): a Troghammer card.

Literal cards are stand-ins by construction (``provenance = "stand-in"``).
"""

from __future__ import annotations

import functools
import re
from types import MappingProxyType

from .cards import ActionCard, Item, Keeper, MovementCard

MOVEMENT_LITERAL = re.compile(r"^([0-4])([NSEW])(r?)-([NSEW]{3,5})$")
ACTION_LITERAL = re.compile(r"^ap([1-9])$")


# Literal cards are parsed once per id (bounded): a stacked puzzle deck looks the same few ids up
# at every step.
@functools.lru_cache(maxsize=512)
def literal_movement(card_id: str) -> MovementCard | None:
    m = MOVEMENT_LITERAL.match(card_id)
    if not m:
        return None
    n, arrow, rep, path = m.groups()
    return MovementCard(card_id, int(n), arrow, rep == "r", tuple(path), "stand-in", "literal")


def movement_literal_id(card: MovementCard) -> str:
    """The literal id that describes ``card`` (same count, arrow, repair and path)."""
    return f"{card.peasants}{card.arrow}{'r' if card.repair else ''}-{''.join(card.path)}"


@functools.lru_cache(maxsize=512)
def literal_action(card_id: str) -> ActionCard | None:
    m = ACTION_LITERAL.match(card_id)
    if m:
        n = int(m.group(1))
        return ActionCard(card_id, f"{n} AP", n, False, (), "stand-in", "literal")
    if card_id.startswith("troghammer"):
        return ActionCard(card_id, "Troghammer", 0, True, (), "stand-in", "literal")
    return None


def _bundled():
    try:
        from .cards import bundled_card_set

        return bundled_card_set()
    except Exception:  # noqa: BLE001 - data mid-edit must not break puzzles that need no cards
        return None


class CardIndex:
    """Cards by id: ``base`` (a CardSet or None) plus ``extra`` cards registered by callers."""

    __slots__ = ("base", "extra", "_by")

    def __init__(self, base=None, extra: dict | None = None, *, bundled: bool = True):
        self.base = base if base is not None else (_bundled() if bundled else None)
        # read-only: the index is shared by every state of a card set (CardIndex.shared), so
        # one caller must not change another's answers; with_cards() makes a new index instead
        self.extra = MappingProxyType(dict(extra or {}))
        # one merged table per section, built once (card lookups run ~2.5 times per action:
        # the two-step lookup was the top line of the random-game profile, ~9 %)
        self._by = {
            section: MappingProxyType(
                {
                    **(getattr(self.base, section) if self.base is not None else {}),
                    **{k: c for k, c in self.extra.items() if isinstance(c, cls)},
                }
            )
            for section, cls in _SECTIONS.items()
        }

    @classmethod
    def shared(cls, base=None) -> CardIndex:
        """One index per card set, so states of one card set share it."""
        hit = _SHARED.get(id(base))
        if hit is None or hit.base is not (base if base is not None else hit.base):
            hit = cls(base)
            if len(_SHARED) < 64:
                _SHARED[id(base)] = hit
        return hit

    def with_cards(self, cards) -> CardIndex:
        extra = dict(self.extra)
        for c in cards:
            extra[c.id] = c
        return CardIndex(self.base, extra, bundled=False)

    def movement(self, card_id: str) -> MovementCard | None:
        return self._by["movement"].get(card_id) or literal_movement(card_id)

    def action(self, card_id: str) -> ActionCard | None:
        return self._by["actions"].get(card_id) or literal_action(card_id)

    def keeper(self, card_id: str) -> Keeper | None:
        return self._by["keepers"].get(card_id)

    def item(self, card_id: str) -> Item | None:
        return self._by["items"].get(card_id)


_SECTIONS = {"movement": MovementCard, "actions": ActionCard, "keepers": Keeper, "items": Item}
_SHARED: dict[int, CardIndex] = {}
