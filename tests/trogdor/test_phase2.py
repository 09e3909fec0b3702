"""Phase 2: movement card, spawning, peasants, knights, Troghammer, archer, end of turn."""

import pytest

from rulebook.common.errors import RuleError
from rulebook.trogdor import apply_action, puzzle
from rulebook.trogdor.grid import BY_NAME
from rulebook.trogdor.state import Deck
from tests.trogdor.helpers import texts

# A1 cottage, C1 mountain, E1 cottage, B2 tunnel, D3 lake, D4 tunnel, A5 cottage, C5 mountain
LAYOUT = "C.M.C/.T.../...L./...T./C.M.."


def sq(name):
    return BY_NAME[name]


def phase2(card, *more, **kw):
    """Pass from a puzzle position with ``card`` on top of the movement deck."""
    kw.setdefault("ap", 0)
    s = puzzle(LAYOUT, movement=[card, *more], **kw)
    return apply_action(s, "pass")


def run(s):
    while s.phase == "countryside":
        s = apply_action(s, "step")
    return s


def test_movement_card_drawn_at_phase_two():
    """T-MOVEMENT-CARD: passing draws one movement card for the whole phase."""
    t = phase2("0N-EEE", "0S-SSS", knights=["A3"], archer="A4")
    assert t.movement_card == "0N-EEE" and t.movement_deck.draw == ("0S-SSS",)
    assert t.pieces_to_move == ("knight0", "archer") and texts(t) == ["step"]


def test_movement_deck_reshuffles_its_discards():
    """T-MOVEMENT-RESHUFFLE: an empty movement deck is refilled from its discards (seeded)."""
    s = puzzle(LAYOUT, ap=0, knights=["A3"])
    s = s.replace(movement_deck=Deck((), ("0N-EEE", "0S-SSS", "0W-WWW")))
    t = apply_action(s, "pass")
    assert t.movement_card in {"0N-EEE", "0S-SSS", "0W-WWW"}
    assert sorted(t.movement_deck.draw + t.movement_deck.discard) == [
        "0N-EEE",
        "0S-SSS",
        "0W-WWW",
    ]
    assert t.rng.counter == s.rng.counter + 1
    assert apply_action(s, "pass") == t  # deterministic from the seed


def test_spawn_player_chooses_cottage():
    """T-SPAWN: fewer peasants than the card wants -> the player picks unburnt, empty cottages."""
    t = phase2("2N-EEE", knights=["C2"])
    assert t.phase == "spawn"
    assert texts(t) == ["spawn A1", "spawn A5", "spawn E1"]
    u = apply_action(t, "spawn E1")
    assert u.phase == "spawn" and texts(u) == ["spawn A1", "spawn A5"]
    v = apply_action(u, "spawn A5")
    assert (
        v.phase == "countryside"
        and v.peasants
        == (
            sq("A5"),
            sq("E1"),
        )
        and v.meter == 2
    )


def test_spawn_skips_burnt_and_occupied_cottages_automatically():
    """T-SPAWN: burnt or occupied cottages cannot spawn; with no choice left it is automatic."""
    t = phase2("3N-EEE", knights=["C2"], peasants=["A1"], cottages_burnt=["E1"], meter=3)
    assert (
        t.phase == "countryside"
        and t.peasants
        == (
            sq("A1"),
            sq("A5"),
        )
        and t.meter == 2
    )
    with pytest.raises(RuleError) as e:
        apply_action(phase2("2N-EEE", knights=["C2"]), "spawn B2")
    assert e.value.rule_id == "T-SPAWN"


def test_spawn_at_zero_health_is_not_damage_and_never_from_void():
    """T-SPAWN: an empty Trog-meter spawns nothing (the Void is never used); no damage, no
    Troghammer shuffle."""
    t = phase2("4N-EEE", knights=["C2"], meter=0)
    assert t.peasants == () and t.meter == 0 and t.void == 7 and t.outcome is None
    t2 = phase2("4N-EEE", knights=["C2"], meter=1)
    assert t2.peasants == () or len(t2.peasants) <= 1
    assert t2.phase == "spawn" and texts(t2) == ["spawn A1", "spawn A5", "spawn E1"]


