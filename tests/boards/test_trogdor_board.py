"""The Trogdor live board, driven by ``Button.click()`` without a kernel: every click goes through
``apply_action`` (the board's state is always the fold of the rules over the played actions), a
refusal shows the rule ID and reason and keeps the state, undo/reset, phases, plan overlay."""

from __future__ import annotations

import random

import ipywidgets as W
import pytest

from boards.trogdor import EVERYDAY, TrogdorBoard, candidates, last_movement_card
from rulebook.trogdor import apply_action, legal_actions, new_game, puzzle

LAYOUT = "C...C/.T.../..L../...T./C.M.."


def small(**kw):
    args = dict(trogdor="B3", ap=3, peasants=["A1"], knights=["B2"], movement=["2Er-EES"])
    args.update(kw)
    return puzzle(LAYOUT, **args)


def widgets_under(w):
    yield w
    for c in getattr(w, "children", ()):
        yield from widgets_under(c)


def test_act_phase_shows_every_everyday_action_and_colours_the_legal_ones():
    b = TrogdorBoard(small())
    labels = b.labels()
    for _group, actions in EVERYDAY:
        for a in actions:
            assert a in labels
    assert "pass" in labels
    legal = {str(a) for a in legal_actions(b.state)}
    for row in b.buttons.children:
        for btn in row.children[1:]:
            assert (btn.button_style == "success") == (btn.description in legal)


def test_a_click_applies_the_same_rule_function_the_tests_use():
    s = small()
    b = TrogdorBoard(s)
    b.button_for("move W").click()  # T-MOVE
    assert b.state == apply_action(s, "move W")
    assert str(b.state.trogdor) == "A3" and b.state.ap == 2
    assert "move W" in b.message.value and b.log == ["move W"]


def test_a_refusal_names_the_rule_and_keeps_the_state():
    s = small()
    b = TrogdorBoard(s)
    b.button_for("burn cottage").click()  # no cottage on B3
    assert "T-BURN-COTTAGE" in b.message.value and "no cottage on B3" in b.message.value
    assert "Traceback" not in b.message.value
    assert b.state == s and len(b.history) == 1
    b.button_for("burrow").click()
    assert "T-BURROW" in b.message.value and b.last_refusal.rule_id == "T-BURROW"


def test_out_of_ap_refusal_cites_t_ap():
    b = TrogdorBoard(small(ap=1))
    assert b.play("move N")
    assert not b.play("move N")
    assert b.last_refusal.rule_id == "T-AP" and "T-AP" in b.message.value


def test_moving_onto_a_knight_costs_health_on_the_board():
    b = TrogdorBoard(small(trogdor="B3"))
    meter = b.state.meter
    b.button_for("move N").click()  # onto the knight on B2: T-MOVE-KNIGHT-DAMAGE
    assert b.state.meter < meter and str(b.state.trogdor) == "B2"


def test_badly_written_action_text_is_shown_not_raised():
    b = TrogdorBoard(small())
    assert not b.play("fly away")
    assert "'fly away'" in b.message.value and "not an action" in b.message.value
    assert len(b.history) == 1


def test_undo_and_reset():
    s = small()
    b = TrogdorBoard(s)
    b.button_for("move W").click()
    b.button_for("move N").click()
    b.undo_button.click()
    assert b.state == apply_action(s, "move W")
    b.reset_button.click()
    assert b.state == s and b.log == []


def test_pass_runs_phase_two_piece_by_piece_and_shows_the_movement_card():
    b = TrogdorBoard(small())
    b.button_for("pass").click()  # T-PASS -> T-MOVEMENT-CARD
    assert b.state.phase in ("spawn", "countryside")
    assert last_movement_card(b.state).id == "2Er-EES"
    assert "2Er-EES" in b.status.value and "stand-in" in b.status.value
    for _ in range(3):  # T-SPAWN: choose among the legal cottages
        if b.state.phase != "spawn":
            break
        b.button_for(str(legal_actions(b.state)[0])).click()
    steps = 0
    for _ in range(10):  # T-KNIGHT-MOVE, T-PEASANT-MOVE
        if b.state.phase != "countryside":
            break
        assert b.labels() == ["step"]
        b.button_for("step").click()
        steps += 1
    assert steps >= 2  # peasants, then the knight
    assert b.state.phase == "draw" and b.state.turn == 2  # T-END-TURN


def test_full_game_turn_with_cards_in_hand():
    g = new_game(seed=1)
    b = TrogdorBoard(g)
    assert b.labels() == ["draw"]
    b.button_for("draw").click()  # T-DRAW
    hand = b.state.hand
    assert hand and all(c in b.status.value for c in hand)
    assert set(b.labels()) == {f"{v} {c}" for c in hand for v in ("play", "discard")}
    b.button_for(f"discard {hand[0]}").click()  # T-DISCARD-AP
    assert b.state.phase == "act" and b.state.ap == 5


