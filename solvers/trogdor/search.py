"""Graph-search method: A* over (where Trogdor is, which required tiles/cottages are still unburnt).

Between two burns Trogdor walks a shortest path, so a plan is an order of "stops" (a tile to burn,
a cottage to burn) and its cost is the sum of walking distances plus one AP per burn. The search
explores those orders with A*; distances come from BFS on the move tables (``moves``). The
heuristic -- burns left, plus the distance to the nearest square still to visit plus one move per
further distinct square, plus dead ends -- never overestimates, so the first goal popped is optimal.

Every search is bounded by a ``Budget`` of A* expansions (and optionally seconds). The cottage
question is small (at most 13 stops) and always finishes far inside the default budget; the
whole-countryside question may not: see ``countryside.py``.
"""

from __future__ import annotations

import heapq
import time

from rulebook.trogdor.grid import GRID5, Square
from solvers.limits import MAX_NODES as LIMIT_NODES
from solvers.limits import Budget, LimitReached, check_limit

from .burn_task import BurnTask, cottage_task, explain_impossible
from .moves import INF
from .query import Board, as_square, board_of
from .results import PlanResult

SQ = tuple(GRID5.squares())
# A* expansions for one cottage: never reached (at most 25 x 2^13 states, a few thousand in
# practice), yet a bound on time and memory all the same
COTTAGE_NODES = 250_000
MAX_NODES = LIMIT_NODES["min-ap"]  # measured bytes per expansion (solvers/limits.py)


class Tables:
    """Precomputed indices, distance rows and bit masks for one task."""

    def __init__(self, task: BurnTask):
        self.task = task
        self.n = n = len(task.tiles)
        self.m = len(task.cottages)
        self.stop_sq = list(task.tiles) + list(task.cottages)
        self.start = task.start
        mt = task.moves
        self.dist = {a: mt.dist(a) for a in {*self.stop_sq, self.start}}
        self.lake = task.lake
        self.lake_bit = 0 if task.lake is None else 1 << task.lake
        self.lake_needs = sum(1 << i for i in task.lake_needs)
        self.cneeds = [sum(1 << i for i in needs) for needs in task.cottage_needs]
        self.stop_bit = [1 << self.stop_sq[s] for s in range(n + self.m)]
        self.dead_ends = self._dead_ends(task)
        self.succ = mt.succ_mask

    def _dead_ends(self, task: BurnTask) -> list[tuple[int, int, int, int]]:
        """Stops after which Trogdor must waste a move (besides squares already cut off from
        every remaining target, found in ``h``): once the Lake (T-BURN-LAKE) or a cottage
        (T-BURN-COTTAGE) burns, every square he can step to from it is already burnt, so unless
        it is his last stop his next move reaches no new target. Not so when a neighbour still
        holds an unburnt cottage, or when diagonal/wraparound moves reach unburnt squares.
        Entries: (tile bit, cottage bit, square index, mask of neighbouring cottages)."""
        from .burn_task import ORTHO, RING

        b = task.board
        if b.wrap:
            return []
        cot_at = {c: j for j, c in enumerate(task.cottages)}

        def blockers(sq: int) -> int:
            nbrs = RING[sq] if b.diagonal else ORTHO[sq]
            return sum(1 << cot_at[q] for q in nbrs if q in cot_at)

        out = []
        if task.lake is not None and not b.diagonal:
            lake_sq = task.tiles[task.lake]
            out.append((1 << task.lake, 0, lake_sq, blockers(lake_sq)))
        for j, c in enumerate(task.cottages):
            out.append((0, 1 << j, c, blockers(c)))
        return out

    def h(self, loc_sq: int, tmask: int, cmask: int) -> int:
        """Admissible: burns left + moves to visit every other remaining square at least once."""
        # bit loops written out, no generators: bench figure "min-AP search ÷ plain BFS"
        burns = tmask.bit_count() + cmask.bit_count()
        if not burns:
            return 0
        sqs = 0
        stop_bit = self.stop_bit
        n = self.n
        t = tmask
        while t:
            low = t & -t
            sqs |= stop_bit[low.bit_length() - 1]
            t ^= low
        c = cmask
        while c:
            low = c & -c
            sqs |= stop_bit[n + low.bit_length() - 1]
            c ^= low
        targets = sqs
        sqs &= ~(1 << loc_sq)
        k = sqs.bit_count()
        if not k:
            return burns
        row = self.dist[loc_sq]
        near = INF
        s = sqs
        while s:
            low = s & -s
            d = row[low.bit_length() - 1]
            if d < near:
                near = d
            s ^= low
        if near >= INF:
            return INF
        dead = 0  # squares (bitmask) after whose last burn the next move is wasted
        for tbit, cbit, sq, block in self.dead_ends:
            if (tmask & tbit or cmask & cbit) and sq != loc_sq and not cmask & block:
                dead |= 1 << sq
        succ = self.succ
        s = sqs
        while s:  # already cut off: every square he can step to is done with
            low = s & -s
            if not succ[low.bit_length() - 1] & targets:
                dead |= low
            s ^= low
        return burns + near + k - 1 + max(0, dead.bit_count() - 1)

    def moves(self, loc_sq: int, tmask: int, cmask: int) -> list[tuple[int, int]]:
        """(stop index, cost) for every burn allowed now (T-BURN-LAKE, T-BURN-COTTAGE)."""
        row = self.dist[loc_sq]
        stop_sq = self.stop_sq
        out = []
        t = tmask
        while t:
            low = t & -t
            t ^= low
            i = low.bit_length() - 1
            if i == self.lake and tmask & self.lake_needs:
                continue
            d = row[stop_sq[i]]
            if d < INF:
                out.append((i, d + 1))
        c = cmask
        n = self.n
        while c:
            low = c & -c
            c ^= low
            j = low.bit_length() - 1
            if tmask & self.cneeds[j]:
                continue
            d = row[stop_sq[n + j]]
            if d < INF:
                out.append((n + j, d + 1))
        return out


