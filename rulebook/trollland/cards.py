"""Trollland card data: People, Vehicles and Bonus cards, loaded from TOML/JSON with provenance.

The seed gives the counts; per-card suitcases, symbols, cages and medals are not public, so the
shipped files are labelled stand-ins. ``load_card_set(people=..., vehicles=..., bonus=...)`` reads a
user's own transcription instead; a bad file raises ``CardDataError`` naming file, card and field.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from types import MappingProxyType

from rulebook.common.cards import Field, load_cards, read_data_file
from rulebook.common.errors import CardDataError

from .actions import PEOPLES, card_loads, choose_pairs

DATA = Path(__file__).parent / "data"

PEOPLE_NAMES = {
    "Bi": "Bimbo",
    "Zo": "Zom",
    "Ze": "Zelf",
    "Ni": "Nin",
    "Go": "Gob",
    "troll": "Troll",
}
SYMBOLS = ("none", "arrow", "question")
KINDS = {"cart": 1, "caterpillar": 2, "dragon": 3}
# What a deal takes (TL-SETUP-*): five cards a hand, five pests on the dock, five vehicles in the
# row, two Bonus cards; the card loaders refuse files that cannot make a game of this size.
HAND_SIZE, DOCK_SIZE, ROW_SIZE, BONUS_SIZE = 5, 5, 5, 2
MIN_PLAYERS, MAX_PLAYERS = 2, 5


def _caps(value) -> str | None:
    if not 1 <= len(value) <= 3:
        return "a vehicle has 1 to 3 cages"
    if any(isinstance(c, bool) or not isinstance(c, int) or not 1 <= c <= 4 for c in value):
        return "each cage holds 1 to 4 people"
    return None


def _upto(top: int, what: str) -> Field:
    """A whole number from 0 to ``top``."""
    return Field(int, check=lambda n: None if 0 <= n <= top else f"{what} must be 0..{top}")


MEDALS = _upto(9, "medals")
PEOPLE_SCHEMA = {
    "people": Field(str, choices=(*PEOPLES, "troll")),
    "number": _upto(15, "number"),
    "suitcases": _upto(9, "suitcases"),
    "symbol": Field(str, choices=SYMBOLS),
    "medals": MEDALS,
}
VEHICLE_SCHEMA = {"kind": Field(str, choices=tuple(KINDS)), "cages": Field(list, check=_caps),
                  "medals": MEDALS}  # fmt: skip
BONUS_SCHEMA = {"people": Field(str, choices=PEOPLES), "medals": MEDALS}

# Characters Trollland ids may not hold beyond what every position refuses (``is_token``).
PEOPLE_ID_FORBID = {"+": "Trollland card ids keep to letters, digits and . _ -"}
VEHICLE_ID_FORBID = {
    "+": "Trollland vehicle ids keep to letters, digits, _ and -",
    ".": "a cage is written VEHICLE.N (e.g. V03.1), so a vehicle id has no '.'",
}


@dataclass(frozen=True)
class PeopleCard:
    id: str
    name: str
    people: str  # one of PEOPLES, or "troll"
    number: int
    suitcases: int
    symbol: str
    medals: int
    provenance: str

    # derived fields of the frozen value, worked out when the card is made (not a cache):
    is_troll: bool = field(init=False, repr=False, compare=False)
    # sort key of the banishment order (TL-BANISH-ORDER); Trolls come first by number
    order: tuple[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        troll = self.people == "troll"
        object.__setattr__(self, "is_troll", troll)
        order = (-1 if troll else PEOPLES.index(self.people), self.number)
        object.__setattr__(self, "order", order)


@dataclass(frozen=True)
class Vehicle:
    id: str
    name: str
    kind: str
    cages: tuple[int, ...]
    medals: int
    provenance: str


@dataclass(frozen=True)
class Bonus:
    id: str
    name: str
    people: str
    medals: int
    provenance: str


@dataclass(frozen=True)
class CardSet:
    """Every card of one data set, looked up by id. ``name`` tells data sets apart."""

    name: str
    people: Mapping[str, PeopleCard]
    vehicles: Mapping[str, Vehicle]
    bonus: Mapping[str, Bonus]
    source: str = field(default="", compare=False)  # the people file (named in errors)

    def __post_init__(self):
        """Read-only lookups: ``default_cards()`` is shared by every caller, so nobody may change
        another caller's cards."""
        for name in ("people", "vehicles", "bonus"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))
        trolls = frozenset(cid for cid, c in self.people.items() if c.is_troll)
        object.__setattr__(self, "trolls", trolls)  # the Troll cards' ids
        # the actions that name the cards, made with them: each pest card's loads, each pair
        loads = {cid: card_loads(cid, self.vehicles) for cid in self.people if cid not in trolls}
        object.__setattr__(self, "loads", MappingProxyType(loads))
        object.__setattr__(self, "pairs", choose_pairs(self.people))

    def __reduce__(self):  # pickling (process pools) and deepcopy, despite the read-only views
        people, vehicles, bonus = dict(self.people), dict(self.vehicles), dict(self.bonus)
        return (CardSet, (self.name, people, vehicles, bonus, self.source))

    def check_players(self, players: int) -> None:
        """Refuse a game these cards cannot deal: every hand dealt, then five pests on the dock
        whatever the shuffle (hands may take pests only), i.e. 5 x players + 5 pest cards."""
        pests = sum(not c.is_troll for c in self.people.values())
        need = HAND_SIZE * players + DOCK_SIZE
        if pests < need:
            raise CardDataError(
                self.source or self.name,
                f"a game of {players} players deals {HAND_SIZE} cards a hand and then {DOCK_SIZE} "
                f"pest cards to the dock: it needs {need} pest (non-Troll) people cards, this set "
                f"has {pests}",
            )

    def is_stand_in(self) -> bool:
        every = [*self.people.values(), *self.vehicles.values(), *self.bonus.values()]
        return any(c.provenance == "stand-in" for c in every)


