"""Trollland loading-solver speed: 100 fixed generated questions (5 vehicles, up to 10 cards).

Prints, for the feasibility question (can every card be loaded?) and for the full answer (least
refugees with a placement): search queries per second and median time, z3's median time, with the
targets (search <= 5 ms, z3 <= 300 ms median). Also checks the two methods agree.

Then issue 13's large cases (``large``): generated questions of 30-40 steps with 5 and 10
vehicles, each searched under a 1 s CPU budget, printing how many were proven least, how many ended
with the budget's best-so-far answer, and the median and max CPU seconds (goal: max <= 1 s).

    python -m benchmarks.trollland [N] [LARGE_PER_SIZE]
"""

from __future__ import annotations

import statistics
import sys
import time

from solvers.limits import Budget, LimitReached
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


LARGE_STEPS = (30, 40)  # issue 13: "Trollland loading search, 30-40 cards"


def large_cases(vehicles: int, n: int) -> list:
    """The first ``n`` generated questions (seeds 0, 1, ...) with 30-40 steps (cards and extras)."""
    out, seed = [], 0
    while len(out) < n:
        pb = random_problem(seed, vehicles=vehicles, max_cards=40)
        if LARGE_STEPS[0] <= len(search.steps(pb)) <= LARGE_STEPS[1]:
            out.append(pb)
        seed += 1
    return out


class CpuBudget(Budget):
    """A Budget whose deadline is in CPU seconds of this process: on a shared machine a wall
    clock deadline ends the search early in CPU terms, and the figure would move with the load."""

    def __post_init__(self):
        self._deadline = None if self.seconds is None else time.process_time() + self.seconds

    def tick(self, n: int = 1, best=None) -> None:
        self.used += n
        if self._deadline is not None and (self.used & 1023) == 0:
            if time.process_time() > self._deadline:
                raise LimitReached(f"CPU limit of {self.seconds:g} s reached", best)

    def remaining_seconds(self) -> float | None:
        return None if self._deadline is None else max(0.0, self._deadline - time.process_time())


def large(vehicles: int, n: int, seconds: float = 1.0) -> dict:
    """Search each large case under a ``seconds`` CPU budget; CPU seconds of this process."""
    times, proven = [], 0
    for pb in large_cases(vehicles, n):
        t = time.process_time()
        try:
            search.solve(pb, CpuBudget(seconds=seconds))
            proven += 1
        except LimitReached:
            pass
        times.append(time.process_time() - t)
    return {"vehicles": vehicles, "cases": n, "proven": proven, "budget": n - proven,
            "median": statistics.median(times), "max": max(times)}  # fmt: skip


def large_line(r: dict) -> str:
    return (f"{r['cases']} cases of 30-40 steps, {r['vehicles']} vehicles, 1 s CPU budget: "
            f"{r['proven']} proven least, {r['budget']} budget answers; CPU median "
            f"{r['median']:.3f} s, max {r['max']:.2f} s (goal: max <= 1 s)")  # fmt: skip


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
    per_size = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    for v in (5, 10) if per_size > 0 else ():
        print("large:", large_line(large(v, per_size)), flush=True)
