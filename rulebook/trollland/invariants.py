"""What must hold in every Trollland position (``Game.invariants``; sweeps ask after every
action): every card and vehicle in one place, Trolls only where Trolls may be, cages that keep
the loading rules, no full vehicle left at the dock, swapped cards on the dock, someone to act
in a live step; a dealt game holds every people card (speed: PERF.md "Trollland: invariants").
"""

from __future__ import annotations

from operator import attrgetter

from . import rules
from .state import State

VEHICLE = attrgetter("vehicle")
TROLL_PLACES = ("draw", "discard", "hands", "chosen", "prison")  # where a Troll card may be
PER_PLAYER_CARDS = ("hands", "chosen", "won", "prison", "trollgat")


def invariants(s: State) -> list[str]:
    """What is wrong with ``s``: a card or vehicle in two places, a Troll where only pests go, a
    cage that breaks the loading rules, a full vehicle still at the dock, a live step nobody can
    act in. A dealt game (every vehicle present) holds every people card exactly once. Sweeps ask
    it after every action (speed: PERF.md "Trollland: invariants")."""
    pests_only, others, steady, vehicles, berths = _off_pile(s)
    distinct = set(pests_only)
    trolls_ok = s.cards.trolls.isdisjoint(distinct)  # asked before the others join
    distinct.update(others)
    kept = frozenset(steady)
    if (
        trolls_ok
        and len(distinct) == len(pests_only) + len(others)
        and len(kept) == len(steady)
        and kept.isdisjoint(distinct)
        and vehicles <= len(s.cards.vehicles)
    ):  # every card and vehicle placed once, no more vehicles than the set has
        seen = len(kept) + len(distinct) - vehicles
        out = [] if seen == len(s.cards.people) else _unknown(s) or _missing(s, seen)
    else:
        out = _placement_problems(s)
    if berths:
        out += berths
    if s.swapped and not s.swapped.issubset(s.dock):
        out.append("a swapped card is not on the dock")
    if s.phase != "over" and s.to_move is None:
        out.append(f"nobody can act in step {s.phase}")
    if s.phase == "choose":
        out += [f"TL-CHOOSE-TWO: P{p + 1} has chosen {len(c)} card; a player chooses two"
                for p, c in enumerate(s.chosen) if len(c) == 1]  # fmt: skip
    return out


def _off_pile(s: State) -> tuple[list[str], list[str], list[str], int, list[str]]:
    """(the cards where only pests go; the other cards but the draw pile; every vehicle, then the
    draw pile; the number of vehicles; the berths' loading problems), row by row (speed:
    PERF.md "Trollland: invariants", rows joined by ``extend``, what is kept with a berth)."""
    pests_only = [*s.dock]
    join = pests_only.extend
    berths = []
    for b in s.row:
        checked = check_berth(s, b)
        join(checked[1])
        if checked[0]:
            berths += checked[0]
    for row in s.won:
        join(row)
    for row in s.trollgat:
        join(row)
    steady = _vehicles(s)
    vehicles = len(steady)
    steady += s.draw
    others = [*s.discard]
    join = others.extend
    for row in s.hands:
        join(row)
    for row in s.chosen:
        join(row)
    for row in s.prison:
        join(row)
    return pests_only, others, steady, vehicles, berths


def _vehicles(s: State) -> list[str]:
    """Every vehicle the position places: the pile, the departure dock, those won."""
    vehicles = [*s.vehicle_pile, *map(VEHICLE, s.row)]
    for won in s.vehicles_won:
        vehicles += won
    return vehicles


def _missing(s: State, seen: int, dealt: set | None = None) -> list[str]:
    """The people cards a dealt game lacks, when ``seen`` distinct ones are placed."""
    people = s.cards.people
    if seen == len(people) or s.cards.vehicles.keys() != (
        set(_vehicles(s)) if dealt is None else dealt
    ):
        return []  # all placed, or not every vehicle dealt: a position set up by hand
    return [f"{len(people) - seen} people card(s) missing from a dealt game"]


