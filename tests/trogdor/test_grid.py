"""The Trogdor board grid: square names, steps on bounded and wraparound boards, rings and lines."""

from __future__ import annotations

import pytest

from rulebook.common.errors import NotationError
from rulebook.trogdor.grid import GRID5, OPPOSITE, Grid, Square


def test_grid_names_and_parse():
    assert str(Square(0, 0)) == "A1" and str(Square(4, 4)) == "E5"
    assert GRID5.parse("c3") == Square(2, 2)
    for bad in ("F1", "A6", "", "33", "A"):
        with pytest.raises(NotationError):
            GRID5.parse(bad)
    assert [str(s) for s in GRID5.squares()[:6]] == ["A1", "B1", "C1", "D1", "E1", "A2"]
    assert all(GRID5.at(GRID5.index(s)) == s for s in GRID5.squares())


def test_grid_steps_bounded_and_wrapping():
    a1 = GRID5.parse("A1")
    assert GRID5.step(a1, "N", wrap=False) is None
    assert str(GRID5.step(a1, "N", wrap=True)) == "A5"
    assert str(GRID5.step(a1, "W", wrap=True)) == "E1"
    assert str(GRID5.step(a1, "SE", wrap=False)) == "B2"
    assert all(OPPOSITE[OPPOSITE[d]] == d for d in OPPOSITE)


def test_grid_ring_neighbours_and_lines():
    assert len(GRID5.ring(GRID5.parse("A1"))) == 3
    assert len(GRID5.ring(GRID5.parse("A3"))) == 5
    assert len(GRID5.ring(GRID5.parse("C3"))) == 8
    assert len(GRID5.neighbours(GRID5.parse("E3"))) == 3
    assert len(GRID5.neighbours(GRID5.parse("E3"), wrap=True)) == 4
    assert [str(s) for s in GRID5.line(GRID5.parse("B2"), "EW")] == ["A2", "C2", "D2", "E2"]
    with pytest.raises(ValueError):
        GRID5.line(GRID5.parse("B2"), "diagonal")
    # tiny wrapping grid: no square is its own neighbour, none listed twice
    g2 = Grid(2, 1)
    assert g2.neighbours(Square(0, 0), wrap=True) == [Square(1, 0)]


def test_square_is_a_value_that_copies_pickles_and_sorts_column_first():
    """Squares are compared and hashed as (col, row); copies and pickles stay Squares."""
    import copy
    import pickle

    a = Square(0, 4)
    assert a == Square(0, 4) and hash(a) == hash(Square(0, 4)) and a != Square(4, 0)
    assert (a.col, a.row, a.name) == (0, 4, "A5")
    for b in (copy.copy(a), copy.deepcopy(a), pickle.loads(pickle.dumps(a))):
        assert type(b) is Square and b == a and b.name == "A5"
    assert sorted([Square(1, 0), Square(0, 4), Square(0, 1)]) == [
        Square(0, 1),
        Square(0, 4),
        Square(1, 0),
    ]
    with pytest.raises(AttributeError):
        a.col = 3  # immutable, like the frozen dataclass it replaces
