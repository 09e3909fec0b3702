"""Seeded random loading questions, for the z3-vs-search agreement tests and the benchmark."""

from __future__ import annotations

from rulebook.common.rng import Rng
from rulebook.trollland.cards import PEOPLES

from .problem import MAX_VEHICLES, Cage, Card, LoadProblem, VehicleAtDock

NUMBERS = 16  # each people's cards are numbered 0..15


class Draws:
    """The pure Rng API as a small cursor, so the generator reads top to bottom."""

    def __init__(self, seed: int):
        self.rng = Rng(seed)

    def below(self, n: int) -> int:
        value, self.rng = self.rng.below(n)
        return value

    def shuffled(self, items) -> list:
        value, self.rng = self.rng.shuffled(items)
        return list(value)


def random_problem(
    seed: int, vehicles: int = 5, max_cards: int = 10, symbols: bool = True
) -> LoadProblem:
    """A legal dock (no full vehicle, no people twice in a vehicle) and up to ``max_cards``
    distinct revealed cards from up to 5 players, with some arrows (and extras), question marks
    and dock cards. Revealed cards come from one or two peoples (crowded cages), so there are at
    most 16 or 32 of them whatever ``max_cards`` asks."""
    if not 1 <= vehicles <= MAX_VEHICLES:
        raise ValueError(f"vehicles must be 1..{MAX_VEHICLES}")
    r = Draws(seed)
    pool = r.shuffled(PEOPLES)[: 1 + r.below(2)]  # few peoples: crowded cages
    unused = {p: r.shuffled(range(NUMBERS)) for p in PEOPLES}

    def fresh(peoples) -> tuple[str, int] | None:
        """A card not used yet, of one of ``peoples`` (None when they are all used)."""
        left = [p for p in peoples if unused[p]]
        if not left:
            return None
        people = left[r.below(len(left))]
        return people, unused[people].pop()

    vs = []
    for v in range(vehicles):
        n = 1 + r.below(3)
        peoples = r.shuffled(PEOPLES)
        cages = []
        for c in range(n):
            cap = 1 + r.below(2) if r.below(3) else 1 + r.below(4)
            count = r.below(cap + 1) if r.below(2) == 0 else 0
            cages.append(Cage(cap, peoples[c] if count else None, count))
        if all(c.count == c.capacity for c in cages):
            cages[0] = Cage(cages[0].capacity, None, 0)
        vs.append(VehicleAtDock(f"V{v + 1}", tuple(cages), r.below(3)))
    cards = []
    wanted = max(1, max_cards // 2 + r.below(max_cards - max_cards // 2 + 1))
    for _ in range(wanted):
        got = fresh(pool)
        if got is None:  # the pool's peoples have no card left
            break
        people, number = got
        roll = r.below(10) if symbols else 9
        symbol = "arrow" if roll == 0 else "question" if roll == 1 else "none"
        player = "ABCDE"[r.below(5)]
        extra = None
        if symbol == "arrow" and r.below(2):
            spare = fresh(PEOPLES)
            if spare is not None:
                extra = Card(f"{spare[0]}{spare[1]}", spare[0], spare[1], player)
        cards.append(Card(f"{people}{number}", people, number, player, symbol, 1, extra))
    dock = []
    if symbols:
        for _ in range(r.below(4)):
            got = fresh(PEOPLES)
            if got is not None:
                dock.append(Card(f"{got[0]}{got[1]}", got[0], got[1]))
    return LoadProblem(tuple(vs), tuple(sorted(cards, key=lambda c: c.order)), tuple(dock))
