"""From a walk (Trogdor's square after each step) to a plan: burn greedily on the way.

A tile burns on his first visit (the Lake on his first visit once its N/S/E/W neighbours are
burnt, T-BURN-LAKE); a cottage on the first visit once its tile and 8 neighbours are burnt
(T-BURN-COTTAGE). Burning as early as allowed never costs more, so a walk that lets every burn
happen gives a plan of (moves + burns) AP; moves after the last burn are dropped.
"""

from __future__ import annotations

from rulebook.trogdor.grid import GRID5, Square

from .burn_task import BurnTask

SQ = tuple(GRID5.squares())


def moves_lower_bound(task: BurnTask) -> int:
    """Moves needed at least (the search's admissible heuristic, burns taken off)."""
    from .search import Tables

    burns = len(task.tiles) + len(task.cottages)
    if not burns:
        return 0
    tb = Tables(task)
    return max(0, tb.h(task.start, (1 << tb.n) - 1, (1 << tb.m) - 1) - burns)


def plan_from_walk(task: BurnTask, walk: list[int]) -> tuple[list[str], list[Square], list[Square]]:
    """Engine actions, the route and the burnt tiles for ``walk`` (its first square = start)."""
    mt = task.moves
    tiles_left = set(task.tiles)
    lake = None if task.lake is None else task.tiles[task.lake]
    lake_needs = {task.tiles[k] for k in task.lake_needs}
    rings = {
        c: {task.tiles[k] for k in needs}
        for c, needs in zip(task.cottages, task.cottage_needs, strict=True)
    }
    cottages_left = list(task.cottages)
    plan: list[str] = []
    route = [SQ[walk[0]]]
    burns: list[Square] = []
    here = walk[0]
    for i, sq in enumerate(walk):
        if i:
            plan.append(next(a for v, a in mt.succ[here] if v == sq))
            route.append(SQ[sq])
            here = sq
        if sq in tiles_left and (sq != lake or not lake_needs & tiles_left):
            tiles_left.discard(sq)
            plan.append("burn tile")
            burns.append(SQ[sq])
        if sq in cottages_left and not rings[sq] & tiles_left:
            cottages_left.remove(sq)
            plan.append("burn cottage")
    if tiles_left or cottages_left:
        raise AssertionError("the walk leaves something unburnt")  # a bug in the model
    while plan and plan[-1].startswith(("move", "burrow")):  # nothing left to burn after these
        plan.pop()
        route.pop()
    return plan, route, burns
