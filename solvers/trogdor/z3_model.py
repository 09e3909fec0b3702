"""z3 method: bounded model checking over T steps, deepened one step at a time.

Per step t there is a one-hot Bool per square for Trogdor's position (``PbEq``), a Bool per required
tile ("burnt by step t") and per cottage. A step is one AP (T-AP): a move or burrow along an edge of
the networkx move graph (T-MOVE, T-BURROW; knights' squares have no incoming edge), a tile burn on
Trogdor's square (T-BURN-TILE; the Lake only once its neighbours are burnt, T-BURN-LAKE), a cottage
burn once its 9 tiles are burnt (T-BURN-COTTAGE), or an idle step (so "sat at T" means "possible
within T"). Standing on something he may burn now forces the burn (burning earlier never costs
more), which prunes the search without losing a minimum. The solver is incremental
(``SolverFor('QF_FD')``): each deeper horizon adds one step's constraints and checks the goal as
an assumption, starting from an admissible lower bound, so the first satisfiable T is the minimum.
Every check has a timeout; a timeout is reported, never guessed.

Impossibility is decided before the model is built by ``explain_impossible`` (a reachability check
on the move graph); when it finds nothing the goal is reachable and deepening terminates.
"""

from __future__ import annotations

import time

import z3

from rulebook.common.grid import GRID5, Square

from .board_graph import distances_from
from .burn_task import BurnTask, cottage_task, countryside_task, explain_impossible
from .position import Position
from .results import CountrysideResult, PlanResult


def _lower_bound(task: BurnTask) -> int:
    """Burns needed plus one move per distinct square to visit other than the start."""
    burns = len(task.tiles) + len(task.cottages)
    others = {s for s in task.squares() if s != task.position.trogdor}
    if not others:
        return burns
    dist = distances_from(task.graph, task.position.trogdor)
    near = min(dist.get(s, 10**6) for s in others)
    return burns + near + len(others) - 1


class _Model:
    """The unrolled model. Constraints are written as SMT-LIB text and handed to z3 in one
    ``from_string`` per step: building them through the Python API costs more than solving.
    Position variables exist only for squares within t moves of the start at step t (the rest are
    false), which keeps early layers small."""

    def __init__(self, task: BurnTask, timeout_ms: int):
        self.task = task
        self.g = task.graph
        self.dist = distances_from(self.g, task.position.trogdor)
        self.solver = z3.SolverFor("QF_FD")
        self.solver.set("timeout", timeout_ms)
        self.layers: list[set[Square]] = []
        self.names = {sq: f"{sq}" for sq in GRID5.squares()}
        self.horizon = -1
        text = self._declare_layer()
        text += "".join(f"(assert (not t0_{i}))" for i in range(len(task.tiles)))
        text += "".join(f"(assert (not c0_{j}))" for j in range(len(task.cottages)))
        self.solver.from_string(text)

    def p(self, t: int, sq: Square) -> str:
        return f"p{t}_{sq}" if sq in self.layers[t] else "false"

    def _declare_layer(self) -> str:
        self.horizon += 1
        t = self.horizon
        here = {sq for sq, d in self.dist.items() if d <= t}
        self.layers.append(here)
        out = [f"(declare-const p{t}_{sq} Bool)" for sq in sorted(here, key=GRID5.index)]
        out += [f"(declare-const t{t}_{i} Bool)" for i in range(len(self.task.tiles))]
        out += [f"(declare-const c{t}_{j} Bool)" for j in range(len(self.task.cottages))]
        vs = " ".join(f"p{t}_{sq}" for sq in sorted(here, key=GRID5.index))
        ones = " ".join("1" for _ in here)
        out.append(f"(assert ((_ pbeq 1 {ones}) {vs}))")
        return "".join(out)

    def add_step(self) -> None:
        """Constraints from layer t to the new layer t+1 (and its goal literal g{t+1})."""
        t = self.horizon
        out = [self._declare_layer()]
        task, u = self.task, t + 1
        for sq in sorted(self.layers[u], key=GRID5.index):  # T-MOVE / T-BURROW
            came = " ".join(self.p(t, v) for v in self.g.predecessors(sq))
            out.append(f"(assert (=> p{u}_{sq} (or {self.p(t, sq)} {came})))")

        def stays(sq):
            return f"(and {self.p(t, sq)} {self.p(u, sq)})"

        for i, sq in enumerate(task.tiles):  # T-BURN-TILE: monotone; new burns where he stands
            old, new = f"t{t}_{i}", f"t{u}_{i}"
            out.append(f"(assert (=> {old} {new}))")
            cond = stays(sq)
            if i == task.lake:  # T-BURN-LAKE
                cond = f"(and {cond} {' '.join(f't{t}_{k}' for k in task.lake_needs)} true)"
            out.append(f"(assert (=> (and {new} (not {old})) {cond}))")
        for j, sq in enumerate(task.cottages):  # T-BURN-COTTAGE
            old, new = f"c{t}_{j}", f"c{u}_{j}"
            out.append(f"(assert (=> {old} {new}))")
            need = " ".join(f"t{t}_{k}" for k in task.cottage_needs[j])
            out.append(f"(assert (=> (and {new} (not {old})) (and {stays(sq)} {need} true)))")
        # Burn on arrival: when Trogdor stands on something he may burn now, this step burns it.
        # Sound for minimal AP: burning earlier costs the same AP, later burns stay legal (more
        # is burnt), and the later burn it replaces is dropped. It prunes most of z3's search.
        for i, sq in enumerate(task.tiles):
            ready = " ".join(f"t{t}_{k}" for k in task.lake_needs) if i == task.lake else ""
            out.append(f"(assert (=> (and {self.p(t, sq)} (not t{t}_{i}) {ready} true) t{u}_{i}))")
        for j, sq in enumerate(task.cottages):
            need = " ".join(f"t{t}_{k}" for k in task.cottage_needs[j])
            out.append(f"(assert (=> (and {self.p(t, sq)} (not c{t}_{j}) {need} true) c{u}_{j}))")
        goal = [f"t{u}_{i}" for i in range(len(task.tiles))]
        goal += [f"c{u}_{j}" for j in range(len(task.cottages))]
        out.append(f"(declare-const g{u} Bool)(assert (= g{u} (and {' '.join(goal)} true)))")
        self.solver.from_string("".join(out))

    def goal(self) -> z3.BoolRef:
        return z3.Bool(f"g{self.horizon}")

    def extract(self, model: z3.ModelRef) -> tuple[list[str], list[Square], list[Square]]:
        """Read the plan from a model: the square per step and which burn happened."""
        task = self.task
        plan: list[str] = []
        route = [task.position.trogdor]
        burns: list[Square] = []

        def val(name: str) -> bool:
            return z3.is_true(model.eval(z3.Bool(name), model_completion=True))

        here = task.position.trogdor
        for t in range(self.horizon):
            nxt = next(sq for sq in self.layers[t + 1] if val(f"p{t + 1}_{sq}"))
            if nxt != here:
                plan.append(self.g.edges[here, nxt]["action"])
                route.append(nxt)
                here = nxt
                continue
            fresh_t = [
                i for i in range(len(task.tiles)) if val(f"t{t + 1}_{i}") and not val(f"t{t}_{i}")
            ]
            fresh_c = [
                j
                for j in range(len(task.cottages))
                if val(f"c{t + 1}_{j}") and not val(f"c{t}_{j}")
            ]
            if fresh_t:
                plan.append("burn tile")
                burns.append(task.tiles[fresh_t[0]])
            elif fresh_c:
                plan.append("burn cottage")
        return plan, route, burns


