"""Budgets: every search a user can start ends within a time and size budget.

A search that runs out raises ``LimitReached`` carrying the best answer found so far (if any); the
CLI turns it into exit code 3 and one line on stderr.
"""

from __future__ import annotations

import math
import time
from contextlib import contextmanager
from dataclasses import dataclass, field


class LimitReached(Exception):
    """A budget ran out. ``best`` is the best answer so far (or None); ``what`` names the limit."""

    def __init__(self, what: str, best=None):
        super().__init__(what)
        self.what = what
        self.best = best


def check_limit(name: str, value, *, lo: float = 0, hi: float | None = None, integer: bool = False):
    """Validate a user-given limit (seconds, budget, count): finite, within [lo, hi]."""
    from rulebook.common.errors import TrogkitInputError

    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TrogkitInputError(f"{name} must be a number, not {type(value).__name__}")
    if math.isnan(value) or math.isinf(value):
        raise TrogkitInputError(f"{name} must be a finite number, not {value}")
    if integer and int(value) != value:
        raise TrogkitInputError(f"{name} must be a whole number, not {value}")
    if value < lo or (hi is not None and value > hi):
        raise TrogkitInputError(
            f"{name} must be in {lo}..{hi if hi is not None else ''}, not {value}"
        )
    return int(value) if integer else value


@dataclass
class Budget:
    """A deadline (seconds of wall clock, or None) and a node budget (or None). ``tick()`` counts
    one unit of work and raises LimitReached when either runs out."""

    seconds: float | None = None
    nodes: int | None = None
    used: int = 0
    _deadline: float | None = field(default=None, repr=False)

    def __post_init__(self):
        if self.seconds is not None:
            self._deadline = time.monotonic() + self.seconds

    def tick(self, n: int = 1, best=None) -> None:
        self.used += n
        if self.nodes is not None and self.used > self.nodes:
            raise LimitReached(f"search budget of {self.nodes} nodes used up", best)
        # the clock is read every 1024 units only: time.monotonic() is not free in a hot loop
        if self._deadline is not None and (self.used & 1023) == 0:
            if time.monotonic() > self._deadline:
                raise LimitReached(f"time limit of {self.seconds:g} s reached", best)

    def remaining_seconds(self) -> float | None:
        return None if self._deadline is None else max(0.0, self._deadline - time.monotonic())


# ---- memory: every node budget is sized by the bytes a node holds --------------------------------
MEMORY_CAP = 900_000_000  # bytes a search may hold at its largest budget (under 1 GB with Python)


# Bytes one node of each search holds: the growth of the peak RSS between two budgets, in a fresh
# subprocess, on a position that fills both (``python -m benchmarks.node_bytes``; method and
# figures in solvers/PERF.md, "Bytes per node"). The largest --budget each command accepts is
# ``MAX_NODES`` below, from these.
NODE_BYTES = {
    # a State memoised per engine step: 2.5 KB measured over 60,000 steps of a 5-player choose
    # step with four pairs revealed; 3.1 KB in issue 23's report (930 MB at 300,000)
    "trollland best-pair": 3_200,
    # the search agent's UCT tree, per simulation of one decision: 0.44 KB (Trogdor) and 0.52 KB
    # (Trollland) measured over 3,000 simulations; one tree per worker process
    "sweep search agent": 600,
    # A* (best g, parent and heap entries) per expansion: 1.83 KB measured on the countryside
    # task of the CLI's example layout (20,000 -> 100,000 expansions)
    "countryside": 2_000,
    # the same A*; no single-cottage task fills a budget (7 expansions on the example layout;
    # at most 25 x 2**13 states), so the countryside figure stands for it
    "min-ap": 2_000,
    # a position's notation kept in ``seen`` and the plan per layer entry: 0.99 KB measured (a
    # cross of unburnt tiles around the Lake, 40 AP: 20,000 -> 100,000 positions, no win)
    "win-now": 1_100,
    # the loading search's memo: 0.70 KB per node measured (seed 333 of random_problem, 5
    # vehicles, 2,000 -> 16,000 nodes), not the 250 bytes the code once stated
    "trollland load": 770,
    # the Solo Adventure search's tables (lost positions, hopeless verdicts) per state: 0.44 KB
    # measured (seed 14, 20,000 -> 80,000 states)
    "encounter solo": 490,
}


def max_nodes(bytes_per_node: int, cap: int = MEMORY_CAP) -> int:
    """The largest node budget whose memory (``bytes_per_node``, measured in a subprocess at the
    worst position tried: ru_maxrss growth over nodes; figures beside each solver's constant)
    stays under ``cap``, rounded down to 10,000s."""
    return max(10_000, cap // bytes_per_node // 10_000 * 10_000)


# The largest budget of each search, from its bytes per node (each figure above is the measure
# plus about 10 %). The countryside keeps half the cap
# for what follows its A* (local search, the CP-SAT proof: not measured per node).
MAX_NODES = {
    "min-ap": max_nodes(NODE_BYTES["min-ap"]),
    "countryside": max_nodes(NODE_BYTES["countryside"], MEMORY_CAP // 2),
    "win-now": max_nodes(NODE_BYTES["win-now"]),
    "trollland load": max_nodes(NODE_BYTES["trollland load"]),
    "encounter solo": max_nodes(NODE_BYTES["encounter solo"]),
}


@contextmanager
def wall_clock(seconds: float | None, what: str):
    """Raise LimitReached(``what``) in this (the main) thread once ``seconds`` have passed, also
    inside a search that counts no budget of its own (SIGALRM). Off the main thread, or where
    no alarm can ring (no SIGALRM; Pyodide in the browser, whose setitimer never fires), it does
    nothing: there the search's own node budget is what ends it."""
    import signal
    import sys
    import threading

    if (
        seconds is None
        or sys.platform == "emscripten"
        or not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield
        return

    def ring(signum, frame):
        raise LimitReached(what)

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, max(0.001, seconds))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def check_seeds(seed, count: int, what: str = "games") -> int:
    """``seed`` and the ``count`` seeds after it (seed + i) all within 0..MAX_SEED: a run that
    plays ``count`` games (or playouts) is refused here, not at its first overflowing seed."""
    from rulebook.common.codecs import MAX_SEED
    from rulebook.common.errors import TrogkitInputError

    check_limit("seed", seed, lo=0, hi=MAX_SEED, integer=True)
    last = int(seed) + max(1, int(count)) - 1
    if last > MAX_SEED:
        raise TrogkitInputError(
            f"--seed {seed} with {count} {what} reaches seed {last}, past 2**63-1: "
            f"give a seed up to {MAX_SEED - max(1, int(count)) + 1}"
        )
    return int(seed)
