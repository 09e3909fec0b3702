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
