"""The Troghammer (T-DRAW-TROGHAMMER, T-TROGHAMMER-REMOVE), damage, the Fiery Rage and the end."""

import pytest

from rulebook.common.errors import RuleError
from rulebook.trogdor import (
    apply_action,
    is_terminal,
    puzzle,
    with_action_deck,
)
from rulebook.trogdor.grid import BY_NAME
from tests.trogdor.helpers import texts

# A1 cottage, C1 mountain, E1 cottage, B2 tunnel, D3 lake, D4 tunnel, A5 cottage, C5 mountain
LAYOUT = "C.M.C/.T.../...L./...T./C.M.."


def sq(name):
    return BY_NAME[name]


def at_draw(deck, hand=("ap3",), **kw):
    s = puzzle(LAYOUT, **kw)
    s = with_action_deck(s, deck)
    s = s.replace(phase="draw", ap=0, hands=(tuple(hand),))
    return s


# -- Troghammer --------------------------------------------------------------------------------
def test_first_troghammer_card_places_him_on_centre_then_draw_again():
    """T-DRAW-TROGHAMMER: not in play -> placed on C3 (no damage to Trogdor there); the card is
    discarded and another drawn."""
    s = at_draw(["troghammer-1", "ap4"], trogdor="C3")
    t = apply_action(s, "draw")
    assert t.troghammer == sq("C3") and t.meter == s.meter
    assert t.hands == (("ap3", "ap4"),) and t.action_deck.discard == ("troghammer-1",)


def test_troghammer_card_in_play_moves_him_each_time():
    """T-DRAW-TROGHAMMER: in play -> he follows a movement card's path, as a knight (damage,
    repair); several Troghammer cards in one draw move him each time."""
    s = at_draw(
        ["troghammer-1", "troghammer-2", "ap4"],
        trogdor="E3",
        troghammer="A3",
        cottages_burnt=["E1"],
        movement=["0N-EES", "0N-NNN"],
    )
    t = apply_action(s, "draw")
    # A3 -> B3 -> C3 -> C4, then C4 -> C3 -> C2 -> C1
    assert t.troghammer == sq("C1") and t.meter == s.meter
    assert t.action_deck.discard == (
        "troghammer-1",
        "troghammer-2",
    )
    u = apply_action(at_draw(["troghammer-1", "ap4"], trogdor="C3", troghammer="A3",
                             movement=["0N-EEE"]), "draw")  # fmt: skip
    assert u.troghammer == sq("D3") and u.meter == 3  # entered Trogdor's tile


def test_troghammer_repairs_cottages_like_a_knight():
    """T-KNIGHT-REPAIR applies to the Troghammer's card moves too."""
    s = at_draw(["troghammer-1", "ap4"], troghammer="D1", cottages_burnt=["E1"],
                movement=["0N-EEE"])  # fmt: skip
    t = apply_action(s, "draw")
    assert t.cottages[sq("E1")] is False and t.troghammer == sq("B1")


def test_troghammer_moves_again_when_landing_on_knight_or_archer():
    """T-TROGHAMMER-REMOVE: landing on a knight or the archer draws another card."""
    s = at_draw(["troghammer-1", "ap4"], troghammer="A1", knights=["D1"], archer="D2",
                movement=["0N-EEE", "0N-SSS", "0N-WWW"])  # fmt: skip
    t = apply_action(s, "draw")
    # A1 -> D1 (knight) -> D4... D1 -> D2 -> D3 -> D4: free; stops
    assert t.troghammer == sq("D4")
    assert t.movement_deck.draw == ("0N-WWW",)


def test_troghammer_placed_on_a_knight_moves_at_once_by_default():
    """T-TROGHAMMER-REMOVE with TR-TROGHAMMER-REMOVE=any-time: placement on a knight re-moves."""
    s = at_draw(["troghammer-1", "ap4"], knights=["C3"], trogdor="A2", movement=["0N-EEE"])
    assert apply_action(s, "draw").troghammer == sq("A3")
    alt = at_draw(["troghammer-1", "ap4"], knights=["C3"], trogdor="A2", movement=["0N-EEE"],
                  rulings={"TR-TROGHAMMER-REMOVE": "after-moves"})  # fmt: skip
    assert apply_action(alt, "draw").troghammer == sq("C3")


def test_troghammer_start_ruling_meter():
    """Ruling TR-TROGHAMMER-START=meter: first card puts him on the Trog-meter (in play, off the
    board); his next move enters at C3 (entering Trogdor's tile there hurts)."""
    s = at_draw(["troghammer-1", "troghammer-2", "ap4"], trogdor="C3", movement=["0N-NNN"],
                rulings={"TR-TROGHAMMER-START": "meter"})  # fmt: skip
    t = apply_action(s, "draw")
    assert t.troghammer == sq("C5") and not t.hammer_waiting and t.meter == 3
    u = apply_action(at_draw(["troghammer-1", "ap4"], rulings="TR-TROGHAMMER-START=meter"), "draw")
    assert u.troghammer is None and u.hammer_waiting
    assert "hammer=meter" in str(u)


# -- damage ------------------------------------------------------------------------------------
def test_damage_moves_meter_peasant_to_void():
    """T-DAMAGE: each damage moves one peasant from the Trog-meter to the Void."""
    s = puzzle(LAYOUT, trogdor="B3", knights=["B4"], meter=2)
    t = apply_action(s, "move S")
    assert (t.meter, t.void) == (1, s.void + 1) and t.outcome is None


