"""The Trollland board driven by clicks on the drawing's data-target elements (no kernel)."""

from __future__ import annotations

from tl_helpers import berth, pos, zom_example

import boards
from rulebook.trollland import new_game


def test_two_cards_in_hand_choose_them():
    s = new_game(2, seed=3)
    b = boards.board(s)
    first, second = s.hands[0][:2]
    b.click(f"card:{first}")
    assert b.click(f"card:{second}")
    assert b.state.to_move == 1 and set(b.state.chosen[0]) == {first, second}
    b.undo()
    assert len(b.history) == 1


def test_refusal_shows_rule_id_TL_LOAD_VEHICLE_DISTINCT():
    b = boards.board(zom_example())
    b.click("card:Zo6")
    assert not b.click("cage:V12.3")  # the Dragon already has Zoms in cage 1
    assert "TL-LOAD-VEHICLE-DISTINCT" in b.message.value and len(b.history) == 1
    b.click("card:Zo6")
    assert not b.click("gat")  # a legal cage exists
    assert "TL-LOAD-TROLLGAT" in b.message.value
    b.click("card:Zo6")
    assert b.click("cage:V12.1")
    assert b.state.row[0].cages[0] == ("Zo2", "Zo6")


def test_pick_another_card_is_refused_TL_BANISH_ORDER():
    b = boards.board(zom_example())
    b.click("card:Zo13")
    assert not b.click("cage:V12.1")
    assert "TL-BANISH-ORDER" in b.message.value


def test_pick_dock_card_swaps_TL_SYMBOL_QUESTION():
    s = pos(2, row=[berth("V12", [], [], ["Go1"]), berth("V07", ["Bi1", "Bi2"], ["Ze3"])],
            chosen=[["Bi6"], []], dock=["Ze4", "Ni8"])  # fmt: skip
    b = boards.board(s)
    b.click("card:Ze4")
    assert b.click("cage:V07.2")
    assert b.state.vehicles_won[0] == ("V07",) and "Bi6" in b.state.dock
    assert "<svg" in b.view.svg and "STAND-IN" in b.view.svg
