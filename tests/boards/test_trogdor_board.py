"""The Trogdor board, clicked on its drawing without a kernel: squares move (the other tunnel
burrows), Trogdor's own square opens the chomp/hide/burn menu, a peasant ignites, a hand card is
played or discarded, draw/pass/step are buttons; refusals cite the rule; plans are numbered by
action like the step counter."""

from __future__ import annotations

import ipywidgets as W
import pytest

import rulebook
from boards.core import Menu
from boards.trogdor import TrogdorBoard, last_movement_card
from rulebook.common.errors import TrogkitInputError
from rulebook.trogdor import puzzle

LAYOUT = "C...C/.T.../..L../...T./C.M.."
G = rulebook.game("trogdor")


def small(**kw):
    args = dict(trogdor="B3", ap=3, peasants=["A1"], knights=["B2"], movement=["2Er-EES"])
    args.update(kw)
    return puzzle(LAYOUT, **args)


def widgets_under(w):
    yield w
    for c in getattr(w, "children", ()):
        yield from widgets_under(c)


def test_a_neighbouring_square_moves_trogdor():
    s = small()
    b = TrogdorBoard(s)
    assert b.view.targets["A3"][1] == "legal" and "move W" in b.view.targets["A3"][0]
    assert b.click("A3")
    assert b.state == G.apply(s, "move W") and str(b.state.trogdor) == "A3"
    assert b.log == ["move W"] and "move W" in b.message.value


def test_a_diagonal_or_far_square_is_refused_or_inert():
    s = small()
    b = TrogdorBoard(s)
    assert not b.click("A2")  # diagonal: the rules refuse it (T-MOVE)
    assert b.last_refusal is not None and b.last_refusal.rule_id == "T-MOVE"
    assert G.catalog.rules["T-MOVE"].title in b.message.value
    b.last_refusal = None
    assert not b.click("E5") and b.state == s and "not next to Trogdor" in b.message.value
    # a far square names its rule too (T-MOVE, its title and text), and is ringed as illegal
    assert b.last_refusal.rule_id == "T-MOVE" and "refused by <b>T-MOVE</b>" in b.message.value
    assert G.catalog.rules["T-MOVE"].text in b.message.value
    assert b.view.targets["E5"][1] == "illegal"


def test_a_square_clicked_outside_phase_one_names_the_phase_rule():
    s = G.new_game(1)  # the draw phase: Trogdor does not move now
    b = TrogdorBoard(s)
    assert not b.click("A5") and b.state == s
    assert b.last_refusal.rule_id == "T-PHASE" and "T-PHASE" in b.message.value


def test_own_square_opens_the_menu_and_an_illegal_item_shows_the_rule():
    s = small()
    b = TrogdorBoard(s)
    assert not b.click("B3")
    assert [label for label, _c in b.view.menu][:4] == [
        "chomp",
        "hide",
        "burn tile",
        "burn cottage",
    ]
    cls = dict(b.view.menu)
    assert cls["burn tile"] == (
        "legal" if G.refusal(s, G.action("burn tile")) is None else "illegal"
    )
    assert not b.choose(3)  # burn cottage: no cottage on B3
    assert "T-BURN-COTTAGE" in b.message.value and b.state == s and b.view.menu == []
    b.click("B3")
    assert b.choose(2)  # burn tile
    assert b.state == G.apply(s, "burn tile")


def test_the_other_tunnel_burrows():
    s = small(trogdor="B2", knights=[])  # tunnels on B2 and D4
    b = TrogdorBoard(s)
    assert b.click("D4")
    assert b.state == G.apply(s, "burrow") and str(b.state.trogdor) == "D4"


def test_a_peasant_on_trogdors_square_ignites():
    s = small(peasants=["B3"])
    b = TrogdorBoard(s)
    assert b.view.targets["peasant:B3"][1] == "legal"
    assert b.click("peasant:B3")
    assert b.state == G.apply(s, "burn peasant")


def test_out_of_ap_refusal_cites_t_ap():
    b = TrogdorBoard(small(ap=1))
    assert b.click("B4")
    assert not b.click("B5")
    assert b.last_refusal.rule_id == "T-AP" and "T-AP" in b.message.value


def test_draw_is_a_button_and_a_hand_card_is_played_or_discarded():
    b = TrogdorBoard(G.new_game(seed=1))
    assert b.labels() == ["draw"]
    b.button_for("draw").click()  # T-DRAW
    hand = b.state.hand
    assert hand and all(f"card:{c}" in b.view.targets for c in hand)
    assert all(c in b.status.value for c in hand)
    b.click(f"card:{hand[0]}")
    assert [label for label, _c in b.view.menu] == [f"play {hand[0]}", f"discard {hand[0]}"]
    assert b.choose(1)  # discard for 5 AP (T-DISCARD-AP)
    assert b.state.phase == "act" and b.state.ap == 5


