"""Seeded random loading questions, for the z3-vs-search agreement tests and the benchmark."""

from __future__ import annotations

from rulebook.common.rng import Rng
from rulebook.trollland.cards import PEOPLES

from .problem import Cage, Card, LoadProblem, VehicleAtDock


def random_problem(
    seed: int, vehicles: int = 5, max_cards: int = 10, symbols: bool = True
) -> LoadProblem:
    """A legal dock (no full vehicle, no people twice in a vehicle) and up to ``max_cards``
    distinct revealed cards from up to 5 players, with some arrows (and extras), question marks
    and dock cards."""
    r = Rng(seed)
    used: set[tuple[str, int]] = set()

    pool = r.shuffle(list(PEOPLES))[: 1 + r.randrange(2)]  # few peoples: crowded cages

    def fresh(peoples=PEOPLES) -> tuple[str, int]:
        while True:
            k = (peoples[r.randrange(len(peoples))], r.randrange(16))
            if k not in used:
                used.add(k)
                return k

    vs = []
    for v in range(vehicles):
        n = 1 + r.randrange(3)
        peoples = r.shuffle(list(PEOPLES))
        cages = []
        for c in range(n):
            cap = 1 + r.randrange(2) if r.randrange(3) else 1 + r.randrange(4)
            count = r.randrange(cap + 1) if r.randrange(2) == 0 else 0
            cages.append(Cage(cap, peoples[c] if count else None, count))
        if all(c.count == c.capacity for c in cages):
            cages[0] = Cage(cages[0].capacity, None, 0)
        vs.append(VehicleAtDock(f"V{v + 1}", tuple(cages), r.randrange(3)))
    cards = []
    for _ in range(max(1, max_cards // 2 + r.randrange(max_cards - max_cards // 2 + 1))):
        people, number = fresh(pool)
        roll = r.randrange(10) if symbols else 9
        symbol = "arrow" if roll == 0 else "question" if roll == 1 else "none"
        extra = None
        if symbol == "arrow" and r.randrange(2):
            ep, en = fresh()
            extra = Card(f"{ep}{en}", ep, en)
        player = "ABCDE"[r.randrange(5)]
        extra = extra and Card(extra.id, extra.people, extra.number, player)
        cards.append(Card(f"{people}{number}", people, number, player, symbol, 1, extra))
    dock = []
    if symbols:
        for _ in range(r.randrange(4)):
            people, number = fresh()
            dock.append(Card(f"{people}{number}", people, number))
    return LoadProblem(tuple(vs), tuple(sorted(cards, key=lambda c: c.order)), tuple(dock))
