"""Hypothesis invariants over random legal play (both modes)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from rulebook.common.errors import RuleError
from rulebook.encounter import (
    MultiState,
    SoloState,
    default_cards,
    multi,
    new_adventure,
    new_game,
    solo,
)

CARDS = default_cards()
ALL_ENC = sorted(CARDS.ids("encounter"))


def _check_multi(st: MultiState):
    cards = sorted(st.all_cards())
    if "keys" in st.variants:
        assert cards == sorted(ALL_ENC + CARDS.ids("key"))
    else:
        assert cards == ALL_ENC  # every card is somewhere, exactly once
    assert all(1 <= v <= 6 for v in st.loot)  # RE-LOOT-RANGE
    for p in range(st.players):
        for e in st.slots[p]:
            if st.phase == "battle":
                assert multi.composition_problem(e, CARDS) is None or not e
        if st.phase == "battle" and st.loot_at[p] >= 0:
            assert st.slots[p][st.loot_at[p]]
    assert MultiState.parse(str(st)) == st


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
        if st.phase == "over":
            break
        acts = multi.legal_actions(st)
        assert acts == sorted(acts) or st.phase == "battle"
        a = acts[k % len(acts)]
        before = str(st)
        st = multi.apply_action(st, a)
        assert str(st) != before
        _check_multi(st)


@settings(max_examples=40, deadline=None)
@given(
    seed=hs.integers(0, 10_000), choices=hs.lists(hs.integers(0, 1000), min_size=40, max_size=40)
)
def test_solo_invariants(seed, choices):
    st = new_adventure(seed)
    for k in choices:
        acts = solo.legal_actions(st)
        if not acts:
            assert st.outcome != "-"  # no action is only possible once the adventure is over
            break
        st2 = solo.apply_action(st, acts[k % len(acts)])
        assert sorted(st2.all_cards()) == sorted(CARDS.cards)
        assert len(st2.keys) <= 4 and all(CARDS[c].kind == "key" for c in st2.keys)
        assert multi.composition_problem(st2.mine, CARDS) in (None,) or len(st2.mine) == 1
        assert SoloState.parse(str(st2)) == st2
        st = st2


@settings(max_examples=40, deadline=None)
@given(
    seed=hs.integers(0, 10_000),
    word=hs.sampled_from(
        ["battle", "enter", "boss", "recruit Y1a", "ride NOPE", "build B1", "stay"]
    ),
)
def test_illegal_solo_actions_leave_state_untouched(seed, word):
    st = new_adventure(seed)
    before = str(st)
    if word.split()[0] + (" " + word.split()[1] if " " in word else "") in solo.legal_actions(st):
        return
    try:
        solo.apply_action(st, word)
    except RuleError as e:
        assert e.rule_id in CARDS_CATALOG_IDS
    assert str(st) == before


CARDS_CATALOG_IDS = set(__import__("rulebook.encounter", fromlist=["CATALOG"]).CATALOG.ids())
