"""Wilson and Newcombe intervals against values computed by hand / published tables."""

import pytest

from solvers.play.stats import apart, difference, wilson


def test_wilson_matches_published_values():
    # Newcombe (1998), table I: 0/10 -> (0, 0.2775); 1/29 -> (0.0061, 0.1718)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(1, 29) == pytest.approx((0.0061, 0.1718), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)


def test_wilson_is_symmetric_and_narrows_with_more_games():
    lo, hi = wilson(30, 100)
    lo2, hi2 = wilson(70, 100)
    assert (lo, hi) == pytest.approx((1 - hi2, 1 - lo2))
    assert wilson(300, 1000)[1] - wilson(300, 1000)[0] < hi - lo


def test_newcombe_difference_matches_published_value():
    # Newcombe (1998), table II example (method 10): 56/70 vs 48/80 -> 0.2 in (0.0524, 0.3339)
    d, (lo, hi) = difference(48, 80, 56, 70)
    assert d == pytest.approx(0.2)
    assert (lo, hi) == pytest.approx((0.0524, 0.3339), abs=1e-4)


def test_apart():
    assert apart((0.1, 0.2), (0.3, 0.4))
    assert not apart((0.1, 0.35), (0.3, 0.4))


def test_mean_interval_by_hand():
    # values 0, 2, 4: mean 2, sample sd 2, half width 1.96 * 2 / sqrt(3)
    from solvers.play.stats import mean_interval

    mean, (lo, hi) = mean_interval([0, 2, 4])
    assert mean == 2 and hi - mean == pytest.approx(1.959964 * 2 / 3**0.5, rel=1e-5)
    assert mean - lo == pytest.approx(hi - mean)
    assert mean_interval([5])[1] == (float("-inf"), float("inf"))


def test_strength_order_reads_win_rates_and_scores():
    from solvers.play.strength import ordered

    def row(agent, rate, ci, score=None):
        r = {"game": "g", "agent": agent, "win_rate": rate, "ci95": ci}
        if score:
            r["score"] = {"mean": score[0], "ci95": score[1]}
        return r

    rows = [
        row("random", 0.5, [0.43, 0.57], (0.0, [-0.2, 0.2])),
        row("greedy", 0.9, [0.85, 0.93], (1.0, [0.8, 1.2])),
        row("search:8", 0.92, [0.87, 0.95], (1.5, [1.3, 1.7])),
    ]
    assert ordered(rows, "g") == {
        "greedy>random": True,
        "greedy>random by score": True,
        "search>greedy": False,  # the win rates saturate: intervals overlap
        "search>greedy by score": True,
    }


def test_encounter_lead_reads_the_final_position():
    import rulebook
    from solvers.play.play import Setup, play_game
    from solvers.play.positions import fields
    from solvers.play.strength import encounter_lead

    single = 0
    for seed in range(4):
        _, final = play_game(Setup("encounter", "random", players=2), seed)
        wins = [int(w) for w in fields(final)["wins"].split("/")]
        assert encounter_lead(final, 0) == wins[0] - wins[1] == -encounter_lead(final, 1)
        winner = rulebook.game("encounter").winners(final)
        if len(winner) == 1:  # the winner leads in encounters won
            single += 1
            assert encounter_lead(final, winner[0]) > 0
    assert single
