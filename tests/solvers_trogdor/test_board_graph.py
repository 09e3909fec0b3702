"""Reachability on the networkx move graph matches the engine's own moves (T-MOVE, T-BURROW,
T-CARD-EFFECTS for diagonal / wraparound), with knights' squares avoided (T-MOVE-KNIGHT-DAMAGE)."""

from __future__ import annotations

import random
from collections import deque

import networkx as nx
import pytest

from rulebook import game
from rulebook.trogdor.grid import GRID5
from solvers.trogdor import board_graph, min_ap_cottage, reachable
from solvers.trogdor.generate import positions
from solvers.trogdor.moves import move_table
from solvers.trogdor.query import Board

from .helpers import state_of

GAME = game("trogdor")

LAYOUT = "C...C/.T.../..L../...T./C.M.."


def engine_reach(state, k: int) -> dict:
    """BFS over engine states with move/burrow actions only, no damage taken."""
    seen = {state.trogdor: 0}
    frontier = deque([state])
    while frontier:
        s = frontier.popleft()
        if seen[s.trogdor] == k:
            continue
        for a in GAME.legal_actions(s):
            if not str(a).startswith(("move", "burrow")):
                continue
            t = GAME.apply(s, a)
            if t.meter < s.meter or t.trogdor in seen:
                continue
            seen[t.trogdor] = seen[s.trogdor] + 1
            frontier.append(t)
    return seen


@pytest.mark.parametrize("diagonal, wrap", [(False, False), (True, False), (False, True)])
def test_reach_matches_engine(diagonal, wrap):
    rng = random.Random(5)
    granted = ("diagonal",) * diagonal + ("wrap",) * wrap
    for base, _ in positions(seed=3, n=40):
        pos = base.replace(burnt=(False,) * 25, powers=granted)
        k = rng.randint(0, 6)
        r = reachable(pos.layout, pos.trogdor, k, avoid=pos.knights, diagonal=diagonal, wrap=wrap)
        assert r.costs == engine_reach(pos, k), str(pos)


def test_graph_edges_carry_engine_actions():
    g = board_graph(state_of(LAYOUT).layout)
    assert isinstance(g, nx.DiGraph) and g.number_of_nodes() == 25
    b2, d4, c3 = (GRID5.parse(x) for x in ("B2", "D4", "C3"))
    assert g.edges[b2, d4]["action"] == "burrow"
    assert g.edges[c3, GRID5.parse("C2")]["action"] == "move N"
    assert g.nodes[GRID5.parse("C3")]["kind"] == "L"
    # no wraparound by default: A1 has two neighbours
    assert sorted(str(v) for v in g.successors(GRID5.parse("A1"))) == ["A2", "B1"]


def test_knights_square_has_no_way_in_but_a_way_out():
    lay = state_of(LAYOUT).layout
    c3 = GRID5.parse("C3")
    g = board_graph(lay, avoid={c3})
    assert g.in_degree(c3) == 0 and g.out_degree(c3) == 4


def test_reach_text_and_grid():
    r = reachable(LAYOUT, "B2", 1)
    assert r.grid()[3][3] == 1  # D4 through the tunnel
    assert str(r).splitlines()[0] == "6 squares reachable from B2 with at most 1 AP"
    assert [str(s) for s in r.squares] == ["B1", "A2", "B2", "C2", "B3", "D4"]


def test_one_caller_cannot_change_another_callers_answers():
    """The move tables the solvers share are read-only; a drawn graph is the caller's own."""
    pos = state_of(LAYOUT, "C3", burnt="A2,B2")
    before = min_ap_cottage(pos, "A1")
    g = board_graph(pos.layout)
    g.remove_edges_from(list(g.edges))  # the caller's graph only
    table = Board.of(pos).moves
    assert table is move_table((6, 18), frozenset(), False, False)  # B2, D4: the shared one
    with pytest.raises(AttributeError):
        table.succ = ()
    with pytest.raises(TypeError):
        table.succ[7] = ()  # tuples all the way down
    after = min_ap_cottage(pos, "A1")
    assert (after.ap, after.plan) == (before.ap, before.plan) == (7, before.plan)
    assert board_graph(pos.layout).number_of_edges() > 0
