"""The card games' scenario edits (rulebook/common/cardedit.py, rulebook/<game>/edit.py), pure and
without widgets: a move goes where it says and nothing else changes; a move that would leave an
invalid position is refused naming the card, the zone and the rule or notation field; the given
state never changes; every gallery position offers its zones."""

from __future__ import annotations

import pytest

import rulebook
from boards.card_editor import parse_move
from drawings import gallery as G
from rulebook.common.errors import NotationError
from rulebook.encounter import edit as encounter_edit
from rulebook.trollland import edit as trollland_edit

EDIT = {"trollland": trollland_edit, "encounter": encounter_edit, "encounter-solo": encounter_edit}


def new(game: str):
    return rulebook.game(game).new_game(1)


@pytest.mark.parametrize(
    ("game", "card", "zone"),
    [("trollland", "Bi1", "cage:V11.1"), ("trollland", "Ze2", "dock"),
     ("encounter", "B5", "encounter:P1.E1"), ("encounter", "Y8b", "discard"),
     ("encounter-solo", "B5", "mine"), ("encounter-solo", "R1", "hand")],
)  # fmt: skip
def test_a_move_puts_the_card_there_and_changes_nothing_else(game, card, zone):
    s = new(game)
    mod = EDIT[game]
    before = mod.zones_for(s).read(s)
    out = mod.edit(s, ("move", card, zone))
    after = mod.zones_for(out).read(out)
    assert after[zone][-1] == card
    changed = {z for z in before if before[z] != after[z]}
    assert len(changed) == 2 and zone in changed  # the card's old zone and its new one
    assert rulebook.game_of(out).parse(str(out)) == out
    assert str(s) == str(new(game))  # the given state is unchanged


@pytest.mark.parametrize(
    ("game", "moves", "named"),
    [("trollland", [("T5b", "cage:V11.2")], "TL-BANISH-ORDER"),
     ("trollland", [("Bi1", "cage:V11.1"), ("Zo10", "cage:V11.1")], "TL-LOAD-CAPACITY"),
     ("trollland", [("Bi1", "cage:V11.1"), ("Bi10", "cage:V11.2")], "TL-LOAD-VEHICLE-DISTINCT"),
     ("encounter", [("B5", "encounter:P1.E1"), ("R3", "encounter:P1.E1")], "RE-COMPOSE-RED-BLUE"),
     ("encounter", [(c, "market") for c in ("Y8b", "G5", "Y2c", "Y8a", "G1", "Y5b")], "market"),
     ("encounter-solo", [("B5", "mine"), ("R1", "mine")], "RE-COMPOSE-RED-BLUE"),
     ("encounter-solo", [("K3", "keys"), ("K4", "keys"), ("K2", "keys"), ("K1", "keys"),
                         ("TK", "keys")], "RE-SOLO-KEYS-IN"),
     ("trollland", [("Zz9", "dock")], "Zz9"), ("encounter", [("B5", "attic")], "attic")],
)  # fmt: skip
def test_an_invalid_move_is_refused_naming_card_zone_and_rule(game, moves, named):
    s = new(game)
    mod = EDIT[game]
    *ok, (card, zone) = moves
    for c, z in ok:
        s = mod.move_card(s, c, z)
    text = str(s)
    with pytest.raises(NotationError) as e:
        mod.move_card(s, card, zone)
    assert named in str(e.value) and card in str(e.value) and zone in str(e.value)
    assert str(s) == text


@pytest.mark.parametrize("game", list(EDIT))
def test_rulings_and_bad_edits(game):
    s = new(game)
    rid, ruling = next(iter(sorted(rulebook.game(game).rulings.items())))
    other = next(o for o in ruling.options if o != ruling.default)
    assert EDIT[game].edit(s, ("ruling", rid, other)).rulings[rid] == other
    with pytest.raises(NotationError, match="rulings"):
        EDIT[game].edit(s, ("ruling", rid, "no-such-option"))
    for bad in (("teleport", "x"), ("move", "x"), "move"):
        with pytest.raises(NotationError, match="edit"):
            EDIT[game].edit(s, bad)


def test_typed_moves():
    assert (
        parse_move("move Zo3 cage:V01.2") == ("Zo3", "cage:V01.2") == parse_move("Zo3 cage:V01.2")
    )
    with pytest.raises(NotationError, match="move CARD ZONE"):
        parse_move("move Zo3")


@pytest.mark.parametrize("package", ["trollland", "encounter"])
def test_every_gallery_position_has_its_zones_and_each_card_in_one(package):
    for sc in G.load(package):
        s = G.position(sc)
        zones = EDIT[rulebook.game_of(s).name].zones_for(s).read(s)
        cards = [c for cs in zones.values() for c in cs]
        assert len(cards) == len(set(cards)), sc.name
