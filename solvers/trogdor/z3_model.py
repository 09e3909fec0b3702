"""z3 method: is there a walk of L moves that lets Trogdor burn everything? Deepened from a lower
bound, so the first satisfiable L is the minimum.

Burning never moves Trogdor, and burning a tile the first time he can never costs more, so a plan
is a walk plus one AP per burn: a tile on his first visit (the Lake on his first visit after its
N/S/E/W neighbours, T-BURN-LAKE), a cottage on a visit once its 9 tiles are burnt
(T-BURN-COTTAGE). The answer is L + burns. Per step t there is a one-hot Bool per square for
Trogdor's position (only squares within t moves of the start), a "visited by t" Bool per required
tile, a "burnt by t" Bool for the Lake and per cottage. A step is a move or burrow along the move
table (T-MOVE, T-BURROW; knights' squares have no way in, T-MOVE-KNIGHT-DAMAGE). Constraints are
handed to z3 as SMT-LIB text, one ``from_string`` per step (building them through the Python API
costs more than solving).

Budgets: z3's ``rlimit`` (a deterministic count of z3's own work, the same on every machine) and
optionally a wall-clock timeout. Impossibility is decided before the model is built by
``explain_impossible``; when it finds nothing, a plan exists and deepening terminates.
"""

from __future__ import annotations

import time

import z3

from rulebook.trogdor.grid import GRID5
from solvers.limits import check_limit

from .burn_task import BurnTask, cottage_task, countryside_task, explain_impossible
from .query import as_square, board_of
from .results import CountrysideResult, PlanResult
from .walk import moves_lower_bound, plan_from_walk

SQ = tuple(GRID5.squares())
DEFAULT_RLIMIT = 200_000_000  # z3 resource units per query (deterministic; ~10-30 s of work)
MAX_RLIMIT = 10**11


class WalkModel:
    """The unrolled walk model of one task, deepened one step at a time."""

    def __init__(self, task: BurnTask, *, rlimit: int | None, timeout_ms: int | None):
        self.task = task
        self.mt = task.moves
        self.dist = self.mt.dist(task.start)
        self.solver = z3.SolverFor("QF_FD")
        if timeout_ms is not None:
            self.solver.set("timeout", max(1, int(timeout_ms)))
        self.rlimit = rlimit
        self.layers: list[set[int]] = []
        self.horizon = -1
        self.lake_sq = None if task.lake is None else task.tiles[task.lake]
        out = [self._declare_layer()]
        for k, sq in enumerate(task.tiles):  # visited at step 0 = standing there
            out.append(f"(assert (=> v0_{k} {self.p(0, sq)}))")
        out.append(self._burns(0, None))
        out.append(self._goal(0))
        self.solver.from_string("".join(out))

    def p(self, t: int, sq: int) -> str:
        return f"p{t}_{sq}" if sq in self.layers[t] else "false"

    def _declare_layer(self) -> str:
        self.horizon += 1
        t = self.horizon
        here = {sq for sq in range(25) if self.dist[sq] <= t}
        self.layers.append(here)
        out = [f"(declare-const p{t}_{sq} Bool)" for sq in sorted(here)]
        out += [f"(declare-const v{t}_{k} Bool)" for k in range(len(self.task.tiles))]
        out += [f"(declare-const c{t}_{j} Bool)" for j in range(len(self.task.cottages))]
        out.append(f"(declare-const l{t} Bool)")
        vs = " ".join(f"p{t}_{sq}" for sq in sorted(here))
        out.append(f"(assert ((_ pbeq 1 {' '.join('1' for _ in here)}) {vs}))")
        return "".join(out)

    def _burnt(self, t: int, k: int) -> str:
        """Required tile k burnt by step t (the Lake has its own condition)."""
        return f"l{t}" if self.task.lake == k else f"v{t}_{k}"

    def _burns(self, t: int, prev: int | None) -> str:
        """The Lake and the cottages burnt by step t: before, or possible now where he stands."""
        task, out = self.task, []
        if task.lake is not None:
            needs = " ".join(f"v{t}_{k}" for k in task.lake_needs)
            now = f"(and {self.p(t, self.lake_sq)} {needs} true)"
            prior = f" l{prev}" if prev is not None else ""
            out.append(f"(assert (=> l{t} (or{prior} {now})))")
        for j, c in enumerate(task.cottages):
            needs = " ".join(self._burnt(t, k) for k in task.cottage_needs[j])
            prior = f" c{prev}_{j}" if prev is not None else ""
            out.append(f"(assert (=> c{t}_{j} (or{prior} (and {self.p(t, c)} {needs} true))))")
        return "".join(out)

    def add_step(self) -> None:
        """Constraints from step t to t+1 and the goal literal g{t+1}."""
        t = self.horizon
        out = [self._declare_layer()]
        u = t + 1
        for sq in sorted(self.layers[u]):  # T-MOVE / T-BURROW
            came = " ".join(self.p(t, v) for v, _ in self.mt.pred[sq])
            out.append(f"(assert (=> p{u}_{sq} (or {came})))")
        for k, sq in enumerate(self.task.tiles):
            out.append(f"(assert (=> v{u}_{k} (or v{t}_{k} {self.p(u, sq)})))")
        out.append(self._burns(u, t))
        out.append(self._goal(u))
        self.solver.from_string("".join(out))

    def _goal(self, u: int) -> str:
        task = self.task
        goal = [f"v{u}_{k}" for k in range(len(task.tiles))]
        goal += [f"c{u}_{j}" for j in range(len(task.cottages))]
        if task.lake is not None:
            goal.append(f"l{u}")
        return f"(declare-const g{u} Bool)(assert (= g{u} (and {' '.join(goal)} true)))"

    def check(self, rlimit_left: int | None):
        if rlimit_left is not None:
            self.solver.set("rlimit", max(1, rlimit_left))
        return self.solver.check(z3.Bool(f"g{self.horizon}"))

    def check_at(self, horizon: int, rlimit_left: int | None) -> str:
        """ "sat", "unsat" or "unknown": a plan with at most ``horizon`` moves?"""
        if rlimit_left is not None:
            self.solver.set("rlimit", max(1, rlimit_left))
        return str(self.solver.check(z3.Bool(f"g{horizon}")))

    def walk(self) -> list[int]:
        model = self.solver.model()
        out = []
        for t in range(self.horizon + 1):
            for sq in self.layers[t]:
                if z3.is_true(model.eval(z3.Bool(f"p{t}_{sq}"), model_completion=True)):
                    out.append(sq)
                    break
        return out

    def used(self) -> int:
        stats = self.solver.statistics()
        for key in stats.keys():
            if key == "rlimit count":
                return int(stats.get_key_value(key))
        return 0


