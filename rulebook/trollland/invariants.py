"""What must hold in every Trollland position (``Game.invariants``; sweeps ask after every
action): every card and vehicle in one place, Trolls only where Trolls may be, cages that keep
the loading rules (asked of ``banishment.cage_refusal``, the rule a load asks), no full vehicle
left at the dock, swapped cards on the dock, someone to act in a live step; a dealt game holds
every people card.
"""

from __future__ import annotations

from itertools import chain

from .banishment import cage_refusal
from .departure import is_full
from .state import State

PEST_PLACES = ("dock", "won", "trollgat", "row")  # where only pest cards may be
PER_PLAYER_CARDS = ("hands", "chosen", "won", "prison", "trollgat")


def invariants(s: State) -> list[str]:
    """What is wrong with ``s``, in words (an empty list when nothing is). The places are named
    only to say what is wrong."""
    in_cages = [cid for b in s.row for cage in b.cages for cid in cage]
    pests_only = [*s.dock, *chain(*s.won, *s.trollgat), *in_cages]
    placed = [*pests_only, *s.draw, *s.discard, *chain(*s.hands, *s.chosen, *s.prison)]
    distinct = set(placed)
    out = _twice(_places(s)) if len(distinct) < len(placed) else []
    if not s.cards.trolls.isdisjoint(pests_only):  # each Troll where only pest cards go
        out += [f"Troll {c} is in {where}" for where, cids in _places(s).items()
                if where.split()[0] in PEST_PLACES for c in cids if c in s.cards.trolls]  # fmt: skip
    vehicles = [*s.vehicle_pile, *(b.vehicle for b in s.row), *chain(*s.vehicles_won)]
    distinct_vehicles = set(vehicles)
    if len(distinct_vehicles) < len(vehicles):
        out.append("a vehicle is in two places")
    people = s.cards.people
    unknown = {
        "card": distinct - people.keys(),
        "vehicle": distinct_vehicles - s.cards.vehicles.keys(),
    }
    out += [f"not a {kind} of this card set: {', '.join(sorted(ids))}"
            for kind, ids in unknown.items() if ids]  # fmt: skip
    dealt = distinct_vehicles == s.cards.vehicles.keys()  # every vehicle there: a dealt game
    if dealt and len(distinct) < len(people) and not any(unknown.values()):
        out.append(f"{len(people) - len(distinct)} people card(s) missing from a dealt game")
    for b in s.row:
        out += berth_problems(s, b)
    if not s.swapped <= set(s.dock):
        out.append("a swapped card is not on the dock")
    if s.phase != "over" and s.to_move is None:
        out.append(f"nobody can act in step {s.phase}")
    if s.phase == "choose":
        out += [f"TL-CHOOSE-TWO: P{p + 1} has chosen {len(c)} card; a player chooses two"
                for p, c in enumerate(s.chosen) if len(c) == 1]  # fmt: skip
    return out


def _places(s: State) -> dict[str, tuple]:
    """Every place a people card can be, by name, with its cards."""
    return {
        "draw": s.draw, "discard": s.discard, "dock": s.dock,
        **{f"{k} P{p + 1}": v for k in PER_PLAYER_CARDS for p, v in enumerate(getattr(s, k))},
        **{f"row {b.vehicle}": sum(b.cages, ()) for b in s.row},
    }  # fmt: skip


def _twice(places: dict) -> list[str]:
    """Each card listed in a second place."""
    out, seen = [], {}
    for where, cids in places.items():
        for cid in cids:
            if cid in seen:
                out.append(f"{cid} is in {seen[cid]} and in {where}")
            seen[cid] = where
    return out


def berth_problems(s: State, b) -> list[str]:
    """Each cage's last card loaded again, into the vehicle as it stands without that card: the
    loading rules refuse it if the cage is over capacity (TL-LOAD-CAPACITY), holds another people
    (TL-LOAD-CAGE-PEOPLE) or shares its people with another cage (TL-LOAD-VEHICLE-DISTINCT); and a
    full vehicle has departed (TL-DEPART-FULL)."""
    caps, contents = s.caps(b), s.peoples(b)
    out, twice = [], False
    for i, cage in enumerate(contents):
        if cage:
            before = (*contents[:i], cage[:-1], *contents[i + 1 :])
            why = cage_refusal(cage[-1], caps, before, i)
            if why and why.rule_id == "TL-LOAD-VEHICLE-DISTINCT":
                twice = True
            elif why:
                out.append(f"{b.vehicle} cage {i + 1} breaks the loading rules")
    if twice:
        out.append(f"{b.vehicle} has two cages of one people")
    if is_full(caps, b.cages):
        out.append(f"{b.vehicle} is full but has not departed")
    return out
