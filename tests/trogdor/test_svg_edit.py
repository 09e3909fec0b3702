"""The picture's click targets and the scenario edits (rulebook/trogdor/edit.py).

Boards find what was clicked by the nearest ``data-target``: a square name, ``peasant:B2`` or
``card:<id>``. Scenario edits are input: what the box cannot hold is a NotationError naming the
place and the setup rule, never a RuleError, and the given state never changes."""

from __future__ import annotations

import re
import xml.dom.minidom

import pytest

import drawings
import rulebook
from rulebook.common.errors import NotationError, RuleError
from rulebook.trogdor import edit as E

LAYOUT = "C...C/.T.../..L../...T./C.M.."
TARGET = re.compile(r"data-target='([^']*)'")


def targets(svg: str) -> list[str]:
    return TARGET.findall(svg)


def test_every_square_peasant_and_card_is_a_click_target():
    g = rulebook.game("trogdor")
    s = g.apply(g.new_game(1, players=2), "draw")
    svg = drawings.svg(s)
    xml.dom.minidom.parseString(svg)  # well-formed
    found = targets(svg)
    squares = [f"{c}{r}" for r in range(1, 6) for c in "ABCDE"]
    assert [t for t in found if ":" not in t] == squares
    assert sorted(t for t in found if t.startswith("peasant:")) == sorted(
        f"peasant:{p}" for p in s.peasants
    )
    assert sorted(t for t in found if t.startswith("card:")) == sorted(
        f"card:{c}" for c in s.hands[s.to_move]
    )
    assert drawings.svg(s) == svg  # deterministic


def test_two_peasants_on_a_square_are_two_targets():
    s = rulebook.trogdor.puzzle(LAYOUT, peasants=["B2", "B2"], meter=2)
    assert targets(drawings.svg(s)).count("peasant:B2") == 2


def test_edits_change_a_copy():
    s = rulebook.trogdor.puzzle(LAYOUT, meter=4)
    before = str(s)
    t = E.edit(s, ("square", "peasant", "B2"))
    assert [str(p) for p in t.peasants] == ["B2"] and t.void == s.void - 1
    t = E.edit(t, ("square", "knight", "D4"))
    t = E.edit(t, ("meter", 2))
    assert (t.meter, t.void) == (2, 4)
    t = E.edit(t, ("ap", 7))
    t = E.edit(t, ("ruling", "TR-PASS-AP", "keep"))
    assert t.ap == 7 and "TR-PASS-AP=keep" in str(t)
    assert str(s) == before


@pytest.mark.parametrize(
    "op, where, rule",
    [
        (("square", "tile C", "B1"), "B1", "T-SETUP-BOARD"),  # a 4th cottage
        (("square", "peasant", "Z9"), "square", "T-SETUP-BOARD"),
        (("square", "peasant-remove", "B2"), "B2", "T-SETUP-PIECES"),
        (("square", "cottage-burnt", "B2"), "B2", "T-SETUP-BOARD"),
        (("square", "lasso", "B2"), "tool", "T-SETUP-PIECES"),
        (("meter", 8), "meter", "T-SETUP-METER"),
        (("ap", 1000), "ap", "T-AP"),
        (("ap", "٣"), "ap", None),
        (("movement", "no-such-card"), "movement", "T-MOVEMENT-CARD"),
        (("ruling", "TR-PASS-AP", "sometimes"), "rulings", None),
        (("meter",), "edit", None),
        (("paint", 1), "edit", None),
    ],
)
def test_bad_edits_are_input_errors_naming_the_place(op, where, rule):
    s = rulebook.trogdor.puzzle(LAYOUT, meter=7)
    before = str(s)
    with pytest.raises(NotationError) as e:
        E.edit(s, op)
    assert not isinstance(e.value, RuleError)
    assert e.value.where == where
    if rule:
        assert rule in str(e.value)
    assert str(s) == before


def test_full_box_refuses_an_eighth_peasant():
    s = rulebook.trogdor.puzzle(LAYOUT, meter=0, peasants=["A1"] * 7)
    with pytest.raises(NotationError, match="T-SETUP-METER"):
        E.edit_square(s, "peasant", "B2")
