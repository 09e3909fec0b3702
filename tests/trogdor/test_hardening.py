"""Issue 10 for Trogdor: rules as the texts say and every bad input a clear error.

Each test here failed before its fix: the out-of-cards defeat had no Fiery Rage and no ruling; the
Ring of VOIP ignored a burnt cottage tile; banked AP past 999 made an unreadable position;
non-canonical spellings parsed; malformed action text raised ValueError; the shared card index
could be changed by one caller under another."""

from __future__ import annotations

import pytest

import rulebook
from rulebook.common.errors import NotationError, RuleError
from rulebook.trogdor import CATALOG, puzzle
from rulebook.trogdor import edit as E

G = rulebook.game("trogdor")
LAYOUT = "C.M.C/.T.../...L./...T./C.M.."
# every hand empty, the Action deck empty: the next draw is the out-of-cards defeat
OUT_OF_CARDS = (
    "trogdor tiles=C.M.C/.T.../...L./...T./C.M.. trogdor=C3 peasants=A1 meter=3 void=3 "
    "phase=draw ap=0 moves=0E-EEE,0S-SSS,0E-EEE,0S-SSS,0E-EEE|-"
)


@pytest.mark.parametrize("option", ["rage", "no-rage"])
def test_defeat_by_running_out_of_cards_follows_the_ruling(option):
    """T-DEFEAT-CARDS, TR-CARDS-DEFEAT-RAGE: by default (seed 000) the Fiery Rage follows the
    out-of-cards defeat as any defeat; under 'no-rage' the game just ends."""
    assert CATALOG.rulings["TR-CARDS-DEFEAT-RAGE"].default == "rage"
    s = G.parse(OUT_OF_CARDS)
    if option != "rage":
        s = E.set_ruling(s, "TR-CARDS-DEFEAT-RAGE", option)
    end, fired = G.apply_traced(s, "draw")
    assert end.outcome == "defeat" and end.phase == "over"
    assert "T-DEFEAT-CARDS" in fired
    if option == "rage":
        assert "T-RAGE" in fired
        # C3 then 5 paths with wraparound: E,E,E / S,S,S / ... -- the tiles burn, the peasant dies
        assert end.is_burnt("C3") and end.is_burnt("D3") and end.is_burnt("A3")
        assert end.peasants == () and end.void == 4
        assert end.movement_deck.draw == ()
    else:
        assert "T-RAGE" not in fired
        assert not any(end.burnt) and len(end.peasants) == 1


def test_out_of_cards_rage_can_flip_the_table():
    """T-TABLE-FLIP after the out-of-cards rage: the win conditions met by the rage itself."""
    tiles = "ccccc/#####/#####/#####/#####".replace("c", "#")
    s = G.parse(
        f"trogdor tiles={tiles[:2]}.{tiles[3:]} trogdor=C1 meter=3 void=4 phase=draw ap=0 "
        "moves=0S-SSS,0S-SSS,0S-SSS,0S-SSS,0S-SSS|-"
    )
    end = G.apply(s, "draw")
    assert end.outcome == "table-flip"


def test_ring_of_voip_recharges_when_a_cottage_tile_burns():
    """T-ITEM, card-facts.md: the Ring of VOIP recharges 'when a cottage (or a tile with a
    cottage) is burninated' -- burning the cottage's tile is enough."""
    ring = G.parse(
        f"trogdor tiles={LAYOUT} trogdor=A1 meter=4 void=3 phase=act ap=3 items=ring-of-voip "
        "charged=0"
    )
    after = G.apply(ring, "burn tile")
    assert after.is_burnt("A1") and after.item_charged == (True,)
    plain = G.apply(G.apply(ring, "move E"), "burn tile")  # B1: no cottage
    assert plain.item_charged == (False,)
    text = ring.cards.item("ring-of-voip").source
    assert "(or a tile with a cottage)" in text


