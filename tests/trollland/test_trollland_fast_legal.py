"""Perft-style agreement of the faster load-step generator (``rulebook/trollland/fast_legal.py``)
with the plain path (``rules.legal_actions``: every candidate filtered by its kind's check) on
thousands of random positions, under every option of the rulings the load checks read."""

from __future__ import annotations

import itertools
import random

import rulebook
from rulebook.trollland import fast_legal, rules

GAME = rulebook.game("trollland")
# the rulings ``check_gat``, ``dock_refusal`` and ``question_active`` read, every combination
RULINGS = [
    dict(zip(("TLR-GAT-CHOICE", "TLR-QUESTION-DOCK", "TLR-ARROW-CHAIN"), combo, strict=True))
    for combo in itertools.product(
        *(
            GAME.rulings[r].options
            for r in ("TLR-GAT-CHOICE", "TLR-QUESTION-DOCK", "TLR-ARROW-CHAIN")
        )
    )
]


def random_positions(games: int):
    rng = random.Random(7)
    for seed in range(games):
        s = GAME.new_game(seed, players=2 + seed % 4, rulings=RULINGS[seed % len(RULINGS)])
        while not GAME.is_terminal(s):
            yield s
            s = GAME.apply(s, rng.choice(rules.legal_actions(s)))


def test_fast_generator_gives_the_plain_paths_list_on_thousands_of_positions():
    loads = 0
    for s in random_positions(40):
        assert fast_legal.legal_actions(s) == rules.legal_actions(s), str(s)
        loads += s.phase in ("load", "arrow")
    assert loads >= 2000


def test_the_game_object_lists_the_fast_generators_actions_and_each_is_legal():
    s = next(s for s in random_positions(3) if s.phase == "load")
    assert GAME.legal_actions(s) == rules.legal_actions(s) != []
    assert all(GAME.refusal(s, a) is None for a in GAME.legal_actions(s))


def test_fast_generator_on_the_playouts_working_copy_gives_the_plain_paths_list():
    """``advance`` plays on one working copy (a ``PlayoutCopy``) for the whole game: the generator
    reads it as it reads a frozen State, and the copy holds the position ``apply`` reaches
    (the same notation, the same player to move) after every action."""
    rng = random.Random(11)
    checked = 0
    for seed in range(30):
        rulings = RULINGS[seed % len(RULINGS)]
        s = GAME.new_game(seed, players=2 + seed % 4, rulings=rulings)
        copy = GAME.fork(s)
        while not GAME.is_terminal(s):
            plain = rules.legal_actions(s)
            assert fast_legal.legal_actions(copy) == plain, str(s)
            assert copy.to_move == s.to_move and str(copy) == str(s)
            action = rng.choice(plain)
            s, copy = GAME.apply(s, action), GAME.advance(copy, action)
            checked += 1
        assert GAME.is_terminal(copy) and GAME.freeze(copy) == s
    assert checked >= 2000


def test_a_berths_kept_answers_follow_its_card_set():
    """What the generator keeps with a berth value is asked again for another card set (a
    user's cards may give the same vehicle other cages): a State made with other cards holds
    berths of its own."""
    from dataclasses import replace

    from rulebook.trollland.cards import CardSet
    from rulebook.trollland.state import Berth

    base = GAME.new_game(0)
    cards = base.cards
    vid = next(v for v, veh in cards.vehicles.items() if len(veh.cages) == 2 and veh.cages[0] > 1)
    small = dict(cards.vehicles)
    small[vid] = type(small[vid])(vid, "x", "cart", (1,) * 2, 0, "stand-in")
    other = CardSet("other", dict(cards.people), small, dict(cards.bonus))
    pest = next(c for c, card in cards.people.items() if not card.is_troll)
    one = replace(base, row=(Berth(vid, ((pest,), ())),))
    people = cards.people[pest].people
    assert fast_legal.open_cages(one, people) == [(vid, 1)]  # room left in the people's cage
    two = replace(one, cards=other)
    assert fast_legal.open_cages(two, people) == []  # cage 1 holds 1 of 1 under the other set
    assert fast_legal.open_cages(one, people) == [(vid, 1)]


def test_a_troll_powers_target_is_asked_of_the_fast_generator_with_the_plain_paths_answer():
    """The game's ``advance`` asks the faster generator whether the Troll resolving now has a
    target (``rules.playing``); on every such question of 60 games it answers as the plain path
    (``rules.has_legal_action``), both ways: a Troll 3 or 4 with no pile of two to steal from
    does nothing."""
    asked = []

    def both(d):
        fast = fast_legal.has_legal_action(d)
        assert fast == rules.has_legal_action(d), str(d.freeze())
        asked.append((rules.resolving_number(d), fast))
        return fast

    advance = rules.playing(both)
    for seed in range(60):
        s = GAME.fork(GAME.new_game(seed, players=2 + seed % 4))
        rng = random.Random(seed)
        while legal := GAME.legal_actions(s):
            s = advance(s, rng.choice(legal))
    assert {n for n, _ in asked} == {1, 2, 3, 4, 5}
    assert {n for n, fast in asked if not fast} >= {3, 4}
    assert sum(fast for _, fast in asked) > 200
