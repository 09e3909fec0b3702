"""The scenario editor, driven by clicks without a kernel: tools on squares, box limits refused
with their setup rule (T-SETUP-BOARD, T-SETUP-PIECES, T-SETUP-METER), controls, rulings,
notation export/import with a clear error, undo, and sending a position to the live board."""

from __future__ import annotations

import random

import pytest

from boards.editor import (
    TOOLS,
    InstructorApp,
    ScenarioEditor,
    edit_square,
    set_meter,
)
from rulebook.common.errors import RuleError
from rulebook.trogdor import CATALOG, State, apply_action, puzzle

LAYOUT = "C...C/.T.../..L../...T./C.M.."


def cottages(state) -> dict[str, bool]:
    return {str(sq): b for sq, b in state.cottages.items()}


def test_clicking_squares_places_pieces():
    e = ScenarioEditor()
    e.tool.value = "trogdor"
    assert e.click_square("B2") and str(e.state.trogdor) == "B2"
    e.tool.value = "knight"
    assert e.click_square("D4") and [str(k) for k in e.state.knights] == ["D4"]
    e.tool.value = "archer"
    assert e.click_square("E5") and str(e.state.archer) == "E5"
    e.tool.value = "troghammer"
    assert e.click_square("A3") and str(e.state.troghammer) == "A3"
    e.tool.value = "peasant"
    void, meter = e.state.void, e.state.meter
    assert e.click_square("A1") and [str(p) for p in e.state.peasants] == ["A1"]
    assert e.state.void + e.state.meter == void + meter - 1  # the box's 7 peasants (T-SETUP-METER)
    e.tool.value = "clear"
    assert e.click_square("D4") and e.state.knights == []
    e.tool.value = "knight"  # toggles
    e.click_square("C1")
    e.click_square("C1")
    assert e.state.knights == []


def test_tiles_burnt_sides_and_cottages():
    e = ScenarioEditor()
    e.tool.value = "burnt"
    e.click_square("B1")
    assert e.state.is_burnt("B1")
    e.tool.value = "tile C"  # a 4th cottage: the box has 3 (T-SETUP-BOARD)
    assert not e.click_square("B1")
    assert "T-SETUP-BOARD" in e.message.value and "3 cottage" in e.message.value
    e.tool.value = "tile ."
    e.click_square("A1")  # the cottage tile goes, and with it the cottage
    assert "A1" not in {str(c) for c in e.state.cottages}
    e.tool.value = "tile C"
    assert e.click_square("B1")
    assert cottages(e.state)["B1"] is False
    e.tool.value = "cottage-burnt"
    assert not e.click_square("C3")  # not a cottage
    assert "T-SETUP-BOARD" in e.message.value
    assert e.click_square("B1") and cottages(e.state)["B1"] is True


def test_peasant_limits_and_meter():
    e = ScenarioEditor(puzzle(LAYOUT, meter=7, peasants=[]))
    e.tool.value = "peasant"
    for _ in range(7):
        assert e.click_square("B2")
    assert e.state.meter == 0 and len(e.state.peasants) == 7
    assert not e.click_square("B3")
    assert "T-SETUP-METER" in e.message.value
    e.tool.value = "peasant-remove"
    assert e.click_square("B2") and e.state.void == 1
    assert not e.click_square("C4") and "T-SETUP-PIECES" in e.message.value


def test_meter_and_ap_controls_refuse_and_snap_back():
    e = ScenarioEditor(puzzle(LAYOUT, peasants=["A1", "B1"], meter=3))
    e.meter.value = 5
    assert e.state.meter == 5 and e.state.void == 0
    e.meter.value = 6  # 6 + 2 on the board > 7
    assert "T-SETUP-METER" in e.message.value
    assert e.state.meter == 5 and e.meter.value == 5
    e.ap.value = 2
    assert e.state.ap == 2


def test_next_movement_card_and_rulings():
    e = ScenarioEditor()
    label, cid = e.movement.options[3]
    e.movement.value = cid
    assert e.state.movement_deck.draw[0] == cid
    card = e.state.cards.movement(cid)
    assert label.startswith(cid) and ("stand-in" in label) == (card.provenance != "sourced")
    for rid, r in CATALOG.rulings.items():
        other = sorted(o for o in r.options if o != r.default)[0]
        e.ruling_widgets[rid].value = other
        assert e.state.rulings[rid] == other
    # the position carries the rulings, so a pass now uses the new movement card
    s = e.state
    after = apply_action(s, "pass")
    assert after.mcard == cid or after.movement_deck.discard[-1:] == [cid]


def test_export_import_round_trip_and_bad_text():
    e = ScenarioEditor()
    e.tool.value = "knight"
    e.click_square("D2")
    text = e.notation.value
    assert text == e.export_notation() and State.parse(text) == e.state
    before = e.state
    e.notation.value = text.replace("trogdor=C3", "trogdor=Z9")
    e.import_button.click()
    assert "cannot import" in e.message.value and "Z9" in e.message.value
    assert "trogdor" in e.message.value  # which field
    assert e.state == before
    other = puzzle(LAYOUT, trogdor="A2", knights=["B4"], ap=7)
    assert e.import_notation(str(other)) and e.state == other
    assert e.meter.value == other.meter and e.ap.value == 7
    e.undo_button.click()
    assert e.state == before


def test_undo_restores_controls():
    e = ScenarioEditor()
    rid = sorted(CATALOG.rulings)[0]
    r = CATALOG.rulings[rid]
    other = sorted(o for o in r.options if o != r.default)[0]
    e.ruling_widgets[rid].value = other
    e.undo_button.click()
    assert e.ruling_widgets[rid].value == r.default and e.state.rulings[rid] == r.default


def test_try_it_sends_the_position_to_the_live_board():
    app = InstructorApp()
    app.editor.tool.value = "trogdor"
    app.editor.click_square("A2")
    app.editor.try_button.click()
    assert app.board.state == app.editor.state
    app.board.button_for("move N").click()  # T-MOVE on the edited position
    assert str(app.board.state.trogdor) == "A1"
    assert app.editor.state.trogdor != app.board.state.trogdor  # the editor's copy is separate


def test_edits_never_change_the_given_state_and_always_round_trip():
    rng = random.Random(7)
    s = puzzle(LAYOUT, peasants=["A1"], knights=["B2"])
    squares = [f"{c}{r}" for c in "ABCDE" for r in range(1, 6)]
    for _ in range(300):
        tool = rng.choice(TOOLS)[1]
        sq = rng.choice(squares)
        text = str(s)
        try:
            new = edit_square(s, tool, sq)
        except RuleError as err:
            assert err.rule_id in CATALOG
            assert str(s) == text  # untouched
            continue
        assert State.parse(str(new)) == new
        assert len(new.peasants) + new.meter + new.void == 7
        s = new


def test_set_meter_refuses_out_of_range():
    with pytest.raises(RuleError) as e:
        set_meter(puzzle(LAYOUT), 8)
    assert e.value.rule_id == "T-SETUP-METER"
