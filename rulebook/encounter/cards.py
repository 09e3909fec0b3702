"""Random Encounter card data: load the deck file, check it is a whole box, look cards up.

Levels and abilities are not public, so the bundled file is mostly stand-ins (labelled so); a user
can load their own transcription with ``load_card_set(path)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from rulebook.common.cards import Field, load_cards, provenance_label
from rulebook.common.errors import CardDataError

from .actions import CardActions, card_actions

DEFAULT_CARDS = Path(__file__).with_name("data") / "plains.toml"
STARS = ("yellow", "green", "blue", "red", "white", "none")
EFFECTS = ("none", "autowin", "autolose", "swap")
KINDS = ("encounter", "boss", "key")
BOX = {"encounter": 45, "boss": 4, "key": 4}  # RE-COMP-DECK
HAND = 9  # RE-SETUP-DEAL: cards a hand

SCHEMA = {
    "kind": Field(str, choices=KINDS),
    "level": Field(int, check=lambda v: None if 0 <= v <= 99 else "level must be 0..99"),
    "star": Field(str, choices=STARS),
    "effect": Field(str, required=False, choices=EFFECTS),
    "text": Field(str, required=False),
}


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    kind: str
    level: int
    star: str
    effect: str | None  # explicit (named) effect; None = whatever the star gives
    text: str
    provenance: str
    source: str
    actions: CardActions = field(init=False, compare=False, repr=False)  # the actions naming it

    def __post_init__(self):
        object.__setattr__(self, "actions", card_actions(self.id))

    @property
    def label(self) -> str:
        return provenance_label({"provenance": self.provenance, "source": self.source})


CARD_FIELDS = ("id", "name", "kind", "level", "star", "effect", "text", "provenance", "source")


@dataclass(frozen=True, eq=False, repr=False)
class CardSet:
    """All cards of one box, by id (``cards``, in file order).

    A read-only value: every state (and ``default_cards()``'s every caller) shares one set, so
    neither its attributes nor its lookups can be changed."""

    cards: Mapping[str, Card]
    path: str = ""
    by_kind: Mapping[str, tuple[str, ...]] = field(init=False)  # each kind's ids, in file order

    def __post_init__(self):
        by_kind: dict[str, tuple[str, ...]] = {}
        for c in self.cards.values():
            by_kind[c.kind] = (*by_kind.get(c.kind, ()), c.id)
        object.__setattr__(self, "cards", MappingProxyType(dict(self.cards)))
        object.__setattr__(self, "by_kind", MappingProxyType(by_kind))

    def __reduce__(self):  # pickle and copy through __init__ (a read-only view does not pickle)
        return (CardSet, (dict(self.cards), self.path))

    def check_box(self, why: str = "") -> None:
        """Refuse a set that is not a whole box (RE-COMP-DECK), naming the file and the count."""
        for kind, n in BOX.items():
            if len(self.ids(kind)) != n:
                raise CardDataError(
                    self.path or "card set",
                    f"{why}a box has {n} {kind} cards, this file has {len(self.ids(kind))}",
                )

    def check_players(self, players: int) -> None:
        """Refuse a game this set cannot deal: nine cards a hand (RE-SETUP-DEAL)."""
        have, need = len(self.ids("encounter")), HAND * players
        if have < need:
            raise CardDataError(
                self.path or "card set",
                f"a game of {players} players deals {HAND} encounter cards each: it needs "
                f"{need}, this set has {have}",
            )

    def __getitem__(self, cid: str) -> Card:
        return self.cards[cid]

    def __contains__(self, cid: str) -> bool:
        return cid in self.cards

    def ids(self, kind: str) -> list[str]:
        return list(self.by_kind.get(kind, ()))

    def level(self, cid: str) -> int:
        return self.cards[cid].level


# ids travel in the notation's '+'-joined lists (P1+P2) and in the battle bench's A+ID / A-ID
ID_FORBID = {"+": "Random Encounter ids keep to letters, digits and _ . - ('+' joins lists)"}


def load_card_set(path: str | Path = DEFAULT_CARDS, *, whole_box: bool = True) -> CardSet:
    """Load and validate a card file; ``whole_box`` also checks the box counts (RE-COMP-DECK)."""
    raw = load_cards(path, "card", SCHEMA, id_forbid=ID_FORBID)
    cards = []
    for d in raw:
        if d["kind"] == "boss" and d["star"] != "white":
            raise CardDataError(
                str(path), "a Boss card has a white star", card=d["id"], field="star"
            )
        if d["kind"] == "encounter" and d["star"] in ("white", "none"):
            raise CardDataError(
                str(path),
                "an encounter card has a yellow/green/blue/red star",
                card=d["id"],
                field="star",
            )
        d = {"effect": None, "text": "", "source": ""} | d
        cards.append(Card(**{f: d[f] for f in CARD_FIELDS}))
    cs = CardSet({c.id: c for c in cards}, str(path))
    _check_greens(cs, str(path))
    if whole_box:
        cs.check_box()
    return cs


def _check_greens(cs: CardSet, path: str) -> None:
    """Nine Green Star cards make a hand no five encounters can be built from (a Green needs a
    second card, RE-COMPOSE-GREEN: five encounters of nine Greens leave one alone), and a deal
    or a market can give them to one player: refuse such a deck."""
    greens = sum(cs[c].star == "green" for c in cs.ids("encounter"))
    if greens >= HAND:
        raise CardDataError(
            path,
            f"{greens} Green Star encounter cards: a hand of {HAND} Greens cannot be built into "
            f"five encounters (RE-COMPOSE-GREEN), so a deck holds at most {HAND - 1}",
            field="star",
        )


# The shipped set, read when the module loads (like CATALOG): every game that names no set holds it.
DEFAULT_SET = load_card_set(DEFAULT_CARDS)


def default_cards() -> CardSet:
    """The shipped stand-in set."""
    return DEFAULT_SET
