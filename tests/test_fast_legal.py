"""Perft-style agreement of every faster legal-action generator with the rule as written.

A game whose ``legal_actions`` is a faster generator (``rulebook/<game>/fast_legal.py``) gives the
plain path as ``plain_legal_actions`` (every candidate filtered by its kind's one check). Both
must list the same actions, in the same order, on thousands of random positions of every player
count the game allows; and every ``fast_legal`` module must belong to a game that says so, so a
new one cannot go unchecked."""

from __future__ import annotations

import pkgutil
import random

import pytest

import rulebook
from rulebook.common.game import Game

POSITIONS = 3_000


def fast_games() -> list[str]:
    """The registered games whose ``plain_legal_actions`` is their own (not the base class's)."""
    return sorted(
        name
        for name, g in rulebook.games().items()
        if type(g).plain_legal_actions is not Game.plain_legal_actions
    )


def random_positions(game, count: int, seed: int = 20):
    """``count`` live positions from seeded random games, cycling through the player counts."""
    rng = random.Random(seed)
    allowed = game.players_allowed
    n = 0
    for game_seed in range(10**6):
        s = game.new_game(game_seed, players=allowed[game_seed % len(allowed)])
        while not game.is_terminal(s):
            yield s
            n += 1
            if n >= count:
                return
            s = game.apply(s, rng.choice(game.legal_actions(s)))


def test_trogdor_has_a_fast_generator():
    assert "trogdor" in fast_games()


def test_every_fast_legal_module_belongs_to_a_game_that_is_compared():
    packages = {rulebook.game(name).__module__.rsplit(".", 1)[0] for name in fast_games()}
    for info in pkgutil.iter_modules(rulebook.__path__):
        spec = f"rulebook.{info.name}.fast_legal"
        try:
            __import__(spec)
        except ModuleNotFoundError as e:
            if e.name != spec:
                raise
            continue
        assert f"rulebook.{info.name}" in packages, f"{spec} has no plain_legal_actions to meet"


@pytest.mark.parametrize("name", fast_games())
def test_the_fast_generator_lists_what_the_rule_as_written_lists(name):
    game = rulebook.game(name)
    phases = set()
    nonempty = 0
    for s in random_positions(game, POSITIONS):
        fast = game.legal_actions(s)
        assert fast == game.plain_legal_actions(s), str(s)
        nonempty += bool(fast)
        phases.add(getattr(s, "phase", None))
    assert nonempty == POSITIONS  # every live position has a move (the positions are real)
    assert len(phases) >= 2