def test_pass_then_phase_two_steps_with_buttons():
    b = TrogdorBoard(small())
    b.button_for("pass").click()  # T-PASS -> T-MOVEMENT-CARD
    assert b.state.phase in ("spawn", "countryside")
    assert last_movement_card(b.state).id == "2Er-EES"
    assert "2Er-EES" in b.status.value and "stand-in" in b.status.value
    for _ in range(3):  # T-SPAWN: click a cottage
        if b.state.phase != "spawn":
            break
        sq = str(G.legal_actions(b.state)[0]).split()[-1]
        assert b.click(sq)
    steps = 0
    for _ in range(10):
        if b.state.phase != "countryside":
            break
        assert b.labels() == ["step"]
        b.button_for("step").click()
        steps += 1
    assert steps >= 2 and b.state.phase == "draw" and b.state.turn == 2  # T-END-TURN


def test_spawn_on_a_burnt_cottage_is_refused():
    s = small(cottages_burnt=["A1"], burnt=["A1"], peasants=[], movement=["1Er-EES"])
    b = TrogdorBoard(s)
    b.button_for("pass").click()
    assert b.state.phase == "spawn"
    before = b.state
    assert not b.click("A1")
    assert "T-SPAWN" in b.message.value and b.state == before
    assert b.click("E1") and [str(p) for p in b.state.peasants] == ["E1"]


def test_undo_and_reset():
    s = small()
    b = TrogdorBoard(s)
    b.click("A3")
    b.click("A2")
    b.undo_button.click()
    assert b.state == G.apply(s, "move W")
    b.reset_button.click()
    assert b.state == s and b.log == []


def test_badly_written_action_text_is_shown_not_raised():
    b = TrogdorBoard(small())
    assert not b.play("fly away")
    assert "fly" in b.message.value and "b42318" in b.message.value and len(b.history) == 1


def test_plan_is_numbered_by_action_like_the_step_counter():
    s = small(ap=3, trogdor="A2", knights=[])
    b = TrogdorBoard(s)
    assert b.show_plan(["burn tile", "move S", "move S"])
    # one number per action: 1 burns A2 (where Trogdor stands), 2 and 3 end on A3 and A4
    assert b.view.marks == [["A2", "1"], ["A3", "2"], ["A4", "3"]]
    assert b.plan_step == 0 and b.prev_button.disabled and "next: step 1" in b.plan_info.value
    b.next_button.click()
    assert b.plan_step == 1 and "next: step 2" in b.plan_info.value
    b.next_button.click()
    b.prev_button.click()
    assert b.plan_step == 1 and str(b.state.trogdor) == "A2"
    b.next_button.click()
    b.next_button.click()
    assert b.plan_step == 3 and b.next_button.disabled and "plan done" in b.plan_info.value
    b.clear_plan_button.click()
    assert b.plan == [] and b.view.marks == []


def test_an_illegal_plan_is_refused_with_its_step():
    s = small(ap=2, trogdor="A2")
    b = TrogdorBoard(s)
    assert not b.show_plan(["move N", "move N"])  # A1, then off the board: T-MOVE
    assert "T-MOVE" in b.message.value and "plan step 2" in b.message.value
    assert b.state == s


def test_off_plan_disables_next():
    b = TrogdorBoard(small())
    b.show_plan(["move W"])
    b.click("C3")
    assert b.plan_step is None and b.next_button.disabled and "off the plan" in b.plan_info.value


def test_no_output_widget_and_css_hooks():
    b = TrogdorBoard(small())
    assert not any(isinstance(w, W.Output) for w in widgets_under(b.widget))
    assert "trogkit-board" in b.widget._dom_classes
    assert "trogkit-picture" in b.view._dom_classes
    assert "trogkit-actions" in b.buttons._dom_classes
    assert "Legend" in b.legend.value


@pytest.mark.parametrize("reading", ["ends", "continues"])
def test_hide_from_the_menu_under_both_readings(reading):
    s = small(trogdor="C5", knights=[], rulings={"TR-HIDE-ENDS-TURN": reading})
    b = TrogdorBoard(s)
    b.click("C5")
    assert isinstance(b.resolve("C5"), Menu)
    b.choose(1)  # hide (T-HIDE)
    assert b.state == G.apply(s, "hide")
    assert (b.state.phase == "act") == (reading == "continues")


def test_a_menu_item_that_is_not_a_whole_number_is_refused_and_the_menu_stays():
    s = small()
    b = TrogdorBoard(s)
    b.click("B3")
    menu = list(b.view.menu)
    for bad in ("x", 1.5, None, True):
        with pytest.raises(TrogkitInputError, match="menu item"):
            b.choose(bad)
        assert b.state == s and list(b.view.menu) == menu
    assert not b.choose(-1) and b.state == s  # out of range closes the menu, never wraps
