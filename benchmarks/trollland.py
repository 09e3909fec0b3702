"""Trollland loading-solver speed: 1,000 fixed generated questions (5 vehicles, up to 10 cards).

Prints search queries per second and median time, and z3's median and 95th-percentile time, with
the targets (search <= 5 ms, z3 <= 300 ms median). Also checks the two answers agree.

    python -m benchmarks.trollland [N]
"""

from __future__ import annotations

import statistics
import sys
import time

from solvers.trollland.generate import random_problem
from solvers.trollland.search import solve as solve_search
from solvers.trollland.z3load import solve as solve_z3


def main(n: int = 1000) -> None:
    cases = [random_problem(seed, vehicles=5, max_cards=10) for seed in range(n)]
    ts, tz, disagree, infeasible = [], [], 0, 0
    for pb in cases:
        t = time.perf_counter()
        a = solve_search(pb)
        ts.append(time.perf_counter() - t)
        t = time.perf_counter()
        b = solve_z3(pb, explain=False)
        tz.append(time.perf_counter() - t)
        disagree += a.refugees != b.refugees
        infeasible += a.refugees > 0
    ms = 1000.0
    print(f"trollland loading: {n} cases, 5 vehicles, up to 10 cards, {infeasible} with refugees")
    print(f"search: {n / sum(ts):.0f} queries/s, median {statistics.median(ts) * ms:.2f} ms, "
          f"max {max(ts) * ms:.1f} ms (target <= 5 ms)")  # fmt: skip
    print(f"z3:     median {statistics.median(tz) * ms:.1f} ms, "
          f"p95 {statistics.quantiles(tz, n=20)[-1] * ms:.1f} ms, max {max(tz) * ms:.0f} ms "
          f"(target <= 300 ms median)")  # fmt: skip
    print(f"z3 vs search disagreements: {disagree}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
