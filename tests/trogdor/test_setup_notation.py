"""Setup (T-SETUP-*) and the one-line notation (T-NOTATION)."""

import random

import pytest

from rulebook.common.errors import NotationError, RuleError
from rulebook.trogdor import (
    CATALOG,
    State,
    apply_action,
    is_terminal,
    legal_actions,
    new_game,
    puzzle,
)
from rulebook.trogdor.grid import BY_NAME
from rulebook.trogdor.state import Cottages

LAYOUT = "C.M.C/.T.../...L./...T./C.M.."
GAME_LAYOUT = "C.M.C/.T.../...L./...T./C.M.."  # 3 C, 1 L, 2 M, 2 T: a full box


def sq(name):
    return BY_NAME[name]


def test_setup_board_preset_and_custom_layout():
    """T-SETUP-BOARD: a preset or any full-box layout; all tiles unburnt; partial layouts refused."""
    g = new_game("normal", seed=1)
    assert not any(g.burnt) and len(g.tiles) == 25
    custom = new_game(GAME_LAYOUT, seed=1)
    assert "".join(custom.tiles) == GAME_LAYOUT.replace("/", "")
    with pytest.raises(NotationError, match="special tiles"):
        new_game("C...C/...../...../...../.....", seed=1)
    with pytest.raises(NotationError, match="unknown board preset"):
        new_game("no-such-preset")


def test_setup_pieces():
    """T-SETUP-PIECES: a peasant on each unburnt cottage, 2 knights + archer apart, Trogdor C3."""
    for seed in range(20):
        g = new_game(GAME_LAYOUT, seed=seed)
        assert dict(g.cottages) == {sq("A1"): False, sq("E1"): False, sq("A5"): False}
        assert list(g.peasants) == sorted(g.cottages)
        assert g.trogdor == sq("C3")
        pieces = [*g.knights, g.archer]
        assert len(g.knights) == 2 and len(set(pieces)) == 3 and sq("C3") not in pieces
    g = new_game(GAME_LAYOUT, knights=["B2", "D2"], archer="E5")
    assert g.knights == (
        sq("B2"),
        sq("D2"),
    ) and g.archer == sq("E5")
    with pytest.raises(NotationError):
        new_game(GAME_LAYOUT, knights=["C3", "D2"], archer="E5")


def test_setup_meter_and_void():
    """T-SETUP-METER: 4 peasants on the Trog-meter, the Troghammer off the board, Void empty."""
    g = new_game(seed=3)
    assert (g.meter, g.void) == (4, 0)
    assert g.troghammer is None and not g.hammer_waiting
    assert g.meter + g.void + len(g.peasants) == 7


def test_setup_decks():
    """T-SETUP-DECKS: 7 Troghammer cards aside, 29 in the action deck, 52 movement cards."""
    g = new_game(seed=4, players=1)
    assert len(g.troghammer_cards_aside) == 7
    assert all(g.cards.action(c).troghammer for c in g.troghammer_cards_aside)
    assert len(g.action_deck.draw) + sum(len(h) for h in g.hands) == 29
    assert not any(g.cards.action(c).troghammer for c in g.action_deck.draw)
    assert len(g.movement_deck.draw) == 52
    # seeded: same seed, same shuffles; another seed, another order
    assert new_game(seed=4) == g
    assert new_game(seed=5).action_deck.draw != g.action_deck.draw


def test_setup_players_and_turn_order():
    """T-SETUP-PLAYERS: one keeper, item and card each; turns go 0, 1, 2, 0 (T-END-TURN)."""
    g = new_game(seed=7, players=3)
    assert len(g.hands) == 3 and all(len(h) == 1 for h in g.hands)
    assert all(k is not None for k in g.keepers) and all(i is not None for i in g.items)
    assert g.item_charged == (True, True, True)
    seen = []
    rng = random.Random(1)
    while len(seen) < 4 and not is_terminal(g):
        if g.phase == "draw":
            seen.append(g.to_move)
        acts = legal_actions(g)
        pick = "pass" if "pass" in acts else rng.choice(acts)
        g = apply_action(g, pick)
    assert seen[:4] == [0, 1, 2, 0][: len(seen)]


