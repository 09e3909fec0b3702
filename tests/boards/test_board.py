"""The one board for every game (``boards.board``): clicks on the drawing's data-targets become
actions through the game protocol, the drawing is updated in place without new widgets, illegal
clicks show the rule, and the output carries a static picture."""

from __future__ import annotations

import random
import time

import pytest

import boards
import rulebook
from boards.core import BoardBox, Menu, Play, Select
from conftest import live_widgets, targets_in

GAMES = ["trogdor", "trollland", "encounter", "encounter-solo"]


def fresh(name: str, seed: int = 0):
    g = rulebook.game(name)
    return g.new_game(seed, players=2 if name in ("trollland", "encounter") else None)


@pytest.mark.parametrize("name", GAMES)
def test_every_game_gets_a_board_with_clickable_targets(name):
    b = boards.board(fresh(name))
    assert isinstance(b.widget, BoardBox)
    drawn = targets_in(b.view.svg)
    assert drawn, "the drawing has data-target elements"
    assert set(b.view.targets) == set(drawn)  # every drawn target has a hover text and a class
    for hint, cls in b.view.targets.values():
        assert hint and cls in ("legal", "illegal", "select", "none")


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_action_is_reachable_by_a_click_or_a_button(name):
    """Play seeded random games by clicking only: each legal action is reached either by clicking
    drawn targets (one click, a menu, or two clicks) or by a labelled button; the board's state is
    always the fold of the rules over the actions played."""
    g = rulebook.game(name)
    for seed in range(2):
        rng = random.Random(seed)
        b = boards.board(fresh(name, seed))
        expected = b.state
        for _ in range(40):
            if g.is_terminal(b.state):
                break
            legal = [str(a) for a in g.legal_actions(b.state)]
            want = rng.choice(legal)
            assert play_by_clicking(b, want), f"{name}: cannot reach {want!r} by clicking"
            expected = g.apply(expected, want)
            assert b.state == expected


def play_by_clicking(b, want: str) -> bool:
    """Find the clicks that play ``want``: a button, a target, a menu item, or two targets."""
    if want in b.labels():
        b.button_for(want).click()
        return True
    drawn = targets_in(b.view.svg)
    for t in drawn:
        r = b.resolve(t)
        if isinstance(r, Play) and str(b.game.action(r.action)) == want:
            return b.click(t)
        if isinstance(r, Menu):
            for i, (_label, a) in enumerate(r.items):
                if str(a) == want:
                    b.click(t)
                    return b.choose(i)
    for t in drawn:
        if isinstance(b.resolve(t), Select):
            b.click(t)
            for u in drawn:
                r = b.resolve(u)
                if isinstance(r, Play) and str(b.game.action(r.action)) == want:
                    return b.click(u)
            b.selection = ()
    for _label, value in b.more.options:
        if value == want:
            b.more.value = value
            b.more_button.click()
            return True
    return False


def test_an_illegal_click_shows_rule_id_title_and_text_and_changes_nothing():
    g = rulebook.game("encounter")
    b = boards.board(fresh("encounter"))
    assert b.click("card:R1") is False and b.selection == ("card:R1",)
    assert b.click("encounter:P1.E1")  # put R1 1
    before = b.state
    b.click("card:B1" if "card:B1" in b.view.targets else "card:B4")
    assert not b.click("encounter:P1.E1")  # Red and Blue in one encounter
    rule = g.catalog.rules["RE-COMPOSE-RED-BLUE"]
    assert "RE-COMPOSE-RED-BLUE" in b.message.value
    assert rule.title in b.message.value and rule.text in b.message.value
    assert b.state == before and b.last_refusal.rule_id == "RE-COMPOSE-RED-BLUE"


