"""The whole countryside: fewest AP to burn all 25 tiles (and every cottage), exact where the
budget allows, always with a plan and a proven lower bound.

Three steps, each with a deterministic budget, so the answer is the same on every machine:
1. A* over orders of burns (``search``), up to ``nodes`` expansions: exact when it finishes. When it
   stops, the smallest f on its open list is a proven lower bound.
2. A plan: nearest stop first, improved by local search (``improve``, ``rounds`` seeded kicks).
3. CP-SAT's walk model (``cpsat_model``) asked whether a plan one AP cheaper exists, within
   ``proof`` units of its deterministic time: "no" proves the plan exact, "yes" gives a better
   plan (ask again).
An optional ``seconds`` caps the wall clock too (then the answer may depend on the machine).
"""

from __future__ import annotations

import time

from rulebook.trogdor.grid import GRID5
from solvers.limits import MAX_NODES as LIMIT_NODES
from solvers.limits import Budget, LimitReached, check_limit

from .burn_task import BurnTask, countryside_task, explain_impossible
from .query import board_of
from .results import CountrysideResult
from .search import Tables, astar, impossible_result, plan_from_stops

SQ = tuple(GRID5.squares())
NODES = 5_000  # A* expansions: small tasks finish; large ones leave the rest to the proof step
MAX_NODES = LIMIT_NODES["countryside"]  # measured bytes per expansion (solvers/limits.py)
ROUNDS = 30  # local-search kicks
MAX_ROUNDS = 10_000
PROOF = 20.0  # CP-SAT deterministic time (bench "countryside": the presets need 1-5)
MAX_PROOF = 3600.0


Z3_PROOF = "search, proved exact by z3 (no CP-SAT here)"


def cpsat_installed() -> bool:
    try:
        import ortools  # noqa: F401
    except ImportError:
        return False
    return True


def _cheaper_walk(task: BurnTask, moves: int, budget: float, seconds: float | None):
    """(verdict, walk, budget used): CP-SAT when OR-Tools is installed, else z3's walk model
    (one budget unit = 10M z3 rlimit units; the browser, where OR-Tools has no build, says so
    in the answer: ``Z3_PROOF``)."""
    if not cpsat_installed():
        from .z3_model import WalkModel

        ms = None if seconds is None else seconds * 1000
        model = WalkModel(task, rlimit=int(budget * 10_000_000), timeout_ms=ms)
        while model.horizon < moves:
            model.add_step()
        verdict = model.check_at(moves, int(budget * 10_000_000))
        used = model.used() / 10_000_000
        return verdict, model.walk() if verdict == "sat" else None, used
    from .cpsat_model import walk_exists

    return walk_exists(task, moves, budget, seconds)


def _proof(task: BurnTask, best: CountrysideResult, lower: int, budget: float, deadline):
    """Ask for a plan one AP cheaper than ``best`` until the answer is no (``best`` is exact) or
    the budget (deterministic solver time, shared by the questions) runs out.
    Returns (best result, proven lower bound)."""
    from .walk import plan_from_walk

    burns = len(task.tiles) + len(task.cottages)
    while best.ap > lower and budget > 0:
        seconds = None if deadline is None else deadline - time.perf_counter()
        if seconds is not None and seconds <= 0:
            break
        verdict, walk, used = _cheaper_walk(task, best.ap - burns - 1, budget, seconds)
        budget -= used
        if verdict == "unsat":
            if not cpsat_installed():
                best.method = Z3_PROOF
            return best, best.ap
        if verdict != "sat":
            break
        plan, route, burnt = plan_from_walk(task, walk)
        best = CountrysideResult(
            len(plan), plan, "search", None, task.goal, SQ[task.start], route, burnt
        )
    return best, lower


def solve_countryside(
    task: BurnTask, *, nodes: int, rounds: int, proof: float, seconds: float | None
) -> CountrysideResult:
    t0 = time.perf_counter()
    start = SQ[task.start]
    if not task.tiles and not task.cottages:
        return CountrysideResult(
            0, [], "search", None, task.goal, start, [start], [], lower_bound=0
        )
    reason = explain_impossible(task)  # complete: when it finds nothing, a plan exists
    if reason is not None:
        return impossible_result(task, "search", reason, CountrysideResult)
    tb = Tables(task)
    deadline = None if seconds is None else t0 + seconds
    try:
        cost, stops = astar(
            tb, Budget(nodes=nodes, seconds=None if seconds is None else seconds / 2)
        )
    except LimitReached as e:
        lower = e.best
    else:
        if cost is None:
            reason = explain_impossible(task) or "impossible: no order of burns satisfies the rules"
            return impossible_result(task, "search", reason, CountrysideResult)
        plan, route, burns = plan_from_stops(task, stops)
        return CountrysideResult(
            cost, plan, "search", None, task.goal, start, route, burns, lower_bound=cost,
            seconds=time.perf_counter() - t0,
        )  # fmt: skip
    from .improve import greedy_stops, improve_order

    stops = greedy_stops(tb)
    if stops is None:  # cannot happen when A* had open nodes; say so rather than guess
        reason = explain_impossible(task) or "no plan found within the budget"
        return impossible_result(task, "search", reason, CountrysideResult)
    stops, _ = improve_order(tb, stops, rounds=rounds, stop_at=lower, deadline=deadline)
    plan, route, burns = plan_from_stops(task, stops)
    best = CountrysideResult(len(plan), plan, "search", None, task.goal, start, route, burns)
    if best.ap > lower and proof > 0:
        best, lower = _proof(task, best, lower, proof, deadline)
    best.exact = best.ap <= lower
    best.lower_bound = min(lower, best.ap)
    best.timed_out = not best.exact
    best.seconds = time.perf_counter() - t0
    return best


def min_ap_countryside(
    state,
    *,
    cottages: bool = True,
    nodes: int = NODES,
    rounds: int = ROUNDS,
    proof: float = PROOF,
    time_limit: float | None = None,
) -> CountrysideResult:
    """Fewest AP to burn all 25 tiles (and, with ``cottages``, every cottage) from the engine
    position ``state``. ``exact`` says whether the answer is proven minimal; otherwise it is the
    best plan found and ``lower_bound`` a proven bound. The budgets (``nodes`` A* expansions,
    ``rounds`` local-search kicks, ``proof`` units of CP-SAT's deterministic time) make the
    answer the same on every machine; ``time_limit`` (seconds) optionally caps all three by the
    wall clock too (then a budget-limited answer may depend on the machine)."""
    nodes = check_limit("nodes", nodes, lo=1, hi=MAX_NODES, integer=True)
    rounds = check_limit("rounds", rounds, lo=0, hi=MAX_ROUNDS, integer=True)
    proof = check_limit("proof budget", proof, lo=0, hi=MAX_PROOF)
    if time_limit is not None:
        time_limit = check_limit("time limit", time_limit, lo=0.01, hi=3600)
    task = countryside_task(board_of(state), cottages=cottages)
    return solve_countryside(task, nodes=nodes, rounds=rounds, proof=proof, seconds=time_limit)
