"""Widget clicks (Button.click() works without a kernel)."""

from __future__ import annotations

from boards.encounter import adventure_board, battle_bench, game_board
from rulebook.encounter import new_adventure
from solvers.encounter.adventure import solve_adventure

from .helpers import battle_position


def test_battle_bench_shows_resolution_RE_RESOLVE_ORDER():
    # rule: RE-RESOLVE-ORDER
    board = battle_bench()
    for label in ("A+Y3a", "A+Y6a", "A+Y4a", "B+Y9a", "B+Y5a"):
        board.button_for(label).click()
    assert board.state.result().winner == "B"
    assert "levels: 13 vs 14" in board.picture.value
    board.button_for("B-Y5a").click()
    assert board.state.result().winner == "A"
    board.undo_button.click()
    assert board.state.b == ("Y9a", "Y5a")


def test_battle_bench_refuses_red_with_blue_RE_COMPOSE_RED_BLUE():
    board = battle_bench(a=("R1",))
    board.button_for("A+B1").click()
    assert "RE-COMPOSE-RED-BLUE" in board.message.value and board.state.a == ("R1",)
    assert "Traceback" not in board.message.value


def test_battle_bench_sin_toggle_RE_VAR_SIN():
    # rule: RE-VAR-SIN
    board = battle_bench(a=("Y3a", "Y3b", "Y3c"), b=("Y9a", "Y8a"))
    assert board.state.result().winner == "B"
    board.button_for("sin").click()
    assert board.state.result().levels == (18, 17)


def test_game_board_battle_click_shows_narration():
    board = game_board(battle_position([[["Y9a"], ["Y1a"]], [["Y5a"], ["Y2a"]]]))
    board.click("encounter:P1.E1")
    assert board.click("encounter:P2.E1")  # battle 1 P2:1
    assert board.state.wins == (1, 0) and "P1 wins" in board.narration.value
    board.reset_button.click()
    assert board.state.wins == (0, 0) and board.narration.value == ""


def test_adventure_board_steps_through_plan_RE_SOLO_WIN():
    # rule: RE-SOLO-WIN
    st = new_adventure(2)
    plan = solve_adventure(st).plan
    board = adventure_board(st, plan)
    for step in plan:
        board.button_for(step).click()
    assert board.state.outcome == "win" and board.log == plan
    assert "polyline" in board.static_svg()  # the path is drawn


def test_adventure_board_refusal_shows_rule():
    board = adventure_board(new_adventure(2))
    board.play("battle")
    assert "RE-SOLO-TURN" in board.message.value and len(board.history) == 1
