"""Random-play contract: many seeded whole games end without a crash, and replay identically."""

from __future__ import annotations

import pytest

from rulebook.encounter.playout import play_multi, play_solo

VARIANTS = [(), ("sin",), ("market",), ("keys",)]


def test_1000_multiplayer_games_end():
    outcomes = {}
    for seed in range(1000):
        players = 2 + (seed // 4) % 4  # every player count meets every variant
        st, hist = play_multi(seed, players=players, variants=VARIANTS[seed % 4])
        assert st.phase == "over" and st.outcome != "-"
        outcomes[st.outcome] = outcomes.get(st.outcome, 0) + 1
    assert len(outcomes) > 3  # different players win


def test_100_games_built_card_by_card_end():
    # the same contract when every build goes through put/unput/loot/done steps
    for seed in range(100):
        st, hist = play_multi(
            seed, players=2 + (seed // 4) % 4, variants=VARIANTS[seed % 4], whole_builds=False
        )
        assert st.phase == "over" and any(a.startswith("put") for a in hist)


def test_1000_solo_adventures_end():
    results = [play_solo(seed)[0].outcome for seed in range(1000)]
    assert set(results) <= {"win", "loss"} and len(results) == 1000


@pytest.mark.parametrize("seed", [0, 17, 401])
def test_same_seed_same_game(seed):
    a, ha = play_multi(seed, players=3, variants=("sin",))
    b, hb = play_multi(seed, players=3, variants=("sin",))
    assert ha == hb and a == b and str(a) == str(b)
    sa, hsa = play_solo(seed)
    sb, hsb = play_solo(seed)
    assert hsa == hsb and sa == sb
    c, hc = play_multi(seed + 1, players=3, variants=("sin",))
    assert hc != ha


ALTERNATIVES = {
    "RER-STAR-EFFECTS": "seed-only",
    "RER-GREEN-BOTH": "one-swap",
    "RER-SIN-SINGLE": "any-size",
    "RER-BACKFIRE-AT-ONE": "no-payment",
    "RER-LOOT-ATTACKER": "defence-only",
    "RER-RIDE-CLEARED": "skip-cleared",
    "RER-SOLO-TIE": "as-loss",
    "RER-DISCOVER-REPLACE": "minority",
}


def test_games_end_under_the_alternative_rulings():
    for seed in range(100):
        st, _ = play_multi(
            seed, players=2 + seed % 4, variants=VARIANTS[(seed // 4) % 4], rulings=ALTERNATIVES
        )
        assert st.phase == "over" and st.rulings["RER-LOOT-ATTACKER"] == "defence-only"
    for seed in range(300):
        st, _ = play_solo(seed, rulings=ALTERNATIVES)
        assert st.outcome in ("win", "loss")
