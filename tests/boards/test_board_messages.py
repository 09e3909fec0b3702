"""Issue 23, class 7: a board's message handler never raises, whatever the drawing sends (random
targets, other games' targets, random kinds and menu indexes), and the board's position stays a
legal one (it parses back and its invariants hold)."""

from __future__ import annotations

import dataclasses
import re
import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

import drawings
import rulebook
from boards import board
from conftest import targets_in
from rulebook.common.game import random_game

GAMES = ("trogdor", "trollland", "encounter", "encounter-solo")
GARBAGE = ("", "gat", "A0", "Z9", "loot", ":", "card:", "card:ZZ9", "cage:V99.9", "cage:V01",
           "cage:", "encounter:P9.E9", "encounter:P1", "space:0", "space:99", "peasant:Z9",
           "vehicle:V01", "vehicle:", "card:Bi1:x", "x" * 300, "é", "A1 ", "a1")  # fmt: skip


def _positions(name: str, seed: int = 0, every: int = 7, limit: int = 8) -> list:
    g = rulebook.game(name)
    s, out = g.new_game(seed), []
    for i, a in enumerate(random_game(g, seed).actions):
        if i % every == 0:
            out.append(s)
        if len(out) == limit:
            break
        s = g.apply(s, a)
    return out


POSITIONS = {name: _positions(name) for name in GAMES}
TARGETS = sorted({t for ps in POSITIONS.values() for s in ps for t in targets_in(drawings.svg(s))})
MESSAGE = hs.fixed_dictionaries(
    {
        "kind": hs.sampled_from(["click", "click", "click", "menu", "hover", None]),
        "target": hs.one_of(hs.sampled_from(TARGETS), hs.sampled_from(GARBAGE), hs.text()),
        "index": hs.integers(-3, 12),
    }
)


def assert_legal_position(b) -> None:
    g, s = b.game, b.state
    assert g.parse(str(s)) == s
    assert g.invariants(s) == []


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=hs.sampled_from(GAMES),
    start=hs.integers(0, 7),
    messages=hs.lists(MESSAGE, min_size=1, max_size=25),
)
def test_random_messages_never_raise_and_keep_a_legal_position(name, start, messages):
    ps = POSITIONS[name]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        b = board(ps[start % len(ps)])
    for content in messages:
        b.view._handle(b.view, content, [])
        assert_legal_position(b)
    assert isinstance(b.message.value, str)


@pytest.mark.parametrize("target", ["gat", "", "A0", "Z9", "loot", "cage:V01.1", "space:3"])
def test_a_trogdor_board_in_the_act_phase_answers_a_foreign_target(target):
    g = rulebook.game("trogdor")
    s = g.new_game(0)
    while s.phase != "act":
        s = g.apply(s, g.legal_actions(s)[0])
    b = board(s)
    assert b.click(target) is False
    assert b.state is s and b.message.value  # answered on the board, nothing changed


@pytest.mark.parametrize("target", ["card:Y1a", "card:TK", "card:block-1", "card:standin-01"])
def test_trollland_does_not_select_cards_of_other_games(target):
    s = next(p for p in POSITIONS["trollland"] if p.phase in ("choose", "load"))
    b = board(s)
    b.click(target)
    assert b.selection == ()
    assert b.message.value


@pytest.mark.parametrize(
    "target", ["card:Bi1", "card:block-1", "encounter:P9.E1", "encounter:P1.E9"]
)
def test_encounter_does_not_select_what_is_not_at_its_table(target):
    s = rulebook.game("encounter").new_game(0)
    assert s.phase == "build"
    b = board(s)
    b.click(target)
    assert b.selection == () and b.message.value


@pytest.mark.parametrize("keep", [False, True])
def test_a_trollland_hint_during_a_selection_hints_from_it_or_clears_it(monkeypatch, keep):
    """The clicks a hint names play the hinted action, whether or not a card was selected."""
    agents = pytest.importorskip("solvers.play.agents")
    g = rulebook.game("trollland")
    s = g.new_game(4)
    hinted = g.legal_actions(s)[0]
    monkeypatch.setattr(
        agents, "hint", lambda state, seconds=2.0, **_: agents.Hint(hinted, 0.5, 1)
    )  # the agent's choice is not the point here: the board's clicks are
    b = board(s)
    names = {str(x) for x in hinted.args}
    pick = next(iter(names)) if keep else next(c for c in s.hands[0] if c not in names)
    b.click(f"card:{pick}")
    assert b.selection == (f"card:{pick}",)
    assert b.hint(seconds=0.2)
    assert b.selection in ((), (f"card:{pick}",))
    clicks = re.findall(r"<b>([^<]+)</b>", b.message.value.split("click", 1)[-1])
    assert clicks, b.message.value
    for t in clicks:
        b.click(t)
    assert len(b.history) == 2 and b.log[-1] == str(hinted), b.message.value


def test_hint_on_a_stuck_position_says_it_is_stuck_not_over():
    pytest.importorskip("solvers.play.agents")
    g = rulebook.game("encounter-solo")
    st = g.new_game(0)
    stuck = dataclasses.replace(st, hand=(), discard=st.discard + st.hand)  # parse refuses it
    b = board(stuck)
    assert b.hint(seconds=0.1) is False
    assert "stuck" in b.message.value and "over" not in b.message.value.replace("not over", "")