def test_first_damage_shuffles_troghammer_cards_in():
    """T-TROGHAMMER-SHUFFLE: the first damage (only) shuffles the set-aside cards into the deck."""
    s = puzzle(LAYOUT, trogdor="B3", knights=["B4", "B2"])
    s = with_action_deck(s, ["ap1", "ap2"])
    s = s.replace(troghammer_cards_aside=("troghammer-1", "troghammer-2"))
    t = apply_action(s, "move S")
    assert t.troghammer_cards_aside == ()
    assert sorted(t.action_deck.draw) == ["ap1", "ap2", "troghammer-1", "troghammer-2"]
    u = apply_action(apply_action(t, "move N"), "move N")
    assert sorted(u.action_deck.draw) == sorted(t.action_deck.draw) and u.meter == t.meter - 1


def test_damage_at_zero_health_is_defeat_with_rage():
    """T-DAMAGE / T-RAGE: damage with an empty Trog-meter defeats Trogdor, who rages."""
    s = puzzle(
        LAYOUT,
        trogdor="B3",
        knights=["B4", "E4"],
        archer="D4",
        peasants=["C4", "A5"],
        meter=0,
        movement=["0N-EEE", "0N-SSS", "0N-WWW", "0N-NNN", "0N-EEE"],
    )
    t = apply_action(s, "move S")
    assert t.outcome == "defeat" and t.phase == "over" and is_terminal(t)
    # rage from B4: E B4..E4 (kills the E4 knight and the B4 one; archer D4 survives),
    # S E5,E1,E2; W D2,C2,B2; N B1,B5,B4; E C4,D4,E4
    assert t.knights == () and t.archer == sq("D4")
    assert sq("C4") not in t.peasants and t.void == s.void + 1  # C4 peasant removed
    assert t.peasants == (sq("A5"),)
    for name in ("B4", "C4", "D4", "E4", "E5", "E1", "E2", "D2", "C2", "B2", "B1", "B5"):
        assert t.is_burnt(name), name
    assert t.cottages[sq("E1")] is True  # burnt regardless of eligibility
    assert texts(t) == []


@pytest.mark.parametrize("piece", ["knight", "troghammer"])
def test_the_knight_that_deals_the_killing_blow_dies_in_the_rage(piece):
    """T-RAGE: the rage starts on Trogdor's tile, where the knight (or the Troghammer) that hit
    him now stands, so it is killed too (regression: it used to stay on its starting square)."""
    kw = {"knights": ["A3"]} if piece == "knight" else {"troghammer": "A3"}
    s = puzzle(LAYOUT, trogdor="C3", meter=0, ap=0, movement=["0N-EEE"] + ["0N-NNN"] * 5, **kw)
    t = apply_action(apply_action(s, "pass"), "step")
    assert t.outcome == "defeat"
    assert t.knights == () and t.troghammer is None


def test_rage_can_end_in_table_flip():
    """T-TABLE-FLIP: if the win conditions hold after the rage, it is a table-flip victory."""
    all_but = [n for n in BY_NAME if n not in ("B4", "C4", "D4")]
    s = puzzle(
        LAYOUT,
        trogdor="B3",
        knights=["B4"],
        burnt=all_but,
        cottages_burnt=["A1", "E1", "A5"],
        peasants=["C4"],
        meter=0,
        movement=["0N-EES"] * 5,
    )
    t = apply_action(s, "move S")
    assert t.outcome == "table-flip" and all(t.burnt) and t.peasants == ()


def test_win_the_moment_conditions_hold():
    """T-WIN: 25 tiles, 3 cottages burnt, no peasants, undefeated -> victory at once."""
    all_but = [n for n in BY_NAME if n != "B3"]
    s = puzzle(LAYOUT, trogdor="B3", burnt=all_but, cottages_burnt=["A1", "E1", "A5"])
    t = apply_action(s, "burn tile")
    assert t.outcome == "win" and t.phase == "over"
    u = puzzle(LAYOUT, trogdor="B3", burnt=all_but, cottages_burnt=["A1", "E1"])
    assert apply_action(u, "burn tile").outcome is None  # a cottage is still standing


def test_defeat_when_every_player_is_out_of_cards():
    """T-DEFEAT-CARDS: empty deck and empty hands at the draw -> defeat."""
    s = at_draw([], hand=())
    t = apply_action(s, "draw")
    assert t.outcome == "defeat"


def test_partner_holding_cards_means_zero_ap_turn():
    """T-DEFEAT-CARDS: a player with no card while a partner still holds one acts with 0 AP."""
    s = at_draw([], hand=())
    s = s.replace(players=2, hands=((), ("ap4",)))
    s = s.replace(
        keepers=(None, None), items=(None, None), item_charged=(True, True), banked_ap=(0, 0)
    )
    t = apply_action(s, "draw")
    assert t.outcome is None and t.phase == "act" and t.ap == 0


def test_game_over_refuses_everything():
    """T-GAME-OVER: no action after the end."""
    s = at_draw([], hand=())
    t = apply_action(s, "draw")
    with pytest.raises(RuleError) as e:
        apply_action(t, "draw")
    assert e.value.rule_id == "T-GAME-OVER"
