"""The hidden-information protocol (rulebook/API.md, "Hidden information") in all four games,
over positions of random games -- the end of a game and an onlooker (``player=None``) included,
which tests/test_protocol.py leaves out: a re-sampled position looks the same to the player, is
a position (invariants hold, the notation round-trips), keeps the mover's legal actions, and
depends on the observation only (a state the player cannot tell apart gives the same result for
the same rng)."""

from __future__ import annotations

import random

import pytest

import rulebook
from rulebook.common.game import random_game

GAMES = sorted(rulebook.REGISTRY)


def positions(g, seeds, per_game):
    """(state, observer) along seeded random games: about ``per_game`` positions spread over
    each game and its last, seen by each player and by an onlooker."""
    for seed in seeds:
        players = g.players_allowed[seed % len(g.players_allowed)]
        start = g.new_game(seed, players=players)
        trace = random_game(g, seed, players=players)
        states, s = [start], start
        for a in trace.actions:
            s = g.apply(s, a)
            states.append(s)
        every = max(1, len(states) // per_game)
        for s in [*states[::every], states[-1]]:
            for p in [*range(g.num_players(s)), None]:
                yield s, p


@pytest.mark.parametrize("name", GAMES)
def test_resample_keeps_the_view_is_a_position_and_reads_only_the_observation(name):
    g = rulebook.game(name)
    checked = ends = 0
    for s, p in positions(g, range(5, 7), per_game=5):
        seen = g.observation(s, p)
        # two hops away: hidden cards placed by other deals, the same observation
        other = g.resample(g.resample(s, p, random.Random(101)), p, random.Random(202))
        assert g.observation(other, p) == seen
        for k in range(2):
            d = g.resample(s, p, random.Random(k))
            assert d == g.resample(other, p, random.Random(k)), (str(s), p, k)
            assert g.observation(d, p) == seen
            assert g.invariants(d) == []
            again = g.parse(str(d))
            assert again == d and str(again) == str(d)
            assert g.is_terminal(d) == g.is_terminal(s)
            if p is not None and p == g.to_move(s) and not g.is_terminal(s):
                assert g.legal_actions(d) == g.legal_actions(s)
        checked += 1
        ends += g.is_terminal(s)
    assert checked >= 20 and ends >= 3, (checked, ends)
