"""Trogdor engine speed on one core: whole random-policy games per second, setups, legal-action
generations, actions applied and notations written per second. Target: >= 2,000 games per CPU
second (issue 13; the speed table in ``benchmarks/speed.py`` measures it through the protocol).

``python -m benchmarks.trogdor [--games N] [--profile]``: ``--profile`` prints the engine's
hot spots (cProfile, top 25 by own time).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import time

import rulebook
from rulebook.common.game import random_game
from rulebook.trogdor import apply_action, legal_actions, new_game

GAME = rulebook.game("trogdor")

TARGET_GAMES_PER_S = 2_000


def games_per_second(n: int) -> tuple[float, float, float]:
    """(games per wall-clock second, games per CPU second, mean actions per game) over seeds
    0..n-1, one player, preset normal. CPU time is this process only, so it stays meaningful
    when other jobs share the machine."""
    wall, cpu = time.perf_counter(), time.process_time()
    actions = sum(len(random_game(GAME, seed).actions) for seed in range(n))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return n / wall, n / cpu, actions / n


def sample_positions(games: int) -> list:
    """Every position of a few seeded games (re-played, so the sample is the same every run)."""
    positions = []
    for seed in range(games):
        play = random_game(GAME, seed)
        state = new_game("normal", seed=seed)
        positions.append(state)
        for action in play.actions:
            state = apply_action(state, action)
            positions.append(state)
    return [p for p in positions if p.outcome is None]


def per_second(fn, items, repeat: int) -> float:
    """Calls per CPU second of this process (robust to other jobs on the machine)."""
    start = time.process_time()
    for _ in range(repeat):
        for item in items:
            fn(item)
    return repeat * len(items) / (time.process_time() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.trogdor")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args([] if argv is None else argv)

    random_game(GAME, 0)  # warm caches (card data, catalog)
    gps, cpu_gps, mean_len = games_per_second(args.games)
    flag = "ok" if cpu_gps >= TARGET_GAMES_PER_S else f"BELOW TARGET {TARGET_GAMES_PER_S}"
    print(
        f"random-policy whole games: {gps:,.0f} games/s wall clock, {cpu_gps:,.0f} games per "
        f"CPU second over {args.games} games ({flag})"
    )
    print(f"machine load average (1 min): {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"mean game length: {mean_len:.0f} actions")

    setups = per_second(lambda seed: new_game("normal", seed=seed), list(range(200)), 3)
    print(f"new_game: {setups:,.0f} setups per CPU second")
    positions = sample_positions(20)
    print(
        f"legal_actions: {per_second(legal_actions, positions, 3):,.0f} calls per CPU second "
        f"over {len(positions)} positions"
    )
    pairs = [(s, legal_actions(s)[0]) for s in positions]
    applied = per_second(lambda p: apply_action(*p), pairs, 3)
    print(f"apply_action: {applied:,.0f} actions per CPU second")
    print(f"notation: {per_second(str, positions, 3):,.0f} str(state) per CPU second")

    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        for seed in range(200):
            random_game(GAME, seed)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
