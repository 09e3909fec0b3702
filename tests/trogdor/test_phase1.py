"""Phase 1: draw, play, and Trogdor's actions (move, chomp, burrow, hide, burninate, pass)."""

import pytest

from rulebook.common.errors import RuleError
from rulebook.trogdor import (
    apply_action,
    legal_actions,
    puzzle,
    with_action_deck,
    with_cards,
)
from rulebook.trogdor.cards import ActionCard, Effect
from rulebook.trogdor.grid import BY_NAME
from rulebook.trogdor.state import Deck
from tests.trogdor.helpers import texts

# A1 cottage, C1 mountain, E1 cottage, B2 tunnel, D3 lake, D4 tunnel, A5 cottage, C5 mountain
LAYOUT = "C.M.C/.T.../...L./...T./C.M.."


def sq(name):
    return BY_NAME[name]


def refused(state, action, rule_id):
    before = str(state)
    with pytest.raises(RuleError) as e:
        apply_action(state, action)
    assert e.value.rule_id == rule_id, e.value
    assert str(state) == before  # untouched
    assert action not in [str(a) for a in legal_actions(state)]
    return e.value


def at_draw(deck, hand=("ap3",), **kw):
    s = puzzle(LAYOUT, **kw)
    s = with_action_deck(s, deck)
    s = s.replace(phase="draw", ap=0, hands=(tuple(hand),))
    return s


# -- draw and choose ---------------------------------------------------------------------------
def test_draw_adds_a_card_then_choose():
    """T-DRAW: the top card joins the hand; the phase becomes choose."""
    s = at_draw(["ap4", "ap2"])
    t = apply_action(s, "draw")
    assert t.hands == (("ap3", "ap4"),) and t.action_deck.draw == ("ap2",)
    assert t.phase == "choose"
    assert texts(t) == ["discard ap3", "discard ap4", "play ap3", "play ap4"]


def test_draw_from_empty_deck_is_not_reshuffled():
    """T-DRAW: an empty Action deck gives nothing and is not refilled from the discards."""
    s = at_draw([])
    s = s.replace(action_deck=Deck(s.action_deck.draw, ("ap5",)))
    t = apply_action(s, "draw")
    assert t.hands == (("ap3",),) and t.action_deck.draw == () and t.phase == "choose"


def test_play_gives_ap_and_banks_the_other_card():
    """T-PLAY: the played card's AP; it is discarded, the other stays in hand."""
    t = apply_action(apply_action(at_draw(["ap4"]), "draw"), "play ap4")
    assert (t.ap, t.phase, t.hands, t.played_card) == (4, "act", (("ap3",),), "ap4")
    assert t.action_deck.discard == ("ap4",)
    refused(apply_action(at_draw(["ap4"]), "draw"), "play ap9", "T-PLAY")


def test_discard_for_five_ap_without_ability():
    """T-DISCARD-AP: discarding any card gives 5 AP and no ability."""
    block = ActionCard("blk", "Block", 4, False, (Effect("block-knights"),), "stand-in")
    s = with_action_deck(at_draw([]), [block])
    t = apply_action(apply_action(s, "draw"), "discard blk")
    assert (t.ap, t.powers, t.played_card) == (5, (), None)
    u = apply_action(apply_action(s, "draw"), "play blk")
    assert (u.ap, u.powers) == (4, ("block-knights",))


# -- AP ----------------------------------------------------------------------------------------
def test_actions_cost_one_ap_and_stop_at_zero():
    """T-AP: each action costs 1 AP; with 0 AP only pass (and free abilities) remain."""
    s = puzzle(LAYOUT, trogdor="B3", ap=1)
    t = apply_action(s, "move N")
    assert t.ap == 0
    refused(t, "move S", "T-AP")
    refused(t, "burn tile", "T-AP")
    assert texts(t) == ["pass"]