def test_peasants_step_with_wraparound():
    """T-PEASANT-MOVE / T-WRAP: every peasant steps once in the arrow's direction, wrapping."""
    t = run(phase2("0W-NNN", peasants=["A3", "C4"]))
    assert t.peasants == (
        sq("B4"),
        sq("E3"),
    )


def test_peasant_repair_arrow_unburns_tiles_not_cottages():
    """T-PEASANT-REPAIR: a green arrow repairs the tile stepped onto; cottages stay burnt."""
    t = run(phase2("0Sr-NNN", peasants=["B2"], burnt=["B3", "B2"], knights=["E5"]))
    assert not t.is_burnt("B3") and t.is_burnt("B2")
    u = run(phase2("0Er-NNN", peasants=["E5"], burnt=["A1", "B1", "A2", "B2"], knights=["E4"]))
    assert u.peasants == (sq("A5"),)


def test_peasant_stepping_onto_burnt_cottage_burns():
    """T-PEASANT-MOVE: stepping onto a burninated cottage's tile sets the peasant aflame."""
    t = run(
        phase2(
            "0N-NNN",
            "0E-EEE",
            peasants=["A2"],
            cottages_burnt=["A1"],
            burnt=["A1", "B1", "A2", "B2"],
        )
    )
    # A2 -> A1 (burnt cottage): flames with the next card: A1 -> B1, C1, D1 -> Void
    assert t.peasants == () and t.void == 3 and t.is_burnt("D1")  # 2 at the start + 1


def test_knight_damages_on_entering_not_on_start():
    """T-KNIGHT-MOVE: entering Trogdor's tile hurts; starting on it does not; wraparound."""
    t = run(phase2("0N-EEE", knights=["A3"], trogdor="C3"))
    assert t.knights == (sq("D3"),) and t.meter == 3
    u = run(phase2("0N-EEE", knights=["C3"], trogdor="C3"))
    assert u.knights == (sq("A3"),) and u.meter == 4  # C3 -> D3 -> E3 -> A3: wraps
    w = run(phase2("0N-EEEEE", knights=["C3"], trogdor="C3"))
    assert w.knights == (sq("C3"),) and w.meter == 3  # came back: that is entering


def test_knights_move_one_by_one_each_can_hurt():
    """T-KNIGHT-MOVE: each knight in turn; two knights entering = two damage."""
    t = phase2("0N-EES", knights=["A3", "B3"], trogdor="C3")
    assert t.pieces_to_move == ("knight0", "knight1")
    t1 = apply_action(t, "step")
    assert (
        t1.knights
        == (
            sq("C4"),
            sq("B3"),
        )
        and t1.meter == 3
    )
    t2 = apply_action(t1, "step")
    assert (
        t2.knights
        == (
            sq("C4"),
            sq("D4"),
        )
        and t2.meter == 2
    )


def test_hidden_or_blocked_trogdor_takes_no_knight_damage():
    """T-PROTECT: hiding or a block card stops knight and archer damage."""
    t = run(phase2("0N-EEE", knights=["A3"], trogdor="C3", hidden=True))
    assert t.meter == 4
    u = run(phase2("0N-EEE", knights=["A3"], trogdor="C3", powers=["block-knights"]))
    assert u.meter == 4
    v = run(phase2("0N-EEE", archer="A2", trogdor="B3", powers=["block-knights"]))
    assert v.meter == 4  # archer shoots row 2, Trogdor is on row 3
    w = run(phase2("0N-EEE", archer="A3", trogdor="B3", powers=["block-archer"]))
    assert w.meter == 4


