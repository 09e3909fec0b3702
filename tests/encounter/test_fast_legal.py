"""Perft-style agreement of the faster generators (``rulebook/encounter/fast_legal.py``) with the
plain paths (``rules.legal_actions``, ``solo_rules.legal_actions``: every candidate filtered by its
kind's check) on thousands of random positions of every player count and variant, take-backs used
up included, frozen and as the working copy a playout advances in place."""

from __future__ import annotations

import random
from dataclasses import fields, replace

from rulebook.encounter import fast_legal, rules, solo_rules

from .helpers import MULTI, SOLO

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


def playout_positions(game, games: int, players=(None,), **options):
    """The working copies (``rules.Table``) a playout advances in place, at every step of
    ``games`` random games, with the frozen position each stands for."""
    rng = random.Random(21)
    for seed in range(games):
        n = players[seed % len(players)]
        s = game.fork(game.new_game(seed, **({} if n is None else {"players": n}), **options))
        while not game.is_terminal(s):
            yield s, game.freeze(s)
            s = game.advance(s, rng.choice(game.legal_actions(game.freeze(s))))


def test_fast_generator_reads_a_playouts_working_copy_as_the_plain_path_reads_the_state():
    """``advance`` plays on one mutable Table; the generator reads it between steps."""
    build = 0
    for variants in VARIANTS:
        for table, frozen in playout_positions(MULTI, 6, (2, 3, 4, 5), variants=variants):
            assert isinstance(table, rules.Table)
            assert fast_legal.legal_actions(table) == rules.legal_actions(frozen), str(frozen)
            build += frozen.phase == "build"
    assert build >= 1000


def test_solo_generator_reads_a_playouts_working_copy_as_the_plain_path_reads_the_state():
    n = 0
    for table, frozen in playout_positions(SOLO, 150):
        assert isinstance(table, solo_rules.Table)
        assert SOLO.legal_actions(table) == solo_rules.legal_actions(frozen), str(frozen)
        n += 1
    assert n >= 1000


def test_a_playout_reaches_the_positions_apply_reaches():
    for game in (MULTI, SOLO):
        for seed in range(3):
            s, t = game.new_game(seed), game.fork(game.new_game(seed))
            rng = random.Random(seed)
            while not game.is_terminal(s):
                a = rng.choice(game.legal_actions(s))
                s, t = game.apply(s, a), game.advance(t, a)
                assert str(game.freeze(t)) == str(s)


def test_a_state_holds_only_its_fields_so_perform_may_copy_its_dict():
    """``Table.freeze`` copies the old state's ``__dict__`` (PERF.md, "States evolved"): a state
    keeps nothing else there (no cached value would be carried to the next state)."""
    for game in (MULTI, SOLO):
        s = game.new_game(4)
        for _ in range(30):
            if game.is_terminal(s):
                break
            s = game.apply(s, game.legal_actions(s)[-1])
            assert set(vars(s)) == {f.name for f in fields(s)}
