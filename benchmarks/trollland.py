"""Trollland loading-solver speed: 100 fixed generated questions (5 vehicles, up to 10 cards).

Prints, for the feasibility question (can every card be loaded?) and for the full answer (least
refugees with a placement): search queries per second and median time, z3's median time, with the
targets (search <= 5 ms, z3 <= 300 ms median). Also checks the two methods agree.

    python -m benchmarks.trollland [N]
"""

from __future__ import annotations

import statistics
import sys
import time

from solvers.trollland import search, z3load
from solvers.trollland.generate import random_problem
from solvers.trollland.search import solve as solve_search
from solvers.trollland.z3load import solve as solve_z3


def main(n: int = 100) -> None:
    cases = [random_problem(seed, vehicles=5, max_cards=10) for seed in range(n)]
    fs, fz, fdis = [], [], 0
    for pb in cases:  # the feasibility question: can every card be loaded?
        t = time.perf_counter()
        a = search.feasible(pb)
        fs.append(time.perf_counter() - t)
        t = time.perf_counter()
        b = z3load.feasible(pb)
        fz.append(time.perf_counter() - t)
        fdis += a != b
    ts, tz, disagree, infeasible = [], [], 0, 0
    for pb in cases:  # the full answer: least refugees and a placement
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
    print(
        f"feasibility  search: {n / sum(fs):.0f} queries/s, median "
        f"{statistics.median(fs) * ms:.2f} ms, max {max(fs) * ms:.1f} ms (target <= 5 ms)"
    )
    print(
        f"feasibility  z3:     median {statistics.median(fz) * ms:.1f} ms, max "
        f"{max(fz) * ms:.0f} ms (target <= 300 ms median); disagreements: {fdis}"
    )
    print(f"min refugees search: {n / sum(ts):.0f} queries/s, median {statistics.median(ts) * ms:.2f} ms, "
          f"max {max(ts) * ms:.1f} ms (target <= 5 ms)")  # fmt: skip
    print(f"min refugees z3:     median {statistics.median(tz) * ms:.1f} ms, "
          f"p95 {statistics.quantiles(tz, n=20)[-1] * ms:.1f} ms, max {max(tz) * ms:.0f} ms "
          f"(target <= 300 ms median)")  # fmt: skip
    print(f"z3 vs search disagreements: {disagree}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