def test_knight_repairs_cottages_started_passed_and_stopped_on():
    """T-KNIGHT-REPAIR: start, pass and stop all repair a burnt cottage."""
    burnt = ["A1", "E1", "A5"]
    t = run(phase2("0N-WNN", knights=["A1"], cottages_burnt=burnt, trogdor="C3"))
    # A1 (start) -> E1 (wrap) -> E5 -> E4
    assert t.cottages[sq("A1")] is False and t.cottages[sq("E1")] is False
    assert t.cottages[sq("A5")] is True
    u = run(phase2("0N-SSSS", knights=["A1"], cottages_burnt=["A5"]))
    assert u.knights == (sq("A5"),) and u.cottages[sq("A5")] is False
    # the tiles around a repaired cottage are not repaired
    v = run(phase2("0N-SSSS", knights=["A1"], cottages_burnt=["A5"], burnt=["A4", "B5"]))
    assert v.is_burnt("A4") and v.is_burnt("B5")


def test_knight_repair_start_ruling_decides_the_cottage_a_knight_starts_on():
    """Ruling TR-KNIGHT-REPAIR-START (T-KNIGHT-REPAIR): 000 repairs the burnt cottage a knight
    starts on (default ``start``); under 001's ``visits-only`` only the tiles it moves onto count."""

    def knight_from_a1(option, path):
        rulings = {"TR-KNIGHT-REPAIR-START": option}
        return run(phase2(path, knights=["A1"], cottages_burnt=["A1"], rulings=rulings))

    start, visits = knight_from_a1("start", "0N-EEE"), knight_from_a1("visits-only", "0N-EEE")
    assert start.cottages[sq("A1")] is False and visits.cottages[sq("A1")] is True
    assert start.knights == visits.knights == (sq("D1"),)
    # a path that comes back to the start is a visit under both readings
    back = knight_from_a1("visits-only", "0N-EWW")  # A1 -> B1 -> A1 -> E1
    assert back.cottages[sq("A1")] is False


def test_archer_shoots_along_last_step_line():
    """T-ARCHER: after its path, the archer shoots both ways along its last step's line."""
    # last step E -> shoots row 2 (both ways); archer ends D2
    t = run(phase2("0N-EEE", archer="A2", trogdor="B2"))
    assert t.archer == sq("D2") and t.meter == 3
    # last step S -> column: archer A1 -> B1 -> B2 -> B3 shoots column B
    u = run(phase2("0N-ESS", archer="A1", trogdor="B5"))
    assert u.archer == sq("B3") and u.meter == 3
    # Trogdor elsewhere: no hit
    v = run(phase2("0N-ESS", archer="A1", trogdor="C5"))
    assert v.meter == 4


def test_archer_on_trogdors_tile_does_not_hit():
    """T-ARCHER: arrows skip the archer's own tile; stepping through Trogdor's tile is harmless."""
    t = run(phase2("0N-EEE", archer="A2", trogdor="D2"))
    assert t.archer == sq("D2") and t.meter == 4
    u = run(phase2("0N-EEEN", archer="A3", trogdor="C3"))
    assert u.archer == sq("D2") and u.meter == 4  # column D: Trogdor on C3 is not in it


def test_troghammer_moves_with_the_knights():
    """T-KNIGHT-MOVE: the Troghammer (a knight) follows the path after the knights."""
    t = phase2("0N-EEE", knights=["A1"], troghammer="A3", trogdor="C3")
    assert t.pieces_to_move == ("knight0", "hammer")
    t = run(t)
    assert t.troghammer == sq("D3") and t.meter == 3


def test_end_of_turn_clears_hiding_and_powers():
    """T-END-TURN: after the last piece, next player's draw; hiding and abilities end."""
    t = run(phase2("0N-EEE", knights=["A5"], hidden=True, powers=["diagonal"], trogdor="C1"))
    assert t.phase == "draw" and t.turn == 2 and not t.trogdor_hidden and t.powers == ()
    assert t.movement_card is None and t.pieces_to_move == ()
