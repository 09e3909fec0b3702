"""Hypothesis invariants over random legal play (both modes), through the protocol."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

import rulebook
from rulebook.encounter import CATALOG, composition_problem, new_adventure, new_game

from .helpers import CARDS, MULTI, SOLO


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=hs.integers(0, 10_000),
    players=hs.integers(2, 5),
    variants=hs.sampled_from([(), ("sin",), ("market",), ("keys",)]),
    choices=hs.lists(hs.integers(0, 10_000), min_size=60, max_size=60),
)
def test_multiplayer_invariants(seed, players, variants, choices):
    st = new_game(players, seed, variants=variants)
    for k in choices:
        if MULTI.is_terminal(st):
            break
        acts = MULTI.legal_actions(st)
        assert acts == sorted(acts)
        before = str(st)
        st2 = MULTI.apply(st, acts[k % len(acts)])
        assert str(st) == before and str(st2) != before
        assert MULTI.invariants(st2) == []  # every card once, loot 1..6, die behind a card
        if st2.phase == "battle":
            assert all(
                composition_problem(e, CARDS) is None for p in st2.encounters for e in p if e
            )
        assert rulebook.parse(str(st2)) == st2
        st = st2


@settings(max_examples=40, deadline=None)
@given(
    seed=hs.integers(0, 10_000), choices=hs.lists(hs.integers(0, 1000), min_size=40, max_size=40)
)
def test_solo_invariants(seed, choices):
    st = new_adventure(seed)
    for k in choices:
        acts = SOLO.legal_actions(st)
        if not acts:
            assert SOLO.is_terminal(st)  # no action is only possible once the adventure is over
            break
        st2 = SOLO.apply(st, acts[k % len(acts)])
        assert SOLO.invariants(st2) == []
        assert all(CARDS[c].kind == "key" for c in st2.keys)
        assert composition_problem(st2.my_encounter, CARDS) is None or len(st2.my_encounter) == 1
        assert rulebook.parse(str(st2)) == st2
        st = st2


@settings(max_examples=40, deadline=None)
@given(
    seed=hs.integers(0, 10_000),
    word=hs.sampled_from(
        ["battle", "enter", "boss", "recruit Y1a", "recruit -", "ride Y1a", "build B1", "stay"]
    ),
)
def test_illegal_solo_actions_leave_state_untouched(seed, word):
    st = new_adventure(seed)
    before = str(st)
    err = SOLO.refusal(st, word)
    if err is None:
        assert word in [str(a) for a in SOLO.legal_actions(st)]
        return
    assert err.rule_id in CATALOG.ids()
    assert word not in [str(a) for a in SOLO.legal_actions(st)]
    assert str(st) == before
