"""Whole-game invariants under random play (hypothesis over seeds, players and rulings):
7 peasants in all, 25 tiles, a live game always has a legal action, and T-GAME-OVER holds."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebook.trogdor import CATALOG, State, apply_action, legal_actions, new_game

RULING_CHOICES = st.fixed_dictionaries(
    {rid: st.sampled_from(sorted(r.options)) for rid, r in CATALOG.rulings.items()}
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(1, 4), rulings=RULING_CHOICES)
def test_random_games_keep_invariants(seed, players, rulings):
    """T-DAMAGE / T-SPAWN / T-CHOMP keep 7 peasants; every game ends (T-GAME-OVER)."""
    g = new_game(seed=seed, players=players, rulings=rulings)
    rng = random.Random(seed)
    for n in range(3000):
        assert len(g.peasants) + g.meter + g.void == 7, str(g)
        assert len(g.tiles) == 25 and len(g.cottages) == 3 and 0 <= g.meter <= 7
        assert list(g.peasants) == sorted(g.peasants)
        acts = legal_actions(g)
        if g.outcome is not None:
            assert g.phase == "over" and acts == []
            break
        assert acts, str(g)
        if n % 25 == 0:
            assert State.parse(str(g), g.cards) == g
        g = apply_action(g, rng.choice(acts))
    assert g.outcome in ("win", "table-flip", "defeat")