def solve_task_z3(
    task: BurnTask,
    *,
    timeout_ms: int | None = 10_000,
    rlimit: int | None = DEFAULT_RLIMIT,
    lower: int | None = None,
    upper: int | None = None,
    result_cls=PlanResult,
) -> PlanResult:
    """Minimal AP by deepening from a lower bound (or ``lower`` moves, if larger) up to
    ``upper`` moves. On a limit the answer says so (``timed_out``, ``lower_bound``)."""
    t0 = time.perf_counter()
    start = SQ[task.start]
    burns = len(task.tiles) + len(task.cottages)
    if not burns:
        return result_cls(0, [], "z3", None, task.goal, start, [start], [], lower_bound=0)
    reason = explain_impossible(task)
    if reason is not None:
        return result_cls(None, [], "z3", reason, task.goal, start, [start])
    lb = max(moves_lower_bound(task), lower or 0)
    limit = upper if upper is not None else (burns + 1) * 24
    m = WalkModel(task, rlimit=rlimit, timeout_ms=timeout_ms)
    proven = lb
    while m.horizon <= limit:
        if m.horizon < lb:
            m.add_step()
            continue
        verdict, left_ms = _check_within(m, t0, timeout_ms, rlimit)
        if verdict == z3.sat:
            plan, route, burnt = plan_from_walk(task, m.walk())
            seconds = time.perf_counter() - t0
            return result_cls(len(plan), plan, "z3", None, task.goal, start, route, burnt,
                              lower_bound=len(plan), seconds=seconds)  # fmt: skip
        if verdict == z3.unknown:
            what = (
                f"z3 timed out after {timeout_ms} ms"
                if left_ms is not None and (time.perf_counter() - t0) * 1000 >= timeout_ms
                else "z3 used up its work budget"
            )
            return _unsolved(
                result_cls,
                task,
                start,
                t0,
                f"{what}; the minimum is at least {proven + burns}",
                proven + burns,
                timed_out=True,
            )
        proven = m.horizon + 1
        m.add_step()
    return _unsolved(
        result_cls, task, start, t0, f"no plan within {limit + burns} AP", proven + burns
    )


def _check_within(m, t0: float, timeout_ms, rlimit) -> tuple:
    """(z3's verdict at the model's horizon, milliseconds left before it); unknown without a
    check when the time or the work budget is already used up."""
    left_ms = None if timeout_ms is None else timeout_ms - (time.perf_counter() - t0) * 1000
    left_r = None if rlimit is None else rlimit - m.used()
    if (left_ms is not None and left_ms <= 0) or (left_r is not None and left_r <= 0):
        return z3.unknown, left_ms
    if left_ms is not None:
        m.solver.set("timeout", max(1, int(left_ms)))
    return m.check(left_r), left_ms


def _unsolved(result_cls, task, start, t0: float, why: str, bound: int, **flags):
    """No plan: ``why``, with the minimum's lower bound proven so far."""
    return result_cls(
        None,
        [],
        "z3",
        why,
        task.goal,
        start,
        [start],
        exact=False,
        lower_bound=bound,
        seconds=time.perf_counter() - t0,
        **flags,
    )


def _limits(timeout_ms, rlimit):
    timeout_ms = check_limit("timeout (ms)", timeout_ms, lo=1, hi=3_600_000)
    if rlimit is not None:
        rlimit = check_limit("rlimit", rlimit, lo=1, hi=MAX_RLIMIT, integer=True)
    return timeout_ms, rlimit


def min_ap_cottage_z3(
    state, cottage, *, timeout_ms: float = 10_000, rlimit: int | None = DEFAULT_RLIMIT
) -> PlanResult:
    """Fewest AP to end with the cottage on ``cottage`` burninated (z3)."""
    timeout_ms, rlimit = _limits(timeout_ms, rlimit)
    task = cottage_task(board_of(state), GRID5.index(as_square(cottage, "the cottage")))
    return solve_task_z3(task, timeout_ms=timeout_ms, rlimit=rlimit)


def min_ap_countryside_z3(
    state, *, cottages: bool = True, timeout_ms: int = 60_000, rlimit: int | None = DEFAULT_RLIMIT
) -> CountrysideResult:
    """Whole countryside with z3 alone (``min_ap_countryside`` combines the search with CP-SAT)."""
    timeout_ms, rlimit = _limits(timeout_ms, rlimit)
    return solve_task_z3(
        countryside_task(board_of(state), cottages=cottages),
        timeout_ms=timeout_ms,
        rlimit=rlimit,
        result_cls=CountrysideResult,
    )
