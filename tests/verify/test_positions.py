"""Starts from a position (a teaching position built with the game's ``puzzle``): a ruling is
chosen in the position's own rulings field, and differ searches breadth first from it."""

import pytest

import rulebook
from rulebook.common.errors import TrogkitInputError
from solvers.verify.differ import differ, parts_at_end
from solvers.verify.trace import Start, with_rulings


def test_with_rulings_sets_and_clears_a_choice_in_the_notation():
    g = rulebook.game("trollland")
    text = str(g.new_game(0))
    other = with_rulings(g, text, {"TLR-GAT-CHOICE": "voluntary"})
    assert " rulings=TLR-GAT-CHOICE=voluntary" in other
    assert g.parse(other).rulings["TLR-GAT-CHOICE"] == "voluntary"
    assert with_rulings(g, other, {"TLR-GAT-CHOICE": "forced-only"}) == text


def test_a_position_without_a_rulings_field_is_refused_clearly():
    g = rulebook.game("trogdor")
    with pytest.raises(TrogkitInputError, match="no rulings= field"):
        Start(position=str(g.new_game(0)), rulings={"TR-PASS-AP": "keep"}).state(g)


def test_king_cancelled_difference_from_its_teaching_position():
    t = differ("trollland", "TLR-KING-CANCELLED", budget=1)
    assert t.start.position is not None
    assert t.actions[-1] == "king imprison" and len(t.actions) == 4
    assert parts_at_end(t)
