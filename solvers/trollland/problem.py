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
(TLR-ARROW-CHAIN, TLR-SWAP-SYMBOL). A later question mark may take a card an earlier one put on
the dock this turn (TLR-QUESTION-DOCK = any-present, as the text reads); ``"rulings":
{"TLR-QUESTION-DOCK": "not-this-turn"}`` forbids it.

Sizes are bounded by the game: at most 14 vehicles (TL-COMP-VEHICLES), 80 pest cards in all (each
people's cards 0..15, every card once), ids of at most 20 characters that the notation can carry.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from rulebook.common.errors import TrogkitInputError
from rulebook.common.notation import excerpt, is_token
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
    question_dock: str = "any-present"  # ruling TLR-QUESTION-DOCK

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


MAX_VEHICLES = 14  # TL-COMP-VEHICLES: the game has 14 vehicles
MAX_CARDS = 80  # 5 peoples x 16 pest cards, each at most once
MAX_ID = 20
MAX_FILE_BYTES = 1_000_000
QUESTION_DOCK = ("any-present", "not-this-turn")


def _id(value, where: str) -> str:
    _need(
        isinstance(value, str) and len(value) <= MAX_ID and is_token(value),
        where,
        f"an id is 1..{MAX_ID} letters, digits or _.+- (no separators), got {excerpt(repr(value))}",
    )
    return value


def _list(data: dict, key: str, hi: int, default=None) -> list:
    v = data.get(key, default)
    _need(isinstance(v, list), key, "a list")
    _need(len(v) <= hi, key, f"at most {hi} entries in a Trollland game, got {len(v)}")
    return v


def _card(d, where: str, player: str = "", allow_extra: bool = True) -> Card:
    _need(isinstance(d, dict), where, "a card is an object with people and number")
    allowed = {"id", "people", "number", "player", "symbol", "suitcases", "extra"}
    unknown = sorted(set(d) - allowed)
    _need(not unknown, where, f"unknown field(s) {excerpt(', '.join(map(str, unknown)))}")
    people = d.get("people")
    _need(
        isinstance(people, str) and people in PEOPLES,
        f"{where}.people",
        f"one of {', '.join(PEOPLES)}, got {excerpt(repr(people))}",
    )
    number = _int(d, "number", where, 0, 15)
    symbol = d.get("symbol", "none")
    _need(
        isinstance(symbol, str) and symbol in SYMBOLS,
        f"{where}.symbol",
        f"one of {', '.join(SYMBOLS)}, got {excerpt(repr(symbol))}",
    )
    pl = d.get("player", player)
    _need(isinstance(pl, str) and len(pl) <= MAX_ID, f"{where}.player", "a player is a short name")
    cid = _id(d.get("id", f"{people}{number}"), f"{where}.id")
    extra = None
    if "extra" in d:
        _need(allow_extra, f"{where}.extra", "only a card revealed this turn may have an extra")
        _need(symbol == "arrow", f"{where}.extra", "only a circular-arrow card loads an extra")
        extra = _card(d["extra"], f"{where}.extra", pl, allow_extra=False)
    suit = _int(d, "suitcases", where, 0, 9, default=0)
    return Card(cid, people, number, pl, symbol, suit, extra)


def _vehicle(v, i: int) -> VehicleAtDock:
    where = f"vehicles[{i}]"
    _need(isinstance(v, dict), where, "a vehicle is an object with id and cages")
    unknown = sorted(set(v) - {"id", "cages", "medals"})
    _need(not unknown, where, f"unknown field(s) {excerpt(', '.join(map(str, unknown)))}")
    vid = _id(v.get("id", f"V{i + 1}"), f"{where}.id")
    cages = v.get("cages")
    _need(isinstance(cages, list) and 1 <= len(cages) <= 3, f"{where}.cages", "1 to 3 cages")
    out = []
    for j, c in enumerate(cages):
        cw = f"{where}.cages[{j}]"
        _need(isinstance(c, dict), cw, "a cage is an object with a capacity")
        unknown = sorted(set(c) - {"capacity", "people", "count"})
        _need(not unknown, cw, f"unknown field(s) {excerpt(', '.join(map(str, unknown)))}")
        cap = _int(c, "capacity", cw, 1, 4)
        count = _int(c, "count", cw, 0, cap, default=0)
        people = c.get("people")
        _need(
            people is None or (isinstance(people, str) and people in PEOPLES),
            f"{cw}.people",
            f"one of {', '.join(PEOPLES)} or null, got {excerpt(repr(people))}",
        )
        _need((people is None) == (count == 0), cw, "give people exactly when count > 0")
        out.append(Cage(cap, people, count))
    held = [c.people for c in out if c.people]
    _need(len(held) == len(set(held)), where, "two cages already hold the same people")
    _need(not all(c.count == c.capacity for c in out), where, "a full vehicle has already left")
    medals = _int(v, "medals", where, 0, 9, default=0)
    return VehicleAtDock(vid, tuple(out), medals)


def _first_repeat(items) -> str | None:
    """The first item that appears twice (one pass with a Counter: linear)."""
    counts = Counter(items)
    return next((x for x in items if counts[x] > 1), None)


def from_dict(data) -> LoadProblem:
    _need(isinstance(data, dict), "input", "the top level is an object")
    unknown = sorted(set(data) - {"vehicles", "cards", "dock", "rulings"})
    _need(not unknown, "input", f"unknown field(s) {excerpt(', '.join(map(str, unknown)))}")
    vs = _list(data, "vehicles", MAX_VEHICLES)
    _need(len(vs) >= 1, "vehicles", "a non-empty list of vehicles")
    vehicles = [_vehicle(v, i) for i, v in enumerate(vs)]
    dup = _first_repeat([v.id for v in vehicles])
    _need(dup is None, "vehicles", f"vehicle id {dup} appears twice")
    cards = [_card(c, f"cards[{i}]") for i, c in enumerate(_list(data, "cards", MAX_CARDS))]
    dock = [
        _card(c, f"dock[{i}]", allow_extra=False)
        for i, c in enumerate(_list(data, "dock", MAX_CARDS, default=[]))
    ]
    every = cards + [c.extra for c in cards if c.extra] + dock
    _need(len(every) <= MAX_CARDS, "cards", f"at most {MAX_CARDS} pest cards in all (extras, dock)")
    dup = _first_repeat([(c.people, c.number) for c in every])
    _need(
        dup is None,
        "cards",
        f"card {dup and ''.join(map(str, dup))} appears twice (cards, extras and dock)",
    )
    dup = _first_repeat([c.id for c in every])
    _need(dup is None, "cards", f"card id {dup} appears twice")
    rulings = data.get("rulings", {})
    _need(isinstance(rulings, dict), "rulings", "an object ruling ID -> option")
    other = sorted(set(rulings) - {"TLR-QUESTION-DOCK"})
    _need(not other, "rulings", "the loading solvers take only TLR-QUESTION-DOCK (the other "
          f"rulings at their defaults), not {excerpt(', '.join(map(str, other)))}")  # fmt: skip
    qd = rulings.get("TLR-QUESTION-DOCK", "any-present")
    _need(qd in QUESTION_DOCK, "rulings.TLR-QUESTION-DOCK", f"one of {', '.join(QUESTION_DOCK)}")
    return LoadProblem(
        tuple(vehicles), tuple(sorted(cards, key=lambda c: c.order)), tuple(dock), question_dock=qd
    )


def load_file(path: str | Path) -> LoadProblem:
    """Read a JSON loading question; every problem with the file is a LoadInputError naming it."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise LoadInputError(f"{path}: larger than {MAX_FILE_BYTES} bytes")
        data = json.loads(path.read_bytes().decode("utf-8"))
    except FileNotFoundError:
        raise LoadInputError(f"{path}: file not found") from None
    except IsADirectoryError:
        raise LoadInputError(f"{path}: is a directory, not a JSON file") from None
    except OSError as e:
        raise LoadInputError(f"{path}: cannot read ({e.strerror})") from None
    except UnicodeDecodeError:
        raise LoadInputError(f"{path}: not UTF-8 text") from None
    except RecursionError:
        raise LoadInputError(f"{path}: nested too deeply") from None
    except ValueError as e:  # JSONDecodeError, or an integer of thousands of digits
        raise LoadInputError(f"{path}: not valid JSON: {excerpt(str(e))}") from None
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
        **({"rulings": {"TLR-QUESTION-DOCK": pb.question_dock}}
           if pb.question_dock != "any-present" else {}),
    }  # fmt: skip


def from_state(s: State, revealed: dict[int, list[str]] | None = None, extras=None) -> LoadProblem:
    """The loading question of an engine position: its vehicles, its dock and the pest cards
    revealed this turn (``revealed`` player -> card ids; default the state's chosen cards).
    ``extras`` maps an arrow card id to the hand card its player would load. The solvers follow
    the position's TLR-QUESTION-DOCK and the defaults of the other loading rulings."""
    for rid in ("TLR-GAT-CHOICE", "TLR-ARROW-CHAIN", "TLR-SWAP-SYMBOL"):
        if s.rulings[rid] != s.rulings.rulings[rid].default:
            raise LoadInputError(
                f"the loading solvers follow {rid} = {s.rulings.rulings[rid].default} only"
            )
    question_dock = s.rulings["TLR-QUESTION-DOCK"]
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
    takeable = [c for c in s.dock if question_dock == "any-present" or c not in s.swapped]
    dock = [card(cid, with_extra=False) for cid in takeable]
    return LoadProblem(
        tuple(vehicles),
        tuple(sorted(cards, key=lambda c: c.order)),
        tuple(dock),
        contents,
        question_dock=question_dock,
    )