def _people(path) -> dict[str, PeopleCard]:
    """The People cards (TL-COMP-PEOPLE): Trolls numbered 1..5, at most one card per people and
    number."""
    cards = load_cards(path, "card", PEOPLE_SCHEMA, id_forbid=PEOPLE_ID_FORBID)
    out = {}
    seen = set()
    for c in cards:
        key = (c["people"], c["number"])
        if c["people"] == "troll":
            if not 1 <= c["number"] <= 5:
                raise CardDataError(
                    str(path), "a Troll is numbered 1..5", card=c["id"], field="number"
                )
        elif key in seen:
            raise CardDataError(str(path), "two cards with this people and number", card=c["id"])
        seen.add(key)
        out[c["id"]] = _made(PeopleCard, c)
    return out


def _made(kind: type, card: dict):
    """The card value of ``kind`` from a card's checked fields (lists kept as tuples)."""
    given = {f.name: card[f.name] for f in fields(kind) if f.init}
    return kind(**{k: tuple(v) if isinstance(v, list) else v for k, v in given.items()})


def _vehicles(path) -> dict[str, Vehicle]:
    out = {}
    for c in load_cards(path, "vehicle", VEHICLE_SCHEMA, id_forbid=VEHICLE_ID_FORBID):
        if len(c["cages"]) != KINDS[c["kind"]]:
            raise CardDataError(
                str(path),
                f"a {c['kind']} has {KINDS[c['kind']]} cage(s)",
                card=c["id"],
                field="cages",
            )
        out[c["id"]] = _made(Vehicle, c)
    return out


def _bonus(path) -> dict[str, Bonus]:
    """The Bonus cards (TL-COMP-BONUS): each names a people (checked by the schema) and carries
    medals."""
    return {c["id"]: _made(Bonus, c) for c in load_cards(path, "bonus", BONUS_SCHEMA)}


# section of a card file -> the keyword of load_card_set reading it
SECTIONS = {"card": "people", "vehicle": "vehicles", "bonus": "bonus"}


def load_card_set(people=None, vehicles=None, bonus=None, name: str | None = None) -> CardSet:
    """Load the three card files (default: the shipped stand-ins)."""
    paths = [
        people or DATA / "people.toml",
        vehicles or DATA / "vehicles.toml",
        bonus or DATA / "bonus.toml",
    ]
    label = name or ("stand-in" if not (people or vehicles or bonus) else "user")
    decks = _people(paths[0]), _vehicles(paths[1]), _bonus(paths[2])
    _check_decks(paths, decks)
    cs = CardSet(label, *decks, source=str(paths[0]))
    cs.check_players(MIN_PLAYERS)
    return cs


def _check_decks(paths, decks) -> None:
    """Ids unique across the three files (a position names each card once), and enough vehicles
    and Bonus cards for the row and the bonus display (TL-SETUP-VEHICLES, TL-SETUP-BONUS)."""
    seen: dict[str, str] = {}
    for path, deck in zip(paths, decks, strict=True):
        for cid in deck:
            if cid in seen:
                raise CardDataError(
                    str(path), f"the id is also used in {seen[cid]}: ids must differ across files",
                    card=cid,
                )  # fmt: skip
            seen[cid] = str(path)
    for path, deck, need, what in ((paths[1], decks[1], ROW_SIZE, "vehicle"),
                                   (paths[2], decks[2], BONUS_SIZE, "Bonus")):  # fmt: skip
        if len(deck) < need:
            raise CardDataError(
                str(path), f"a game needs {need} {what} cards, this file has {len(deck)}"
            )


def load_card_file(path) -> CardSet:
    """One user file holding any of the three sections (``[[card]]`` people, ``[[vehicle]]``,
    ``[[bonus]]``); the sections it leaves out are the shipped ones."""
    data = read_data_file(path)
    unknown = sorted(set(data) - set(SECTIONS))
    if unknown or not data:
        what = f"unknown section [[{unknown[0]}]]" if unknown else "no section"
        raise CardDataError(str(path), f"{what}; sections are {', '.join(SECTIONS)}")
    given = {SECTIONS[sec]: path for sec in data}
    return load_card_set(**given, name="user")


def default_cards() -> CardSet:
    """The shipped stand-in set (read when the module loads, like CATALOG)."""
    return DEFAULT_SET


# The shipped set, read when the module loads (like CATALOG): every game that names no set holds it.
DEFAULT_SET = load_card_set()
