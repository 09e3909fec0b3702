"""A seeded generator of puzzle positions for tests and benchmarks: random layouts with the box's
special tiles (3 cottages, 1 Lake, 2 mountains, 2 tunnels), random burnt tiles, Trogdor's square,
0-2 knights and a target cottage, as engine positions (``rulebook.trogdor.puzzle``). Same seed,
same positions."""

from __future__ import annotations

import random

from rulebook.trogdor import Layout, puzzle
from rulebook.trogdor.grid import GRID5, Square

SCENERY = "FGOSWB."


def random_layout(rng: random.Random) -> Layout:
    tiles = list("CCCLMMTT") + [rng.choice(SCENERY) for _ in range(17)]
    rng.shuffle(tiles)
    return Layout(tuple(tiles))


def random_position(rng: random.Random, *, max_knights: int = 2, powers=()) -> tuple:
    """One (engine position, target cottage) pair; the target cottage is never already burnt."""
    layout = random_layout(rng)
    squares = GRID5.squares()
    p_burnt = rng.choice((0.0, 0.2, 0.4, 0.6))
    burnt = [s for s in squares if rng.random() < p_burnt]
    trogdor = rng.choice(squares)
    knights = rng.sample([s for s in squares if s != trogdor], rng.randint(0, max_knights))
    cottage = rng.choice(layout.cottages)
    others = [c for c in layout.cottages if c != cottage]
    cottages_burnt = [c for c in others if rng.random() < 0.3]
    state = puzzle(
        layout,
        trogdor=str(trogdor),
        burnt=[str(s) for s in burnt],
        knights=[str(s) for s in sorted(knights)],
        cottages_burnt=[str(s) for s in cottages_burnt],
        powers=powers,
    )
    return state, cottage


def positions(seed: int, n: int, **kw) -> list[tuple[object, Square]]:
    return [random_position(rng, **kw) for rng in [random.Random(seed)] for _ in range(n)]
