"""One-line notation: exact round trips through ``rulebook.parse`` and clear errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

import rulebook
from rulebook.common.errors import NotationError
from rulebook.common.game import random_game
from rulebook.encounter import new_adventure, new_game

from .helpers import MULTI

CASES = [
    new_game(2, 0),
    new_game(4, 3, variants=("market",)),
    new_game(3, 1, variants=("keys",), rulings={"RER-LOOT-ATTACKER": "defence-only"}),
    new_game(3, 1, first=2),
    new_adventure(0),
    new_adventure(9, rulings={"RER-SOLO-TIE": "discard-both"}, sin=True),
]


@pytest.mark.parametrize("st", CASES, ids=lambda s: str(s)[:20])
def test_round_trip(st):
    text = str(st)
    assert text.split()[0] in ("encounter", "encounter-solo")
    assert rulebook.parse(text) == st and str(rulebook.parse(text)) == text


def test_round_trip_mid_game_and_at_the_end():
    p = random_game(MULTI, 3, players=3)
    assert rulebook.parse(str(p.final)) == p.final
    assert " phase=over " in str(p.final)


M = str(new_game(2, 0))
S = str(new_adventure(0))


@pytest.mark.parametrize(
    "text,where",
    [
        ("", "empty"),
        (M.replace("players=2", "players=9"), "players"),
        (M.replace("phase=build", "phase=lunch"), "phase"),
        (M.replace("deck=", "deck=ZZ9,"), "unknown card"),
        (M.replace("loot=1/1", "loot=1/7"), "loot"),
        (M.replace("loot=1/1", "loot=1/\u0663"), "non-ASCII"),
        (M.replace("loot=1/1", "loot=1/+1"), "loot"),
        (M.replace("rulings=-", "rulings=RER-NOPE=x"), "unknown ruling"),
        (M.replace("rulings=-", "rulings=RER-SOLO-TIE=as-loss"), "canonically"),  # default
        (
            M.replace("rulings=-", "rulings=RER-SOLO-TIE=discard-both,RER-GREEN-BOTH=one-swap"),
            "canonically",  # not in ID order
        ),
        (M.replace("outcome=-", "outcome="), "empty value"),
        (M.replace("outcome=-", "outcome=P9"), "outcome"),
        (M.replace("outcome=-", "outcome=P1"), "outcome"),  # a game on names no winner
        (M.replace("outcome=-", "outcome=win"), "outcome"),
        (M.replace("variants=-", "variants=market"), "Strength in Numbers"),
        (M.replace("variants=-", "variants=keys,market,sin"), "do not combine"),
        (M.replace("variants=-", "variants=sin,keys"), "alphabetical"),
        (M.replace("rng=0:1", "rng=0:x"), "rng"),
        (S.replace("pos=1", "pos=13"), "pos"),
        (S.replace("up=000000000000", "up=0101"), "up"),
        (S.replace("outcome=-", "outcome=draw"), "outcome"),
        (S.replace("outcome=-", "outcome=win"), "outcome"),
        ("mode=multi " + M.split(" ", 1)[1], "unknown game"),
    ],
)
def test_bad_notation_says_where(text, where):
    with pytest.raises(NotationError) as e:
        rulebook.parse(text)
    assert where in str(e.value)


def test_duplicate_card_is_refused():
    st = new_adventure(0)
    text = str(st).replace(f"hand={st.hand[0]},", f"hand={st.hand[0]},{st.hand[0]},")
    with pytest.raises(NotationError, match="twice"):
        rulebook.parse(text)
    multi = str(new_game(2, 0))
    card = new_game(2, 0).hands[0][0]
    with pytest.raises(NotationError, match="twice"):
        rulebook.parse(multi.replace("discard=-", f"discard={card}"))


def test_foreign_or_malformed_actions_are_input_errors():
    from rulebook.common.actions import Action

    from .helpers import SOLO

    st, solo = new_game(2, 0), new_adventure(0)
    for g, s in ((MULTI, st), (SOLO, solo)):
        for bad in (Action("move", ("N",)), "fly away", "", "put", "camp P\u00b2"):
            with pytest.raises(NotationError):
                g.refusal(s, bad)
    with pytest.raises(NotationError):
        MULTI.parse_action("battle 1 P\u00b2:1")
    with pytest.raises(NotationError):
        MULTI.parse_action("put Y1a 1\u0663")


def test_seeds_are_bounded_so_positions_stay_parseable():
    from rulebook.common.codecs import MAX_SEED

    for make in (lambda s: new_game(2, s), lambda s: new_adventure(s)):
        big = make(MAX_SEED)
        assert rulebook.parse(str(big)) == big
        for bad in (MAX_SEED + 1, -1, 1.5, "7"):
            with pytest.raises(NotationError, match="seed"):
                make(bad)


ALPHABET = "0123456789-,/|:=+_ PYKRBGW.abc\u00b2\u0663\u00e9\t"
SAMPLES = [str(s) for s in CASES] + [str(random_game(MULTI, 5, players=4).final)]


@settings(max_examples=150, deadline=None)
@given(
    base=hs.sampled_from(SAMPLES),
    edits=hs.lists(
        hs.tuples(hs.integers(0, 10_000), hs.integers(0, 3), hs.text(ALPHABET, max_size=3)),
        min_size=1,
        max_size=3,
    ),
)
def test_fuzzed_notation_raises_or_round_trips(base, edits):
    # issue 10: parse(s) either raises NotationError or round-trips exactly
    text = base
    for pos, cut, insert in edits:
        i = pos % (len(text) + 1)
        text = text[:i] + insert + text[i + cut :]
    try:
        st = rulebook.parse(text)
    except NotationError:
        return
    assert str(st) == text


def test_hand_made_actions_are_read_through_their_text():
    from rulebook.common.actions import Action

    st = new_game(2, 1)
    c = st.hands[0][0]
    after = MULTI.apply(st, Action("put", (c, 2)))  # an int, not the grammar's Index
    assert after.encounters[0][1] == (c,)
    with pytest.raises(NotationError):
        MULTI.refusal(st, Action("put", (c, 9)))  # five encounters
