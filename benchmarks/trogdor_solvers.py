"""Trogdor solver speed on one core: minimal-AP queries (A* search and the z3 walk model) over a
fixed set of generated positions, and their agreement. The countryside and the search-vs-BFS
figures are in ``benchmarks/speed.py``.

Targets: search <= 5 ms median per query, z3 <= 500 ms median per query. Times are CPU seconds of
this process (``time.process_time``), so they stay meaningful when other jobs share the machine.

``python -m benchmarks.trogdor_solvers [--n 300] [--z3-n 60]``
"""

from __future__ import annotations

import argparse
import statistics
import time

from solvers.trogdor import min_ap_cottage, min_ap_cottage_z3
from solvers.trogdor.generate import positions

SEED = 20261130
SEARCH_TARGET_MS = 5.0
Z3_TARGET_MS = 500.0


def _time(fn, cases) -> tuple[list[float], list]:
    cpu, out = [], []
    for state, cottage in cases:
        t = time.process_time()
        out.append(fn(state, cottage))
        cpu.append(time.process_time() - t)
    return cpu, out


def _summary(cpu: list[float]) -> str:
    ms = sorted(c * 1000 for c in cpu)
    return (
        f"median {statistics.median(ms):.2f} ms, p95 {ms[int(0.95 * (len(ms) - 1))]:.2f} ms, "
        f"max {ms[-1]:.1f} ms"
    )


def bench_min_ap(n: int, z3_n: int) -> None:
    cases = positions(seed=SEED, n=n)
    cpu, answers = _time(min_ap_cottage, cases)
    med = statistics.median(cpu) * 1000
    impossible = sum(a.ap is None for a in answers)
    print(f"min-AP search: {n} positions (seed {SEED}, {impossible} impossible): "
          f"{n / sum(cpu):,.0f} queries/CPU-s, {_summary(cpu)} [target <= {SEARCH_TARGET_MS} ms "
          f"median: {'met' if med <= SEARCH_TARGET_MS else 'MISSED'}]")  # fmt: skip
    zcases = cases[:z3_n]
    cpu, zanswers = _time(min_ap_cottage_z3, zcases)
    med = statistics.median(cpu) * 1000
    agree = sum(a.ap == b.ap for a, b in zip(answers, zanswers, strict=False))
    print(f"min-AP z3 walk model: first {len(zcases)} of them ({agree} agree with the search): "
          f"{_summary(cpu)} [target <= {Z3_TARGET_MS:.0f} ms median: "
          f"{'met' if med <= Z3_TARGET_MS else 'MISSED'}]")  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=300)
    ap.add_argument("--z3-n", type=int, default=60)
    args = ap.parse_args(argv if argv is not None else [])
    bench_min_ap(args.n, args.z3_n)


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
