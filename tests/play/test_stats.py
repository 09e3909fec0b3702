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
