"""A witness or a ruling difference replayed on the board: back/forward buttons step through
it, and the firing rule is highlighted on its step (driven by Button.click(), no kernel)."""

from __future__ import annotations

import pytest

import boards
from rulebook.common.errors import TrogkitInputError
from solvers.verify.differ import differ, parting
from solvers.verify.trace import replay
from solvers.verify.witness import witness


def test_witness_replay_steps_back_and_forward_and_marks_the_rule():
    t = witness("trogdor", "T-BURN-TILE", budget=2)
    r = boards.replay_trace(t)
    n = len(t.actions)
    assert r.step == n and "<mark><b>T-BURN-TILE</b></mark>" in r.info.value
    assert r.forward_button.disabled
    r.back_button.click()
    assert r.step == n - 1 and "T-BURN-TILE</b></mark> fires" not in r.info.value
    assert r.boards[0].state == replay(t).states[n - 1]
    r.first_button.click()
    assert r.step == 0 and r.back_button.disabled and "the start" in r.info.value
    r.forward_button.click()
    assert r.boards[0].state == replay(t).states[1]
    r.last_button.click()
    assert r.boards[0].state == replay(t).states[-1]
    data = r._repr_mimebundle_()  # a notebook cell ending in the replay shows its widget
    assert data["image/svg+xml"].startswith("<svg") and "T-BURN-TILE" in data["text/plain"]
    assert "application/vnd.jupyter.widget-view+json" in data


def test_refusal_witness_names_the_refused_action():
    t = witness("encounter-solo", "RE-SOLO-TURN", budget=4)
    r = boards.replay_trace(t)
    assert f"<code>{t.refused}</code> is refused by" in r.info.value


def test_ruling_difference_shows_both_options_stepping_together():
    t = differ("trogdor", "TR-PASS-AP", budget=3)
    r = boards.replay_trace(t)
    a, b = r.boards
    assert a.state != b.state  # they part on the last step
    r.back_button.click()
    assert not parting(a.game, a.state, b.state)  # one step earlier they still agree
    assert r.step == len(t.actions) - 1
    svg = r.widget._repr_mimebundle_()["image/svg+xml"]
    assert svg.count("<svg") == 3  # one picture of both boards


def test_a_ruling_differences_boards_say_which_reading_each_plays():
    """Titles name the ruling once, with each board's option: "TR-PASS-AP = spend (default)"."""
    t = differ("trogdor", "TR-PASS-AP", budget=3)
    r = boards.replay_trace(t)
    ruling = r.boards[0].game.rulings["TR-PASS-AP"]
    (other,) = t.versus.values()
    assert [b._title for b in r.boards] == [
        f"TR-PASS-AP = {ruling.default} (default)",
        f"TR-PASS-AP = {other}",
    ]
    assert all(b._title.count("TR-PASS-AP") == 1 for b in r.boards)


def test_a_step_that_is_not_one_of_the_traces_is_refused_and_the_replay_stays():
    t = witness("trogdor", "T-BURN-TILE", budget=2)
    r = boards.replay_trace(t)
    n = len(t.actions)
    r.go(1)
    for bad in (2.5, -1, n + 1, "3", True, None):
        with pytest.raises(TrogkitInputError, match=r"replay\.go: step"):
            r.go(bad)
        assert r.step == 1 and r.boards[0].state == replay(t).states[1]
    r.go(n)
    r.forward()  # at the end, forward stays (a key press past the end is no error)
    assert r.step == n
    r.go(0)
    r.back()
    assert r.step == 0
