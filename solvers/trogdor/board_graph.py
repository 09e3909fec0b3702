"""The board as a networkx graph of Trogdor's moves, for drawing and reachability in notebooks.

Nodes are squares (attribute ``kind``: the tile letter); a directed edge ``u -> v`` means one action
point takes Trogdor from u to v, with attribute ``action`` (``"move N"``, ``"burrow"``, ...). Edges
into avoided squares are left out, which is why the graph is directed: a path may *leave* a knight's
square it starts on but never enters one. That is the solvers' search policy (paths that take no
damage), not a rule. The rule: Trogdor may move onto a knight's or the Troghammer's square;
T-MOVE-KNIGHT-DAMAGE deals him one damage there unless T-PROTECT prevents it, decided in
``rulebook/trogdor/rules.py`` ``_enter`` (through ``effects.damage`` and ``effects.protected``).
The edges are the solvers' own move tables (``moves``; T-MOVE, T-CARD-EFFECTS, T-BURROW), so drawing and solving agree.

networkx is imported here only (the minimal-AP solvers never build a graph), and every call
builds a fresh graph: a caller may change it without changing anyone else's answers.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.trogdor.grid import GRID5, Square

from .moves import INF, move_table

SQ = tuple(GRID5.squares())


def _tiles(layout) -> tuple[str, ...]:
    """Tile letters (upper case) of a Layout, a State or layout text."""
    if hasattr(layout, "tiles"):
        return tuple(t.upper() for t in layout.tiles)
    from rulebook.trogdor import parse_tiles

    kinds, _ = parse_tiles(layout)
    return tuple(kinds)


def _table(layout, avoid, diagonal, wrap):
    from .query import as_square

    tiles = _tiles(layout)
    tunnels = tuple(i for i, t in enumerate(tiles) if t == "T")
    av = frozenset(GRID5.index(as_square(a, "squares to avoid")) for a in avoid)
    return tiles, av, move_table(tunnels, av, diagonal, wrap)


def board_graph(layout, *, avoid=(), diagonal: bool = False, wrap: bool = False):
    """Trogdor's move graph (see the module docstring) as a new ``networkx.DiGraph``."""
    import networkx as nx

    tiles, avoided, mt = _table(layout, avoid, diagonal, wrap)
    g = nx.DiGraph()
    for i, sq in enumerate(SQ):
        g.add_node(sq, kind=tiles[i], avoided=i in avoided)
    for i, row in enumerate(mt.succ):
        for j, action in row:
            g.add_edge(SQ[i], SQ[j], action=action, cost=1)
    return g


@dataclass
class Reach:
    """Squares Trogdor reaches with at most ``k`` AP, each with its cost; ``graph`` is the move
    graph (draw it with ``nx.draw``), ``squares`` the reachable set in board order."""

    start: Square
    k: int
    costs: dict[Square, int]
    graph: object

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
    layout, start, k: int, *, avoid=(), diagonal: bool = False, wrap: bool = False
) -> Reach:
    """Every square reachable with at most ``k`` moves/burrows (T-MOVE, T-BURROW). ``layout``:
    a Layout, a State or layout text; ``start`` a Square or its name."""
    from solvers.limits import check_limit

    from .query import as_square

    k = check_limit("k", k, lo=0, hi=10_000, integer=True)
    here = GRID5.index(as_square(start, "Trogdor's square"))
    _, _, mt = _table(layout, avoid, diagonal, wrap)
    row = mt.dist(here)
    costs = {SQ[i]: d for i, d in enumerate(row) if d <= k and d < INF}
    return Reach(SQ[here], k, costs, board_graph(layout, avoid=avoid, diagonal=diagonal, wrap=wrap))