def _unknown(s: State, placed: set | None = None, vehicles: list | None = None) -> list[str]:
    """The cards and vehicles placed that are not of the game's card set."""
    cards = sorted((placed or _placed(_places(s))) - s.cards.people.keys())
    vehicles = sorted(set(vehicles or _vehicles(s)) - s.cards.vehicles.keys())
    return [f"not a {kind} of this card set: {', '.join(ids)}"
            for kind, ids in (("card", cards), ("vehicle", vehicles)) if ids]  # fmt: skip


def _placement_problems(s: State) -> list[str]:
    """Each card or vehicle in two places, each Troll where only pests go, the ids not of the
    card set, or else the people cards a dealt game lacks: the places listed by name (asked only
    when something is wrong)."""
    places = _places(s)
    out = _cards_placed(s, places) + _trolls_placed(s, places)
    vehicles = _vehicles(s)
    dealt = set(vehicles)
    if len(dealt) != len(vehicles):
        out.append("a vehicle is in two places")
    placed = _placed(places)
    return out + (_unknown(s, placed, vehicles) or _missing(s, len(placed), dealt))


def _placed(places: dict) -> set[str]:
    """Every card the places hold, once."""
    return {cid for cids in places.values() for cid in cids}


def _places(s: State) -> dict[str, tuple]:
    """Every place a people card can be, by name, with its cards."""
    return {
        "draw": s.draw, "discard": s.discard, "dock": s.dock,
        **{f"{k} P{p + 1}": v for k in PER_PLAYER_CARDS
           for p, v in enumerate(getattr(s, k))},
        **{f"row {b.vehicle}": [c for cage in b.cages for c in cage] for b in s.row},
    }  # fmt: skip


def _trolls_placed(s: State, places: dict) -> list[str]:
    """Each Troll card where only pests go (asked only when one is)."""
    out = []
    for where, cids in places.items():
        if where.split()[0] not in TROLL_PLACES:
            out += [f"Troll {cid} is in {where}" for cid in cids if cid in s.cards.trolls]
    return out


def _cards_placed(s: State, places: dict) -> list[str]:
    """Each card listed in two places (asked only when some card is)."""
    out, seen = [], {}
    for where, cids in places.items():
        for cid in cids:
            if cid in seen:
                out.append(f"{cid} is in {seen[cid]} and in {where}")
            seen[cid] = where
    return out


def check_berth(s: State, b) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(what breaks the loading rules in berth ``b``, the cards of its cages)."""
    return _berth_problems(s, b), sum(b.cages, ())


def _berth_problems(s: State, b) -> tuple[str, ...]:
    """The loading rules asked of the cages as they stand (``rules.cage_refusal``, the rule a
    load asks): each cage filled card by card on its own (TL-LOAD-CAPACITY,
    TL-LOAD-CAGE-PEOPLE), each cage's people beside the others' (TL-LOAD-VEHICLE-DISTINCT)."""
    caps, people_of = s.cards.vehicles[b.vehicle].cages, s.cards.people_of
    peoples = [[people_of[c] for c in cage] for cage in b.cages]
    out, twice = [], False
    for i, cage in enumerate(peoples):
        alone = [[] for _ in caps]
        for people in cage:
            if rules.cage_refusal(people, caps, alone, i):
                out.append(f"{b.vehicle} cage {i + 1} breaks the loading rules")
                break
            alone[i].append(people)
        if cage:
            others = [[c[0]] if c and j != i else [] for j, c in enumerate(peoples)]
            twice = twice or rules.cage_refusal(cage[0], caps, others, i) is not None
    if twice:
        out.append(f"{b.vehicle} has two cages of one people")
    if rules.is_full(caps, b.cages):  # a cage's length is what TL-DEPART-FULL reads
        out.append(f"{b.vehicle} is full but has not departed")
    return tuple(out)