def astar(tb: Tables, budget: Budget):
    """Returns (cost, stops) on success, (None, None) when the open list empties (impossible).
    Raises ``LimitReached`` with ``best`` = the proven lower bound when the budget runs out."""
    full_t = (1 << tb.n) - 1
    full_c = (1 << tb.m) - 1
    start = (tb.start, full_t, full_c)
    h0 = tb.h(tb.start, full_t, full_c)
    if h0 >= INF:
        return None, None
    best = {start: 0}
    parent: dict = {start: None}
    tick = 0
    heap = [(h0, 0, 0, start)]
    n = tb.n
    stop_sq = tb.stop_sq
    h = tb.h
    while heap:
        f, neg_g, _, state = heapq.heappop(heap)
        g = -neg_g
        if best.get(state, INF) < g:
            continue
        loc, tmask, cmask = state
        if not tmask and not cmask:
            stops = []
            while parent[state] is not None:
                state, stop = parent[state]
                stops.append(stop)
            return g, stops[::-1]
        try:
            budget.tick()
        except LimitReached as e:  # every plan passes through an open node: min f is a bound
            raise LimitReached(e.what, min(f, heap[0][0]) if heap else f) from None
        for stop, cost in tb.moves(loc, tmask, cmask):
            if stop < n:
                nxt = (stop_sq[stop], tmask & ~(1 << stop), cmask)
            else:
                nxt = (stop_sq[stop], tmask, cmask & ~(1 << (stop - n)))
            ng = g + cost
            if ng < best.get(nxt, INF):
                hh = h(*nxt)
                if hh >= INF:
                    continue
                best[nxt] = ng
                parent[nxt] = (state, stop)
                tick += 1
                heapq.heappush(heap, (ng + hh, -ng, tick, nxt))
    return None, None


def plan_from_stops(
    task: BurnTask, stops: list[int]
) -> tuple[list[str], list[Square], list[Square]]:
    """Turn an order of stops into engine action strings, the route and the burnt tiles."""
    mt = task.moves
    n = len(task.tiles)
    here = task.start
    plan: list[str] = []
    route = [SQ[here]]
    burns: list[Square] = []
    for stop in stops:
        target = task.tiles[stop] if stop < n else task.cottages[stop - n]
        if target != here:
            for sq, action in mt.path(here, target):
                plan.append(action)
                route.append(SQ[sq])
            here = target
        if stop < n:
            plan.append("burn tile")
            burns.append(SQ[target])
        else:
            plan.append("burn cottage")
    return plan, route, burns


def impossible_result(task: BurnTask, method: str, reason: str, result_cls=PlanResult):
    start = SQ[task.start]
    return result_cls(None, [], method, reason, task.goal, start, [start])


def solve_exact(task: BurnTask, budget: Budget, result_cls=PlanResult) -> PlanResult:
    """A* to the end: the minimum, or an impossible answer; ``LimitReached`` past the budget."""
    t0 = time.perf_counter()
    start = SQ[task.start]
    if not task.tiles and not task.cottages:
        return result_cls(0, [], "search", None, task.goal, start, [start], [], lower_bound=0)
    tb = Tables(task)
    cost, stops = astar(tb, budget)
    if cost is None:
        reason = explain_impossible(task) or "impossible: no order of burns satisfies the rules"
        return impossible_result(task, "search", reason, result_cls)
    plan, route, burns = plan_from_stops(task, stops)
    return result_cls(
        cost,
        plan,
        "search",
        None,
        task.goal,
        start,
        route,
        burns,
        lower_bound=cost,
        seconds=time.perf_counter() - t0,
    )


def min_ap_cottage(
    state, cottage, *, nodes: int = COTTAGE_NODES, seconds: float | None = None
) -> PlanResult:
    """Fewest AP for Trogdor to end with the cottage on ``cottage`` (a Square or its name)
    burninated, from the engine position ``state`` (graph search). ``nodes`` / ``seconds``
    bound the search (``LimitReached`` past them; the default is never reached)."""
    nodes = check_limit("nodes", nodes, lo=1, hi=MAX_NODES, integer=True)
    if seconds is not None:
        seconds = check_limit("seconds", seconds, lo=0.001, hi=3600)
    board = board_of(state)
    task = cottage_task(board, GRID5.index(as_square(cottage, "the cottage")))
    try:
        return solve_exact(task, Budget(seconds=seconds, nodes=nodes))
    except LimitReached as e:
        raise LimitReached(f"{e.what}; the minimum is at least {e.best} AP", None) from None


__all__ = ["Board", "Tables", "astar", "min_ap_cottage", "plan_from_stops", "solve_exact"]
