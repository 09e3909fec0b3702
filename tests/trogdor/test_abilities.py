"""Keepers, items and action-card abilities (T-KEEPER, T-ITEM, T-ITEM-DISK, T-CARD-EFFECTS)."""

import pytest

from rulebook.common.errors import RuleError
from rulebook.trogdor import apply_action, puzzle, with_action_deck, with_cards
from rulebook.trogdor.cards import ActionCard, Effect, Item, Keeper
from rulebook.trogdor.grid import BY_NAME, SQUARES
from tests.trogdor.helpers import texts

LAYOUT = "C.M.C/.T.../...L./...T./C.M.."


def sq(name):
    return BY_NAME[name]


def refused(state, action, rule_id):
    with pytest.raises(RuleError) as e:
        apply_action(state, action)
    assert e.value.rule_id == rule_id, e.value
    return e.value


def with_item(item, charged=True, players=1, owner=0, **kw):
    s = with_cards(puzzle(LAYOUT, **kw), [item])
    s = s.replace(players=players)
    s = s.replace(hands=((),) * players)
    s = s.replace(keepers=(None,) * players)
    s = s.replace(items=tuple(item.id if p == owner else None for p in range(players)))
    s = s.replace(item_charged=tuple(charged if p == owner else True for p in range(players)))
    s = s.replace(banked_ap=(0,) * players)
    return s


TORCH = Item("torch", "Torch", (Effect("long-range-burn", {"count": 1, "area": "any",
             "when": "any"}),), "tile-burninated", "stand-in")  # fmt: skip
DISK = Item("disk", "Disk of Healing", (Effect("heal", {"amount": 2}),), "never", "stand-in")
RING = Item("ring", "Ring", (Effect("teleport"),), "cottage-burninated", "stand-in")
BOOTS = Item("boots", "Boots", (Effect("wrap-move"),), "each-turn", "stand-in")


def test_keeper_ability_on_own_turn_only():
    """T-KEEPER: always on during its owner's turn (here +1 AP and wraparound moves), not others'."""
    k = Keeper("kp", "K", (Effect("extra-ap", {"amount": 1}), Effect("wrap-move")), "stand-in")
    s = with_action_deck(with_cards(puzzle(LAYOUT, trogdor="A3"), [k]), ["ap4", "ap4"])
    s = s.replace(players=2, hands=(("ap4",), ("ap4",)))
    s = s.replace(
        keepers=("kp", None), items=(None, None), item_charged=(True, True), banked_ap=(0, 0)
    )
    s = s.replace(phase="draw")
    t = apply_action(apply_action(s, "draw"), "play ap4")
    assert t.ap == 5 and "wrap" in t.powers
    assert apply_action(t, "move W").trogdor == sq("E3")
    s2 = s.copy()
    s2 = s2.replace(to_move=1)
    u = apply_action(apply_action(s2, "draw"), "play ap4")
    assert u.ap == 4 and u.powers == ()


def test_blocking_keeper_protects_already_at_the_draw():
    """T-KEEPER / T-PROTECT: a blocking keeper is on for the whole turn, so the Troghammer moved
    by a card drawn at the start of the turn cannot hurt Trogdor."""
    k = Keeper("kb", "K", (Effect("block-knights"),), "stand-in")
    s = puzzle(LAYOUT, trogdor="C3", troghammer="A3", movement=["0N-EEE"])
    s = with_action_deck(with_cards(s, [k]), ["troghammer-1", "ap4"])
    s = s.replace(phase="draw", hands=(("ap3",),), keepers=("kb",))
    t = apply_action(s, "draw")
    assert t.troghammer == sq("D3") and t.meter == s.meter
    s = s.replace(keepers=(None,))
    assert apply_action(s, "draw").meter == s.meter - 1


def test_item_once_per_turn_and_discharges():
    """T-ITEM: use once per turn; it is then discharged; recharges on its condition."""
    s = with_item(TORCH, trogdor="B3")
    t = apply_action(s, "use torch")
    assert t.item_charged == (False,) and t.item_used and t.powers == ("burn-any",)
    refused(t, "use torch", "T-ITEM")
    u = apply_action(t, "burn tile at E5")  # a tile burns: the torch recharges...
    assert u.item_charged == (True,)
    refused(u, "use torch", "T-ITEM")  # ...but not twice in one turn
    assert not any(a.startswith("use") for a in texts(u))


