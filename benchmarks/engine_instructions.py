"""Issue 20's engine figures counted in machine instructions (valgrind's callgrind): per game,
instructions per action of random play and of checked play (``play_game``: invariants, legality
and length after every action), and their ratio. The wall-clock figures of
``benchmarks.engines`` move by a tenth from run to run on a shared VM; an instruction count moves
by about 1 %. rulebook/PERF.md quotes these figures.

Each count is the difference of two callgrind runs of a child Python that first plays ``--warm``
random games (and a third as many checked ones), so that the tables filled on first use are
warm, as in a benchmark process, then 0 or ``--games`` games: start-up, imports and the warm-up
cancel.

    python -m benchmarks.engine_instructions [--game trogdor ...] [--games 20] [--warm 100]
    python -m benchmarks.engine_instructions --before DIR   # the same counts for DIR's code too

Needs valgrind (``apt-get install valgrind``). Slow: a count takes about a minute of callgrind
for this code, ten for the code before issue 20.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

GAMES = ("trogdor", "trollland", "encounter", "encounter-solo")
MODES = ("random", "checked")


def child(game: str, mode: str, warm: int, games: int) -> int:
    """Play the warm-up, then ``games`` games of ``mode``; the number of actions counted."""
    import rulebook
    from rulebook.common.game import random_game
    from solvers.play.play import Setup, play_game

    g = rulebook.game(game)
    for seed in range(warm):
        random_game(g, 10_000 + seed)
    for seed in range(warm // 3):
        play_game(Setup(game), 20_000 + seed)
    if mode == "checked":
        return sum(play_game(Setup(game), seed)[0].length for seed in range(games))
    return sum(random_game(g, seed).length for seed in range(games))


def count(tree: Path, game: str, mode: str, warm: int, games: int) -> float:
    """Instructions per action of ``games`` games of ``mode`` with ``tree``'s code."""
    from benchmarks.instructions import callgrind  # the parent's own (a child may be older code)

    script = [str(Path(__file__).resolve()), "--child", game, mode, str(warm)]
    (base, _), (total, actions) = (callgrind([*script, str(n)], tree, tree) for n in (0, games))
    return (total - base) / actions


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(
        prog="python -m benchmarks.engine_instructions", description=__doc__
    )
    p.add_argument("--game", choices=GAMES, action="append",
                   help="a game (default: the two engines issue 20 made faster)")  # fmt: skip
    p.add_argument("--games", type=int, default=20, help="games counted, after the warm-up")
    p.add_argument("--warm", type=int, default=100, help="random games played first")
    p.add_argument("--before", type=Path, help="a copy of older code to count alongside")
    p.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = p.parse_args([] if argv is None else argv)
    if args.child:
        game, mode, warm, games = args.child
        print(child(game, mode, int(warm), int(games)))
        return
    from benchmarks.engines import trees_to_measure  # the parent's own (a child may be older)

    trees = trees_to_measure(p, args.before)
    if shutil.which("valgrind") is None:
        print("instruction counts skipped: valgrind is not installed (apt-get install valgrind)")
        return
    print(f"instructions per action, {args.games} games after {args.warm} (callgrind)")
    for game in args.game or ("trollland", "encounter"):
        figures = {(name, mode): count(tree, game, mode, args.warm, args.games)
                   for name, tree in trees for mode in MODES}  # fmt: skip
        for name, _ in trees:
            random_, checked = figures[name, "random"], figures[name, "checked"]
            print(f"{game:16}{name:8} random {random_:10,.0f}  checked {checked:10,.0f}  "
                  f"checked ÷ unchecked {random_ / checked:.3f}")  # fmt: skip
        if args.before:
            ratio = figures["before", "random"] / figures["after", "random"]
            print(f"{game:16}random play {ratio:.1f}x fewer instructions per action than before")


if __name__ == "__main__":  # run as a script by ``count``, with another tree's code first
    main(sys.argv[1:])
