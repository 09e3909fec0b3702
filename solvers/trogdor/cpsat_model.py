"""OR-Tools CP-SAT: is there a walk of exactly L moves that lets Trogdor burn everything? The
whole-countryside proof step (``countryside``) asks it for a plan one AP cheaper than the best
known; "infeasible" proves the best exact.

The model is z3_model's walk model (see there for why a walk plus greedy burns is a plan): a
one-hot position per step (squares within t moves of the start), "visited by t" per required
tile, "burnt by t" for the Lake (T-BURN-LAKE) and per cottage (T-BURN-COTTAGE), moves along the
move table (T-MOVE, T-BURROW, T-MOVE-KNIGHT-DAMAGE). Infeasible at L means infeasible below L too:
a shorter walk extends to L moves (step back and forth), which burns no less. CP-SAT proves the
whole-countryside presets in a few seconds where z3 needs minutes (bench figure "countryside").

The budget is CP-SAT's deterministic time with one worker: the same verdict on every machine.
"""

from __future__ import annotations

from .burn_task import BurnTask


def walk_exists(task: BurnTask, moves: int, det_time: float, seconds: float | None = None):
    """(verdict, walk or None, deterministic time used): "sat", "unsat" or "unknown" within
    ``det_time`` units (and ``seconds`` of wall clock, if given)."""
    from ortools.sat.python import cp_model

    mt = task.moves
    dist = mt.dist(task.start)
    m = cp_model.CpModel()
    steps = range(moves + 1)
    p = [{sq: m.new_bool_var(f"p{t}_{sq}") for sq in range(25) if dist[sq] <= t} for t in steps]
    n = len(task.tiles)
    v = [[m.new_bool_var(f"v{t}_{k}") for k in range(n)] for t in steps]
    lake = task.lake
    burnt_lake = [m.new_bool_var(f"l{t}") for t in steps]
    cot = [[m.new_bool_var(f"c{t}_{j}") for j in range(len(task.cottages))] for t in steps]

    def burnt_by(t: int, tile: int):
        return burnt_lake[t] if tile == lake else v[t][tile]

    def done_by(t: int, flag, square: int, needs) -> None:
        """flag(t) -> flag(t-1) or (standing on ``square`` with ``needs`` burnt)."""
        prior = [flag[t - 1]] if t else []
        here = p[t].get(square)
        if here is None:
            m.add_bool_or([*prior, flag[t].Not()])
            return
        now = m.new_bool_var("")
        m.add_bool_and([here, *needs]).only_enforce_if(now)
        m.add_bool_or([*prior, now, flag[t].Not()])

    for t in steps:
        m.add_exactly_one(p[t].values())
        for k, sq in enumerate(task.tiles):
            seen = ([v[t - 1][k]] if t else []) + ([p[t][sq]] if sq in p[t] else [])
            m.add_bool_or([*seen, v[t][k].Not()])
        if t:
            for sq, var in p[t].items():
                m.add_bool_or([p[t - 1][u] for u, _ in mt.pred[sq] if u in p[t - 1]] + [var.Not()])
        if lake is None:
            m.add(burnt_lake[t] == 0)
        else:
            needs = [v[t][k] for k in task.lake_needs]
            done_by(t, burnt_lake, task.tiles[lake], needs)
        for j, c in enumerate(task.cottages):
            col = [cot[s][j] for s in steps]
            done_by(t, col, c, [burnt_by(t, k) for k in task.cottage_needs[j]])
    m.add(p[0][task.start] == 1)
    m.add_bool_and([*v[moves], *cot[moves]] + ([burnt_lake[moves]] if lake is not None else []))
    return _solve(m, p, det_time, seconds)


def _solve(m, p: list[dict], det_time: float, seconds: float | None):
    """Run CP-SAT on ``m`` (one worker: deterministic); the walk is read from the position
    variables ``p[t][square]``."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1  # deterministic
    solver.parameters.max_deterministic_time = det_time
    if seconds is not None:
        solver.parameters.max_time_in_seconds = max(0.001, seconds)
    status = solver.solve(m)
    used = solver.deterministic_time
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        walk = [next(sq for sq, var in pt.items() if solver.value(var)) for pt in p]
        return "sat", walk, used
    if status == cp_model.INFEASIBLE:
        return "unsat", None, used
    return "unknown", None, used
