"""Golden playthroughs of every registered game: replay each recorded seeded game through the
protocol and compare every position exactly.

The files in tests/golden/<game>/ are written by ``python -m scripts.golden`` (``make golden``).
A failure here means a game now plays differently. If that change is intended, regenerate the
files, review the diff (``git diff tests/golden``) and commit them.
"""

from __future__ import annotations

import pytest

import rulebook
from rulebook.common.game import random_game
from scripts.golden import GOLDEN_CASES, case, golden_path, read_golden

REGENERATE = (
    "If this change is intended, run `make golden` (python -m scripts.golden), review "
    "`git diff tests/golden` and commit the new files."
)
# verbs the uniform random policy never plays in these games (listed so a new verb is noticed)
UNPLAYED: dict[str, set[str]] = {
    # the final boss is reached only by surviving the whole path; uniform random play never did in
    # seeds 0-149 (the adventure solver's tests reach it)
    "encounter-solo": {"boss", "enter"},
}
CASES = [(game, seed) for game, seeds in GOLDEN_CASES.items() for seed in seeds]


def test_every_registered_game_has_golden_playthroughs():
    assert set(GOLDEN_CASES) == set(rulebook.REGISTRY)


@pytest.mark.parametrize("game", sorted(GOLDEN_CASES))
def test_golden_playthroughs_play_every_kind_of_action(game):
    g = rulebook.game(game)
    verbs = set()
    for seed in GOLDEN_CASES[game]:
        _, steps = read_golden(golden_path(game, seed))
        verbs |= {g.parse_action(a).verb for a, _ in steps}
    grammar = set(g.grammar.forms)
    assert verbs >= grammar - UNPLAYED.get(game, set()), sorted(grammar - verbs)


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_golden_playthrough_replays_exactly(game, seed):
    path = golden_path(game, seed)
    assert path.exists(), f"{path} is missing. {REGENERATE}"
    start, steps = read_golden(path)
    g = rulebook.game(game)
    players, options = case(game, seed)
    state = g.new_game(seed, players=players, **options)
    assert str(state) == start, f"{path.name}: the starting position differs. {REGENERATE}"
    assert steps, f"{path.name} records no actions"
    for n, (action, expected) in enumerate(steps, 1):
        state = g.apply(state, action)
        assert str(state) == expected, (
            f"{game} {path.name} step {n} ({action!r}):\n  expected {expected}\n"
            f"  got      {state}\n{REGENERATE}"
        )
    assert g.is_terminal(state), f"{path.name}: the recorded game does not end"
    # the policy still chooses the same actions (random_game is what the file was made with)
    assert [a for a, _ in steps] == list(random_game(g, seed, players=players, **options).actions)
