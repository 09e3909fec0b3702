"""Agents and sweeps: games per second of each agent in each game (one process), the speed-up of
2 local worker processes over 1 (goal >= 1.6x on 2 cores, random Trogdor), and the overhead of a
Dask LocalCluster (started inside the timing) against local processes (goal <= 25 %).

    python -m benchmarks.agents [SCALE]     (SCALE multiplies the numbers of games; default 1)

Figures depend on how busy the machine is: run it on a quiet machine to compare with the goals.
The speed-up line also prints a control (two pure-Python loops in two processes) so that a low
figure can be told apart: sweep overhead, or cores that other programs keep busy.
"""

from __future__ import annotations

import sys
import time

from solvers.play.sweep import run

# game -> (games for random, greedy, search); search uses BUDGET simulations per decision
GAMES = {
    "trogdor": (200, 20, 2),
    "trollland": (50, 10, 1),
    "encounter": (10, 2, 1),
    "encounter-solo": (400, 40, 4),
}
BUDGET = 16


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
    dask = _timed(game="trogdor", games=n, dask="local", workers=2)
    print(
        f"Dask LocalCluster (2 worker processes, start-up included) {dask:.2f} s vs local "
        f"processes {two:.2f} s: overhead {100 * (dask / two - 1):+.0f} % (goal <= 25 %)",
        flush=True,
    )


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 1.0)
