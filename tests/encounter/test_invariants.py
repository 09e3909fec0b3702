"""Hypothesis invariants over random legal play (both modes), through the protocol."""

from __future__ import annotations

from dataclasses import replace

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


# ---- card conservation (rulebook/PERF.md "Encounter: conservation counted in C"): a broken
# position right after a clean one that shares most of its zones is caught


def _clean_multi():
    st = new_game(3, 5)
    while not st.hands[st.to_move] or not any(any(e) for e in st.encounters[st.to_move]):
        st = MULTI.apply(st, MULTI.legal_actions(st)[0])
    assert MULTI.invariants(st) == []  # seen clean
    return st


def _with_hand(st, p, hand):
    return replace(st, hands=(*st.hands[:p], tuple(hand), *st.hands[p + 1 :]))


def test_multi_conservation_breaks_in_hands_and_encounters_after_a_clean_position():
    st = _clean_multi()
    p = st.to_move
    hand = st.hands[p]
    foreign = CARDS.ids("boss")[0]
    placed = next(c for e in st.encounters[p] for c in e)
    broken = [
        _with_hand(st, p, (*hand, hand[0])),  # a card twice in one hand
        _with_hand(st, p, hand[1:]),  # a card missing
        _with_hand(st, p, (*hand[1:], foreign)),  # a foreign card in place of one
        _with_hand(st, p, (*hand, placed)),  # a card in a hand and in an encounter
        _with_hand(st, p, (*hand, st.deck[0])),  # a card in a hand and in the deck
    ]
    for bad in broken:
        assert bad.deck == st.deck and bad.won == st.won  # shares the zones few actions change
        problems = MULTI.invariants(bad)
        assert problems == ["RE-COMP-DECK: the cards in play are not exactly the round's deck"]
        assert MULTI.invariants(st) == []  # the clean position stays clean


def test_multi_conservation_breaks_in_the_zones_few_actions_change():
    st = _clean_multi()
    card = st.hands[st.to_move][0]
    for bad in (
        replace(st, deck=(*st.deck, card)),  # a card in the deck and a hand
        replace(st, discard=(*st.discard, st.deck[0])),  # a card twice, deck and discard
        replace(st, deck=st.deck[1:]),  # a card missing
    ):
        assert MULTI.invariants(bad) == [
            "RE-COMP-DECK: the cards in play are not exactly the round's deck"
        ]
        assert MULTI.invariants(st) == []


def test_multi_other_invariants_fire_after_a_clean_position():
    st = _clean_multi()
    p = st.to_move
    assert MULTI.invariants(replace(st, loot=(7, *st.loot[1:]))) == [
        "RE-LOOT-RANGE: a Loot die outside 1..6"
    ]
    empty = next(i for i, e in enumerate(st.encounters[p]) if not e)
    loot_at = tuple(empty if q == p else at for q, at in enumerate(st.loot_at))
    assert MULTI.invariants(replace(st, loot_at=loot_at)) == [
        f"RE-LOOT-PLACE: P{p + 1}'s Loot die is behind an empty encounter"
    ]
    assert "RE-BUILD-FIVE: cards left in a hand during battles" in MULTI.invariants(
        replace(st, phase="battle")
    )
    assert "the game is over exactly when it has winners" in MULTI.invariants(
        replace(st, winners=(0,))
    )
    assert MULTI.invariants(st) == []


def test_multi_invariants_read_a_working_table_as_its_position():
    from rulebook.encounter.state import MultiTable

    st = _clean_multi()
    table = MultiTable(st)
    assert MULTI.invariants(table) == []
    table.deck.append(st.hands[st.to_move][0])  # the Table's list changes after the check
    assert MULTI.invariants(table) == [
        "RE-COMP-DECK: the cards in play are not exactly the round's deck"
    ]
    assert MULTI.invariants(st) == []


def test_solo_conservation_breaks_after_a_clean_position():
    st = new_adventure(4)
    while not st.hand:
        st = SOLO.apply(st, SOLO.legal_actions(st)[0])
    assert SOLO.invariants(st) == []
    message = "RE-COMP-DECK: the cards in play are not exactly the box"
    hand = st.hand
    space = next(c for s in st.spaces for c in s)
    for bad in (
        replace(st, hand=(*hand, hand[0])),  # twice in the hand
        replace(st, hand=hand[1:]),  # missing
        replace(st, hand=(*hand, space)),  # in the hand and on a space
        replace(st, discard=(*st.discard, hand[0])),  # in the hand and the discard
        replace(st, removed=(*st.removed, hand[0])),  # in the removed cards and the hand
    ):
        assert SOLO.invariants(bad)[:1] == [message]
        assert SOLO.invariants(st) == []


def _with_encounter(st, p, i, cards):
    rows = list(st.encounters[p])
    rows[i] = tuple(cards)
    per = list(st.encounters)
    per[p] = tuple(rows)
    return replace(st, encounters=tuple(per))


def test_multi_conservation_follows_cards_between_changed_rows_after_a_clean_position():
    st = _clean_multi()
    p = st.to_move
    hand, card = st.hands[p], st.hands[p][0]
    i = next(i for i, e in enumerate(st.encounters[p]) if e)
    placed = st.encounters[p][i]
    moved = _with_encounter(_with_hand(st, p, hand[1:]), p, i, (*placed, card))
    assert MULTI.invariants(moved) == []  # a card from a hand to an encounter: still every card
    for bad in (
        _with_encounter(_with_hand(st, p, hand[1:]), p, i, (*placed, card, card)),  # twice
        _with_encounter(_with_hand(st, p, hand[1:]), p, i, placed),  # lost on the way
        _with_encounter(_with_hand(st, p, hand[1:]), p, i, (*placed, st.deck[0])),  # another
    ):
        assert MULTI.invariants(bad) == [
            "RE-COMP-DECK: the cards in play are not exactly the round's deck"
        ]
        assert MULTI.invariants(moved) == [] and MULTI.invariants(st) == []


def test_cards_conserved_means_every_card_of_the_pool_exactly_once():
    from rulebook.common.conservation import cards_conserved

    pool = frozenset("xyz")
    assert cards_conserved([("x", "y"), ["z"], ()], pool)  # tuples or a working copy's lists
    assert not cards_conserved([("x", "y"), ("z", "x")], pool)  # a card twice
    assert not cards_conserved([("x",), ("z",)], pool)  # a card missing
    assert not cards_conserved([("x", "y"), ("w",)], pool)  # a foreign card in place of one
    assert not cards_conserved([("x", "y", "z"), ("w",)], pool)  # and one too many
    assert cards_conserved([], frozenset())


def test_multi_invariants_read_a_playout_table_as_it_stands():
    # the working copy a game played in place keeps (plain lists, changed in place)
    st = _clean_multi()
    table = MULTI.fork(st)
    assert MULTI.invariants(table) == []
    card = table.hands[table.to_move].pop()
    assert MULTI.invariants(table) == [
        "RE-COMP-DECK: the cards in play are not exactly the round's deck"
    ]
    table.discard.append(card)  # the card back in play: whole again
    assert MULTI.invariants(table) == []


def test_solo_invariants_read_a_playout_table_as_it_stands():
    st = new_adventure(4)
    while not st.hand:
        st = SOLO.apply(st, SOLO.legal_actions(st)[0])
    table = SOLO.fork(st)
    assert SOLO.invariants(table) == []
    table.discard.append(table.hand[0])  # a card twice, made in place
    assert SOLO.invariants(table)[:1] == ["RE-COMP-DECK: the cards in play are not exactly the box"]