def test_notation_round_trip_on_random_games():
    """T-NOTATION: every position of random games reads back identically."""
    rng = random.Random(5)
    for seed in range(6):
        g = new_game(seed=seed, players=1 + seed % 3)
        for _ in range(400):
            text = str(g)
            assert " " not in text.replace(" ", "_") or "\n" not in text
            assert State.parse(text, g.cards) == g
            assert str(State.parse(text, g.cards)) == text
            if is_terminal(g):
                break
            g = apply_action(g, rng.choice(legal_actions(g)))


def test_notation_puzzle_example_is_short_and_exact():
    """T-NOTATION: a puzzle position prints only the fields it needs."""
    s = puzzle(LAYOUT, trogdor="B2", burnt=["A1"], knights=["D2"], peasants=["A1"], ap=3)
    text = str(s)
    assert text == (
        "trogdor tiles=c.M.C/.T.../...L./...T./C.M.. trogdor=B2 peasants=A1 knights=D2 meter=4 "
        "void=2 phase=act ap=3"
    )
    assert State.parse(text) == s


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty notation"),
        ("tiles=C.M.C/.T.../...L./...T./C.M.. trogdor=Z9 meter=4 void=0 phase=act ap=1", "trogdor"),
        ("tiles=C.M.C/.T.../...L./...T./C.M.. trogdor=C3 meter=4 void=0 phase=fly ap=1", "phase"),
        ("tiles=C.M.C/.T.../...L./...T./C.M.Q trogdor=C3 meter=4 void=0 phase=act ap=1", "E5"),
        ("tiles=C.M.C/.T.../...L./...T./C.M.. trogdor=C3 meter=9 void=0 phase=act ap=1", "meter"),
        ("tiles=C.M.C/.T.../...L./...T./C.M.. trogdor=C3 meter=4 void=0 ap=1 phase=act", "order"),
        ("tiles=C.M.C/.T.../...L./...T./C.M.. trogdor=C3 meter=4 void=0 phase=act", "missing"),
        (
            "tiles=C.M.C/.T.../...L./...T./C.M.. trogdor=C3 meter=4 void=0 phase=act ap=1 "
            "moves=zz-99|-",
            "unknown movement card",
        ),
        (
            "tiles=C.M.C/.T.../...L./...T./C.M.. cottages_burnt=B2 trogdor=C3 meter=4 void=0 "
            "phase=act ap=1",
            "not a cottage",
        ),
        (
            "tiles=C.M.C/.T.../...L./...T./C.M.. trogdor=C3 meter=4 void=0 phase=act ap=1 "
            "rulings=TR-PASS-AP=hoard",
            "no option",
        ),
    ],
)
def test_notation_errors_say_what_and_where(text, message):
    """T-NOTATION: malformed notation raises NotationError naming the field."""
    with pytest.raises(NotationError, match=message):
        State.parse(text)


def test_rule_error_leaves_state_untouched():
    """T-PHASE: a refused action raises RuleError with the rule ID; the state is unchanged."""
    g = new_game(seed=2)
    before = str(g)
    with pytest.raises(RuleError) as e:
        apply_action(g, "move N")
    assert e.value.rule_id == "T-PHASE" and "draw" in e.value.reason
    assert str(g) == before
    assert e.value.rule_id in CATALOG


def test_states_are_values():
    """T-NOTATION: no part of a state can be changed in place, and replace() leaves the
    original as it was."""
    s = puzzle(LAYOUT, peasants=["A1"], knights=["B1"], movement=["0E-EEE"])
    for part, change in (
        (s.peasants, lambda p: p.append(sq("B2"))),
        (s.knights, lambda k: k.__setitem__(0, sq("E5"))),
        (s.cottages, lambda c: c.__setitem__(sq("A1"), True)),
        (s.movement_deck.draw, lambda d: d.append("0W-WWW")),
    ):
        with pytest.raises((AttributeError, TypeError)):
            change(part)
    c = s.replace(peasants=(sq("B2"),), cottages=Cottages.with_burnt(s.cottages, sq("A1"), True))
    assert s.peasants == (sq("A1"),) and s.knights == (sq("B1"),)
    assert not s.cottages[sq("A1")] and s.movement_deck.draw == ("0E-EEE",)
    assert c.peasants == (sq("B2"),) and c.cottages[sq("A1")]
