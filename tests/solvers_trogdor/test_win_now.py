"""Win this turn (T-WIN, T-PLAY, T-DISCARD-AP, T-CHOMP): the engine-state search agrees with the
A* countryside solver on generated endgames, and its plans replay to a win."""

from __future__ import annotations

import random

from rulebook.trogdor import puzzle
from rulebook.trogdor.grid import GRID5
from solvers.trogdor import min_ap_countryside
from solvers.trogdor.generate import random_layout
from solvers.trogdor.replay import replay
from solvers.trogdor.win_now import win_this_turn, with_hand

ENDGAME = "ccl../ttmmC/#####/#####/#####"


def test_yes_with_a_plan_that_wins_in_the_engine():
    s = puzzle(ENDGAME, trogdor="D2", cottages_burnt=("A1", "B1"), peasants=("D1",))
    r = win_this_turn(with_hand(s, ["ap9", "ap1"]))
    assert r.win is True and r.plan[0] == "play ap9" and "chomp" in r.plan
    assert replay(with_hand(s, ["ap9", "ap1"]), r.plan).outcome == "win"
    assert r.to_json()["win"] is True and r.actions == r.plan[1:]


def test_discarding_for_5_ap_can_be_the_way():
    """T-DISCARD-AP: two 3-AP cards, but discarding one gives 5."""
    s = puzzle("ccc##/###.#/##L##/#####/#####", trogdor="D2", cottages_burnt=("A1", "B1", "C1"))
    r = win_this_turn(with_hand(s, ["ap3", "ap2"]))
    assert r.win is True and r.plan[0] in ("discard ap3", "discard ap2")
    assert len(r.plan) == 5 and r.plan[1] == r.plan[4] == "burn tile"  # D2, then the Lake


def test_no_says_why():
    s = puzzle(ENDGAME, trogdor="C3", cottages_burnt=("A1", "B1"), peasants=("D1",))
    r = win_this_turn(with_hand(s, ["ap5", "ap3"]))
    assert r.win is False and "T-WIN" in r.reason and r.plan == []


def test_agrees_with_the_countryside_search_on_generated_endgames():
    """No peasants, a plain N-AP card: a win exists iff the A* minimum is at most N, and the
    engine search's plan is exactly that long (two independent methods)."""
    rng = random.Random(11)
    yes = no = 0
    for _ in range(80):
        layout = random_layout(rng)
        unburnt = set(rng.sample(GRID5.squares(), rng.randint(1, 4)))
        burnt = [s for s in GRID5.squares() if s not in unburnt]
        cots = layout.cottages
        cburnt = [c for c in cots if c not in unburnt and rng.random() < 0.7]
        start = rng.choice(GRID5.squares())
        pos = puzzle(
            layout,
            trogdor=str(start),
            burnt=[str(b) for b in burnt],
            cottages_burnt=[str(c) for c in cburnt],
        )
        need = min_ap_countryside(pos, cottages=True).ap
        ap = rng.randint(2, 9)
        r = win_this_turn(pos.replace(ap=ap))
        assert r.win == (need is not None and need <= ap), (str(pos), ap, need)
        if r.win:
            assert len(r.plan) == need
            assert replay(pos.replace(ap=ap), r.plan).outcome == "win"
            yes += 1
        else:
            no += 1
    assert yes >= 10 and no >= 10


def test_the_search_is_bounded():
    """Every search a user can start ends within its budget: past it, no guess (win=None)."""
    import math

    import pytest

    from rulebook.common.errors import TrogkitInputError

    s = puzzle(ENDGAME, trogdor="D2", cottages_burnt=("A1", "B1"), peasants=("D1",))
    r = win_this_turn(with_hand(s, ["ap9", "ap1"]), limit=3)
    assert r.win is None and r.plan == [] and "budget of 3" in r.reason
    for bad in (math.nan, math.inf, -1, 0):
        with pytest.raises(TrogkitInputError):
            win_this_turn(with_hand(s, ["ap9", "ap1"]), limit=bad)