# -- move --------------------------------------------------------------------------------------
def test_move_orthogonal_no_wrap_no_diagonal():
    """T-MOVE: N/S/E/W only; no wraparound off the edge; diagonals refused."""
    s = puzzle(LAYOUT, trogdor="A3")
    assert apply_action(s, "move N").trogdor == sq("A2")
    assert apply_action(s, "move E").trogdor == sq("B3")
    refused(s, "move W", "T-MOVE")
    refused(s, "move NE", "T-MOVE")
    assert sorted(a for a in texts(s) if a.startswith("move")) == [
        "move E",
        "move N",
        "move S",
    ]


def test_move_onto_knight_costs_health():
    """T-MOVE-KNIGHT-DAMAGE: entering a knight's (or the Troghammer's) tile deals one damage."""
    s = puzzle(LAYOUT, trogdor="B3", knights=["B4"], troghammer="C3")
    t = apply_action(s, "move S")
    assert (t.meter, t.void) == (s.meter - 1, s.void + 1)
    u = apply_action(s, "move E")
    assert (u.meter, u.void) == (s.meter - 1, s.void + 1)
    v = apply_action(s, "move N")
    assert v.meter == s.meter


# -- chomp, burrow, hide -----------------------------------------------------------------------
def test_chomp_moves_peasant_to_meter():
    """T-CHOMP: a peasant on Trogdor's tile goes onto the Trog-meter."""
    s = puzzle(LAYOUT, trogdor="B3", peasants=["B3", "B3"], meter=2)
    t = apply_action(s, "chomp")
    assert t.peasants == (sq("B3"),) and t.meter == 3 and t.void == s.void
    refused(puzzle(LAYOUT, trogdor="B3", peasants=["B4"]), "chomp", "T-CHOMP")


def test_burrow_between_tunnels():
    """T-BURROW: from one tunnel to the other, 1 AP; not from elsewhere."""
    s = puzzle(LAYOUT, trogdor="B2", ap=2)
    t = apply_action(s, "burrow")
    assert t.trogdor == sq("D4") and t.ap == 1
    assert apply_action(t, "burrow").trogdor == sq("B2")
    refused(puzzle(LAYOUT, trogdor="C2"), "burrow", "T-BURROW")
    refused(puzzle("C.M.C/.T.../...L./...../C.M..", trogdor="B2"), "burrow", "T-BURROW")


def test_hide_only_on_mountain_and_ends_phase_one():
    """T-HIDE: mountains only; hidden; by default (TR-HIDE-ENDS-TURN=ends) Phase 1 ends."""
    s = puzzle(LAYOUT, trogdor="C1", ap=4, knights=["E5"], movement=["0N-NNN"])
    t = apply_action(s, "hide")
    assert t.trogdor_hidden and t.ap == 0 and t.phase == "countryside"
    refused(puzzle(LAYOUT, trogdor="C2"), "hide", "T-HIDE")


# -- burninate ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "action,rule",
    [("burn tile", "T-BURN-TILE"), ("burn cottage", "T-BURN-COTTAGE"),
     ("burn peasant", "T-BURN-PEASANT"), ("burn tile at B2", "T-LONG-RANGE"),
     ("burn peasant at A1", "T-CARD-EFFECTS")],
)  # fmt: skip
def test_burning_without_trogdor_on_the_board_cites_the_burn_rule_of_its_kind(action, rule):
    """Trogdor off the board: each burn is refused by its own rule (a cottage by T-BURN-COTTAGE,
    a peasant by T-BURN-PEASANT, a peasant at range by the card ability T-CARD-EFFECTS: not by
    T-LONG-RANGE, which burns tiles only), not all by T-BURN-TILE."""
    s = puzzle(LAYOUT, trogdor=None, peasants=["A1"])
    s = s.replace(powers=("burn-any", "peasant-any"))
    err = refused(s, action, rule)
    assert err.reason == "Trogdor is not on the board"


def test_burn_tile_flips_only_the_tile():
    """T-BURN-TILE: Trogdor's tile becomes burnt; pieces there stay; not twice."""
    s = puzzle(LAYOUT, trogdor="B3", peasants=["B3"])
    t = apply_action(s, "burn tile")
    assert t.is_burnt("B3") and t.peasants == (sq("B3"),) and t.ap == s.ap - 1
    refused(t, "burn tile", "T-BURN-TILE")


