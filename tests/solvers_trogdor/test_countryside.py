"""Whole countryside (T-WIN's tile and cottage part; T-BURN-LAKE, T-BURN-COTTAGE): the A* search and
the z3 model agree where z3 finishes, plans replay through the engine, and a time-limited answer
says it is not proven, with a lower bound."""

from __future__ import annotations

import random

from rulebook.common.grid import GRID5
from rulebook.trogdor.cards import load_card_set
from solvers.trogdor import Position, min_ap_countryside, min_ap_countryside_z3
from solvers.trogdor.generate import random_layout
from solvers.trogdor.replay import replay_position


def small_cases(seed: int, n: int):
    rng = random.Random(seed)
    for _ in range(n):
        layout = random_layout(rng)
        unburnt = set(rng.sample(GRID5.squares(), rng.randint(1, 6)))
        burnt = frozenset(s for s in GRID5.squares() if s not in unburnt)
        cburnt = frozenset(c for c in layout.cottages if rng.random() < 0.5)
        start = rng.choice(GRID5.squares())
        knights = frozenset(
            rng.sample([q for q in GRID5.squares() if q != start], rng.randint(0, 2))
        )
        yield Position(layout, start, burnt, knights, cburnt)


def test_search_and_z3_agree_on_small_countrysides():
    impossible = 0
    for pos in small_cases(4, 30):
        for cottages in (False, True):
            a = min_ap_countryside(pos, cottages=cottages, time_limit=20)
            b = min_ap_countryside_z3(pos, cottages=cottages, timeout_ms=20_000)
            assert a.exact and b.exact, str(pos)
            assert a.ap == b.ap, (str(pos), cottages, a.ap, b.ap)
            if a.ap is None:
                impossible += 1
                continue
            for r in (a, b):
                final = replay_position(pos, r.plan)
                assert all(final.burnt) and 99 - final.ap == r.ap
                assert final.meter == 4  # knights avoided (T-MOVE-KNIGHT-DAMAGE)
                if cottages:
                    assert all(final.cottages.values())
    assert impossible >= 2


def test_presets_tiles_only_is_exact():
    """All 25 tiles from C3: 25 burns and 24 moves (a snake through the board)."""
    for preset in load_card_set().presets.values():
        pos = Position(preset.layout, GRID5.parse("C3"))
        r = min_ap_countryside(pos, cottages=False, time_limit=10)
        assert r.exact and r.ap == 49 == r.lower_bound
        assert all(replay_position(pos, r.plan).burnt)


def test_time_limited_answer_is_honest():
    """With almost no time: a replayable best plan, a lower bound below it, exact=False."""
    preset = load_card_set().presets["easy-corners"]
    pos = Position(preset.layout, GRID5.parse("C3"))
    r = min_ap_countryside(pos, cottages=True, time_limit=0.3)
    assert not r.exact and r.timed_out and r.lower_bound < r.ap
    final = replay_position(pos, r.plan)
    assert all(final.burnt) and all(final.cottages.values()) and final.outcome == "win"
    data = r.to_json()
    assert data["exact"] is False and data["lower_bound"] == r.lower_bound
    assert "best found" in str(r)


def test_z3_timeout_is_reported_not_guessed():
    preset = load_card_set().presets["normal"]
    pos = Position(preset.layout, GRID5.parse("C3"))
    r = min_ap_countryside_z3(pos, cottages=True, timeout_ms=300)
    assert r.ap is None and r.timed_out and "timed out" in r.reason
    assert r.lower_bound is not None and r.lower_bound <= 56


def test_node_and_round_limits_give_a_machine_independent_answer():
    preset = load_card_set().presets["easy-corners"]
    pos = Position(preset.layout, GRID5.parse("C3"))
    a = min_ap_countryside(pos, time_limit=None, node_limit=3000, rounds=2)
    b = min_ap_countryside(pos, time_limit=None, node_limit=3000, rounds=2)
    assert (a.ap, a.plan, a.lower_bound) == (b.ap, b.plan, b.lower_bound)
    assert a.lower_bound <= a.ap and not a.exact
