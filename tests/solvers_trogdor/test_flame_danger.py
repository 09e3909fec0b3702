"""Flaming peasants (T-BURN-PEASANT, T-FLAME-COTTAGE, T-FLAME-LAKE, T-FLAME-CHAIN) and the danger
map (T-KNIGHT-MOVE, T-ARCHER, T-WRAP, T-PROTECT), both answered through the engine's own rules."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulebook.trogdor import puzzle
from rulebook.trogdor.grid import GRID5
from solvers.trogdor.danger import card_danger, danger_map
from solvers.trogdor.peasant import best_ignition, ignite
from solvers.trogdor.query import QueryError

LAYOUT = "C...C/.T.../..L../...T./C.M.."
DECK = ["0N-WNNE", "1S-SSSS", "2E-EEN", "3W-NNW", "4N-ESSE", "0Sr-WWS"]


def sq(x):
    return GRID5.parse(x)


def test_flaming_peasant_burns_its_route_and_ignites_an_eligible_cottage():
    """T-FLAME-COTTAGE: A1's ring is burnt once the peasant passes, so the cottage ignites."""
    s = puzzle(LAYOUT, peasants=("B2",), burnt=("A2", "B1"))
    r = ignite(s, sq("B2"), "0N-WNNE")
    assert [str(x) for x in r.route] == ["B2", "A2", "A1", "A5", "B5"]  # wraps (TR-FLAME-WRAP)
    assert [str(x) for x in r.tiles] == ["A1", "B2", "A5", "B5"]
    assert r.cottages == [sq("A1")] and r.to_void == 1 and r.saved == []
    assert set(r.route) <= set(r.tiles) | {sq("A2")}


def test_lake_saves_the_peasant():
    """T-FLAME-LAKE: the run stops on the Lake, the peasant stays there and the Lake is unharmed."""
    s = puzzle(LAYOUT, peasants=("C1",))
    r = ignite(s, sq("C1"), "0S-SSSS")
    assert [str(x) for x in r.route] == ["C1", "C2", "C3"]
    assert r.saved == [sq("C3")] and r.to_void == 0
    assert sq("C3") not in r.tiles and tuple(r.after.peasants) == (sq("C3"),)


def test_chain_ignition():
    """T-FLAME-CHAIN: a peasant on the route catches fire and runs with the next card."""
    s = puzzle(LAYOUT, peasants=("B4", "D4"))
    r = ignite(s, sq("B4"), "0E-EEEE", rest=["0S-SSS"])
    assert r.ignited == [sq("D4")] and r.cards_drawn == 2 and r.to_void == 2
    assert {sq("D5"), sq("D1")} <= set(r.tiles)  # the second peasant's run: D4 -> D5 -> D1 -> D2
    assert [(str(a), c, [str(x) for x in route]) for a, c, route in r.chain] == [
        ("D4", "0S-SSS", ["D4", "D5", "D1", "D2"])
    ]
    for _, _, route in r.chain:
        assert set(route) <= set(r.tiles)


def test_best_ignition_is_the_exact_expectation():
    s = puzzle(LAYOUT, peasants=("B2", "D4"), movement=DECK)
    best = best_ignition(s)
    for choice in best.choices:
        total = Fraction(0)
        for i, cid in enumerate(DECK):
            r = ignite(s, choice.start, cid, DECK[:i] + DECK[i + 1 :])
            total += len(r.tiles) + len(r.cottages)
        assert choice.expected_total == total / len(DECK) and choice.cards == len(DECK)
    totals = [c.expected_total for c in best.choices]
    assert totals == sorted(totals, reverse=True) and best.best is best.choices[0]


def test_ignite_needs_a_peasant():
    with pytest.raises(QueryError, match="no peasant on B2"):
        ignite(puzzle(LAYOUT), sq("B2"), "0N-WNNE")
    with pytest.raises(QueryError, match="unknown movement card"):
        ignite(puzzle(LAYOUT, peasants=("B2",)), sq("B2"), "zz")


def walk(start, path):
    out, pos = [], start
    for d in path:
        pos = GRID5.step(pos, d, wrap=True)
        out.append(pos)
    return out


@pytest.mark.parametrize("card", DECK)
def test_card_danger_matches_the_paths(card):
    """Knights hit the squares they enter (with wraparound); the archer's arrows cover the line
    of its last step except its own tile."""
    s = puzzle(LAYOUT, knights=("A1", "D2"), archer="E5")
    d = card_danger(s, card)
    path = tuple(card.split("-")[1])
    want = set(walk(sq("A1"), path)) | set(walk(sq("D2"), path))
    assert set(d.by_piece["knights"]) == want
    end = walk(sq("E5"), path)[-1]
    axis = "EW" if path[-1] in "EW" else "NS"
    assert set(d.by_piece["archer"]) == set(GRID5.line(end, axis))
    assert d.by_piece["troghammer"] == []


def test_hidden_trogdor_is_never_hit():
    """T-PROTECT."""
    s = puzzle(LAYOUT, knights=("A1", "D2"), archer="E5", hidden=True, trogdor="C5")
    assert card_danger(s, "0N-WNNE").squares == []


def test_danger_map_is_the_exact_average_over_the_deck():
    s = puzzle(LAYOUT, knights=("A1", "D2"), archer="E5", troghammer="B4", movement=DECK)
    m = danger_map(s)
    assert m.cards == len(DECK)
    hits = {x: 0 for x in GRID5.squares()}
    for card in DECK:
        for x in card_danger(s, card).squares:
            hits[x] += 1
    assert m.probabilities == {x: Fraction(n, len(DECK)) for x, n in hits.items()}
    assert len(m.grid()) == 5 and all(0 <= v <= 1 for row in m.grid() for v in row)
    assert m.safest and all(m.probabilities[x] == min(hits.values()) / 6 for x in m.safest)


def test_flame_reports_are_consistent_with_the_engine_on_random_cases():
    """Routes only cross tiles that end burnt (the Lake excepted, T-FLAME-LAKE); every ignited
    peasant ends in the Void or on the Lake; 7 peasants stay accounted for."""
    import random

    from solvers.trogdor.generate import random_layout

    rng = random.Random(8)
    for _ in range(80):
        layout = random_layout(rng)
        peasants = rng.sample(GRID5.squares(), 3)
        burnt = [q for q in GRID5.squares() if rng.random() < 0.3]
        deck = [
            f"0{rng.choice('NSEW')}-"
            + "".join(rng.choice("NSEW") for _ in range(rng.randint(3, 5)))
            for _ in range(6)
        ]
        s = puzzle(layout, peasants=[str(p) for p in peasants], burnt=[str(b) for b in burnt])
        r = ignite(s, peasants[0], deck[0], deck[1:])
        lake = layout.lake
        for route in [r.route] + [c[2] for c in r.chain]:
            assert {q for q in route if q != lake} <= set(r.tiles) | set(burnt)
        assert r.to_void + len(r.saved) == 1 + len(r.ignited)
        after = r.after
        assert len(after.peasants) + after.meter + after.void == 7
