"""Issue 13's two engine figures counted in machine instructions (valgrind's callgrind), which the
machine's load does not change: the timed figures in ``benchmarks/speed.py`` drift by a third
within minutes on a shared VM, an instruction count stays within 1 % from run to run (two runs on
2026-12-01: 43.8k and 44.2k instructions per Trogdor action).

Printed: instructions per random Trogdor action and per OpenSpiel chess step (the same random-play
loop as the speed table), their ratio, and instructions per whole random Trogdor game. A child
Python runs under callgrind twice, once with ``WARM`` games and once with ``WARM + N``; the
difference is the cost of the N games alone (start-up, imports and first-call work cancel).

``python -m benchmarks.instructions [--games N]`` (needs valgrind: ``apt-get install valgrind``;
without it the figures are skipped with a note).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

from .speed import chess_game, trogdor_game

ROOT = Path(__file__).resolve().parents[1]
WARM = 5  # games played in both runs: imports and first calls cost the same in each
REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


# -- what the child process plays (the speed table's loops) ----------------------------------------
def trogdor_actions(games: int) -> int:
    """Random Trogdor games by the actions figure's loop (``advance``); the number of actions."""
    import rulebook

    g = rulebook.game("trogdor")
    rng = random.Random(0)
    return sum(trogdor_game(g, seed, rng, g.advance) for seed in range(games))


def chess_steps(games: int) -> int:
    """Random OpenSpiel chess games by the same loop; the number of steps."""
    import pyspiel

    g = pyspiel.load_game("chess")
    rng = random.Random(0)
    return sum(chess_game(g, rng) for _ in range(games))


def whole_games(games: int) -> int:
    """Whole random Trogdor games through ``random_game`` (the games-per-CPU-second figure)."""
    import rulebook
    from rulebook.common.game import random_game

    g = rulebook.game("trogdor")
    return sum(random_game(g, seed).length for seed in range(games))


PLAYS = {"trogdor": trogdor_actions, "chess": chess_steps, "games": whole_games}


# -- counting ----------------------------------------------------------------------------------
def callgrind(args: list[str], cwd: Path = ROOT, path: Path | None = None) -> tuple[int, int]:
    """(instructions, the number the child prints last) of one child Python (``args`` after the
    interpreter) under callgrind, run in ``cwd`` with ``path`` first on the import path."""
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, *args]
    # a fixed hash seed: string hashing (dict and set layouts) is then the same on every run
    env = {**os.environ, "PYTHONHASHSEED": "0", **({"PYTHONPATH": str(path)} if path else {})}
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    refs = REFS.search(done.stderr)
    if done.returncode != 0 or refs is None:
        raise RuntimeError(f"callgrind run of {' '.join(args)} failed:\n{done.stderr[-2000:]}")
    return int(refs.group(1).replace(",", "")), int(done.stdout.split()[-1])


def instructions(play: str, games: int) -> tuple[int, int]:
    """(instructions, steps) of ``games`` games of ``play`` played after the warm-up games."""
    child = ["-m", "benchmarks.instructions", "--child", play]
    (base, base_steps), (total, total_steps) = (
        callgrind([*child, str(WARM + extra)]) for extra in (0, games)
    )
    return total - base, total_steps - base_steps


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m benchmarks.instructions", description=__doc__)
    p.add_argument("--games", type=int, default=20, help="games counted (after the warm-up)")
    p.add_argument("--child", nargs=2, metavar=("PLAY", "GAMES"), help=argparse.SUPPRESS)
    args = p.parse_args([] if argv is None else argv)
    if args.child:
        # the child plays its warm-up games and the counted ones; the parent takes the difference
        print(PLAYS[args.child[0]](int(args.child[1])))
        return
    if shutil.which("valgrind") is None:
        print("instruction counts skipped: valgrind is not installed (apt-get install valgrind)")
        return
    trog, actions = instructions("trogdor", args.games)
    print(f"random Trogdor play: {trog / actions:,.0f} instructions per action "
          f"({actions:,} actions in {args.games} games)")  # fmt: skip
    try:
        import pyspiel  # noqa: F401 - only asks whether the bench extra is installed
    except ImportError:
        print("OpenSpiel chess reference skipped (not installed: pip install '.[bench]')")
    else:
        # a random chess game is about 4 times as long as a Trogdor game: fewer games, similar steps
        chess, steps = instructions("chess", max(1, args.games // 8))
        print(f"OpenSpiel chess random play: {chess / steps:,.0f} instructions per step "
              f"({steps:,} steps); chess ÷ Trogdor instructions per step: "
              f"{(chess / steps) / (trog / actions):.2f} (above 1: Trogdor does less work "
              "per step than the C++ reference)")  # fmt: skip
    total, length = instructions("games", args.games)
    print(f"whole random Trogdor game (random_game): {total / args.games / 1e6:.2f} M instructions "
          f"({length / args.games:.1f} actions on average)")  # fmt: skip


if __name__ == "__main__":
    main(sys.argv[1:])
