"""Deep searches for rules that fire only at the far end of a long game, where no random
playout gets: a beam of positions, each step keeping the ``BEAM`` positions that went furthest by
the rule's own measure of progress and that are not over.

T-MOVEMENT-RESHUFFLE needs all 52 Movement cards drawn before the Action deck runs out (random
games draw at most about 40): a beam that keeps the games drawing the most cards while Trogdor
stays healthy reaches it. RE-ROUND-CAP needs 40 rounds in which nobody reaches 6 loot; the
loot on the table never falls in a round that goes on and every round with a battle won adds
some (RE-ROUND-BONUS), from n up to at most 5n, so a game from a deal gets there only through at
least 40 - 4n rounds in which every battle ties (rulebook/encounter/NOTES.md). No beam from a
deal gets there; it is an engine bound, and its beams start (``STARTS``) from a dealt position
whose round counter is at the cap, which the witness's start and ``note`` say.

``PROGRESS`` names, per rule, what "further" means; the beams start where the playouts start
(``starts.start_for``: players, rulings and variants cycled). Deterministic: ties are broken by a
seeded RNG; the budget is a count of beams.
"""

from __future__ import annotations

import random
import re

from .clock import Clock
from .search import Found
from .starts import start_for
from .trace import Start, step

BEAM = 20  # positions kept at each depth
BEAMS = 24  # beams (starts) one deep search may run for a rule


def movement_cards_drawn(s) -> tuple:
    """Cards drawn, plus health: a beam on cards alone runs Trogdor into an early death."""
    return (len(s.movement_deck.discard) + s.meter,)


def rounds_without_a_winner(s) -> tuple:
    return (s.round, -max(s.loot), -sum(s.loot))


# rule -> progress(state): larger is closer to the rule firing
PROGRESS = {
    "T-MOVEMENT-RESHUFFLE": movement_cards_drawn,
    "RE-ROUND-CAP": rounds_without_a_winner,
}


def at_the_round_cap(game, i: int, seed: int) -> Start:
    """The dealt position of playout ``i``'s start with its round counter at the cap (the
    notation allows any round up to it): the one round left is played by the beam."""
    from rulebook.encounter.state import ROUND_CAP

    text = str(start_for(game, i, seed).state(game)[0])
    return Start(position=re.sub(r" round=\d+ ", f" round={ROUND_CAP} ", text, count=1))


# rule -> start(game, i, seed) for beam i, where a game from a deal cannot get (an engine bound)
STARTS = {"RE-ROUND-CAP": at_the_round_cap}
NOTES = {
    "RE-ROUND-CAP": "an engine bound: the start is a deal with its round counter set to the "
    "cap, since a game reaches round 40 only after at least 40 - 4n rounds (n players) in "
    "which every battle ties (rulebook/encounter/NOTES.md)"
}


def deep_rules(game, wanted) -> list[str]:
    """The wanted rules of ``game`` a deep search has a measure for."""
    return sorted(r for r in wanted if r in PROGRESS and r in game.catalog)


def beam(game, rule_id: str, start, rng: random.Random, clock: Clock, width: int = BEAM):
    """The actions of a game from ``start`` whose last action fires ``rule_id``, or None (the
    beam died out, reached ``game.max_length``, or the clock ran out)."""
    progress = PROGRESS[rule_id]
    layer = [(start.state(game)[0], [])]
    for _ in range(game.max_length):
        if clock.over() or not layer:
            return None
        grown = []
        for s, path in layer:
            for a in game.legal_actions(s):
                new, ids = step(game, s, a)
                if rule_id in ids:
                    return path + [str(a)]
                if game.outcome(new) is None:
                    grown.append((progress(new), rng.random(), new, path + [str(a)]))
        layer = _best(grown, width)
    return None


def _best(grown: list, width: int) -> list:
    """The ``width`` furthest distinct positions."""
    seen, out = set(), []
    for _, _, s, path in sorted(grown, key=lambda g: (g[0], g[1]), reverse=True):
        key = str(s)
        if key not in seen:
            seen.add(key)
            out.append((s, path))
            if len(out) == width:
                break
    return out


def deep_search(game, rule_id: str, *, seed: int = 0, beams: int = BEAMS, clock=None):
    """(Found, beams run) for ``rule_id``: the first beam, over the playouts' starts (or the
    rule's own ``STARTS``), that makes it fire; Found is None when none of ``beams`` (or the
    clock) did."""
    clock = clock or Clock()
    first = STARTS.get(rule_id)
    for i in range(beams):
        if clock.over():
            return None, i
        # the first half of the beams with every ruling at its default
        start = (
            first(game, i, seed)
            if rule_id in STARTS
            else start_for(game, i, seed, ruling_options=i >= beams // 2)
        )
        actions = beam(game, rule_id, start, random.Random(seed * 1_000_003 + i), clock)
        if actions is not None:
            return Found(start, tuple(actions), None, i + 1), i + 1
    return None, beams
