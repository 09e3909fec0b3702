"""Random-play contract: 1,000 seeded whole games end without a crash, and replay exactly."""

from __future__ import annotations

from rulebook.common.rng import Rng
from rulebook.trollland import apply_action, is_over, legal_actions, new_game, scores

MAX_ACTIONS = 2_000


def whole_game(seed: int) -> tuple[str, int]:
    s = new_game(2 + seed % 4, seed=seed)
    r = Rng(10_000 + seed)
    for n in range(MAX_ACTIONS):
        if is_over(s):
            scores(s)  # scoring an ended game never fails
            return str(s), n
        s = apply_action(s, r.choice(legal_actions(s)))
    raise AssertionError(f"seed {seed}: no end after {MAX_ACTIONS} actions")


def test_thousand_games_end_and_replay():
    finals = {}
    turns = []
    for seed in range(1000):
        text, n = whole_game(seed)
        finals[seed] = text
        turns.append(n)
    assert all(" phase=over " in t for t in finals.values())
    for seed in range(0, 1000, 50):  # same seed -> same game
        assert whole_game(seed)[0] == finals[seed]
    assert len(set(finals.values())) == 1000  # different seeds really differ
