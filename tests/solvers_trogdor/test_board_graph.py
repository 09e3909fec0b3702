"""Reachability on the networkx move graph matches the engine's own moves (T-MOVE, T-BURROW,
T-CARD-EFFECTS for diagonal / wraparound), with knights' squares avoided (T-MOVE-KNIGHT-DAMAGE)."""

from __future__ import annotations

import random
from collections import deque

import networkx as nx
import pytest

from rulebook.common.grid import GRID5
from rulebook.trogdor import apply_action, legal_actions
from solvers.trogdor import Position, board_graph, reachable
from solvers.trogdor.generate import positions

LAYOUT = "C...C/.T.../..L../...T./C.M.."


def engine_reach(pos: Position, k: int) -> dict:
    """BFS over engine states with move/burrow actions only, no damage taken."""
    state = pos.to_state()
    seen = {state.trogdor: 0}
    frontier = deque([state])
    while frontier:
        s = frontier.popleft()
        if seen[s.trogdor] == k:
            continue
        for a in legal_actions(s):
            if not str(a).startswith(("move", "burrow")):
                continue
            t = apply_action(s, a)
            if t.meter < s.meter or t.trogdor in seen:
                continue
            seen[t.trogdor] = seen[s.trogdor] + 1
            frontier.append(t)
    return seen


@pytest.mark.parametrize("diagonal, wrap", [(False, False), (True, False), (False, True)])
def test_reach_matches_engine(diagonal, wrap):
    rng = random.Random(5)
    for base, _ in positions(seed=3, n=40):
        pos = Position(base.layout, base.trogdor, avoid=base.avoid, diagonal=diagonal, wrap=wrap)
        k = rng.randint(0, 6)
        r = reachable(pos.layout, pos.trogdor, k, avoid=pos.avoid, diagonal=diagonal, wrap=wrap)
        assert r.costs == engine_reach(pos, k), str(pos)


def test_graph_edges_carry_engine_actions():
    g = board_graph(Position.from_text(LAYOUT, "C3").layout)
    assert isinstance(g, nx.DiGraph) and g.number_of_nodes() == 25
    b2, d4, c3 = (GRID5.parse(x) for x in ("B2", "D4", "C3"))
    assert g.edges[b2, d4]["action"] == "burrow"
    assert g.edges[c3, GRID5.parse("C2")]["action"] == "move N"
    assert g.nodes[GRID5.parse("C3")]["kind"] == "L"
    # no wraparound by default: A1 has two neighbours
    assert sorted(str(v) for v in g.successors(GRID5.parse("A1"))) == ["A2", "B1"]


def test_knights_square_has_no_way_in_but_a_way_out():
    lay = Position.from_text(LAYOUT, "C3").layout
    c3 = GRID5.parse("C3")
    g = board_graph(lay, avoid={c3})
    assert g.in_degree(c3) == 0 and g.out_degree(c3) == 4


def test_reach_text_and_grid():
    r = reachable(Position.from_text(LAYOUT, "B2").layout, GRID5.parse("B2"), 1)
    assert r.grid()[3][3] == 1  # D4 through the tunnel
    assert str(r).splitlines()[0] == "6 squares reachable from B2 with at most 1 AP"
    assert [str(s) for s in r.squares] == ["B1", "A2", "B2", "C2", "B3", "D4"]
