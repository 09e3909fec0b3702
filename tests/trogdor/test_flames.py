"""Flaming peasants: T-BURN-PEASANT, T-FLAME-LAKE, T-FLAME-COTTAGE, T-FLAME-CHAIN, T-LONG-RANGE."""

import pytest

from rulebook.common.errors import RuleError
from rulebook.trogdor import apply_action, puzzle
from rulebook.trogdor.grid import BY_NAME
from tests.trogdor.helpers import texts

# A1 cottage, C1 mountain, E1 cottage, B2 tunnel, D3 lake, D4 tunnel, A5 cottage, C5 mountain
LAYOUT = "C.M.C/.T.../...L./...T./C.M.."


def sq(name):
    return BY_NAME[name]


def burnt_names(s):
    return sorted(str(BY_NAME[n]) for n in BY_NAME if s.is_burnt(n))


def test_burn_peasant_path_burns_every_tile_then_void():
    """T-BURN-PEASANT: start tile included; not saved -> the Void (not the meter)."""
    s = puzzle(LAYOUT, trogdor="B4", peasants=["B4"], meter=4, movement=["0E-NNN"])
    t = apply_action(s, "burn peasant")
    assert burnt_names(t) == ["B1", "B2", "B3", "B4"]
    assert t.peasants == () and t.void == s.void + 1 and t.meter == s.meter
    assert t.movement_deck.discard == ("0E-NNN",) and t.ap == s.ap - 1


def test_burn_peasant_needs_a_peasant_and_a_card():
    """T-BURN-PEASANT: refused without a peasant on the tile or with no movement card at all."""
    with pytest.raises(RuleError) as e:
        apply_action(puzzle(LAYOUT, trogdor="B4", movement=["0E-NNN"]), "burn peasant")
    assert e.value.rule_id == "T-BURN-PEASANT"
    s = puzzle(LAYOUT, trogdor="B4", peasants=["B4"])
    assert "burn peasant" not in texts(s)
    with pytest.raises(RuleError, match="movement card"):
        apply_action(s, "burn peasant")


def test_lake_saves_flaming_peasant_and_stays_unburnt():
    """T-FLAME-LAKE: reaching the Lake extinguishes the peasant there; the Lake is not burnt."""
    s = puzzle(LAYOUT, trogdor="B3", peasants=["B3"], movement=["0E-EEE"])
    t = apply_action(s, "burn peasant")
    assert burnt_names(t) == ["B3", "C3"]
    assert t.peasants == (sq("D3"),) and t.void == s.void


def test_lake_saves_even_when_burnt():
    """T-FLAME-LAKE: a burninated Lake saves too."""
    s = puzzle(LAYOUT, trogdor="B3", peasants=["B3"], burnt=["D3"], movement=["0E-EEE"])
    t = apply_action(s, "burn peasant")
    assert t.peasants == (sq("D3"),) and t.void == s.void


def test_peasant_already_on_lake_is_extinguished_at_once():
    """T-FLAME-LAKE: burninating a peasant on the Lake has no effect (the AP is spent)."""
    s = puzzle(LAYOUT, trogdor="D3", peasants=["D3"], movement=["0E-EEE"])
    t = apply_action(s, "burn peasant")
    assert t.peasants == (sq("D3"),) and not t.is_burnt("D3") and t.ap == s.ap - 1
    assert t.movement_deck.draw == ("0E-EEE",)


def test_flaming_peasant_ignites_eligible_cottage_and_reignites_on_it():
    """T-FLAME-COTTAGE: visiting an eligible cottage ignites it; ending on a burnt cottage draws a
    fresh card and the run goes on from there."""
    s = puzzle(
        LAYOUT, trogdor="B1", peasants=["B1"], burnt=["A2", "B2"], movement=["0E-WSN", "0E-SSS"]
    )
    t = apply_action(s, "burn peasant")
    assert t.cottages[sq("A1")] is True
    assert t.movement_deck.discard == (
        "0E-WSN",
        "0E-SSS",
    )
    assert {"A1", "A2", "A3", "A4", "B1"} <= set(burnt_names(t))
    assert t.peasants == () and t.void == s.void + 1


