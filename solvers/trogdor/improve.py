"""A good plan for the whole-countryside question when A* cannot finish: nearest stop first, then
iterated local search on the order of stops (move one stop elsewhere, reverse a segment; seeded
double-bridge kicks between rounds). Each candidate order is checked against the same precedence
rules as the search (the Lake after its neighbours, T-BURN-LAKE; a cottage after its 9 tiles,
T-BURN-COTTAGE). It gives a plan, never a bound; its budget is a number of kicks, so the plan is
the same on every machine."""

from __future__ import annotations

import random
import time

INF = 10**6


def greedy_stops(tb) -> list[int] | None:
    """Nearest allowed stop first (board order breaks ties): a quick feasible plan."""
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


def _precedence(tb) -> list[tuple[int, int]]:
    """(before, after) pairs of stops the rules order."""
    pairs = []
    if tb.lake is not None:
        pairs += [(i, tb.lake) for i in range(tb.n) if tb.lake_needs >> i & 1]
    for j in range(tb.m):
        pairs += [(i, tb.n + j) for i in range(tb.n) if tb.cneeds[j] >> i & 1]
    return pairs


def order_cost(tb, order: list[int], pairs) -> int:
    """AP of visiting the stops in ``order`` by shortest walks (INF when a rule forbids it)."""
    pos = [0] * len(order)
    for k, s in enumerate(order):
        pos[s] = k
    for a, b in pairs:
        if pos[a] > pos[b]:
            return INF
    here = tb.start
    total = 0
    dist, stop_sq = tb.dist, tb.stop_sq
    for s in order:
        sq = stop_sq[s]
        d = dist[here][sq]
        if d >= INF:
            return INF
        total += d + 1
        here = sq
    return total


def _local(tb, order, best, pairs, deadline):
    n = len(order)
    improved = True
    while improved and time.perf_counter() < deadline:
        improved = False
        for i in range(n):
            for j in range(n):
                if i == j:
                    continue
                cand = order[:i] + order[i + 1 :]
                cand.insert(j, order[i])
                c = order_cost(tb, cand, pairs)
                if c < best:
                    order, best, improved = cand, c, True
            for j in range(i + 2, n + 1):
                cand = order[:i] + order[i:j][::-1] + order[j:]
                c = order_cost(tb, cand, pairs)
                if c < best:
                    order, best, improved = cand, c, True
    return order, best


def improve_order(
    tb, order: list[int], *, rounds: int, seed: int = 0, stop_at: int = 0, deadline=None
) -> tuple[list[int], int]:
    """Best order found with ``rounds`` kicks (stops early on reaching ``stop_at``, a proven
    lower bound, or at ``deadline``, a ``time.perf_counter()`` value)."""
    deadline = float("inf") if deadline is None else deadline
    pairs = _precedence(tb)
    rng = random.Random(seed)
    best_order, best = _local(tb, list(order), order_cost(tb, order, pairs), pairs, deadline)
    cur, cur_cost = best_order, best
    for _ in range(rounds):
        if best <= stop_at or len(cur) < 8 or time.perf_counter() >= deadline:
            break
        a, b, c = sorted(rng.sample(range(1, len(cur)), 3))
        kicked = cur[:a] + cur[b:c] + cur[a:b] + cur[c:]
        k_cost = order_cost(tb, kicked, pairs)
        if k_cost >= INF:
            continue
        kicked, k_cost = _local(tb, kicked, k_cost, pairs, deadline)
        if k_cost <= cur_cost:
            cur, cur_cost = kicked, k_cost
        if k_cost < best:
            best_order, best = kicked, k_cost
    return best_order, best
