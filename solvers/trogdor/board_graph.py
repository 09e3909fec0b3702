"""The board as a networkx graph of Trogdor's moves, distances on it, and k-AP reachability.

Nodes are squares (attribute ``kind``: the tile letter); a directed edge ``u -> v`` means one action
point takes Trogdor from u to v, with attribute ``action`` (``"move N"``, ``"burrow"``, ...). Edges
into avoided squares are left out, which is why the graph is directed: Trogdor may *leave* a knight's
square he starts on but never enter one (T-MOVE-KNIGHT-DAMAGE). Moves follow T-MOVE (N/S/E/W, no
wraparound), T-CARD-EFFECTS when diagonal movement is granted, and T-BURROW between the two tunnels.

networkx is used for the graph itself and for breadth-first distances and paths.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import networkx as nx

from rulebook.common.grid import DIAGONAL, GRID5, ORTHOGONAL, Square
from rulebook.trogdor.board import Layout


def board_graph(
    layout: Layout,
    *,
    avoid=frozenset(),
    diagonal: bool = False,
    wrap: bool = False,
) -> nx.DiGraph:
    """Trogdor's move graph (see module docstring): a fresh copy the caller may change."""
    return _cached_graph(layout, frozenset(avoid), diagonal, wrap).copy()


def shared_graph(layout: Layout, *, avoid=frozenset(), diagonal=False, wrap=False) -> nx.DiGraph:
    """The cached move graph the solvers share: read it, never change it."""
    return _cached_graph(layout, frozenset(avoid), diagonal, wrap)


@lru_cache(maxsize=256)
def _cached_graph(layout: Layout, avoid: frozenset, diagonal: bool, wrap: bool) -> nx.DiGraph:
    g = nx.DiGraph()
    for sq in GRID5.squares():
        g.add_node(sq, kind=layout.kind(sq), avoided=sq in avoid)
    directions = ORTHOGONAL + (DIAGONAL if diagonal else ())
    for sq in GRID5.squares():
        for d in directions:
            nxt = GRID5.step(sq, d, wrap=wrap)
            if nxt is not None and nxt != sq and nxt not in avoid and not g.has_edge(sq, nxt):
                g.add_edge(sq, nxt, action=f"move {d}", cost=1)
    tunnels = layout.tunnels
    if len(tunnels) == 2:
        a, b = tunnels
        for u, v in ((a, b), (b, a)):
            if v not in avoid and not g.has_edge(u, v):
                g.add_edge(u, v, action="burrow", cost=1)
            elif v not in avoid:  # adjacent tunnels: a move already links them; keep both labels
                g.edges[u, v]["also"] = "burrow"
    g.graph["layout"] = str(layout)
    g.graph["avoid"] = sorted(str(s) for s in avoid)
    return g


def distances_from(g: nx.DiGraph, source: Square) -> dict[Square, int]:
    """Fewest action points from ``source`` to every reachable square (BFS, networkx)."""
    return nx.single_source_shortest_path_length(g, source)


def path_actions(g: nx.DiGraph, source: Square, target: Square) -> list[str]:
    """The action strings of one shortest path (networkx BFS; deterministic for a given graph)."""
    if source == target:
        return []
    path = nx.shortest_path(g, source, target)
    return [g.edges[u, v]["action"] for u, v in zip(path, path[1:], strict=False)]


@dataclass
class Reach:
    """Squares Trogdor reaches with at most ``k`` AP, each with its cost; ``graph`` is the move
    graph (draw it with ``nx.draw``), ``squares`` the reachable set in board order."""

    start: Square
    k: int
    costs: dict[Square, int]
    graph: nx.DiGraph

    @property
    def squares(self) -> list[Square]:
        return sorted(self.costs, key=GRID5.index)

    def grid(self) -> list[list[int | None]]:
        """5x5 costs (row 1 first), None where unreachable within k."""
        return [[self.costs.get(Square(c, r)) for c in range(5)] for r in range(5)]

    def to_json(self) -> dict:
        return {
            "start": str(self.start),
            "k": self.k,
            "reachable": {str(s): self.costs[s] for s in self.squares},
        }

    def __str__(self) -> str:
        rows = []
        for r, row in enumerate(self.grid()):
            cells = " ".join("." if c is None else str(c) if c < 10 else "+" for c in row)
            rows.append(f"{r + 1} {cells}")
        head = f"{len(self.costs)} squares reachable from {self.start} with at most {self.k} AP"
        return "\n".join([head, "  A B C D E", *rows])


def reachable(
    layout: Layout,
    start: Square,
    k: int,
    *,
    avoid=frozenset(),
    diagonal: bool = False,
    wrap: bool = False,
) -> Reach:
    """Every square reachable with at most ``k`` moves/burrows (T-MOVE, T-BURROW)."""
    if k < 0:
        raise ValueError("k must be at least 0")
    g = board_graph(layout, avoid=avoid, diagonal=diagonal, wrap=wrap)  # a copy to draw on
    costs = nx.single_source_shortest_path_length(g, start, cutoff=k)
    return Reach(start, k, dict(costs), g)
