"""Graph-search method: A* over (where Trogdor is, which required tiles/cottages are still unburnt).

Between two burns Trogdor walks a shortest path, so a plan is an order of "stops" (a tile to burn,
a cottage to burn) and its cost is the sum of walking distances plus one AP per burn. The search
explores those orders with A*; distances come from BFS on the networkx move graph
(``board_graph``). The heuristic -- burns left, plus the distance to the nearest square still to
visit plus one move per further distinct square, plus dead ends -- never overestimates, so the first goal popped is
optimal. With a time or node limit the search may stop early: then the smallest f on the open list
is a proven lower bound and a greedy plan is the best plan found.
"""

from __future__ import annotations

import heapq
import time
from itertools import count

from rulebook.common.grid import GRID5, Square

from .board_graph import distances_from, path_actions
from .burn_task import BurnTask, cottage_task, countryside_task, explain_impossible
from .position import Position
from .results import CountrysideResult, PlanResult

INF = 10**6


class _Tables:
    """Precomputed indices and distance rows for one task."""

    def __init__(self, task: BurnTask):
        p = task.position
        self.task = task
        self.n = len(task.tiles)
        self.m = len(task.cottages)
        self.stop_sq = [GRID5.index(s) for s in task.tiles] + [
            GRID5.index(c) for c in task.cottages
        ]
        self.start = GRID5.index(p.trogdor)
        g = task.graph
        wanted = set(self.stop_sq) | {self.start}
        self.dist: dict[int, list[int]] = {}
        for a in wanted:
            row = [INF] * 25
            for sq, d in distances_from(g, GRID5.at(a)).items():
                row[GRID5.index(sq)] = d
            self.dist[a] = row
        self.lake = task.lake
        self.lake_needs = sum(1 << i for i in task.lake_needs)
        self.cneeds = [sum(1 << i for i in needs) for needs in task.cottage_needs]
        self.dead_ends = self._dead_ends(task)
        self.succ = [0] * 25
        for u, v in g.edges:
            self.succ[GRID5.index(u)] |= 1 << GRID5.index(v)

    def _dead_ends(self, task: BurnTask) -> list[tuple[int, int, int, int]]:
        """Stops after which Trogdor must waste a move (besides squares already cut off from
        every remaining target, found in ``h``): once the Lake (T-BURN-LAKE) or a cottage
        (T-BURN-COTTAGE) burns, every square he can step to from it is already burnt, so unless
        it is his last stop his next move reaches no new target. Not so when a neighbour still
        holds an unburnt cottage, or when diagonal/wraparound moves reach unburnt squares.
        Entries: (tile bit, cottage bit, square index, mask of neighbouring cottages)."""
        p = task.position
        if p.wrap:
            return []
        cot_at = {GRID5.index(c): j for j, c in enumerate(task.cottages)}

        def blockers(sq: Square) -> int:
            nbrs = GRID5.ring(sq) if p.diagonal else GRID5.neighbours(sq)
            return sum(1 << cot_at[GRID5.index(q)] for q in nbrs if GRID5.index(q) in cot_at)

        out = []
        if task.lake is not None and not p.diagonal:
            lake_sq = task.tiles[task.lake]
            out.append((1 << task.lake, 0, GRID5.index(lake_sq), blockers(lake_sq)))
        for j, c in enumerate(task.cottages):
            out.append((0, 1 << j, GRID5.index(c), blockers(c)))
        return out

    def h(self, loc_sq: int, tmask: int, cmask: int) -> int:
        """Admissible: burns left + moves to visit every other remaining square at least once."""
        burns = tmask.bit_count() + cmask.bit_count()
        if not burns:
            return 0
        sqs = 0
        for i in _bits(tmask):
            sqs |= 1 << self.stop_sq[i]
        for j in _bits(cmask):
            sqs |= 1 << self.stop_sq[self.n + j]
        targets = sqs
        sqs &= ~(1 << loc_sq)
        k = sqs.bit_count()
        if not k:
            return burns
        row = self.dist[loc_sq]
        near = min(row[s] for s in _bits(sqs))
        if near >= INF:
            return INF
        dead = 0  # squares (bitmask) after whose last burn the next move is wasted
        for tbit, cbit, sq, block in self.dead_ends:
            if (tmask & tbit or cmask & cbit) and sq != loc_sq and not cmask & block:
                dead |= 1 << sq
        succ = self.succ
        for s in _bits(sqs):  # already cut off: every square he can step to is done with
            if not succ[s] & targets:
                dead |= 1 << s
        return burns + near + k - 1 + max(0, dead.bit_count() - 1)

    def moves(self, loc_sq: int, tmask: int, cmask: int):
        """(stop index, cost) for every burn allowed now (T-BURN-LAKE, T-BURN-COTTAGE)."""
        row = self.dist[loc_sq]
        for i in _bits(tmask):
            if i == self.lake and tmask & self.lake_needs:
                continue
            d = row[self.stop_sq[i]]
            if d < INF:
                yield i, d + 1
        for j in _bits(cmask):
            if tmask & self.cneeds[j]:
                continue
            d = row[self.stop_sq[self.n + j]]
            if d < INF:
                yield self.n + j, d + 1


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _astar(tb: _Tables, deadline: float | None, node_limit: int | None):
    """Returns (cost, stops) on success, (None, lower_bound) when stopped early, (None, None) when
    the open list empties (impossible)."""
    full_t = (1 << tb.n) - 1
    full_c = (1 << tb.m) - 1
    start = (tb.start, full_t, full_c)
    h0 = tb.h(tb.start, full_t, full_c)
    if h0 >= INF:
        return None, None
    best = {start: 0}
    parent: dict = {start: None}
    tick = count()
    heap = [(h0, 0, next(tick), start)]
    popped = 0
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
        popped += 1
        if popped & 1023 == 0 and (
            (deadline is not None and time.perf_counter() > deadline)
            or (node_limit is not None and popped > node_limit)
        ):
            return None, min(f, heap[0][0]) if heap else f
        for stop, cost in tb.moves(loc, tmask, cmask):
            if stop < tb.n:
                nxt = (tb.stop_sq[stop], tmask & ~(1 << stop), cmask)
            else:
                nxt = (tb.stop_sq[stop], tmask, cmask & ~(1 << (stop - tb.n)))
            ng = g + cost
            if ng < best.get(nxt, INF):
                hh = tb.h(*nxt)
                if hh >= INF:
                    continue
                best[nxt] = ng
                parent[nxt] = (state, stop)
                heapq.heappush(heap, (ng + hh, -ng, next(tick), nxt))
    return None, None


