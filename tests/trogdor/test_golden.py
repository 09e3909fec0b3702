"""Golden playthroughs: replay each recorded seeded game and compare every position exactly.

The files in tests/trogdor/golden/ are written by ``python -m scripts.golden`` (``make golden``).
A failure here means the engine now plays differently. If that change is intended, regenerate the
files, review the diff (``git diff tests/trogdor/golden``) and commit them.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import rulebook

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # scripts/ is not an installed package; plain `pytest` needs this
    sys.path.insert(0, str(ROOT))

from scripts.golden import (  # noqa: E402
    GOLDEN_CASES,
    GOLDEN_SEEDS,
    PRESET,
    golden_path,
    golden_text,
    random_game,
    read_golden,
)

REGENERATE = (
    "If this change is intended, run `make golden` (python -m scripts.golden), review "
    "`git diff tests/trogdor/golden` and commit the new files."
)


@pytest.mark.parametrize("seed", GOLDEN_SEEDS)
def test_golden_playthrough_replays_exactly(seed):
    path = golden_path(seed)
    assert path.exists(), f"{path} is missing. {REGENERATE}"
    start, steps = read_golden(path)
    game = rulebook.game("trogdor")
    state = game.new_game(seed, players=GOLDEN_CASES[seed], preset=PRESET)
    assert str(state) == start, f"{path.name}: the starting position differs. {REGENERATE}"
    assert steps, f"{path.name} records no actions"
    for n, (action, expected) in enumerate(steps, 1):
        state = game.apply(state, action)
        got = str(state)
        assert got == expected, (
            f"{path.name} step {n} ({action!r}):\n  expected {expected}\n  got      {got}\n"
            f"{REGENERATE}"
        )
        if n % 25 == 0:  # the notation alone rebuilds the position
            assert rulebook.parse(got) == state
    assert state.outcome is not None, f"{path.name}: the recorded game does not end"


@pytest.mark.parametrize("seed", GOLDEN_SEEDS)
def test_random_policy_still_chooses_the_recorded_actions(seed):
    """legal_actions' order feeds the policy, so a reordering changes the game: catch it here."""
    path = golden_path(seed)
    text = golden_text(random_game(seed, players=GOLDEN_CASES[seed]))
    assert text == path.read_text(encoding="utf-8"), (
        f"{path.name}: regenerating gives a different playthrough (legal_actions order or the "
        f"engine changed). {REGENERATE}"
    )
