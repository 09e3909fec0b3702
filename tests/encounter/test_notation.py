"""One-line notation: exact round trips and clear errors."""

from __future__ import annotations

import pytest

from rulebook.common.errors import NotationError
from rulebook.encounter import MultiState, SoloState, new_adventure, new_game, parse_state
from rulebook.encounter.playout import play_multi

CASES = [
    new_game(2, 0),
    new_game(4, 3, variants=("market",)),
    new_game(3, 1, variants=("keys",), rulings={"RER-LOOT-ATTACKER": "defence-only"}),
    new_adventure(0),
    new_adventure(9, rulings={"RER-SOLO-TIE": "as-loss"}, sin=True),
]


@pytest.mark.parametrize("st", CASES, ids=lambda s: str(s)[:12])
def test_round_trip(st):
    assert parse_state(str(st)) == st
    assert str(parse_state(str(st))) == str(st)


def test_round_trip_mid_game():
    st, _ = play_multi(3, players=3)
    assert MultiState.parse(str(st)) == st


@pytest.mark.parametrize(
    "text,where",
    [
        ("", "empty"),
        ("mode=chess", "mode=multi or mode=solo"),
        (str(new_game(2, 0)).replace("players=2", "players=9"), "players"),
        (str(new_game(2, 0)).replace("phase=build", "phase=lunch"), "phase"),
        (str(new_game(2, 0)).replace("deck=", "deck=ZZ9,"), "unknown card"),
        (str(new_game(2, 0)).replace("loot=1,1", "loot=1,7"), "loot"),
        (str(new_game(2, 0)).replace("rulings=-", "rulings=RER-NOPE=x"), "unknown ruling"),
        (str(new_adventure(0)).replace("pos=1", "pos=13"), "pos"),
        (str(new_adventure(0)).replace("up=000000000000", "up=0101"), "up"),
    ],
)
def test_bad_notation_says_where(text, where):
    with pytest.raises(NotationError) as e:
        parse_state(text)
    assert where in str(e.value)


def test_duplicate_card_is_refused():
    st = new_adventure(0)
    text = str(st).replace(f"hand={st.hand[0]},", f"hand={st.hand[0]},{st.hand[0]},")
    with pytest.raises(NotationError, match="twice"):
        SoloState.parse(text)
