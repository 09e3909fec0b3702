"""Trogdor solver speed on one core: minimal-AP queries (A* search and z3) over a fixed set of
1,000 generated positions, and the whole-countryside solver on the presets.

Targets: search <= 5 ms median per query, z3 <= 500 ms median per query. Times are CPU seconds of
this process (``time.process_time``), so they stay meaningful when other jobs share the machine;
wall-clock totals are printed too.

``python -m benchmarks.trogdor_solvers [--n 1000] [--z3-n 1000] [--countryside-limit 10]``
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from rulebook.common.grid import GRID5
from rulebook.trogdor.cards import load_card_set
from solvers.trogdor import (
    Position,
    min_ap_cottage,
    min_ap_cottage_z3,
    min_ap_countryside,
)
from solvers.trogdor.generate import positions

SEED = 20261130
SEARCH_TARGET_MS = 5.0
Z3_TARGET_MS = 500.0


def _one_core() -> str:
    try:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        return "pinned to one core"
    except (AttributeError, OSError):
        return "not pinned (no sched_setaffinity)"


def _time(fn, cases) -> tuple[list[float], float, list]:
    cpu, out = [], []
    wall = time.perf_counter()
    for pos, cottage in cases:
        t = time.process_time()
        out.append(fn(pos, cottage))
        cpu.append(time.process_time() - t)
    return cpu, time.perf_counter() - wall, out


def bench_min_ap(n: int, z3_n: int) -> None:
    cases = positions(seed=SEED, n=n)
    cpu, wall, answers = _time(min_ap_cottage, cases)
    med = statistics.median(cpu) * 1000
    impossible = sum(a.ap is None for a in answers)
    print(f"min-AP search: {n} positions (seed {SEED}, {impossible} impossible)")
    print(
        f"  {n / sum(cpu):,.0f} queries/s (CPU), median {med:.2f} ms, "
        f"p95 {sorted(cpu)[int(0.95 * n)] * 1000:.2f} ms, max {max(cpu) * 1000:.1f} ms, "
        f"wall {wall:.1f} s  [target <= {SEARCH_TARGET_MS} ms median: "
        f"{'met' if med <= SEARCH_TARGET_MS else 'MISSED'}]"
    )
    zcases = cases[:z3_n]
    cpu, wall, zanswers = _time(min_ap_cottage_z3, zcases)
    med = statistics.median(cpu) * 1000
    agree = sum(a.ap == b.ap for a, b in zip(answers, zanswers, strict=False))
    print(f"min-AP z3: first {len(zcases)} of the same positions ({agree} agree with search)")
    print(
        f"  median {med:.1f} ms, p95 {sorted(cpu)[int(0.95 * len(cpu))] * 1000:.1f} ms, "
        f"max {max(cpu) * 1000:.0f} ms, wall {wall:.1f} s  [target <= {Z3_TARGET_MS:.0f} ms "
        f"median: {'met' if med <= Z3_TARGET_MS else 'MISSED'}]"
    )


def bench_countryside(limit: float) -> None:
    print(f"whole countryside from C3 on the presets (time limit {limit:g} s each):")
    for pid, preset in load_card_set().presets.items():
        pos = Position(preset.layout, GRID5.parse("C3"))
        for cottages in (False, True):
            t, w = time.process_time(), time.perf_counter()
            r = min_ap_countryside(pos, cottages=cottages, time_limit=limit)
            dt, dw = time.process_time() - t, time.perf_counter() - w
            what = "tiles+cottages" if cottages else "tiles only"
            verdict = "exact" if r.exact else f"best found, minimum >= {r.lower_bound}"
            print(f"  {pid:13} {what:15} {r.ap} AP ({verdict}) in {dt:.2f} s CPU, {dw:.2f} s wall")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--z3-n", type=int, default=1000)
    ap.add_argument("--countryside-limit", type=float, default=10.0)
    args = ap.parse_args(argv if argv is not None else [])
    print(_one_core())
    bench_min_ap(args.n, args.z3_n)
    bench_countryside(args.countryside_limit)


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
