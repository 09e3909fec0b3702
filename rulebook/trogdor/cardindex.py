"""Card lookup for the engine: a card set plus literal stand-in cards written in the notation.

A position names cards by id. Ids resolve against the state's card set (bundled by default); a
few *literal* ids describe themselves, so a test or puzzle can stack a deck without a data file:

* movement ``2Er-EES``: 2 peasants, arrow E, ``r`` = move & repair, path E,E,S (3-5 steps);
* action ``ap5``: a plain card worth 5 AP with no ability;
* action ``troghammer-…`` (when not in the card set): a Troghammer card.

Literal cards are stand-ins by construction (``provenance = "stand-in"``).
"""

from __future__ import annotations

import re
from types import MappingProxyType

# the card classes are imported on first use (see CardIndex)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .cards import ActionCard, Item, Keeper, MovementCard

MOVEMENT_LITERAL = re.compile(r"^([0-4])([NSEW])(r?)-([NSEW]{3,5})$")
ACTION_LITERAL = re.compile(r"^ap([1-9])$")


# Literal cards (puzzle decks) are read from their id at each lookup.
def literal_movement(card_id: str) -> MovementCard | None:
    m = MOVEMENT_LITERAL.match(card_id)
    if not m:
        return None
    from .cards import MovementCard

    n, arrow, rep, path = m.groups()
    return MovementCard(card_id, int(n), arrow, rep == "r", tuple(path), "stand-in", "literal")


def movement_literal_id(card: MovementCard) -> str:
    """The literal id that describes ``card`` (same count, arrow, repair and path)."""
    return f"{card.peasants}{card.arrow}{'r' if card.repair else ''}-{''.join(card.path)}"


def literal_action(card_id: str) -> ActionCard | None:
    from .cards import ActionCard

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


_UNREAD = object()  # ``CardIndex._base`` before the bundled card set is read


class _Unmerged:
    """``CardIndex._by`` before the first lookup: builds the merged tables, puts them in its
    place and steps aside, so later lookups are one slot read and one dict lookup as before."""

    __slots__ = ("index",)

    def __init__(self, index: CardIndex):
        self.index = index

    def __getitem__(self, section: str):
        index = self.index
        index._by = index._merged()
        return index._by[section]


class CardIndex:
    """Cards by id: ``base`` (a CardSet or None) plus ``extra`` cards registered by callers.

    The bundled card set is read on first lookup, not when a state is made (a puzzle that looks
    no card up never reads the card TOML)."""

    __slots__ = ("_base", "extra", "_by")

    def __init__(self, base=None, extra: dict | None = None, *, bundled: bool = True):
        self._base = _UNREAD if base is None and bundled else base
        # read-only: the index is shared by every state of a card set (CardIndex.shared), so
        # one caller must not change another's answers; with_cards() makes a new index instead
        self.extra = MappingProxyType(dict(extra or {}))
        self._by = _Unmerged(self)

    @property
    def base(self):
        """The card set (the bundled one, read on first use, unless another was given)."""
        if self._base is _UNREAD:
            self._base = _bundled()
        return self._base

    def _merged(self) -> dict:
        """The index's tables, built once per card set: one merged table per section, and the
        Action values of each card (play/discard of a card in hand, an item's uses)."""
        from .actions import card_choices, item_uses
        from .cards import ActionCard, Item, Keeper, MovementCard

        sections = {
            "movement": MovementCard,
            "actions": ActionCard,
            "keepers": Keeper,
            "items": Item,
        }
        base = self.base
        tables = {
            section: MappingProxyType(
                {
                    **(getattr(base, section) if base is not None else {}),
                    **{k: c for k, c in self.extra.items() if isinstance(c, cls)},
                }
            )
            for section, cls in sections.items()
        }
        tables["choices"] = MappingProxyType({cid: card_choices(cid) for cid in tables["actions"]})
        tables["uses"] = MappingProxyType(
            {iid: item_uses(iid, takes_square(item)) for iid, item in tables["items"].items()}
        )
        return tables

    @classmethod
    def shared(cls, base=None) -> CardIndex:
        """One index per card set, so states of one card set share it."""
        hit = _SHARED.get(id(base))
        if hit is None or (base is not None and hit.base is not base):
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

    def choices(self, card_id: str):
        """(``discard CID``, ``play CID``) for a card id (a literal card's are built here)."""
        hit = self._by["choices"].get(card_id)
        if hit is None:
            from .actions import card_choices

            hit = card_choices(card_id)
        return hit

    def uses(self, item_id: str):
        """The ``use`` actions of a known item (``item_uses``), () for an unknown id."""
        return self._by["uses"].get(item_id, ())


def takes_square(item) -> bool:
    """Does ``use`` of this item name a square (it teleports Trogdor)?"""
    return "teleport" in item.powers[0]


_SHARED: dict[int, CardIndex] = {}
