"""Minimal AP to burninate a cottage: the A* search and the z3 model agree on 500+ generated
positions, every plan replays through the engine (T-BURN-TILE, T-BURN-LAKE, T-BURN-COTTAGE,
T-MOVE, T-BURROW), and a brute force over engine states confirms minimality on small cases."""

from __future__ import annotations

import math
import subprocess
import sys

import pytest

from rulebook.common.errors import TrogkitInputError
from rulebook.trogdor.grid import GRID5
from solvers.limits import LimitReached
from solvers.trogdor import (
    QueryError,
    min_ap_cottage,
    min_ap_cottage_z3,
)
from solvers.trogdor.burn_task import cottage_task
from solvers.trogdor.generate import positions
from solvers.trogdor.query import Board
from solvers.trogdor.replay import ReplayError, replay

from .helpers import engine_min_ap, state_of

LAYOUT = "C...C/.T.../..L../...T./C.M.."
AGREEMENT_CASES = positions(seed=20261130, n=520)


def sq(name):
    return GRID5.parse(name)


def check_plan(pos, cottage, result) -> None:
    """Replay through rulebook: every action legal, the cottage ends burnt, AP spent == answer,
    no damage taken (knights avoided, T-MOVE-KNIGHT-DAMAGE)."""
    final = replay(pos, result.plan)
    assert final.cottages[cottage] is True
    assert 99 - final.ap == result.ap == len(result.plan)
    assert final.meter == 4
    assert final.trogdor == result.squares[-1]


@pytest.mark.heavy  # starts first under xdist (conftest.py)
def test_search_and_z3_agree_on_500_generated_positions():
    impossible = 0
    for pos, cottage in AGREEMENT_CASES:
        a = min_ap_cottage(pos, cottage)
        b = min_ap_cottage_z3(pos, cottage, timeout_ms=20_000)
        assert not b.timed_out, (str(pos), cottage)
        assert a.ap == b.ap, (str(pos), str(cottage), a.ap, b.ap)
        if a.ap is None:
            impossible += 1
            assert a.reason.startswith("impossible") and b.reason == a.reason
            continue
        check_plan(pos, cottage, a)
        check_plan(pos, cottage, b)
    assert len(AGREEMENT_CASES) >= 500
    assert 10 <= impossible <= len(AGREEMENT_CASES) // 3  # the generator covers both outcomes


def test_minimum_matches_engine_brute_force_on_small_cases():
    """BFS over engine states (legal_actions/apply_action only) gives the same minimum."""
    checked = 0
    for pos, cottage in positions(seed=7, n=400):
        if len(cottage_task(Board.of(pos), GRID5.index(cottage)).tiles) > 4:
            continue
        ring = {cottage, *GRID5.ring(cottage)}
        lake = pos.layout.lake
        burnable = ring | (set(GRID5.neighbours(lake)) if lake in ring else set())
        goal = lambda s, c=cottage: s.cottages[c]  # noqa: E731
        want = engine_min_ap(pos, goal, burnable=burnable)
        assert min_ap_cottage(pos, cottage).ap == want, (str(pos), str(cottage))
        checked += 1
        if checked == 40:
            break
    assert checked == 40


def test_example_from_the_issue():
    pos = state_of(LAYOUT, "C3", burnt="A2,B2")
    r = min_ap_cottage(pos, sq("A1"))
    assert r.ap == 7
    check_plan(pos, sq("A1"), r)
    assert r.to_json() == {"ap": 7, "plan": r.plan, "method": "search", "reason": None}


def test_lake_condition_orders_the_burns():
    """T-BURN-LAKE: the Lake in the cottage's ring burns only after its N/S/E/W neighbours,
    which may lie outside the ring (E3 here)."""
    pos = state_of("C...C/.T.../.CL../...T./..M..", "A1")
    r = min_ap_cottage(pos, sq("B3"))
    check_plan(pos, sq("B3"), r)
    burns = [str(s) for s in r.burns]
    assert "D3" in burns and burns.index("C3") > max(burns.index(n) for n in ("C2", "C4", "D3"))
    assert min_ap_cottage_z3(pos, sq("B3")).ap == r.ap


def test_burrow_is_used_when_it_saves_ap():
    """T-BURROW: from B2 the tunnel to D4 is one AP."""
    pos = state_of("....C/.T.../..L../...T./C.M.C", "B2", burnt="D5,E5,E4,D4")
    r = min_ap_cottage(pos, sq("E5"))
    assert r.plan[0] == "burrow" and r.plan[-1] == "burn cottage" and r.ap == 4
    check_plan(pos, sq("E5"), r)


def test_already_burnt_cottage_costs_nothing():
    pos = state_of(LAYOUT, "C3", cottages_burnt="A1")
    for f in (min_ap_cottage, min_ap_cottage_z3):
        r = f(pos, sq("A1"))
        assert (r.ap, r.plan, r.reason) == (0, [], None)