def test_ineligible_cottage_is_not_ignited():
    """T-FLAME-COTTAGE: a cottage whose ring is not burnt stays unburnt (its tile burns)."""
    s = puzzle(LAYOUT, trogdor="B1", peasants=["B1"], movement=["0E-WSS"])
    t = apply_action(s, "burn peasant")
    assert t.is_burnt("A1") and t.cottages[sq("A1")] is False


def test_chain_ignition_after_current_peasant_finishes():
    """T-FLAME-CHAIN: a visited peasant ignites and runs on a fresh card after the first one."""
    s = puzzle(LAYOUT, trogdor="B3", peasants=["B3", "C3"], movement=["0E-EEE", "0E-SSS"], meter=3)
    t = apply_action(s, "burn peasant")
    # first: B3 -> C3 (ignites the C3 peasant) -> D3 lake, saved. second: C3 -> C4, C5, C1.
    assert t.peasants == (sq("D3"),)
    assert t.void == s.void + 1
    assert burnt_names(t) == ["B3", "C1", "C3", "C4", "C5"]
    assert t.movement_deck.discard == (
        "0E-EEE",
        "0E-SSS",
    )


def test_chain_ignites_peasants_on_the_start_tile():
    """T-FLAME-CHAIN: peasants sharing the start tile ignite too."""
    s = puzzle(LAYOUT, trogdor="B4", peasants=["B4", "B4"], movement=["0E-NNN", "0E-SSS"])
    t = apply_action(s, "burn peasant")
    assert t.peasants == () and t.void == s.void + 2
    assert t.movement_deck.discard == (
        "0E-NNN",
        "0E-SSS",
    )


def test_flaming_path_wraps_by_default():
    """T-FLAME-CHAIN with ruling TR-FLAME-WRAP=wrap: the path wraps around the edge."""
    s = puzzle(LAYOUT, trogdor="B2", peasants=["B2"], movement=["0E-NNN"])
    t = apply_action(s, "burn peasant")
    assert burnt_names(t) == ["B1", "B2", "B4", "B5"]


def test_flaming_path_stops_at_edge_under_alternative():
    """Ruling TR-FLAME-WRAP=stop: the run ends at the edge."""
    s = puzzle(
        LAYOUT,
        trogdor="B2",
        peasants=["B2"],
        movement=["0E-NNN"],
        rulings={"TR-FLAME-WRAP": "stop"},
    )
    t = apply_action(s, "burn peasant")
    assert burnt_names(t) == ["B1", "B2"] and t.void == s.void + 1


def test_long_range_burn_ignores_lake_condition_and_affects_tiles_only():
    """T-LONG-RANGE: any tile incl. the Lake regardless of neighbours, 0 AP; not cottages."""
    s = puzzle(LAYOUT, trogdor="B3", ap=2, powers=["burn-any", "burn-any"], peasants=["A1"])
    t = apply_action(s, "burn tile at D3")
    assert t.is_burnt("D3") and t.ap == 2 and t.powers == ("burn-any",)
    u = apply_action(t, "burn tile at A1")
    assert u.is_burnt("A1") and u.cottages[sq("A1")] is False and u.peasants == (sq("A1"),)
    with pytest.raises(RuleError) as e:
        apply_action(u, "burn tile at E5")
    assert e.value.rule_id == "T-LONG-RANGE"


def test_long_range_area_and_after_actions():
    """T-LONG-RANGE: an orthogonal-area burn reaches only N/S/E/W neighbours; an 'after actions'
    burn ends the AP spending."""
    s = puzzle(LAYOUT, trogdor="B3", ap=3, powers=["burn-orthogonal-after"])
    targets = sorted(a for a in texts(s) if a.startswith("burn tile at"))
    assert targets == ["burn tile at A3", "burn tile at B2", "burn tile at B4", "burn tile at C3"]
    t = apply_action(s, "burn tile at C3")
    assert t.is_burnt("C3") and t.ap == 0
    with pytest.raises(RuleError):
        apply_action(s, "burn tile at C4")
