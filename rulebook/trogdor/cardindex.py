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

# the card classes are imported on first use: a puzzle that looks no card up never reads the
# card data (``BUNDLED_INDEX`` reads it on its first lookup)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .cards import ActionCard, Item, Keeper, MovementCard

MOVEMENT_LITERAL = re.compile(r"^([0-4])([NSEW])(r?)-([NSEW]{3,5})$")
ACTION_LITERAL = re.compile(r"^ap([1-9])$")


def literal_movement(card_id: str) -> MovementCard | None:
    m = MOVEMENT_LITERAL.match(card_id)
    if not m:
        return None
    from .cards import MovementCard

    n, arrow, rep, path = m.groups()
    return MovementCard(card_id, int(n), arrow, rep == "r", tuple(path), "stand-in", "literal")


def literal_action(card_id: str) -> ActionCard | None:
    from .cards import ActionCard

    m = ACTION_LITERAL.match(card_id)
    if m:
        n = int(m.group(1))
        return ActionCard(card_id, f"{n} AP", n, False, (), "stand-in", "literal")
    if card_id.startswith("troghammer"):
        return ActionCard(card_id, "Troghammer", 0, True, (), "stand-in", "literal")
    return None


class CardIndex:
    """Cards by id: ``base`` (a CardSet; the bundled one, read on first lookup, when none is
    given and ``bundled``) plus read-only ``extra`` cards (``with_cards`` makes a new index)."""

    def __init__(self, base=None, extra: dict | None = None, *, bundled: bool = True):
        self._base, self._bundled = base, base is None and bundled
        self.extra = MappingProxyType(dict(extra or {}))

    @property
    def base(self):
        """The card set (the bundled one, read on first use, unless another was given)."""
        if self._bundled:
            from .cards import bundled_card_set

            self._base, self._bundled = bundled_card_set(), False
        return self._base

    def _card(self, section: str, card_id: str):
        """The card ``card_id`` of ``section`` ("movement", "actions", "keepers", "items")."""
        card = self.extra.get(card_id)
        if card is not None and card.SECTION == section:
            return card
        base = self.base
        return None if base is None else getattr(base, section).get(card_id)

    def with_cards(self, cards) -> CardIndex:
        return CardIndex(self.base, {**self.extra, **{c.id: c for c in cards}}, bundled=False)

    def movement(self, card_id: str) -> MovementCard | None:
        return self._card("movement", card_id) or literal_movement(card_id)

    def action(self, card_id: str) -> ActionCard | None:
        return self._card("actions", card_id) or literal_action(card_id)

    def keeper(self, card_id: str) -> Keeper | None:
        return self._card("keepers", card_id)

    def item(self, card_id: str) -> Item | None:
        return self._card("items", card_id)

    def choices(self, card_id: str):
        """(``discard CID``, ``play CID``): the card's two actions in hand (``ActionCard.choices``;
        an unknown id's are made here, for its check to refuse)."""
        card = self.action(card_id)
        if card is None:
            from .actions import card_choices

            return card_choices(card_id)
        return card.choices

    def uses(self, item_id: str | None):
        """The ``use`` actions of a known item (``Item.uses``); () for none or an unknown id."""
        item = None if item_id is None else self.item(item_id)
        return () if item is None else item.uses


def index_of(cards=None) -> CardIndex:
    """The card index of ``cards``: an index itself, a card set's, or the bundled set's."""
    if isinstance(cards, CardIndex):
        return cards
    return BUNDLED_INDEX if cards is None else CardIndex(cards)


# The bundled card set's index, every state's by default (the card data read on first lookup).
BUNDLED_INDEX = CardIndex()
