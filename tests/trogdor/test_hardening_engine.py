"""Issue 23, class 4 for Trogdor: every position the engine writes parses back (seeds bounded
where they enter, the turn and AP counters stop at what the notation reads)."""

from __future__ import annotations

import re

import pytest

import rulebook
from rulebook.common.codecs import MAX_SEED
from rulebook.common.errors import NotationError, TrogkitInputError
from rulebook.common.game import random_game
from rulebook.trogdor.state import MAX_AP, MAX_TURN

TG = rulebook.game("trogdor")


def assert_closed(text: str) -> int:
    """``text`` is refused, or it prints back as written and every successor parses back;
    returns how many successors were checked."""
    try:
        s = TG.parse(text)
    except NotationError:
        return 0
    assert str(s) == text
    for a in TG.legal_actions(s):
        after = TG.apply(s, a)
        again = TG.parse(str(after))
        assert again == after and str(again) == str(after), a
    return len(TG.legal_actions(s))


@pytest.mark.parametrize("seed", [10**19, MAX_SEED + 1, -1, None, 2.0, True])
def test_a_seed_the_notation_cannot_carry_is_refused_with_its_range(seed):
    with pytest.raises(TrogkitInputError, match=re.escape(f"0..{MAX_SEED}")) as e:
        TG.new_game(seed)
    assert "seed" in str(e.value)


def test_the_largest_seed_round_trips():
    s = TG.new_game(MAX_SEED)
    assert TG.parse(str(s)) == s


def _positions(seed: int, limit: int = 150):
    s = TG.new_game(seed, rulings={"TR-PASS-AP": "keep"})
    for a in random_game(TG, seed, rulings={"TR-PASS-AP": "keep"}).actions[:limit]:
        yield s
        s = TG.apply(s, a)


def test_a_turn_at_the_notations_maximum_ends_in_a_position_it_reads():
    checked = 0
    for s in _positions(0):
        text = re.sub(r" turn=\d+", "", str(s))
        text = re.sub(r"( ap=\d+)", rf"\1 turn={MAX_TURN}", text, count=1)  # turn follows ap
        assert f" turn={MAX_TURN}" in text
        checked += assert_closed(text)
    assert checked > 0


def test_ap_and_banked_ap_at_the_maximum_end_in_positions_it_reads():
    checked = 0
    for s in _positions(1):
        text = re.sub(r" ap=\d+", f" ap={MAX_AP}", str(s))
        checked += assert_closed(text)
        if " banked=" not in text and " actions=" in text:  # banked comes just before actions
            banked = "/".join([str(MAX_AP)] * s.players)
            checked += assert_closed(text.replace(" actions=", f" banked={banked} actions=", 1))
    assert checked > 0