def test_spawn_refusal_for_a_burnt_cottage():
    # one peasant wanted, two unburnt cottages (E1, A5): the player chooses (T-SPAWN)
    s = small(cottages_burnt=["A1"], burnt=["A1"], peasants=[], movement=["1Er-EES"])
    b = TrogdorBoard(s)
    b.button_for("pass").click()
    assert b.state.phase == "spawn"
    assert b.labels() == ["spawn A1", "spawn A5", "spawn E1"]
    before = b.state
    b.button_for("spawn A1").click()
    assert "T-SPAWN" in b.message.value and b.state == before
    b.button_for("spawn E1").click()
    assert [str(p) for p in b.state.peasants] == ["E1"] and b.state.phase != "spawn"


def test_random_clicks_always_match_the_rules():
    """Click random buttons (legal or not) in several seeded games: the board's state is always
    the fold of apply_action over the accepted actions, refused clicks change nothing."""
    for seed in range(4):
        rng = random.Random(seed)
        b = TrogdorBoard(new_game(seed=seed))
        expected = b.state
        for _ in range(60):
            opts = candidates(b.state)
            if not opts:
                break
            _g, label, action = rng.choice(opts)
            try:
                want = apply_action(expected, action)
            except Exception as e:  # noqa: BLE001 - any refusal must be a RuleError
                assert type(e).__name__ == "RuleError"
                want = expected
            b.button_for(label).click()
            assert b.state == want
            expected = want
            if rng.random() < 0.05:
                b.undo_button.click()
                expected = b.state


def test_show_plan_overlays_and_steps_through():
    s = small(ap=3)
    b = TrogdorBoard(s)
    assert b.show_plan(["move W", "move N", "move N"])
    ov = b.plan_overlay()
    assert ov["path"] == ["B3", "A3", "A2", "A1"]
    assert "polyline" in b.picture.value  # the numbered path is drawn
    assert b.plan_step == 0 and b.prev_button.disabled
    b.next_button.click()
    b.next_button.click()
    assert b.plan_step == 2 and str(b.state.trogdor) == "A2"
    b.prev_button.click()
    assert b.plan_step == 1 and str(b.state.trogdor) == "A3"
    b.next_button.click()
    b.next_button.click()
    assert b.plan_step == 3 and b.next_button.disabled
    assert "plan done" in b.plan_info.value
    b.clear_plan_button.click()
    assert b.plan == [] and "polyline" not in b.picture.value


def test_show_plan_highlights_burns_and_refuses_an_illegal_plan():
    s = small(ap=2, trogdor="A2")
    b = TrogdorBoard(s)
    assert b.show_plan(["burn tile", "move N"])
    assert b.plan_overlay()["highlight"] == ["A2"]
    assert not b.show_plan(["move N", "move N"])  # A1 then off the board: T-MOVE
    assert "T-MOVE" in b.message.value and "plan step 2" in b.message.value
    assert b.state == s


def test_a_solver_plan_steps_to_its_goal_on_the_board():
    from rulebook.common.grid import GRID5
    from rulebook.trogdor import Layout
    from solvers.trogdor.position import Position
    from solvers.trogdor.search import min_ap_cottage

    answer = min_ap_cottage(Position(Layout.parse(LAYOUT), GRID5.parse("C3")), GRID5.parse("A1"))
    b = TrogdorBoard(puzzle(LAYOUT, trogdor="C3", ap=answer.ap))
    assert b.show_plan(answer)  # accepts the result object (its .actions)
    assert b.plan_overlay()["path"][0] == "C3"
    for _ in answer.plan:
        assert b.next_step()
    assert cottages_burnt(b.state) == ["A1"] and b.state.ap == 0  # T-BURN-COTTAGE, T-AP
    assert not b.next_step()


def cottages_burnt(state) -> list[str]:
    return sorted(str(sq) for sq, burnt in state.cottages.items() if burnt)


def test_off_plan_disables_next():
    b = TrogdorBoard(small())
    b.show_plan(["move W"])
    b.button_for("move E").click()
    assert b.plan_step is None and b.next_button.disabled and "off the plan" in b.plan_info.value


def test_no_output_widget_and_css_hooks():
    b = TrogdorBoard(small())
    assert not any(isinstance(w, W.Output) for w in widgets_under(b.widget))
    assert "trogkit-board" in b.widget._dom_classes
    assert "trogkit-picture" in b.picture._dom_classes


@pytest.mark.parametrize("reading, phase_after", [("ends", "not act"), ("continues", "act")])
def test_hide_on_a_mountain_under_both_readings(reading, phase_after):
    s = small(trogdor="C5", rulings={"TR-HIDE-ENDS-TURN": reading})
    b = TrogdorBoard(s)
    b.button_for("hide").click()  # T-HIDE
    assert b.state == apply_action(s, "hide")
    assert (b.state.phase == "act") == (phase_after == "act")
