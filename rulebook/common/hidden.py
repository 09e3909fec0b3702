"""Shared pieces of every game's hidden information (``Game.observation`` and ``Game.resample``,
rulebook/API.md): how a hidden card is written, and how hidden cards are dealt again.

A game says which of its cards a player cannot see (its ``hidden.py`` or ``game.py``); these
helpers do the rest the same way everywhere. The pool of hidden cards is sorted before it is
shuffled, so a new deal depends only on *which* cards are hidden, never on where they really lie:
two positions a player cannot tell apart give the same re-sampled position for the same ``rng``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import islice

HIDDEN_CARD = "?"  # a card the player cannot see, in an observation
SEED_LIMIT = 2**31  # a re-sampled state's RNG seed is drawn below this


def hide(cards: Sequence[str]) -> tuple[str, ...]:
    """``cards`` as a player who cannot see them: one ``?`` per card (how many is public)."""
    return (HIDDEN_CARD,) * len(cards)


def fresh_seed(rng: random.Random) -> int:
    """A new seed for a re-sampled state's RNG, so its later shuffles differ too (the real
    seed would tell the future order of every deck)."""
    return rng.randrange(SEED_LIMIT)


def deal_again(
    places: Sequence[Sequence[str]],
    rng: random.Random,
    *,
    special: Callable[[str], bool] | None = None,
    special_ok: Sequence[bool] | None = None,
) -> list[tuple[str, ...]]:
    """The cards of ``places`` pooled and dealt back uniformly, each place keeping its size.

    ``special`` cards (e.g. Random Encounter's Keys) go only to the places where ``special_ok``
    is true: their positions are drawn first among those places, the other cards fill the rest."""
    sizes = [len(p) for p in places]
    pool = sorted(c for p in places for c in p)
    if special is None:
        rng.shuffle(pool)
        flat = pool
    else:
        keys = [c for c in pool if special(c)]
        others = [c for c in pool if not special(c)]
        owner = [i for i, n in enumerate(sizes) for _ in range(n)]
        allowed = [k for k, i in enumerate(owner) if special_ok[i]]
        at = set(rng.sample(allowed, len(keys)))
        rng.shuffle(keys)
        rng.shuffle(others)
        key_iter, other_iter = iter(keys), iter(others)
        flat = [next(key_iter) if k in at else next(other_iter) for k in range(len(pool))]
    dealt = iter(flat)
    return [tuple(islice(dealt, n)) for n in sizes]
