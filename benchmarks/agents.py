"""Agents and sweeps: games per second of each agent in each game (one process), the speed-up of
2 local worker processes over 1 (goal >= 1.6x on 2 cores, random Trogdor), and the overhead of a
Dask LocalCluster against local processes (goal <= 25 %).

    python -m benchmarks.agents [SCALE]     (SCALE multiplies the numbers of games; default 1)

The Dask figure is the one a user of ``trogkit <game> sweep --dask local`` gets: each run is a fresh
Python process whose ``run(..., dask="local")`` starts a LocalCluster, plays the sweep and closes
the cluster (start-up and close included), against ``--workers 2`` in this process, best of
``REPS`` interleaved runs. It also prints the start-up and close alone, cold (a fresh process) and
warm (the fork server already running), the sweep on a warm cluster (``dask_cluster()``
reused, as a notebook does), and the CPU seconds of all processes of the local and warm sweeps,
which other jobs on the machine disturb less than wall time.

Figures depend on how busy the machine is: run it on a quiet machine to compare with the goals.
The speed-up line also prints a control (two pure-Python loops in two processes) so that a low
figure can be told apart: sweep overhead, or cores that other programs keep busy.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from solvers.play import executors
from solvers.play.sweep import run

ROOT = Path(__file__).resolve().parents[1]

# game -> (games for random, greedy, search); search uses BUDGET simulations per decision
GAMES = {
    "trogdor": (200, 20, 2),
    "trollland": (50, 10, 1),
    "encounter": (10, 2, 1),
    "encounter-solo": (400, 40, 4),
}
BUDGET = 16
DASK_GAMES = 3000  # ~12 s on 2 quiet cores; start-up is a fixed cost, so the size is printed
REPS = 3  # interleaved runs of the local and Dask sweeps; the best of each is printed


def _burn(n: int) -> int:
    x = 0
    for i in range(n):
        x += i * i
    return x


def machine_speedup(n: int = 10_000_000) -> float:
    """The control: how much faster two processes do two equal pure-Python loops than one process
    does both -- what the machine can give right now (about 2 on 2 idle cores, ~1 when others
    keep the cores busy)."""
    from concurrent.futures import ProcessPoolExecutor

    start = time.perf_counter()
    _burn(n), _burn(n)
    serial = time.perf_counter() - start
    with ProcessPoolExecutor(2) as pool:
        start = time.perf_counter()
        list(pool.map(_burn, [n, n]))
        parallel = time.perf_counter() - start
    return serial / parallel


def _timed(**kwargs) -> float:
    start = time.perf_counter()
    run(progress=False, **kwargs)
    return time.perf_counter() - start


def _startup_seconds() -> float:
    """Start a 2-worker LocalCluster as ``run(dask="local")`` does, and close it."""
    start = time.perf_counter()
    cluster, client = executors.start_local_cluster(2)
    client.close()
    cluster.close()
    return time.perf_counter() - start


def _in_fresh_process(call: str) -> float:
    """Seconds printed by ``call`` (an expression of this module) run in a new Python process:
    what a fresh ``trogkit ... --dask local`` pays, the interpreter's own start-up excepted."""
    code = f"import benchmarks.agents as b; print(b.{call})"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return float(out.stdout.split()[-1])


def _cpu_here() -> float:
    """CPU seconds of this process and of its children that have ended (local workers)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def _cpu_of_warm_sweep(client, n: int) -> float:
    """CPU seconds of a sweep on a warm cluster: its workers' and this process's."""
    before, here = client.run(time.process_time), time.process_time()
    run(game="trogdor", games=n, dask=client, progress=False)
    after = client.run(time.process_time)
    return sum(after[w] - before[w] for w in after) + time.process_time() - here


def dask_overhead(n: int) -> None:
    """Random Trogdor, ``n`` games on 2 workers: local processes against a LocalCluster."""
    local, cold, warm, cpu_local, cpu_warm = [], [], [], [], []
    for _ in range(REPS):
        start = _cpu_here()
        local.append(_timed(game="trogdor", games=n, workers=2))
        cpu_local.append(_cpu_here() - start)
        cold.append(
            _in_fresh_process(f"_timed(game='trogdor', games={n}, dask='local', workers=2)")
        )
        with executors.dask_cluster(2) as client:
            warm.append(_timed(game="trogdor", games=n, dask=client))
            cpu_warm.append(_cpu_of_warm_sweep(client, n))
    startup_cold = min(_in_fresh_process("_startup_seconds()") for _ in range(REPS))
    startup_warm = min(_startup_seconds() for _ in range(REPS))
    best = min(local)
    print(
        f"Dask LocalCluster of 2 workers, start-up and close alone: {startup_cold:.2f} s in a fresh "
        f"process, {startup_warm:.2f} s once its fork server runs (best of {REPS})"
    )
    print(
        f"random Trogdor, {n} games on 2 workers (best of {REPS}): local processes {best:.2f} s; "
        f"Dask LocalCluster started for the sweep (start-up and close included) {min(cold):.2f} s, "
        f"overhead {100 * (min(cold) / best - 1):+.0f} % (goal <= 25 %); on a warm cluster "
        f"{min(warm):.2f} s, overhead {100 * (min(warm) / best - 1):+.0f} %; CPU seconds of all "
        f"processes (less disturbed by other jobs): local {min(cpu_local):.2f}, warm cluster "
        f"{min(cpu_warm):.2f} ({100 * (min(cpu_warm) / min(cpu_local) - 1):+.0f} %)",
        flush=True,
    )


def main(scale: float = 1.0) -> None:
    print(f"games per second, one process (search: {BUDGET} simulations per decision)")
    print(f"{'game':16}{'random':>10}{'greedy':>10}{'search':>10}")
    for game, counts in GAMES.items():
        cells = []
        for agent, n in zip(("random", "greedy", "search"), counts, strict=True):
            n = max(1, round(n * scale))
            budget = BUDGET if agent == "search" else None
            t = _timed(game=game, games=n, agent=agent, budget=budget, workers=1)
            cells.append(f"{n / t:10.2f}")
        print(f"{game:16}{''.join(cells)}", flush=True)

    n = max(20, round(1000 * scale))
    one = _timed(game="trogdor", games=n, workers=1)
    two = _timed(game="trogdor", games=n, workers=2)
    print(
        f"random Trogdor, {n} games: 1 worker {one:.2f} s, 2 worker processes {two:.2f} s, "
        f"speed-up {one / two:.2f}x (goal >= 1.6x on 2 cores); control, the machine's own "
        f"2-process speed-up on a pure loop: {machine_speedup():.2f}x"
    )
    dask_overhead(max(20, round(DASK_GAMES * scale)))


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 1.0)
