"""Random-play contract through the protocol: seeded whole games of both modes end within the
declared maximum length, replay identically and keep the invariants."""

from __future__ import annotations

import pytest

from rulebook.common.game import random_game
from rulebook.encounter.state import ROUND_CAP, TAKEBACKS

from .helpers import MULTI, SOLO, battle_position, lists, play

VARIANTS = [(), ("sin",), ("market",), ("keys",)]


def test_multiplayer_games_end_within_max_length():
    outcomes = set()
    for seed in range(24):
        players = 2 + (seed // 4) % 4  # every player count meets every variant
        p = random_game(MULTI, seed, players=players, variants=VARIANTS[seed % 4])
        assert MULTI.is_terminal(p.final) and p.length <= MULTI.max_length
        assert MULTI.invariants(p.final) == []
        outcomes.add(MULTI.outcome(p.final))
    assert len(outcomes) > 3  # different players win


def test_solo_adventures_end_within_max_length():
    lengths = []
    for seed in range(300):
        p = random_game(SOLO, seed)
        assert SOLO.outcome(p.final) in ("win", "loss") and SOLO.invariants(p.final) == []
        lengths.append(p.length)
    assert max(lengths) <= SOLO.max_length


def test_max_length_follows_from_the_engine_bounds():
    # issue 9/10: a declared maximum the engine provably respects (see NOTES.md)
    per_round = 5 * (11 + 3 * TAKEBACKS) + 5 * 9 + 12
    assert MULTI.max_length == ROUND_CAP * per_round
    assert SOLO.max_length == 123


def test_round_cap_ends_an_endless_game_RE_ROUND_CAP():
    # rule: RE-ROUND-CAP -- round 40 of ties only: the game ends on loot, then levels
    from dataclasses import replace

    st = replace(battle_position([[["Y5a"]], [["Y5b"]]], loot=[2, 3]), round=ROUND_CAP)
    end = play(st, "battle 1 P2:1")
    assert end.phase == "over" and end.outcome == "P2" and lists(end.loot) == [2, 3]
    st = replace(battle_position([[["Y5a"]], [["Y5b"]]], loot=[2, 3]), round=ROUND_CAP - 1)
    assert play(st, "battle 1 P2:1").round == ROUND_CAP


@pytest.mark.parametrize("seed", [0, 17])
def test_same_seed_same_game(seed):
    a = random_game(MULTI, seed, players=3, variants=("sin",))
    b = random_game(MULTI, seed, players=3, variants=("sin",))
    assert a.actions == b.actions and a.final == b.final and str(a.final) == str(b.final)
    assert random_game(SOLO, seed).actions == random_game(SOLO, seed).actions
    assert random_game(MULTI, seed + 1, players=3, variants=("sin",)).actions != a.actions


ALTERNATIVES = {
    "RER-STAR-EFFECTS": "seed-only",
    "RER-GREEN-BOTH": "one-swap",
    "RER-SIN-SINGLE": "any-size",
    "RER-BACKFIRE-AT-ONE": "no-payment",
    "RER-LOOT-ATTACKER": "defence-only",
    "RER-RIDE-CLEARED": "skip-cleared",
    "RER-SOLO-TIE": "discard-both",
    "RER-DISCOVER-REPLACE": "minority",
}


def test_games_end_under_the_alternative_rulings():
    for seed in range(8):
        p = random_game(
            MULTI, seed, players=2 + seed % 4, variants=VARIANTS[(seed // 4) % 4],
            rulings=ALTERNATIVES,
        )  # fmt: skip
        assert MULTI.is_terminal(p.final)
        assert p.final.rulings["RER-LOOT-ATTACKER"] == "defence-only"
    for seed in range(200):
        p = random_game(SOLO, seed, rulings=ALTERNATIVES)
        assert p.final.outcome in ("win", "loss")
