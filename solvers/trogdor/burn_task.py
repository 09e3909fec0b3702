"""The solvers' own small rule model of "burn these things": which tiles must burn, in what order
they may burn, and which cottages to finish on. Both the graph search and the z3 model read a
``BurnTask``, so they share the rules' reading and disagree only if one of them searches wrongly.

Rules used: T-BURN-TILE (Trogdor burns the tile he stands on), T-BURN-LAKE (the Lake burns only
once its N/S/E/W neighbours are burnt; no wraparound), T-BURN-COTTAGE (a cottage burns when its tile
and its up-to-8 neighbours are burnt; no wraparound; Trogdor stands on it). Anything the model gets
wrong is caught by replaying plans through ``rulebook`` in the tests.
"""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from rulebook.common.grid import GRID5, Square

from . import rule_ids as R
from .board_graph import distances_from, shared_graph
from .position import Position, QueryError


@dataclass(frozen=True)
class BurnTask:
    """``tiles``: unburnt tiles to burn (board order). ``lake``: index into ``tiles`` of the Lake
    if it must burn, with ``lake_needs`` the tile indices to burn before it. ``cottages``: cottage
    squares to burn, each with ``cottage_needs[i]`` the tile indices that must be burnt first."""

    position: Position
    tiles: tuple[Square, ...]
    lake: int | None
    lake_needs: tuple[int, ...]
    cottages: tuple[Square, ...]
    cottage_needs: tuple[tuple[int, ...], ...]
    goal: str

    @property
    def graph(self) -> nx.DiGraph:
        p = self.position
        return shared_graph(p.layout, avoid=p.avoid, diagonal=p.diagonal, wrap=p.wrap)

    def squares(self) -> list[Square]:
        """Every square the plan must visit (tiles to burn, cottages to burn)."""
        out = list(self.tiles)
        out += [c for c in self.cottages if c not in out]
        return out


def _make(position: Position, tiles: set[Square], cottages: list[Square], goal: str) -> BurnTask:
    lay = position.layout
    lake = lay.lake
    lake_sq_needed = lake is not None and lake in tiles
    if lake_sq_needed:  # T-BURN-LAKE: its unburnt N/S/E/W neighbours must burn too
        tiles |= {n for n in GRID5.neighbours(lake) if n not in position.burnt}
    order = sorted(tiles, key=GRID5.index)
    idx = {sq: i for i, sq in enumerate(order)}
    lake_i = idx[lake] if lake_sq_needed else None
    lake_needs = tuple(idx[n] for n in GRID5.neighbours(lake) if n in idx) if lake_sq_needed else ()
    needs = []
    for c in cottages:
        ring = [c, *GRID5.ring(c)]  # T-BURN-COTTAGE: no wraparound
        missing = [s for s in ring if s not in position.burnt and s not in idx]
        if missing:  # cannot happen: callers put the ring in ``tiles``
            raise AssertionError(f"ring square {missing[0]} of {c} not in the task")
        needs.append(tuple(idx[s] for s in ring if s in idx))
    return BurnTask(position, tuple(order), lake_i, lake_needs, tuple(cottages), tuple(needs), goal)


def cottage_task(position: Position, cottage: Square) -> BurnTask:
    """Burn the cottage on ``cottage`` (T-BURN-COTTAGE), burning what it needs first."""
    if position.layout.kind(cottage) != "C":
        raise QueryError(
            f"{cottage} is not a cottage tile (cottages: "
            f"{', '.join(str(c) for c in position.layout.cottages) or 'none'})"
        )
    if cottage in position.cottages_burnt:
        return _make(position, set(), [], f"burn the cottage on {cottage}")
    ring = {cottage, *GRID5.ring(cottage)}
    tiles = {s for s in ring if s not in position.burnt}
    return _make(position, tiles, [cottage], f"burn the cottage on {cottage}")


def countryside_task(position: Position, *, cottages: bool) -> BurnTask:
    """Burn all 25 tiles (T-WIN's tile part), and with ``cottages`` also every cottage."""
    tiles = {s for s in GRID5.squares() if s not in position.burnt}
    cots = (
        [c for c in position.layout.cottages if c not in position.cottages_burnt]
        if cottages
        else []
    )
    goal = "burn all 25 tiles" + (" and every cottage" if cottages else "")
    return _make(position, tiles, cots, goal)


def explain_impossible(task: BurnTask) -> str | None:
    """A plain reason why no plan exists, or None when the task looks possible. Used for the
    answer's wording; the searches decide impossibility on their own."""
    p = task.position
    g = task.graph
    dist = distances_from(g, p.trogdor)
    for sq in task.squares():
        if sq not in dist:
            why = "a knight stands there" if sq in p.avoid else "every way in is blocked by knights"
            role = "must be burninated" if sq in task.tiles else "is the cottage to burn"
            if task.lake is not None and sq in task.tiles and sq != task.tiles[task.lake]:
                if sq in GRID5.neighbours(task.tiles[task.lake]):
                    role = f"must be burninated before the Lake ({R.LAKE})"
            return (
                f"impossible, because {sq} {role} but Trogdor cannot reach it "
                f"({why}; {R.KNIGHT_DAMAGE})"
            )
    if p.trogdor in p.avoid:  # he may leave a knight's square but never re-enter it
        if p.trogdor in task.cottages:
            needs = task.cottage_needs[task.cottages.index(p.trogdor)]
            elsewhere = [task.tiles[i] for i in needs if task.tiles[i] != p.trogdor]
        else:
            elsewhere = []
        if elsewhere:
            return (
                f"impossible, because the cottage on {p.trogdor} needs {elsewhere[0]} burnt first, "
                f"and Trogdor, standing among knights there, could not come back ({R.KNIGHT_DAMAGE})"
            )
        if task.lake is not None and task.tiles[task.lake] == p.trogdor and task.lake_needs:
            return (
                f"impossible, because the Lake on {p.trogdor} burns only after its neighbours "
                f"({R.LAKE}), and Trogdor, standing among knights there, could not come back "
                f"({R.KNIGHT_DAMAGE})"
            )
    return None