def test_item_refusals():
    """T-ITEM: only your own, charged item."""
    s = with_item(TORCH, charged=False, trogdor="B3")
    e = refused(s, "use torch", "T-ITEM")
    assert "discharged" in e.reason
    refused(with_item(TORCH, trogdor="B3"), "use ring C3", "T-ITEM")
    refused(with_item(RING, trogdor="B3"), "use ring", "T-ITEM")  # needs a square


def test_item_recharges_only_on_owners_turn_by_default():
    """T-ITEM + ruling TR-ITEM-RECHARGE=own-turn: another player's burn does not recharge it."""
    s = with_item(TORCH, charged=False, players=2, owner=1, trogdor="B3")
    t = apply_action(s, "burn tile")
    assert t.item_charged == (True, False)
    alt = with_item(TORCH, charged=False, players=2, owner=1, trogdor="B3",
                    rulings={"TR-ITEM-RECHARGE": "any-turn"})  # fmt: skip
    assert apply_action(alt, "burn tile").item_charged == (True, True)


def test_each_turn_item_recharges_at_start_of_own_turn():
    """T-ITEM: an 'each-turn' item is charged again when its owner's turn starts."""
    s = with_item(BOOTS, charged=False, trogdor="B3", knights=["E5"], movement=["0N-NNN"])
    t = apply_action(s, "pass")
    while t.phase == "countryside":
        t = apply_action(t, "step")
    assert t.phase == "draw" and t.item_charged == (True,)


def test_disk_of_healing_never_recharges():
    """T-ITEM-DISK: used once per game; no event recharges it."""
    s = with_item(DISK, trogdor="B3", meter=1)
    t = apply_action(s, "use disk")
    assert (t.meter, t.void) == (3, s.void - 2)
    u = apply_action(t, "burn tile")
    assert u.item_charged == (False,)
    u = u.replace(item_used=False)  # even on a later turn:
    refused(u, "use disk", "T-ITEM-DISK")


def test_ring_teleports_trogdor():
    """T-CARD-EFFECTS: teleport (here from an item) moves Trogdor anywhere for 0 AP."""
    s = with_item(RING, trogdor="B3", ap=1)
    t = apply_action(s, "use ring E5")
    assert t.trogdor == sq("E5") and t.ap == 1
    assert len([a for a in texts(s) if str(a).startswith("use ring")]) == 25


def test_card_abilities_diagonal_block_heal_free_and_peasant_range():
    """T-CARD-EFFECTS: a card's effects (diagonal move, block, heal, free action, burning a
    peasant at range, teleport) last for the turn; one-shot ones are used up."""
    card = ActionCard(
        "combo",
        "Combo",
        2,
        False,
        (
            Effect("diagonal-move"),
            Effect("block-knights"),
            Effect("heal", {"amount": 1}),
            Effect("free-action", {"action": "move"}),
            Effect("burn-peasant-range", {"area": "adjacent"}),
            Effect("teleport"),
        ),
        "stand-in",
    )
    s = with_action_deck(puzzle(LAYOUT, trogdor="B3", meter=3, knights=["C2"],
                                peasants=["A4"], movement=["0N-NNN"]), [card])  # fmt: skip
    s = s.replace(phase="draw", hands=((),))
    t = apply_action(apply_action(s, "draw"), "play combo")
    assert t.ap == 2 and t.meter == 4
    u = apply_action(t, "move NE")  # free, diagonal, onto the knight: blocked
    assert u.trogdor == sq("C2") and u.ap == 2 and u.meter == 4
    v = apply_action(u, "move SW")
    assert v.ap == 1
    w = apply_action(v, "burn peasant at A4")
    assert w.ap == 0 and w.peasants == ()
    x = apply_action(w, "teleport E1")
    assert x.trogdor == sq("E1") and "teleport" not in x.powers
    refused(x, "teleport E2", "T-CARD-EFFECTS")


def test_empty_tile_has_no_piece_and_no_cottage():
    """T-EMPTY-TILE (seed 000 'Open Spaces'): no knight, Troghammer, archer, peasant, cottage or
    Trogdor; anything else (burnt or not, any scenery) is empty."""
    from rulebook.trogdor.countryside import is_empty

    s = puzzle(
        "C...C/.T.../..L../...T./C.M..",
        trogdor="B2",
        knights=["D2"],
        archer="E5",
        troghammer="A3",
        peasants=["C4"],
        burnt=["B1"],
    )
    occupied = {"B2", "D2", "E5", "A3", "C4", "A1", "E1", "A5"}
    for sq in SQUARES:
        assert is_empty(s, sq) == (str(sq) not in occupied), sq
