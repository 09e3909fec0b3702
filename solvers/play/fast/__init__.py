"""A faster legal-action generator for playouts (random play and the random agent's sweeps),
kept only where it earns its place: Random Encounter's two-player game, whose rule lists about a
fifth as fast. Trogdor, Trollland and the Solo Adventure play out on their rule (their
generators went in issue 34 once the rule came within 2× of them; rulebook/PERF.md).

The rule is each game's own ``legal_actions`` (every candidate its kind's check lets through); a
generator here lists the same actions in the same order on a frozen position and on a playout's
working copy. Only playouts use one. A checked sweep (``play.play_game``) compares it with the
rule at every step, and ``tests/play/test_fast_legal.py`` on random, parsed, edited and extreme
positions (hands of 0 and 16-30 cards, empty and full piles).
"""

from __future__ import annotations

from importlib import import_module

from rulebook.common.game import Game, random_game

# game name -> (module of this package, its function)
GENERATORS = {
    "encounter": ("encounter", "legal_actions"),
}


def fast_legal_actions(game: Game):
    """The playout generator of ``game``, or its own ``legal_actions`` when it has none."""
    where = GENERATORS.get(game.name)
    if where is None:
        return game.legal_actions
    return getattr(import_module(f"{__name__}.{where[0]}"), where[1])


def random_playout(game: Game, seed: int = 0, **options):
    """``random_game`` with the game's playout generator: the same games, faster."""
    return random_game(game, seed, legal_actions=fast_legal_actions(game), **options)
