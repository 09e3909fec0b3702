"""Trollland actions: a verb and typed arguments (card ids, cages, players, peoples).

    choose A B              secret choice of two cards (TL-CHOOSE-TWO, TL-CHOOSE-KING)
    king imprison|draw      King of the Trolls (TL-TROLL-KING); after draw: return A B
    expel X | camp P2       Express Troll (TL-TROLL-EXPRESS)
    steal-top P2 Zo         Troll 3 (TL-TROLL-3)      steal-rest P2 Zo   Troll 4 (TL-TROLL-4)
    send V07                Troll 5 (TL-TROLL-5)
    place X V07.2 | gat X   load a card into a cage, or into the Trollgat (TL-LOAD-*)
    swap X D V07.2          question mark: X to the dock, dock card D loaded (TL-SYMBOL-QUESTION)

``choose`` and ``return`` name a set of two cards: their canonical text lists the ids in text
order, and ``parse_action("choose B A") == parse_action("choose A B")``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from types import MappingProxyType
from typing import NamedTuple

from rulebook.common.actions import Action, Grammar
from rulebook.common.errors import NotationError
from rulebook.common.notation import Choice, Codec, Token, excerpt, parse_int

#: Peoples in the fixed banishment order (TL-BANISH-ORDER): Bimbo > Zom > Zelf > Nin > Gob.
PEOPLES = ("Bi", "Zo", "Ze", "Ni", "Go")
MAX_CAGES = 3  # a vehicle has 1 to 3 cages (TL-COMP-VEHICLES)


class Cage(NamedTuple):
    """Cage ``number`` (1-based) of vehicle ``vehicle``, written ``V07.2``."""

    vehicle: str
    number: int

    @property
    def name(self) -> str:
        return f"{self.vehicle}.{self.number}"

    @property
    def index(self) -> int:
        return self.number - 1


@dataclass(frozen=True, order=True)
class Player:
    """A player, 0-based inside, written ``P1`` .. ``P5``."""

    index: int

    @property
    def name(self) -> str:
        return f"P{self.index + 1}"


# every player there can be (P1..P5), made once: a Troll's power names its opponents from here
PLAYERS = tuple(map(Player, range(5)))


class CageCodec(Codec):
    def fmt(self, value: Cage) -> str:
        return value.name

    def parse(self, text: str, where: str) -> Cage:
        vid, dot, num = text.rpartition(".")
        if not dot:
            raise NotationError(
                f"a cage is VEHICLE.N, e.g. V07.2, not {excerpt(text)!r}", where=where
            )
        vid = Token("vehicle").parse(vid, where)
        return Cage(vid, parse_int(num, where, lo=1, hi=MAX_CAGES))


class PlayerCodec(Codec):
    def fmt(self, value: Player) -> str:
        return value.name

    def parse(self, text: str, where: str) -> Player:
        if not text.startswith("P"):
            raise NotationError(f"a player is P1..P5, not {excerpt(text)!r}", where=where)
        return PLAYERS[parse_int(text[1:], where, lo=1, hi=len(PLAYERS)) - 1]


CARD = Token("card")
GRAMMAR = Grammar(
    "trollland",
    {
        "choose": (CARD, CARD),
        "king": (Choice(("imprison", "draw")),),
        "return": (CARD, CARD),
        "expel": (CARD,),
        "camp": (PlayerCodec(),),
        "steal-top": (PlayerCodec(), Choice(PEOPLES)),
        "steal-rest": (PlayerCodec(), Choice(PEOPLES)),
        "send": (Token("vehicle"),),
        "place": (CARD, CageCodec()),
        "gat": (CARD,),
        "swap": (CARD, CARD, CageCodec()),
    },
)
PAIR_VERBS = ("choose", "return")


def make(verb: str, *args) -> Action:
    """The action in canonical form (a pair of cards in text order)."""
    if verb in PAIR_VERBS:
        args = tuple(sorted(args))
    return GRAMMAR.make(verb, *args)


def parse_action(text) -> Action:
    a = GRAMMAR.parse(text)
    return make(a.verb, *a.args) if a.verb in PAIR_VERBS else a


class CardLoads(NamedTuple):
    """The actions that load one pest card (TL-LOAD-*), made once with the card set: into each
    cage of each vehicle (by cage), or into the Trollgat."""

    place: Mapping[Cage, Action]
    gat: Action


def card_loads(cid: str, vehicles) -> CardLoads:
    cages = [Cage(vid, n + 1) for vid, v in vehicles.items() for n in range(len(v.cages))]
    place = MappingProxyType({cage: Action("place", (cid, cage)) for cage in cages})
    return CardLoads(place, Action("gat", (cid,)))


def choose_pairs(cids) -> Mapping[tuple[str, str], Action]:
    """Every secret choice of two cards (``choose A B``), by the pair in text order."""
    return MappingProxyType(
        {pair: Action("choose", pair) for pair in combinations(sorted(cids), 2)}
    )
