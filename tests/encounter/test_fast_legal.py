"""Perft-style agreement of the faster build-phase generator (``rulebook/encounter/fast_legal.py``)
with the plain path (``rules.legal_actions``: every candidate filtered by its kind's check) on
thousands of random positions of every player count and variant, take-backs used up included."""

from __future__ import annotations

import random
from dataclasses import replace

from rulebook.encounter import fast_legal, rules

from .helpers import MULTI

VARIANTS = [(), ("sin",), ("market", "sin"), ("keys",)]


def random_positions(games: int):
    """Every position of ``games`` random games (2-5 players, every variant), and beside each
    build position a copy with no take-backs left (what check_unput and check_loot refuse)."""
    rng = random.Random(20)
    for seed in range(games):
        st = MULTI.new_game(seed, players=2 + seed % 4, variants=VARIANTS[seed // 4 % 4])
        while not MULTI.is_terminal(st):
            yield st
            if st.phase == "build":
                yield replace(st, takebacks=0)
            st = MULTI.apply(st, rng.choice(rules.legal_actions(st)))


def test_fast_generator_gives_the_plain_paths_list_on_thousands_of_positions():
    build = 0
    for st in random_positions(48):
        assert fast_legal.legal_actions(st) == rules.legal_actions(st), str(st)
        build += st.phase == "build"
    assert build >= 3000


def test_the_game_object_lists_the_fast_generators_actions_and_each_is_legal():
    st = MULTI.new_game(3, players=3)
    assert MULTI.legal_actions(st) == rules.legal_actions(st) != []
    assert all(MULTI.refusal(st, a) is None for a in MULTI.legal_actions(st))
