"""Local search on the order of stops, for the whole-countryside question when A* cannot finish:
start from the greedy order, then iterated local search (move one stop elsewhere, reverse a
segment; random double-bridge kicks between rounds, from a seeded RNG). Each candidate order is
checked against the same precedence rules as the search (the Lake after its neighbours,
T-BURN-LAKE; a cottage after its 9 tiles, T-BURN-COTTAGE). It gives a good plan, never a bound."""

from __future__ import annotations

import random
import time

INF = 10**6


def order_cost(tb, order: list[int]) -> int:
    """AP of visiting the stops in ``order`` by shortest walks (INF when a rule forbids it)."""
    pos = {s: k for k, s in enumerate(order)}
    if tb.lake is not None and tb.lake in pos:
        at = pos[tb.lake]
        for i in range(tb.n):
            if tb.lake_needs >> i & 1 and pos[i] > at:
                return INF
    for j in range(tb.m):
        at = pos[tb.n + j]
        need = tb.cneeds[j]
        for i in range(tb.n):
            if need >> i & 1 and pos[i] > at:
                return INF
    here = tb.start
    total = 0
    for s in order:
        sq = tb.stop_sq[s]
        d = tb.dist[here][sq]
        if d >= INF:
            return INF
        total += d + 1
        here = sq
    return total


def _local(tb, order: list[int], best: int, deadline: float) -> tuple[list[int], int]:
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
                c = order_cost(tb, cand)
                if c < best:
                    order, best, improved = cand, c, True
            for j in range(i + 2, n + 1):
                cand = order[:i] + order[i:j][::-1] + order[j:]
                c = order_cost(tb, cand)
                if c < best:
                    order, best, improved = cand, c, True
            if time.perf_counter() > deadline:
                break
    return order, best


def improve_order(
    tb,
    order: list[int],
    *,
    time_limit: float | None,
    rounds: int | None = None,
    seed: int = 0,
    stop_at: int = 0,
) -> tuple[list[int], int]:
    """Best order found within ``time_limit`` seconds and/or ``rounds`` kicks (stops early on
    reaching ``stop_at``, a proven lower bound). With ``time_limit=None`` the result depends only
    on ``rounds`` and ``seed``: deterministic on every machine."""
    if time_limit is None and rounds is None:
        raise ValueError("give a time limit or a number of rounds")
    deadline = float("inf") if time_limit is None else time.perf_counter() + time_limit
    rng = random.Random(seed)
    best_order, best = _local(tb, list(order), order_cost(tb, order), deadline)
    cur, cur_cost = best_order, best
    done = 0
    while time.perf_counter() < deadline and best > stop_at and len(cur) >= 8:
        if rounds is not None and done >= rounds:
            break
        done += 1
        a, b, c = sorted(rng.sample(range(1, len(cur)), 3))
        kicked = cur[:a] + cur[b:c] + cur[a:b] + cur[c:]
        k_cost = order_cost(tb, kicked)
        if k_cost >= INF:
            continue
        kicked, k_cost = _local(tb, kicked, k_cost, deadline)
        if k_cost <= cur_cost:
            cur, cur_cost = kicked, k_cost
        if k_cost < best:
            best_order, best = kicked, k_cost
    return best_order, best
