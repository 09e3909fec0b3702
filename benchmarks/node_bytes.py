"""Bytes per node of each bounded search (solvers/limits.py ``NODE_BYTES``; method in
solvers/PERF.md, "Bytes per node").

Each search runs in a fresh subprocess on a position that fills its budget; the process's peak
RSS (``ru_maxrss``) is read after the setup and again after the search. The figure is the slope
between two budgets, (peak(n2) - peak(n1)) / (nodes(n2) - nodes(n1)), so the interpreter, the
imports and the setup cancel out.

    python -m benchmarks.node_bytes                 # every search, default budgets
    python -m benchmarks.node_bytes --only "encounter solo" --budgets 20000 100000
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys

from solvers.limits import Budget, LimitReached

TROGDOR_LAYOUT = "C...C/.T.../..L../...T./C.M.."  # the CLI help's example: 5 cottages


def _trogdor_state(layout=TROGDOR_LAYOUT, **kw):
    from rulebook.trogdor import puzzle

    return puzzle(layout, **kw)


def _min_ap(n: int) -> int:
    """One cottage (A* expansions): the far cottage with every tile still to burn."""
    from rulebook.trogdor.grid import GRID5
    from solvers.trogdor.burn_task import cottage_task
    from solvers.trogdor.query import board_of
    from solvers.trogdor.search import Tables, astar

    task = cottage_task(board_of(_trogdor_state(trogdor="E5")), GRID5.index(GRID5.parse("A1")))
    return _count(lambda b: astar(Tables(task), b), n)


def _countryside(n: int) -> int:
    """The whole countryside and every cottage (A* expansions, the part ``--budget`` bounds)."""
    from solvers.trogdor.burn_task import countryside_task
    from solvers.trogdor.query import board_of
    from solvers.trogdor.search import Tables, astar

    task = countryside_task(board_of(_trogdor_state()), cottages=True)
    return _count(lambda b: astar(Tables(task), b), n)


def _win_now(n: int) -> int:
    """Engine positions kept by the breadth-first search: a cross of unburnt tiles around the
    Lake, 40 AP (100,000 positions in 49 s without a win)."""
    from solvers.trogdor.win_now import win_this_turn

    state = _trogdor_state("##.##/#...#/..L../#...#/##.##", ap=40)
    result = win_this_turn(state, limit=n)
    assert result.win is None and "budget" in result.reason, "the position must fill the budget"
    return n


def _trollland_load(n: int) -> int:
    """Memo entries of the loading search on a crowded 5-vehicle dock."""
    from solvers.trollland.generate import random_problem

    pb = random_problem(HARD_LOAD_SEED, vehicles=5, max_cards=32)
    return _count(lambda b: _load(pb, b), n)


def _load(pb, budget):
    from solvers.trollland.search import solve

    return solve(pb, budget)


def _encounter_solo(n: int) -> int:
    """Game states of the Solo Adventure search on a deal it cannot settle quickly."""
    from rulebook.encounter.solo import new_adventure
    from solvers.encounter.adventure import solve_adventure

    res = solve_adventure(new_adventure(HARD_SOLO_SEED), max_states=n)
    return res.states


HARD_LOAD_SEED = 333  # 16,155 nodes to its answer, the most of seeds 0-399
HARD_SOLO_SEED = 14  # 20,000 states in 8 s, no verdict (seeds 0-59 tried)

JOBS = {
    "min-ap": _min_ap,
    "countryside": _countryside,
    "win-now": _win_now,
    "trollland load": _trollland_load,
    "encounter solo": _encounter_solo,
}


def _count(run, n: int) -> int:
    budget = Budget(nodes=n)
    try:
        run(budget)
    except LimitReached:
        pass
    return budget.used


def _child(name: str, n: int) -> None:
    """In the subprocess: peak RSS before and after one search of budget ``n``."""
    JOBS[name](min(n, 1000))  # warm the imports and caches
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    used = JOBS[name](n)
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"nodes": used, "before_kb": before, "after_kb": after}))


def measure(name: str, n: int) -> dict:
    out = subprocess.run(
        [sys.executable, "-m", "benchmarks.node_bytes", "--child", name, str(n)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def bytes_per_node(name: str, budgets=(20_000, 100_000)) -> dict:
    a, b = (measure(name, n) for n in budgets)
    grew = (b["after_kb"] - a["after_kb"]) * 1024
    nodes = b["nodes"] - a["nodes"]
    return {"search": name, "runs": [a, b], "bytes_per_node": grew / nodes if nodes else None}


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--only", choices=sorted(JOBS))
    p.add_argument("--budgets", type=int, nargs=2, default=(20_000, 100_000))
    p.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.child:
        _child(args.child[0], int(args.child[1]))
        return
    for name in [args.only] if args.only else JOBS:
        print(json.dumps(bytes_per_node(name, args.budgets)), flush=True)


if __name__ == "__main__":
    main()