def solve_task_z3(
    task: BurnTask,
    *,
    timeout_ms: int = 10_000,
    max_horizon: int | None = None,
    result_cls=PlanResult,
) -> PlanResult:
    """Minimal AP by deepening. ``timeout_ms`` bounds each check and the whole query."""
    t0 = time.perf_counter()
    start = task.position.trogdor
    if not task.tiles and not task.cottages:
        return result_cls(0, [], "z3", None, task.goal, start, [start], [])
    reason = explain_impossible(task)
    if reason is not None:
        return result_cls(None, [], "z3", reason, task.goal, start, [start])
    lb = _lower_bound(task)
    n = len(task.tiles) + len(task.cottages)
    limit = max_horizon if max_horizon is not None else n + (n + 1) * 24
    m = _Model(task, timeout_ms)
    proven = lb
    while m.horizon < limit:
        m.add_step()
        if m.horizon < lb:
            continue
        left = timeout_ms - int((time.perf_counter() - t0) * 1000)
        if left <= 0:
            verdict = z3.unknown
        else:
            m.solver.set("timeout", left)
            verdict = m.solver.check(m.goal())
        if verdict == z3.sat:
            plan, route, burns = m.extract(m.solver.model())
            real = len(plan)
            return result_cls(
                real,
                plan,
                "z3",
                None,
                task.goal,
                start,
                route,
                burns,
                lower_bound=real,
                seconds=time.perf_counter() - t0,
            )
        if verdict == z3.unknown:
            return result_cls(
                None,
                [],
                "z3",
                f"z3 timed out after {timeout_ms} ms; the minimum is at least {proven}",
                task.goal,
                start,
                [start],
                exact=False,
                lower_bound=proven,
                timed_out=True,
                seconds=time.perf_counter() - t0,
            )
        proven = m.horizon + 1
    return result_cls(
        None,
        [],
        "z3",
        f"no plan within {limit} AP",
        task.goal,
        start,
        [start],
        exact=False,
        lower_bound=proven,
        seconds=time.perf_counter() - t0,
    )


def min_ap_cottage_z3(
    position: Position, cottage: Square, *, timeout_ms: int = 10_000
) -> PlanResult:
    """Fewest AP to end with the cottage on ``cottage`` burninated (z3)."""
    return solve_task_z3(cottage_task(position, cottage), timeout_ms=timeout_ms)


def min_ap_countryside_z3(
    position: Position, *, cottages: bool = True, timeout_ms: int = 60_000
) -> CountrysideResult:
    """Whole countryside with z3 (slow on open boards: use a generous timeout)."""
    return solve_task_z3(
        countryside_task(position, cottages=cottages),
        timeout_ms=timeout_ms,
        result_cls=CountrysideResult,
    )
