"""Random Encounter speed figures (printed, never asserted).

python -m benchmarks.encounter [--builder-deals 40] [--solo-deals 4] [--solo-budget 150000]

* battle resolutions per second (the solvers' fast path, and the full step-by-step resolution);
* encounter-builder median / p90 time, z3 and matching, on a fixed set of deals (9 cards vs an
  opponent's five encounters built at random from the same deal), and whether they agreed;
* Solo Adventure solver time and states/s on a fixed set of deals.
"""

from __future__ import annotations

import argparse
import statistics
import time

from rulebook.common.rng import Rng
from rulebook.encounter import (
    BattleRules,
    default_cards,
    new_adventure,
    new_game,
    resolution,
    resolve,
    summarise,
)
from solvers.encounter.adventure import solve_adventure
from solvers.encounter.builder import build_matching, build_z3, random_build


def _pairs(n: int, seed: int = 0):
    cards = default_cards()
    ids = cards.ids("encounter")
    rng = Rng(seed)
    out = []
    for _ in range(n):
        deck, rng = rng.shuffled(ids)
        a, rng = rng.below(3)
        b, rng = rng.below(3)
        out.append((deck[: 1 + a], deck[3 : 4 + b]))
    return out


def bench_battles(n: int = 20_000) -> None:
    cards = default_cards()
    rules = BattleRules()
    pairs = _pairs(2000)
    summ = [(summarise(a, cards, rules), summarise(b, cards, rules)) for a, b in pairs]
    t = time.perf_counter()
    k = 0
    while k < n:
        for sa, sb in summ:
            resolution(sa, sb, rules)
        k += len(summ)
    fast = k / (time.perf_counter() - t)
    t = time.perf_counter()
    for a, b in pairs:
        resolve(a, b, cards, rules)
    full = len(pairs) / (time.perf_counter() - t)
    t = time.perf_counter()
    for a, b in pairs:
        resolution(summarise(a, cards, rules), summarise(b, cards, rules), rules)
    summed = len(pairs) / (time.perf_counter() - t)
    print(f"battle resolutions/s: {fast:,.0f} (precomputed summaries), {summed:,.0f} "
          f"(summarise + resolve), {full:,.0f} (full resolution with steps)")  # fmt: skip


def builder_deals(n: int):
    """Fixed deals: player 2's nine cards against player 1's random legal build."""
    out = []
    for seed in range(n):
        st = new_game(2, seed)
        groups, _ = random_build(st, Rng(seed, 77), tries=200)
        out.append((list(st.hands[1]), groups))
    return out


def bench_builder(n: int) -> None:
    cards = default_cards()
    tz, tm, agree, wins = [], [], 0, []
    for hand, opp in builder_deals(n):
        t = time.perf_counter()
        a = build_matching(hand, opp, cards)
        tm.append(time.perf_counter() - t)
        t = time.perf_counter()
        b = build_z3(hand, opp, cards)
        tz.append(time.perf_counter() - t)
        agree += a.wins == b.wins
        wins.append(a.wins)

    def fmt(xs):
        xs = sorted(xs)
        return f"median {statistics.median(xs) * 1000:.1f} ms, p90 {xs[int(0.9 * (len(xs) - 1))] * 1000:.1f} ms"

    print(f"encounter builder on {n} deals: matching {fmt(tm)}; z3 {fmt(tz)}; "
          f"agree {agree}/{n}; mean wins {statistics.mean(wins):.2f} of 5")  # fmt: skip


def bench_solo(n: int, budget: int) -> None:
    total_t, total_states, verdicts = 0.0, 0, {True: 0, False: 0, None: 0}
    rows = []
    for seed in range(n):
        t = time.perf_counter()
        res = solve_adventure(new_adventure(seed), max_states=budget)
        dt = time.perf_counter() - t
        total_t += dt
        total_states += res.states
        verdicts[res.winnable] += 1
        rows.append(dt)
    print(f"solo adventure solver on {n} deals (budget {budget:,} states): "
          f"{verdicts[True]} winnable, {verdicts[False]} not winnable, {verdicts[None]} unknown; "
          f"total {total_t:.1f} s, median {statistics.median(rows):.2f} s/deal, "
          f"{total_states / max(total_t, 1e-9):,.0f} states/s ({total_states:,} states)")  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--builder-deals", type=int, default=40)
    p.add_argument("--solo-deals", type=int, default=4)
    p.add_argument("--solo-budget", type=int, default=150_000)
    args = p.parse_args(argv if argv is not None else [])
    print("== Random Encounter")
    bench_battles()
    bench_builder(args.builder_deals)
    bench_solo(args.solo_deals, args.solo_budget)


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
