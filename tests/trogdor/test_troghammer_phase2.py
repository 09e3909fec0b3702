"""Ruling TR-TROGHAMMER-PHASE2: in Phase 2 the Troghammer follows the knights' movement card (001:
he is a knight) or draws a card of his own (000: "draw a card from the Movement Deck")."""

import pytest

import rulebook
from rulebook.trogdor import CATALOG, apply_action, puzzle
from rulebook.trogdor.grid import BY_NAME
from rulebook.trogdor.state import Deck

LAYOUT = "C.M.C/.T.../...L./...T./C.M.."


def phase2(ruling=None, **kw):
    rulings = {"TR-TROGHAMMER-PHASE2": ruling} if ruling else None
    s = puzzle(LAYOUT, ap=0, movement=["0N-EEE", "0N-SSS"], rulings=rulings, **kw)
    s = apply_action(s, "pass")
    while s.phase == "countryside":
        s = apply_action(s, "step")
    return s


def test_the_ruling_is_in_the_catalog_with_knights_card_as_default():
    r = CATALOG.rulings["TR-TROGHAMMER-PHASE2"]
    assert r.default == "knights-card" and set(r.options) == {"knights-card", "own-draw"}
    assert "knight" in r.reason and "000" in r.options["own-draw"]


def test_default_follows_the_knights_card():
    t = phase2(knights=["A1"], troghammer="A3", trogdor="E5")
    assert t.knights == (BY_NAME["D1"],) and t.troghammer == BY_NAME["D3"]
    assert t.movement_deck.draw == ("0N-SSS",)  # no card of his own
    assert phase2("knights-card", knights=["A1"], troghammer="A3", trogdor="E5") == t


def test_own_draw_takes_the_next_card_and_keeps_the_knights_card_for_the_archer():
    t = phase2("own-draw", knights=["A1"], troghammer="A3", archer="B5", trogdor="E4")
    assert t.knights == (BY_NAME["D1"],)  # the knights' card: EEE
    assert t.troghammer == BY_NAME["A1"]  # his own card: SSS from A3 wraps to A1
    assert t.movement_deck.draw == ()
    assert t.archer == BY_NAME["E5"]  # the archer still walks the knights' EEE card
    assert "rulings=TR-TROGHAMMER-PHASE2=own-draw" in str(t)


def test_own_draw_entering_trogdors_tile_hurts_like_a_knight():
    base = phase2(troghammer="A3", trogdor="A4", knights=["E1"])
    own = phase2("own-draw", troghammer="A3", trogdor="A4", knights=["E1"])
    assert base.meter == 4 and own.meter == 3  # only his own SSS card walks through A4


@pytest.mark.parametrize("option", ["knights-card", "own-draw"])
def test_both_options_play_whole_games(option):
    g = rulebook.game("trogdor")
    from rulebook.common.game import random_game

    for seed in range(3):
        p = random_game(g, seed, rulings={"TR-TROGHAMMER-PHASE2": option})
        assert g.is_terminal(p.final)


@pytest.mark.parametrize("remove", ["any-time", "after-moves"])
def test_own_draw_moves_him_again_off_the_archer_under_either_remove_option(remove):
    """RULINGS.md: under own-draw the re-move (T-TROGHAMMER-REMOVE) follows his Phase 2 move as it
    follows his card moves; the two TR-TROGHAMMER-REMOVE options differ only at his placement
    (000: "if the Troghammer lands on a tile that has a Knight or Archer, you get to move him
    again!")."""
    s = puzzle(LAYOUT, ap=0, knights=["E5"], troghammer="A3", archer="D3", trogdor="B5",
               movement=["0N-NNN", "0N-EEE", "0N-NNN"],
               rulings={"TR-TROGHAMMER-PHASE2": "own-draw", "TR-TROGHAMMER-REMOVE": remove})  # fmt: skip
    s = apply_action(s, "pass")
    while s.phase == "countryside" and s.pieces_to_move[0] != "archer":
        s = apply_action(s, "step")
    # his own card EEE: A3 -> D3, the archer's tile; he moves again on NNN: D3 -> D2 -> D1 -> D5
    assert s.troghammer == BY_NAME["D5"]


def test_own_draw_reshuffle_keeps_the_phase2_card_on_the_discard_pile():
    """Seed 101's break (issue 35): the Troghammer's own draw finds the Movement deck empty while
    the knights' card is in use; the reshuffle takes the other discards, and the Phase 2 card
    stays on the discard pile for the archer who walks it next."""
    g = rulebook.game("trogdor")
    s = puzzle(LAYOUT, ap=0, movement=["0N-EEE"], troghammer="A3", trogdor="E4", archer="B5",
               rulings={"TR-TROGHAMMER-PHASE2": "own-draw"})  # fmt: skip
    s = s.replace(movement_deck=Deck(("0N-EEE",), ("0N-SSS", "0W-WWW")))
    s = apply_action(s, "pass")
    assert s.movement_card == "0N-EEE" and s.movement_deck.draw == ()
    assert s.pieces_to_move == ("hammer", "archer")
    s, ids = g.apply_traced(s, "step")
    assert "T-MOVEMENT-RESHUFFLE" in ids and g.invariants(s) == []
    assert s.movement_card == "0N-EEE" and "0N-EEE" in s.movement_deck.discard
    assert len(s.movement_deck.draw) == 1 and len(s.movement_deck.discard) == 2
    s = apply_action(s, "step")
    assert s.archer == BY_NAME["E5"]  # the archer walks the knights' EEE card