def test_burn_lake_needs_four_orthogonal_neighbours():
    """T-BURN-LAKE: the Lake (D3) burns only when D2, D4, C3, E3 are burnt; diagonals ignored."""
    s = puzzle(LAYOUT, trogdor="D3", burnt=["D2", "D4", "C3", "C2", "E2", "C4", "E4"])
    e = refused(s, "burn tile", "T-BURN-LAKE")
    assert "neighbours" in e.reason
    t = apply_action(puzzle(LAYOUT, trogdor="D3", burnt=["D2", "D4", "C3", "E3"]), "burn tile")
    assert t.is_burnt("D3")


def test_burn_lake_on_edge_needs_fewer():
    """T-BURN-LAKE: no wraparound, so a Lake on the east edge needs only 3 neighbours."""
    layout = "C.M.C/.T.../....L/...T./C.M.."
    t = apply_action(puzzle(layout, trogdor="E3", burnt=["E2", "E4", "D3"]), "burn tile")
    assert t.is_burnt("E3")


def test_burn_cottage_needs_tile_and_ring():
    """T-BURN-COTTAGE: the cottage's tile and all tiles around it; corners need only 4 tiles."""
    s = puzzle(LAYOUT, trogdor="A1", burnt=["A1", "B1", "A2"])
    refused(s, "burn cottage", "T-BURN-COTTAGE")
    t = apply_action(puzzle(LAYOUT, trogdor="A1", burnt=["A1", "B1", "A2", "B2"]), "burn cottage")
    assert t.cottages[sq("A1")] is True
    refused(t, "burn cottage", "T-BURN-COTTAGE")
    # unburnt cottage tile itself: refused
    refused(
        puzzle(LAYOUT, trogdor="A1", burnt=["B1", "A2", "B2"]), "burn cottage", "T-BURN-COTTAGE"
    )


def test_burn_cottage_edge_and_centre():
    """T-BURN-COTTAGE: an edge cottage (A3) needs 6 tiles, a central one (C3) all 9."""
    edge = "..M../.T.../C..L./...T./..M.."
    ring = ["A3", "A2", "B2", "B3", "A4", "B4"]
    assert apply_action(puzzle(edge, trogdor="A3", burnt=ring), "burn cottage").cottages[sq("A3")]
    centre = "..M../.T.../..CL./...T./..M.."
    nine = ["B2", "C2", "D2", "B3", "C3", "D3", "B4", "C4", "D4"]
    refused(puzzle(centre, trogdor="C3", burnt=nine[:-1]), "burn cottage", "T-BURN-COTTAGE")
    assert apply_action(puzzle(centre, trogdor="C3", burnt=nine), "burn cottage").cottages[sq("C3")]


def test_pass_forfeits_ap_and_starts_phase_two():
    """T-PASS: Phase 1 ends; by default (TR-PASS-AP=forfeit) the unspent AP are lost."""
    s = puzzle(LAYOUT, trogdor="B3", ap=3, knights=["E5"], movement=["0N-NNN"])
    t = apply_action(s, "pass")
    assert t.ap == 0 and t.banked_ap == (0,)
    assert (
        t.phase == "countryside"
        and t.movement_card == "0N-NNN"
        and t.pieces_to_move == ("knight0",)
    )


def test_phase_refusals():
    """T-PHASE: acting in the wrong phase is refused with T-PHASE."""
    s = at_draw(["ap4"])
    refused(s, "pass", "T-PHASE")
    refused(s, "step", "T-PHASE")
    t = apply_action(s, "draw")
    refused(t, "draw", "T-PHASE")
    refused(t, "burn tile", "T-PHASE")


def test_keeper_and_cards_register():
    """T-CARD-EFFECTS: with_cards lets a test use its own card objects (here a keeper)."""
    from rulebook.trogdor.cards import Keeper

    k = Keeper("kp", "Test keeper", (Effect("extra-ap", {"amount": 2}),), "stand-in")
    s = with_cards(at_draw(["ap4"]), [k])
    s = s.replace(keepers=("kp",))
    t = apply_action(apply_action(s, "draw"), "play ap4")
    assert t.ap == 6
