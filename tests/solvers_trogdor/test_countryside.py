"""Whole countryside (T-WIN's tile and cottage part; T-BURN-LAKE, T-BURN-COTTAGE): the search (A*,
local search, CP-SAT proof) and the z3 walk model agree where z3 finishes, plans replay through
the engine, the three presets are proven exact, a budget-limited answer says it is not proven
(with a lower bound), and budgets are deterministic and validated."""

from __future__ import annotations

import math
import random

import pytest

from rulebook.common.errors import TrogkitInputError
from rulebook.trogdor import puzzle
from rulebook.trogdor.cards import load_card_set
from rulebook.trogdor.grid import GRID5
from solvers.limits import MAX_NODES
from solvers.trogdor import min_ap_countryside, min_ap_countryside_z3
from solvers.trogdor.generate import random_layout
from solvers.trogdor.replay import replay


def small_cases(seed: int, n: int):
    rng = random.Random(seed)
    for _ in range(n):
        layout = random_layout(rng)
        unburnt = set(rng.sample(GRID5.squares(), rng.randint(1, 6)))
        burnt = [str(s) for s in GRID5.squares() if s not in unburnt]
        cburnt = [str(c) for c in layout.cottages if rng.random() < 0.5]
        start = rng.choice(GRID5.squares())
        knights = rng.sample([q for q in GRID5.squares() if q != start], rng.randint(0, 2))
        yield puzzle(
            layout,
            trogdor=str(start),
            burnt=burnt,
            knights=[str(k) for k in knights],
            cottages_burnt=cburnt,
        )


def large_cases(seed: int, n: int):
    """22-25 unburnt tiles, the box's 3 cottages, no knights (a knight on an unburnt tile makes
    the whole countryside impossible)."""
    rng = random.Random(seed)
    for _ in range(n):
        layout = random_layout(rng)
        unburnt = set(rng.sample(GRID5.squares(), rng.randint(22, 25)))
        burnt = [str(s) for s in GRID5.squares() if s not in unburnt]
        yield puzzle(layout, trogdor=str(rng.choice(GRID5.squares())), burnt=burnt)


def check_win(state, result, cottages=True) -> None:
    final = replay(state, result.plan)
    assert all(final.burnt) and 99 - final.ap == result.ap == len(result.plan)
    assert final.meter == state.meter  # knights avoided (T-MOVE-KNIGHT-DAMAGE)
    if cottages:
        assert all(b for _, b in final.cottages.items()) and final.outcome == "win"


def test_search_and_z3_agree_on_small_countrysides():
    impossible = 0
    for pos in small_cases(4, 30):
        for cottages in (False, True):
            a = min_ap_countryside(pos, cottages=cottages)
            b = min_ap_countryside_z3(pos, cottages=cottages, timeout_ms=20_000)
            assert a.exact and b.exact, str(pos)
            assert a.ap == b.ap, (str(pos), cottages, a.ap, b.ap)
            if a.ap is None:
                impossible += 1
                assert a.reason == b.reason and a.reason.startswith("impossible")
                continue
            check_win(pos, a, cottages)
            check_win(pos, b, cottages)
    assert impossible >= 2


def test_search_and_z3_agree_on_mid_size_countrysides():
    """12-16 unburnt tiles with cottages (the old z3 model timed out at 16 tiles)."""
    rng = random.Random(21)
    for _ in range(6):
        layout = random_layout(rng)
        unburnt = set(rng.sample(GRID5.squares(), rng.randint(12, 16)))
        burnt = [str(s) for s in GRID5.squares() if s not in unburnt]
        pos = puzzle(layout, trogdor=str(rng.choice(GRID5.squares())), burnt=burnt)
        a = min_ap_countryside(pos)
        b = min_ap_countryside_z3(pos, timeout_ms=60_000)
        assert a.exact and b.exact and a.ap == b.ap, (str(pos), a.ap, b.ap)
        check_win(pos, a)
        check_win(pos, b)


def test_presets_tiles_only_is_exact():
    """All 25 tiles from C3: 25 burns and 24 moves (a snake through the board)."""
    for preset in load_card_set().presets.values():
        pos = puzzle(preset.layout, trogdor="C3")
        r = min_ap_countryside(pos, cottages=False)
        assert r.exact and r.ap == 49 == r.lower_bound
        assert all(replay(pos, r.plan).burnt)


def test_presets_with_cottages_are_proven_exact():
    """Tiles and cottages from C3: every preset proven exact within the default budget (the
    CP-SAT walk model finds no plan one AP cheaper), and the plan wins in the engine."""
    found = {}
    for pid, preset in load_card_set().presets.items():
        pos = puzzle(preset.layout, trogdor="C3")
        r = min_ap_countryside(pos)
        assert r.exact and r.lower_bound == r.ap and not r.timed_out, pid
        check_win(pos, r)
        found[pid] = r.ap
    # 25 tiles + 3 cottages + at least 27 moves; the corners cost easy-corners two more
    assert found == {"normal": 56, "easy-corners": 58, "scenic": 56}


def test_large_countrysides_get_an_answer_with_a_bound_within_the_default_budget():
    for pos in large_cases(2, 3):
        r = min_ap_countryside(pos)
        assert r.ap is not None and r.lower_bound is not None and r.lower_bound <= r.ap
        check_win(pos, r)


def test_budget_limited_answer_is_honest():
    """With almost no budget: a replayable best plan, a lower bound below it, exact=False."""
    pos = puzzle(load_card_set().presets["easy-corners"].layout, trogdor="C3")
    r = min_ap_countryside(pos, nodes=50, rounds=0, proof=0)
    assert not r.exact and r.timed_out and r.lower_bound < r.ap
    check_win(pos, r)
    data = r.to_json()
    assert data["exact"] is False and data["lower_bound"] == r.lower_bound
    assert "best found" in str(r)


def test_budgets_give_the_same_answer_on_every_run():
    pos = puzzle(load_card_set().presets["easy-corners"].layout, trogdor="C3")
    a = min_ap_countryside(pos, nodes=300, rounds=2, proof=0.05)
    b = min_ap_countryside(pos, nodes=300, rounds=2, proof=0.05)
    assert (a.ap, a.plan, a.lower_bound, a.exact) == (b.ap, b.plan, b.lower_bound, b.exact)
    assert a.lower_bound <= a.ap


@pytest.mark.parametrize(
    "kw",
    [
        {"time_limit": math.nan},
        {"time_limit": math.inf},
        {"time_limit": -1},
        {"nodes": 0},
        {"nodes": 2.5},
        {"rounds": -1},
        {"proof": math.nan},
        {"nodes": MAX_NODES["countryside"] + 1},  # past the memory bound (solvers/limits.py)
    ],
)
def test_limits_are_validated(kw):
    pos = puzzle(load_card_set().presets["normal"].layout, trogdor="C3")
    with pytest.raises(TrogkitInputError):
        min_ap_countryside(pos, **kw)


def test_z3_limit_is_reported_not_guessed():
    pos = puzzle(load_card_set().presets["normal"].layout, trogdor="C3")
    r = min_ap_countryside_z3(pos, cottages=True, timeout_ms=300)
    assert r.ap is None and r.timed_out and "the minimum is at least" in r.reason
    assert r.lower_bound is not None and r.lower_bound <= 56