def greedy_stops(tb: _Tables) -> list[int] | None:
    """Nearest allowed stop first (board order breaks ties): a quick feasible plan, not optimal."""
    loc, tmask, cmask = tb.start, (1 << tb.n) - 1, (1 << tb.m) - 1
    stops = []
    while tmask or cmask:
        options = sorted(tb.moves(loc, tmask, cmask), key=lambda sc: (sc[1], tb.stop_sq[sc[0]]))
        if not options:
            return None
        stop = options[0][0]
        stops.append(stop)
        loc = tb.stop_sq[stop]
        if stop < tb.n:
            tmask &= ~(1 << stop)
        else:
            cmask &= ~(1 << (stop - tb.n))
    return stops


def plan_from_stops(
    task: BurnTask, stops: list[int]
) -> tuple[list[str], list[Square], list[Square]]:
    """Turn an order of stops into engine action strings, the route and the burnt tiles."""
    g = task.graph
    n = len(task.tiles)
    here = task.position.trogdor
    plan: list[str] = []
    route = [here]
    burns: list[Square] = []
    for stop in stops:
        target = task.tiles[stop] if stop < n else task.cottages[stop - n]
        if target != here:
            walk = _route(g, here, target)
            plan += path_actions(g, here, target)
            route += walk[1:]
            here = target
        if stop < n:
            plan.append("burn tile")
            burns.append(target)
        else:
            plan.append("burn cottage")
    return plan, route, burns


def _route(g, a: Square, b: Square) -> list[Square]:
    import networkx as nx

    return nx.shortest_path(g, a, b)


def solve_task(
    task: BurnTask,
    *,
    time_limit: float | None = None,
    node_limit: int | None = None,
    rounds: int | None = 200,
    result_cls=PlanResult,
) -> PlanResult:
    """A* on ``task``; exact unless a limit stops it (then a lower bound and the best plan that
    local search finds within the rest of the time and/or ``rounds`` kicks). Give ``node_limit``
    and ``rounds`` without ``time_limit`` for an answer that is the same on every machine."""
    t0 = time.perf_counter()
    start = task.position.trogdor
    if not task.tiles and not task.cottages:
        return result_cls(0, [], "search", None, task.goal, start, [start], [], seconds=0.0)
    tb = _Tables(task)
    # with a time limit, A* gets two thirds of it; local search on the best order the rest
    deadline = None if time_limit is None else t0 + time_limit * 2 / 3
    cost, info = _astar(tb, deadline, node_limit)
    if cost is not None:
        plan, route, burns = plan_from_stops(task, info)
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
    if info is None:
        reason = explain_impossible(task) or "impossible: no order of burns satisfies the rules"
        return result_cls(
            None, [], "search", reason, task.goal, start, [start], seconds=time.perf_counter() - t0
        )
    stops = greedy_stops(tb)
    best = None
    if stops is not None:
        from .improve import improve_order

        left = None
        if time_limit is not None:
            left = max(0.1, t0 + time_limit - time.perf_counter())
        stops, best = improve_order(tb, stops, time_limit=left, rounds=rounds, stop_at=info)
    plan, route, burns = plan_from_stops(task, stops) if stops is not None else ([], [start], [])
    exact = best is not None and best <= info  # the local search reached the lower bound
    return result_cls(
        len(plan) if stops is not None else None,
        plan,
        "search",
        None if stops is not None else "no plan found within the limit",
        task.goal,
        start,
        route,
        burns,
        exact=exact,
        lower_bound=info,
        timed_out=not exact,
        seconds=time.perf_counter() - t0,
    )


def min_ap_cottage(position: Position, cottage: Square) -> PlanResult:
    """Fewest AP for Trogdor to end with the cottage on ``cottage`` burninated (graph search)."""
    return solve_task(cottage_task(position, cottage))


def min_ap_countryside(
    position: Position,
    *,
    cottages: bool = True,
    time_limit: float | None = 10.0,
    node_limit: int | None = None,
    rounds: int | None = 200,
) -> CountrysideResult:
    """Fewest AP to burn all 25 tiles (and, with ``cottages``, every cottage) within a time
    limit; ``exact`` says whether the answer is proven minimal. For a machine-independent answer
    (notebooks), pass ``time_limit=None, node_limit=N`` (A* expansions) and ``rounds``."""
    if time_limit is None and node_limit is None:
        raise ValueError("give a time limit or a node limit")
    return solve_task(
        countryside_task(position, cottages=cottages),
        time_limit=time_limit,
        node_limit=node_limit,
        rounds=rounds,
        result_cls=CountrysideResult,
    )
