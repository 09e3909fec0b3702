"""rulebook.common.values: ``Frozen`` and ``Value`` behave as the dataclasses they replace (issue 13,
CLI start-up), checked side by side against real dataclasses with the same fields."""

from __future__ import annotations

import copy
import pickle
from dataclasses import FrozenInstanceError, dataclass, field

import pytest

from rulebook.common.notation import Choice, Flag, Int, ListOf, Optional_, PerPlayer, Token
from rulebook.common.rng import Rng
from rulebook.common.rulings import Ruling
from rulebook.common.values import Frozen, Value, init_field
from rulebook.trogdor.board import Layout
from rulebook.trogdor.grid import GRID5, Grid
from solvers.trogdor.results import CountrysideResult, PlanResult


class Pair(Frozen):
    FIELDS = ("a", "b")

    def __init__(self, a, b=0):
        init_field(self, "a", a)
        init_field(self, "b", b)


@dataclass(frozen=True)
class DataPair:
    a: object
    b: object = 0


class Record(Value):
    FIELDS = ("a", "items")

    def __init__(self, a, items=None):
        self.a = a
        self.items = [] if items is None else items


@dataclass
class DataRecord:
    a: object
    items: list = field(default_factory=list)


VALUES = [(1, 2), ("x", None), ((1, 2), frozenset({3})), (0, 0)]


@pytest.mark.parametrize("a, b", VALUES)
def test_frozen_compares_hashes_and_prints_as_a_frozen_dataclass(a, b):
    mine, theirs = Pair(a, b), DataPair(a, b)
    assert hash(mine) == hash(theirs)
    assert repr(mine).removeprefix("Pair") == repr(theirs).removeprefix("DataPair")
    assert mine == Pair(a, b) and not mine != Pair(a, b)
    assert mine != Pair(a, (b, "other")) and mine != (a, b) and mine != theirs
    assert {mine: 1}[Pair(a, b)] == 1


def test_frozen_refuses_assignment_and_deletion_like_a_frozen_dataclass():
    p = Pair(1, 2)
    for target in (p, DataPair(1, 2)):
        with pytest.raises(FrozenInstanceError, match="cannot assign to field 'a'"):
            target.a = 5
        with pytest.raises(FrozenInstanceError, match="cannot delete field 'b'"):
            del target.b
        with pytest.raises(FrozenInstanceError):
            target.new_name = 1
    assert (p.a, p.b) == (1, 2)


def test_frozen_values_copy_and_pickle_to_equal_values():
    for v in (Pair(1, (2, 3)), Rng(7, 3), Int(0, 9), ListOf(Token("card id"), unique=True),
              Layout(tuple("C...C.T.....L.....T.C.M..")), GRID5):  # fmt: skip
        assert copy.copy(v) == v and copy.deepcopy(v) == v
        assert pickle.loads(pickle.dumps(v)) == v


def test_value_is_a_mutable_unhashable_record_like_a_plain_dataclass():
    mine, theirs = Record(1), DataRecord(1)
    assert repr(mine).removeprefix("Record") == repr(theirs).removeprefix("DataRecord")
    assert Record(1).items is not Record(1).items  # a new list each, as default_factory gives
    mine.items.append(2)
    theirs.items.append(2)
    mine.a = theirs.a = 5
    assert repr(mine).removeprefix("Record") == repr(theirs).removeprefix("DataRecord")
    assert mine == Record(5, [2]) and mine != Record(5, [3]) and mine != theirs
    for v in (mine, theirs):
        with pytest.raises(TypeError, match="unhashable"):
            hash(v)


def test_converted_classes_keep_their_dataclass_behaviour():
    """The classes taken off dataclasses keep the positional/keyword signature, the repr and
    equality their callers saw."""
    assert repr(Int(0, 5)) == "Int(lo=0, hi=5)" and Int(0, 5) == Int(lo=0, hi=5) != Int(0, 6)
    assert repr(Flag()) == "Flag()" and Flag() == Flag() and Flag() != Choice(("0", "1"))
    assert repr(Optional_(Int())) == "Optional_(item=Int(lo=0, hi=None))"
    assert PerPlayer(Int(), 2) == PerPlayer(item=Int(), count=2) != PerPlayer(Int(), 3)
    assert hash(ListOf(Int(), True, 4)) == hash(ListOf(item=Int(), unique=True, max_len=4))
    assert repr(Rng(7, 2)) == "Rng(seed=7, counter=2)" and Rng(7) == Rng(7, 0)
    assert Grid() == Grid(5, 5) == GRID5 and repr(Grid(2, 1)) == "Grid(width=2, height=1)"
    r = Ruling("TR-X", "title", "a", {"a": "one", "b": "two"})
    assert r == Ruling("TR-X", "title", "a", {"a": "one", "b": "two"}, "") and r.reason == ""
    with pytest.raises(FrozenInstanceError):
        r.default = "b"
    a = PlanResult(3, ["burn tile"], "search", None, "goal", GRID5.parse("C3"))
    b = CountrysideResult(3, ["burn tile"], "search", None, "goal", GRID5.parse("C3"))
    assert a.squares == [] and a.squares is not PlanResult(*[None] * 6).squares
    assert a != b and b == CountrysideResult(3, ["burn tile"], "search", None, "goal", a.start)
    assert repr(a).startswith("PlanResult(ap=3, plan=['burn tile'], method='search', reason=None")
    assert repr(b).endswith("exact=True, lower_bound=None, timed_out=False, seconds=0.0)")
