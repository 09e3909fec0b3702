"""Interval arithmetic for win rates: Wilson score intervals and Newcombe's interval for a
difference of two rates (both 95 %), so a sweep's claims carry their uncertainty."""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` successes in ``n`` trials ((0, 1) when n is 0).
    Unlike the normal approximation it stays inside [0, 1] and is honest at 0 or n wins."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    low = 0.0 if wins == 0 else max(0.0, centre - half)  # exact ends, not rounding noise
    high = 1.0 if wins == n else min(1.0, centre + half)
    return (low, high)


def difference(wins_a: int, n_a: int, wins_b: int, n_b: int) -> tuple[float, tuple[float, float]]:
    """Rate b minus rate a with Newcombe's hybrid score interval (method 10), built from the two
    Wilson intervals. It treats the samples as independent, which is conservative for the paired
    seeds of a ``compare`` sweep."""
    pa, pb = wins_a / n_a, wins_b / n_b
    la, ua = wilson(wins_a, n_a)
    lb, ub = wilson(wins_b, n_b)
    d = pb - pa
    low = d - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2)
    high = d + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2)
    return d, (max(-1.0, low), min(1.0, high))


def apart(a: tuple[float, float], b: tuple[float, float]) -> bool:
    """True when two intervals do not overlap."""
    return a[1] < b[0] or b[1] < a[0]


def mean_interval(values: list[float], z: float = Z95) -> tuple[float, tuple[float, float]]:
    """The mean of ``values`` with its normal-approximation 95 % interval (for a score averaged
    over hundreds of independent games, where the central limit theorem holds well)."""
    n = len(values)
    if n == 0:
        return 0.0, (float("-inf"), float("inf"))
    mean = sum(values) / n
    if n == 1:
        return mean, (float("-inf"), float("inf"))
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return mean, (mean - half, mean + half)
