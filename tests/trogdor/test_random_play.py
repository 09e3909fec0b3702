"""Random-play contract: over 1,000 seeded whole games the engine never crashes, every game ends,
the same seed plays the same game and different seeds play different games. Seeds also vary the
board preset and the number of players (1-3)."""

from __future__ import annotations

import time

import pytest

import rulebook
from rulebook.common.game import random_game
from rulebook.trogdor import new_game
from rulebook.trogdor.cards import load_card_set

G = rulebook.game("trogdor")
MAX_STEPS = G.max_length

GAMES = 1_000
OUTCOMES = {"win", "table-flip", "defeat"}
PRESETS = sorted(load_card_set().presets)


def play(seed: int):
    """Seed n: preset and player count (1-3) vary with the seed too."""
    return random_game(G, seed, preset=PRESETS[seed % len(PRESETS)], players=1 + seed % 3)


@pytest.fixture(scope="module")
def games():
    start = time.perf_counter()
    plays = [play(seed) for seed in range(GAMES)]
    elapsed = time.perf_counter() - start
    print(f"\n{GAMES} random games in {elapsed:.1f} s ({GAMES / elapsed:.0f} games/s)")
    return plays


def test_every_game_ends_without_a_crash(games):
    assert len(games) == GAMES
    for game in games:
        assert game.final.outcome in OUTCOMES, game.seed
        assert 0 < len(game.actions) < MAX_STEPS, game.seed
    # random_game raises RuntimeError on a game that outlasts max_length or a live position with
    # no legal action, so reaching here means all 1,000 ended.


def test_outcomes_are_varied(games):
    outcomes = {p.final.outcome for p in games}
    assert "defeat" in outcomes, "a random Trogdor should lose sometimes"
    assert len({len(p.actions) for p in games}) > 50, "games of many different lengths"


@pytest.mark.parametrize("seed", [0, 7, 123, 999])
def test_same_seed_same_game(seed, games):
    again = play(seed)
    first = games[seed]
    assert again.actions == first.actions
    assert str(again.final) == str(first.final)
    assert again.final == first.final


def test_different_seeds_play_different_games(games):
    logs = {tuple(p.actions) for p in games}
    assert len(logs) == GAMES, "every seed gives its own game"
    # the shuffles themselves differ, not only the policy: starting decks differ by seed
    starts = {_without_rng(str(new_game("normal", seed=s))) for s in range(20)}
    assert len(starts) == 20


def _without_rng(notation: str) -> str:
    return " ".join(f for f in notation.split() if not f.startswith("rng="))
