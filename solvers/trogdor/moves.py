"""Trogdor's own moves as plain tables: for each square (index 0..24, reading order) the squares one
action point reaches, with the engine's action text, and BFS distances on them.

Moves follow T-MOVE (N/S/E/W, no wraparound), T-CARD-EFFECTS when diagonal or wraparound movement
is granted, and T-BURROW between the two tunnels. Edges into avoided squares (knights, the
Troghammer) are left out: that is the solvers' search policy (paths that take no damage), not a
rule. The rule: Trogdor may move onto a knight's or the Troghammer's square; T-MOVE-KNIGHT-DAMAGE
deals him one damage there unless T-PROTECT prevents it, decided in ``rulebook/trogdor/rules.py``
``_enter`` (through ``effects.damage`` and ``effects.protected``). A path found here may leave a
knight's square it starts on.

A table depends only on the tunnels, the avoided squares and the granted movement, so one table
serves every layout with the same tunnels. Tables are shared through a cache and therefore
read-only: every field is a tuple, distance rows are tuples (bench figure "min-AP search ÷ plain
BFS": no networkx graph on the min-AP path).
"""

from __future__ import annotations

from functools import lru_cache

from rulebook.trogdor.grid import DIAGONAL, GRID5, ORTHOGONAL

INF = 10**6
SQUARES = tuple(GRID5.squares())


class MoveTable:
    """Successors and predecessors per square index, each as ``(index, action text)``.

    Immutable once built (``__slots__``, tuples; ``dist`` memoises a pure function), so the copy
    the cache hands out cannot be changed by one caller behind another's back."""

    __slots__ = ("succ", "pred", "succ_mask", "_dist")

    def __init__(self, tunnels: tuple[int, ...], avoid: frozenset[int], diagonal: bool, wrap: bool):
        directions = ORTHOGONAL + (DIAGONAL if diagonal else ())
        succ: list[list[tuple[int, str]]] = [[] for _ in range(25)]
        for i, sq in enumerate(SQUARES):
            seen = {i}
            for d in directions:
                nxt = GRID5.step(sq, d, wrap=wrap)
                if nxt is None:
                    continue
                j = GRID5.index(nxt)
                if j not in seen and j not in avoid:
                    seen.add(j)
                    succ[i].append((j, f"move {d}"))
        if len(tunnels) == 2:  # T-BURROW; adjacent tunnels keep the move (same cost, same square)
            a, b = tunnels
            for u, v in ((a, b), (b, a)):
                if v not in avoid and all(j != v for j, _ in succ[u]):
                    succ[u].append((v, "burrow"))
        object.__setattr__(self, "succ", tuple(tuple(s) for s in succ))
        pred: list[list[tuple[int, str]]] = [[] for _ in range(25)]
        for u, row in enumerate(self.succ):
            for v, act in row:
                pred[v].append((u, act))
        object.__setattr__(self, "pred", tuple(tuple(p) for p in pred))
        object.__setattr__(
            self, "succ_mask", tuple(sum(1 << j for j, _ in row) for row in self.succ)
        )
        object.__setattr__(self, "_dist", {})

    def __setattr__(self, name, value):
        raise AttributeError("a MoveTable is shared and read-only")

    def dist(self, source: int) -> tuple[int, ...]:
        """Fewest action points from ``source`` to every square (``INF`` when unreachable)."""
        row = self._dist.get(source)
        if row is None:
            out = [INF] * 25
            out[source] = 0
            frontier = [source]
            d = 0
            succ = self.succ
            while frontier:
                d += 1
                nxt = []
                for u in frontier:
                    for v, _ in succ[u]:
                        if out[v] == INF:
                            out[v] = d
                            nxt.append(v)
                frontier = nxt
            row = self._dist[source] = tuple(out)
        return row

    def path(self, source: int, target: int) -> list[tuple[int, str]]:
        """One shortest walk as ``(square index, action text)`` steps (deterministic: the first
        predecessor in table order that is one step closer)."""
        back = self.dist(source)
        if back[target] >= INF:
            raise ValueError("target unreachable")
        steps = []
        here = target
        while here != source:
            for u, act in self.pred[here]:
                if back[u] == back[here] - 1:
                    steps.append((here, act))
                    here = u
                    break
        return steps[::-1]


@lru_cache(maxsize=512)
def move_table(
    tunnels: tuple[int, ...], avoid: frozenset[int], diagonal: bool, wrap: bool
) -> MoveTable:
    """The shared (read-only) table for these tunnels, avoided squares and granted movement."""
    return MoveTable(tunnels, avoid, diagonal, wrap)