def test_banked_ap_past_999_stays_readable():
    """TR-PASS-AP=keep: the engine may bank past 999; the position still reads back, while
    what a user types stays bounded (puzzle, editor: 0..999)."""
    s = puzzle(LAYOUT, ap=999, rulings={"TR-PASS-AP": "keep"}, movement=["0E-EEE"])
    s = s.replace(
        hands=(("ap5",),), phase="choose", ap=0, banked_ap=(999,), item_used=False, turn=2
    )
    t = G.apply(s, "play ap5")
    assert t.ap == 1004
    t = G.apply(t, "pass")
    assert t.banked_ap == (1004,)
    assert G.parse(str(t)) == t and str(G.parse(str(t))) == str(t)
    with pytest.raises(NotationError, match="ap"):
        puzzle(LAYOUT, ap=1000)
    with pytest.raises(NotationError):
        E.set_ap(s, 10**6)
    too_big = str(t).replace("ap=0", "ap=1000000001")
    with pytest.raises(NotationError, match="ap"):
        G.parse(too_big)


CANON = f"trogdor tiles={LAYOUT} trogdor=C3 knights=A1 meter=4 void=3 phase=act ap=3"


@pytest.mark.parametrize(
    "bad, where",
    [
        (CANON.replace("ap=3", "ap=٣"), None),  # non-ASCII digit
        (CANON.replace("ap=3", "ap=+3"), "ap"),
        (CANON.replace("ap=3", "ap=0_3"), "ap"),
        (CANON.replace("ap=3", "ap=03"), "ap"),
        (CANON + " queue=knight²", None),
        (CANON + " turn=1", "turn"),  # a default written out
        (
            CANON.replace("knights=A1", "peasants=C5,A1 knights=A1").replace("void=3", "void=1"),
            "peasants",
        ),  # unsorted
        (CANON + " rng=+1:0", "rng"),  # the shared RngCodec names the field
        (CANON + " rng=1:٣", None),
        (CANON.replace("trogdor=C3", "trogdor=c3"), "trogdor"),
        (CANON.replace("  ", " ").replace(" ap=3", "  ap=3"), None),
    ],
)
def test_only_canonical_spellings_parse(bad, where):
    """T-NOTATION: non-ASCII digits, '+', '_', leading zeros, defaults written out, unsorted
    lists: a NotationError naming the field, never a different position."""
    with pytest.raises(NotationError) as e:
        G.parse(bad)
    if where is not None:
        assert e.value.where == where, str(e.value)
    assert len(str(e.value)) < 300  # an excerpt of the input, not all of it


@pytest.mark.parametrize(
    "text", ["move N²", "move ٣", "spawn B²", "teleport ２2", "use ring-of-voip C٣", "play a b"]
)
def test_malformed_action_text_is_a_notation_error(text):
    """Actions: odd digits or letters are bad input (NotationError), never ValueError."""
    with pytest.raises(NotationError):
        G.parse_action(text)
    s = G.parse(CANON)
    with pytest.raises(NotationError):
        G.refusal(s, text)


def test_shared_card_data_is_read_only():
    """One caller cannot change another's answers: the bundled card set and the card index
    that states share are read-only; with_cards makes a new index."""
    a, b = G.new_game(1), G.new_game(2)
    assert a.cards.base is b.cards.base  # one card set, shared
    with pytest.raises(TypeError):
        a.cards.extra["ap5"] = None
    with pytest.raises(TypeError):
        a.cards.base.actions["block-1"] = None
    assert b.cards.action("block-1") is not None


def test_refusals_from_legal_listing_are_the_apply_errors():
    """Each rule stated once: refusal() and apply() give the same RuleError for an illegal
    action (here T-AP and T-MOVE)."""
    s = G.parse(CANON.replace("ap=3", "ap=0"))
    for text, rule in (("move N", "T-AP"), ("burn tile", "T-AP")):
        err = G.refusal(s, text)
        assert err.rule_id == rule
        with pytest.raises(RuleError) as raised:
            G.apply(s, text)
        assert (raised.value.rule_id, raised.value.reason) == (err.rule_id, err.reason)


@pytest.mark.parametrize("players", [0, True, 99, -1])
def test_player_counts_outside_the_box_are_refused(players):
    """T-SETUP-PLAYERS: new_game names the field; 0 players is not silently one player."""
    with pytest.raises(NotationError) as e:
        G.new_game(1, players=players)
    assert e.value.where == "players"
