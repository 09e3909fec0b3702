"""The loading question as plain data: vehicles at the dock, the cards revealed this turn.

Input format (JSON; schema in ``load_schema.json``)::

    {"vehicles": [{"id": "V1", "cages": [{"capacity": 2, "people": "Zo", "count": 1},
                                         {"capacity": 1}]}],
     "cards": [{"people": "Zo", "number": 6, "player": "A", "symbol": "none"},
               {"people": "Bi", "number": 3, "player": "B", "symbol": "arrow",
                "extra": {"people": "Go", "number": 9}}],
     "dock": [{"people": "Ni", "number": 4}]}

Cards are loaded in the rulebook's order (TL-BANISH-ORDER), whatever their order in the file. An
arrow card may name the ``extra`` pest its player loads from hand when the arrow triggers
(TL-SYMBOL-ARROW); a question-mark card may swap with a ``dock`` card (TL-SYMBOL-QUESTION). Under
the default rulings the extra card's and the swapped-in card's own symbols do not apply
(TLR-ARROW-CHAIN, TLR-SWAP-SYMBOL); a card put on the dock this turn is not taken again this turn.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from rulebook.common.errors import TrogkitInputError
from rulebook.trollland.cards import PEOPLES, SYMBOLS
from rulebook.trollland.state import State


class LoadInputError(TrogkitInputError):
    """A loading question that does not make sense: says which entry and why."""


@dataclass(frozen=True)
class Card:
    id: str
    people: str
    number: int
    player: str = ""
    symbol: str = "none"
    suitcases: int = 0
    extra: Card | None = None

    @property
    def order(self) -> tuple[int, int]:
        return (PEOPLES.index(self.people), self.number)


@dataclass(frozen=True)
class Cage:
    capacity: int
    people: str | None = None
    count: int = 0


@dataclass(frozen=True)
class VehicleAtDock:
    id: str
    cages: tuple[Cage, ...]
    medals: int = 0


@dataclass(frozen=True)
class LoadProblem:
    vehicles: tuple[VehicleAtDock, ...]
    cards: tuple[Card, ...]  # in banishment order
    dock: tuple[Card, ...] = ()
    contents: dict = field(default_factory=dict, compare=False)  # (vehicle, cage) -> card ids

    @property
    def cages(self) -> list[tuple[int, int]]:
        """Every cage as (vehicle index, cage index), in a fixed order."""
        return [(v, c) for v, veh in enumerate(self.vehicles) for c in range(len(veh.cages))]


# -- reading -------------------------------------------------------------------------------------
def _need(cond: bool, where: str, msg: str) -> None:
    if not cond:
        raise LoadInputError(f"{where}: {msg}")


def _int(d: dict, key: str, where: str, lo: int, hi: int, default=None) -> int:
    v = d.get(key, default)
    _need(
        isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi,
        f"{where}.{key}",
        f"expected a whole number {lo}..{hi}, got {v!r}",
    )
    return v


def _card(d, where: str, player: str = "", allow_extra: bool = True) -> Card:
    _need(isinstance(d, dict), where, "a card is an object with people and number")
    allowed = {"id", "people", "number", "player", "symbol", "suitcases", "extra"}
    unknown = sorted(set(d) - allowed)
    _need(not unknown, where, f"unknown field(s) {', '.join(unknown)}")
    people = d.get("people")
    _need(people in PEOPLES, f"{where}.people", f"one of {', '.join(PEOPLES)}, got {people!r}")
    number = _int(d, "number", where, 0, 15)
    symbol = d.get("symbol", "none")
    _need(symbol in SYMBOLS, f"{where}.symbol", f"one of {', '.join(SYMBOLS)}, got {symbol!r}")
    pl = d.get("player", player)
    _need(isinstance(pl, str), f"{where}.player", "a player is a name (string)")
    cid = d.get("id", f"{people}{number}")
    _need(isinstance(cid, str) and cid.strip() != "", f"{where}.id", "a card id is a string")
    extra = None
    if "extra" in d:
        _need(allow_extra, f"{where}.extra", "only a card revealed this turn may have an extra")
        _need(symbol == "arrow", f"{where}.extra", "only a circular-arrow card loads an extra")
        extra = _card(d["extra"], f"{where}.extra", pl, allow_extra=False)
    suit = _int(d, "suitcases", where, 0, 9, default=0)
    return Card(cid, people, number, pl, symbol, suit, extra)


def from_dict(data) -> LoadProblem:
    _need(isinstance(data, dict), "input", "the top level is an object")
    unknown = sorted(set(data) - {"vehicles", "cards", "dock"})
    _need(not unknown, "input", f"unknown field(s) {', '.join(unknown)}")
    vs = data.get("vehicles")
    _need(isinstance(vs, list) and len(vs) >= 1, "vehicles", "a non-empty list of vehicles")
    vehicles = []
    for i, v in enumerate(vs):
        where = f"vehicles[{i}]"
        _need(isinstance(v, dict), where, "a vehicle is an object with id and cages")
        vid = v.get("id", f"V{i + 1}")
        _need(isinstance(vid, str) and vid, f"{where}.id", "a vehicle id is a string")
        cages = v.get("cages")
        _need(isinstance(cages, list) and 1 <= len(cages) <= 3, f"{where}.cages", "1 to 3 cages")
        out = []
        for j, c in enumerate(cages):
            cw = f"{where}.cages[{j}]"
            _need(isinstance(c, dict), cw, "a cage is an object with a capacity")
            cap = _int(c, "capacity", cw, 1, 4)
            count = _int(c, "count", cw, 0, cap, default=0)
            people = c.get("people")
            _need(
                people is None or people in PEOPLES,
                f"{cw}.people",
                f"one of {', '.join(PEOPLES)} or null, got {people!r}",
            )
            _need((people is None) == (count == 0), cw, "give people exactly when count > 0")
            out.append(Cage(cap, people, count))
        held = [c.people for c in out if c.people]
        _need(len(held) == len(set(held)), where, "two cages already hold the same people")
        _need(not all(c.count == c.capacity for c in out), where, "a full vehicle has already left")
        medals = _int(v, "medals", where, 0, 9, default=0)
        vehicles.append(VehicleAtDock(vid, tuple(out), medals))
    ids = [v.id for v in vehicles]
    _need(len(ids) == len(set(ids)), "vehicles", "vehicle ids must be unique")
    cs = data.get("cards")
    _need(isinstance(cs, list), "cards", "a list of revealed cards")
    cards = [_card(c, f"cards[{i}]") for i, c in enumerate(cs)]
    ds = data.get("dock", [])
    _need(isinstance(ds, list), "dock", "a list of cards")
    dock = [_card(c, f"dock[{i}]", allow_extra=False) for i, c in enumerate(ds)]
    every = cards + [c.extra for c in cards if c.extra] + dock
    keys = [(c.people, c.number) for c in every]
    dup = sorted({f"{p}{n}" for p, n in keys if keys.count((p, n)) > 1})
    _need(not dup, "cards", f"card {', '.join(dup)} appears twice (cards, extras and dock)")
    return LoadProblem(tuple(vehicles), tuple(sorted(cards, key=lambda c: c.order)), tuple(dock))


def load_file(path: str | Path) -> LoadProblem:
    path = Path(path)
    if not path.exists():
        raise LoadInputError(f"{path}: file not found")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise LoadInputError(f"{path}: not valid JSON: {e}") from None
    try:
        return from_dict(data)
    except LoadInputError as e:
        raise LoadInputError(f"{path}: {e}") from None


def to_dict(pb: LoadProblem) -> dict:
    def card(c: Card, with_player=True) -> dict:
        d = {"id": c.id, "people": c.people, "number": c.number}
        if with_player and c.player:
            d["player"] = c.player
        if c.symbol != "none":
            d["symbol"] = c.symbol
        if c.suitcases:
            d["suitcases"] = c.suitcases
        if c.extra:
            d["extra"] = card(c.extra, with_player=False)
        return d

    return {
        "vehicles": [
            {
                "id": v.id,
                "medals": v.medals,
                "cages": [
                    {
                        "capacity": c.capacity,
                        **({"people": c.people, "count": c.count} if c.count else {}),
                    }
                    for c in v.cages
                ],
            }
            for v in pb.vehicles
        ],
        "cards": [card(c) for c in pb.cards],
        "dock": [card(c, with_player=False) for c in pb.dock],
    }


def from_state(s: State, revealed: dict[int, list[str]] | None = None, extras=None) -> LoadProblem:
    """The loading question of an engine position: its vehicles, its dock and the pest cards
    revealed this turn (``revealed`` player -> card ids; default the state's chosen cards).
    ``extras`` maps an arrow card id to the hand card its player would load."""
    people = s.cards.people
    revealed = revealed if revealed is not None else dict(enumerate(s.chosen))
    extras = extras or {}

    def card(cid: str, player: str = "", with_extra=True) -> Card:
        c = people[cid]
        extra = None
        if with_extra and cid in extras:
            extra = card(extras[cid], player, with_extra=False)
        return Card(cid, c.people, c.number, player, c.symbol, c.suitcases, extra)

    vehicles, contents = [], {}
    for v, b in enumerate(s.row):
        caps = s.caps(b)
        cages = []
        for j, cage in enumerate(b.cages):
            cages.append(Cage(caps[j], people[cage[0]].people if cage else None, len(cage)))
            contents[(v, j)] = tuple(cage)
        vehicles.append(VehicleAtDock(b.vehicle, tuple(cages), s.cards.vehicles[b.vehicle].medals))
    cards = [
        card(cid, f"P{p + 1}")
        for p, ids in revealed.items()
        for cid in ids
        if not people[cid].is_troll
    ]
    dock = [card(cid, with_extra=False) for cid in s.dock]
    return LoadProblem(
        tuple(vehicles), tuple(sorted(cards, key=lambda c: c.order)), tuple(dock), contents
    )