@pytest.mark.parametrize("name", GAMES)
def test_a_thousand_clicks_create_no_widget(name):
    rng = random.Random(7)
    b = boards.board(fresh(name))
    b.click(targets_in(b.view.svg)[0])  # warm up
    n = live_widgets()
    for i in range(1000):
        drawn = list(b.view.targets)
        roll = rng.random()
        if roll < 0.05:
            b.undo_button.click()
        elif roll < 0.1 and b.labels():
            b.button_for(rng.choice(b.labels())).click()
        elif b.menu_items:
            b.choose(rng.randrange(len(b.menu_items)))
        else:
            b.click(rng.choice(drawn))
        if i % 250 == 0:
            b.reset()
    assert live_widgets() == n


@pytest.mark.parametrize("name", GAMES)
def test_click_to_redraw_is_under_50_ms(name):
    """In-process: a click that plays an action -> new state, drawing, targets and buttons
    (median over the clicks of random play; the search for which clicks to make is not timed)."""
    g = rulebook.game(name)
    b = boards.board(fresh(name))
    times: list[float] = []

    def timed(method):
        def run(*args):
            n = len(b.history)
            t = time.perf_counter()
            result = method(*args)
            if len(b.history) != n:
                times.append(time.perf_counter() - t)
            return result

        return run

    b.click, b.choose = timed(b.click), timed(b.choose)
    rng = random.Random(5)
    while len(times) < 30:
        if g.is_terminal(b.state):
            b.reset()
        assert play_by_clicking(b, str(rng.choice(g.legal_actions(b.state))))
    times.sort()
    assert times[len(times) // 2] < 0.050, f"median {times[len(times) // 2] * 1000:.1f} ms"


def test_output_carries_a_static_picture_beside_the_widget_view():
    b = boards.board(fresh("trollland"))
    bundle = b.widget._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["image/svg+xml"].startswith("<svg") and bundle["image/svg+xml"] == b.view.svg
    assert "VBox(" not in bundle["text/plain"]
    assert b._repr_mimebundle_()["image/svg+xml"] == b.view.svg


def test_selection_is_shown_and_cleared():
    b = boards.board(fresh("trollland"))
    card = next(t for t in b.view.targets if t.startswith("card:") and b.view.targets[t][1] ==
                "select")  # fmt: skip
    b.click(card)
    assert b.view.selected == [card]
    b.click(card)
    assert b.view.selected == []


def test_hint_highlights_an_action_and_shows_a_win_rate():
    pytest.importorskip("solvers.play.agents")  # helper F's agent; the button is hidden without
    b = boards.board(fresh("trogdor"))
    b.play("draw")
    assert b.hint_button.layout.display != "none"
    assert b.hint(seconds=0.3)
    legal = {str(a) for a in b.game.legal_actions(b.state)}
    assert b.hint_action in legal and "hint:" in b.message.value
    assert any(label == "hint" for _t, label in b.view.marks) or b.hint_action in b.labels()


def test_the_battle_bench_reuses_its_buttons():
    from boards.encounter import battle_bench

    b = battle_bench(a=("Y3a", "G1"), b=("B1",))
    for label in ("A-Y3a", "A-G1", "B-B1"):  # no card on the bench: the most buttons
        b.button_for(label).click()
    b.button_for("A+Y9a").click()
    assert b.state.a == ("Y9a",) and "A-Y9a" in b.labels()
    n = live_widgets()
    rng = random.Random(3)
    for _ in range(300):
        b.button_for(rng.choice(b.labels())).click()
    assert live_widgets() == n


@pytest.mark.parametrize("name", ["trollland", "encounter"])
def test_the_hinted_targets_play_the_hinted_action(name):
    pytest.importorskip("solvers.play.agents")
    b = boards.board(fresh(name))
    assert b.hint(seconds=0.3)
    want = b.game.apply(b.state, b.hint_action)
    marked = [t for t, label in b.view.marks if label == "hint"]
    assert len(marked) == 2  # two-click actions: both targets are marked, in click order
    for t in marked:
        b.click(t)
    assert b.state == want