@pytest.mark.parametrize("method", [min_ap_cottage, min_ap_cottage_z3])
def test_impossible_targets_say_why(method):
    """A knight on a ring tile (T-MOVE-KNIGHT-DAMAGE: the solvers never step on one)."""
    pos = state_of(LAYOUT, "C3", avoid="B1")
    r = method(pos, sq("A1"))
    assert r.ap is None and r.plan == []
    assert r.reason == (
        "impossible, because B1 must be burninated but Trogdor cannot reach it "
        "(a knight stands there; T-MOVE-KNIGHT-DAMAGE)"
    )
    walled = state_of(LAYOUT, "C3", burnt="A2,B1,B2", avoid="A2,B1")
    r = method(walled, sq("A1"))
    assert r.ap is None and "every way in is blocked" in r.reason


def test_knight_on_the_cottage_trogdor_stands_on():
    """He may leave a knight's square but not come back, so he cannot finish there."""
    pos = state_of(LAYOUT, "A1", avoid="A1")
    for f in (min_ap_cottage, min_ap_cottage_z3):
        r = f(pos, sq("A1"))
        assert r.ap is None and "could not come back" in r.reason
    ready = state_of(LAYOUT, "A1", burnt="A2,B1,B2", avoid="A1")
    assert min_ap_cottage(ready, sq("A1")).plan == ["burn tile", "burn cottage"]


def test_not_a_cottage_is_bad_input():
    pos = state_of(LAYOUT, "C3")
    with pytest.raises(QueryError, match="B1 is not a cottage tile"):
        min_ap_cottage(pos, sq("B1"))


def test_replay_catches_a_drifted_plan():
    """The replay check is what catches drift: an illegal plan names the engine's rule."""
    pos = state_of(LAYOUT, "C3")
    with pytest.raises(ReplayError, match="T-BURN-LAKE"):
        replay(pos, ["burn tile"])


def test_granted_diagonal_and_wraparound_moves():
    """T-MOVE with a card's diagonal or wraparound moves (T-CARD-EFFECTS): both methods agree and
    the engine, given the same powers, accepts every plan."""
    for i, (base, cottage) in enumerate(positions(seed=99, n=60)):
        granted = ("diagonal",) * (i % 3 != 1) + ("wrap",) * (i % 3 != 0)
        pos = base.replace(powers=granted)
        a = min_ap_cottage(pos, cottage)
        b = min_ap_cottage_z3(pos, cottage)
        assert a.ap == b.ap, (str(pos), granted)
        plain = min_ap_cottage(base, cottage).ap
        if a.ap is not None:
            check_plan(pos, cottage, a)
            check_plan(pos, cottage, b)
            assert plain is None or a.ap <= plain  # more moves never cost more


@pytest.mark.parametrize("kw", [{"nodes": math.nan}, {"nodes": 0}, {"seconds": math.inf}])
def test_search_limits_are_validated_and_bounded(kw):
    pos = state_of(LAYOUT, "C3")
    with pytest.raises(TrogkitInputError):
        min_ap_cottage(pos, "A1", **kw)
    with pytest.raises(LimitReached, match="at least"):
        min_ap_cottage(pos, "A1", nodes=2)  # the minimum (11) needs more expansions


@pytest.mark.parametrize("timeout_ms", [math.nan, math.inf, -5, 0])
def test_z3_limits_are_validated(timeout_ms):
    with pytest.raises(TrogkitInputError):
        min_ap_cottage_z3(state_of(LAYOUT, "C3"), "A1", timeout_ms=timeout_ms)


def test_min_ap_path_builds_no_graph_and_imports_no_heavy_library():
    """The min-AP search runs on plain move tables: networkx (drawing), z3, OR-Tools and
    matplotlib stay unloaded (bench figure "min-AP CLI CPU ÷ BFS script")."""
    code = (
        "import sys\n"
        "from rulebook.trogdor import puzzle\n"
        "from solvers.trogdor import min_ap_cottage\n"
        f"assert min_ap_cottage(puzzle({LAYOUT!r}), 'A1').ap == 11\n"
        "heavy = {'networkx', 'z3', 'ortools', 'matplotlib'} & {m.split('.')[0] for m in sys.modules}\n"
        "print(sorted(heavy))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_plans_replay_from_positions_of_real_games():
    """Positions met in seeded random games (archer, Troghammer, peasants, burnt tiles): every
    plan replays through the engine, burns the cottage and costs no health (the Troghammer is
    avoided like a knight, T-MOVE-KNIGHT-DAMAGE)."""
    import rulebook
    from rulebook.common.game import random_game

    g = rulebook.game("trogdor")
    solved = 0
    for seed in range(25):
        s = g.new_game(seed)
        for i, action in enumerate(random_game(g, seed).actions):
            s = g.apply(s, action)
            if i % 9 or s.phase != "act" or s.trogdor is None or g.is_terminal(s):
                continue
            puzzle = s.replace(ap=99, powers=())
            for cottage, burnt in puzzle.cottages.items():
                r = min_ap_cottage(puzzle, cottage)
                if burnt or r.ap is None:
                    continue
                final = replay(puzzle, r.plan)
                assert final.cottages[cottage] and final.meter == puzzle.meter, str(puzzle)
                assert 99 - final.ap == r.ap
                solved += 1
    assert solved >= 50


def test_a_position_that_is_no_engine_state_is_a_clear_input_error():
    with pytest.raises(QueryError, match="engine State"):
        min_ap_cottage(LAYOUT, "A1")
