"""Live dock widget, driven by Button.click() without a kernel."""

from __future__ import annotations

from tl_helpers import berth, pos, zom_example

from boards.trollland import live_board
from rulebook.trollland import new_game


def test_choice_buttons_play_the_turn():
    b = live_board(new_game(2, seed=3))
    first = b.labels()[0]
    assert first.startswith("choose ")
    b.button_for(first).click()
    assert b.state.to_act == 1 and len(b.history) == 2
    b.undo_button.click()
    assert len(b.history) == 1


def test_refusal_shows_rule_id_TL_LOAD_VEHICLE_DISTINCT():
    b = live_board(zom_example())
    b.button_for("Zo6 → V12.3").click()  # the Dragon already has Zoms in cage 1
    assert "TL-LOAD-VEHICLE-DISTINCT" in b.message.value and len(b.history) == 1
    b.button_for("Zo6 → Trollgat").click()  # a legal cage exists
    assert "TL-LOAD-TROLLGAT" in b.message.value
    b.button_for("Zo6 → V12.1").click()
    assert b.state.row[0].cages[0] == ["Zo2", "Zo6"] and "played" in b.message.value


def test_pick_another_card_is_refused_TL_BANISH_ORDER():
    b = live_board(zom_example())
    b.pick_button("Zo13").click()
    b.button_for("Zo13 → V12.1").click()
    assert "TL-BANISH-ORDER" in b.message.value


def test_pick_dock_card_swaps_TL_SYMBOL_QUESTION():
    s = pos(2, row=[berth("V12", [], [], ["Go1"]), berth("V07", ["Bi1", "Bi2"], ["Ze3"])],
            chosen=[["Bi6"], []], dock=["Ze4", "Ni8"])  # fmt: skip
    b = live_board(s)
    b.pick_button("Ze4").click()
    b.button_for("Ze4 → V07.2").click()
    assert b.state.veh[0] == ["V07"] and "Bi6" in b.state.dock
    assert "<svg" in b.picture.value and "STAND-IN" in b.picture.value
