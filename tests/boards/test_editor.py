"""The scenario editor, clicked on its drawing without a kernel: tools on squares, box limits
refused with the setup rule named, controls, rulings, notation export/import, undo, and sending a
position to the live board."""

from __future__ import annotations

from boards.editor import TOOLS, ScenarioEditor
from boards.instructor import InstructorApp
from conftest import live_widgets
from rulebook.trogdor import puzzle

LAYOUT = "C...C/.T.../..L../...T./C.M.."


def test_clicking_squares_places_pieces():
    e = ScenarioEditor()
    e.tool.value = "trogdor"
    assert e.click("B2") and str(e.state.trogdor) == "B2"
    e.tool.value = "knight"
    assert e.click_square("D4") and [str(k) for k in e.state.knights] == ["D4"]
    e.tool.value = "archer"
    assert e.click("E5") and str(e.state.archer) == "E5"
    e.tool.value = "peasant"
    void, meter = e.state.void, e.state.meter
    assert e.click("A1") and [str(p) for p in e.state.peasants] == ["A1"]
    assert e.state.void + e.state.meter == void + meter - 1
    e.tool.value = "clear"
    assert e.click("peasant:A1") and list(e.state.peasants) == []  # a click on the piece
    assert "Trogdor on B2" in e.log


def test_box_limits_are_refused_with_the_setup_rule():
    e = ScenarioEditor()
    before = e.state
    e.tool.value = "tile C"  # a 4th cottage: the box has 3
    assert not e.click("B1")
    assert "T-SETUP-BOARD" in e.message.value and "B1" in e.message.value
    assert e.state == before
    e2 = ScenarioEditor(puzzle(LAYOUT, meter=7, peasants=[]))
    e2.tool.value = "peasant"
    for _ in range(7):
        assert e2.click("B2")
    assert not e2.click("B3") and "T-SETUP-METER" in e2.message.value


def test_controls_notation_and_undo():
    e = ScenarioEditor()
    e.ap.value = 9
    assert e.state.ap == 9 and "ap=9" in e.notation.value
    e.meter.value = 2
    assert e.state.meter == 2
    text = e.export_notation()
    assert not e.import_notation("trogdor nonsense=1")
    assert "cannot import" in e.message.value and e.export_notation() == text
    e.undo_button.click()
    assert e.state.meter != 2 or e.state.ap != 9
    assert e.meter.value == e.state.meter  # controls follow the position


def test_every_tool_is_offered():
    e = ScenarioEditor()
    assert [v for _l, v in e.tool.options] == [v for _l, v in TOOLS]


def test_try_it_sends_the_position_to_the_live_board_and_clicks_leak_nothing():
    app = InstructorApp()
    app.editor.click("A2")
    assert app.editor.try_button.click() is None and str(app.board.state.trogdor) == "A2"
    n = live_widgets()
    for i in range(300):
        app.editor.click("ABCDE"[i % 5] + str(1 + i % 5))
        app.board.click("A3")
    assert live_widgets() == n
    assert "image/svg+xml" in app.widget._repr_mimebundle_()
