"""Starts from a position (a gallery scenario's): rulings are chosen on the parsed state, and
differ searches breadth first from it."""

import pytest

import rulebook
from rulebook.common.errors import TrogkitInputError
from solvers.verify.differ import differ, parts_at_end
from solvers.verify.trace import Start


def test_a_position_start_chooses_rulings_in_the_state():
    g = rulebook.game("trogdor")
    start = Start(position=str(g.new_game(0)), rulings={"TR-PASS-AP": "keep"})
    s, _ = start.state(g)
    assert s.rulings["TR-PASS-AP"] == "keep"
    assert Start(position=str(g.new_game(0))).state(g)[0] == g.new_game(0)


def test_a_bad_ruling_on_a_position_is_refused_clearly():
    g = rulebook.game("trollland")
    with pytest.raises(TrogkitInputError, match="TLR-NOPE"):
        Start(position=str(g.new_game(0)), rulings={"TLR-NOPE": "x"}).state(g)


def test_king_cancelled_difference_from_its_teaching_position():
    t = differ("trollland", "TLR-KING-CANCELLED", budget=1)
    assert t.start.position is not None
    assert t.actions[-1] == "king imprison" and len(t.actions) == 4
    assert parts_at_end(t)
