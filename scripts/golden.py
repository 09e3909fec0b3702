"""Golden playthroughs for every registered game: seeded random games written out action by action.

``python -m scripts.golden`` (``make golden``) rewrites ``tests/golden/<game>/seed-<n>.txt``. Each
file starts with ``#`` comment lines and a ``start`` line, then has one line per action: the action,
a tab, and the position notation after it. ``tests/test_golden.py`` replays every file through the
protocol and compares every line, so any change in a game's behaviour shows up as a readable diff.
Review the diff, then commit the new files when the change is intended.

The games are ``rulebook.common.game.random_game`` (uniform choice among the legal actions with
``random.Random(seed)``), the same policy the tests and the benchmarks play.
"""

from __future__ import annotations

import sys
from pathlib import Path

import rulebook
from rulebook.common.game import random_game

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "tests" / "golden"
# game -> {seed: players}: the seeds that, together, make the random policy play every kind of
# action of the game (chosen by searching seeds 0-149 for the smallest covering set).
# A case is seed -> players, or seed -> (players, options for new_game).
GOLDEN_CASES: dict[str, dict[int, int | tuple[int, dict]]] = {
    "trogdor": {20: 2, 2: 1, 63: 2},
    "trollland": {134: 4, 29: 4, 43: 2, 58: 4},
    "encounter": {114: 3, 22: 3, 73: 2, 0: (2, {"variants": ("market", "sin")})},
    "encounter-solo": {136: 1, 4: 1},
}


def case(game: str, seed: int) -> tuple[int, dict]:
    """(players, new_game options) of one golden case."""
    spec = GOLDEN_CASES[game][seed]
    return (spec, {}) if isinstance(spec, int) else spec


def golden_path(game: str, seed: int) -> Path:
    return GOLDEN_DIR / game / f"seed-{seed}.txt"


def golden_text(game: str, seed: int) -> str:
    g = rulebook.game(game)
    players, options = case(game, seed)
    state = g.new_game(seed, players=players, **options)
    extra = "".join(f", {k}={v!r}" for k, v in options.items())
    lines = [
        f"# {g.title} golden playthrough: new_game(seed={seed}, players={players}{extra}), actions chosen",
        f"# by random.Random({seed}) among legal_actions (rulebook.common.game.random_game).",
        "# Regenerate: make golden (python -m scripts.golden); review the diff before committing.",
        f"start\t{state}",
    ]
    play = random_game(g, seed, players=players, **options)
    for action in play.actions:
        state = g.apply(state, action)
        lines.append(f"{action}\t{state}")
    lines.insert(3, f"# Outcome: {g.outcome(state)}, {play.length} actions.")
    return "\n".join(lines) + "\n"


def read_golden(path: Path) -> tuple[str, list[tuple[str, str]]]:
    """(start notation, [(action, notation after)]) from a golden file."""
    start = None
    steps: list[tuple[str, str]] = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line or line.startswith("#"):
            continue
        action, sep, notation = line.partition("\t")
        if not sep:
            raise ValueError(f"{path}:{n}: expected 'action<TAB>notation'")
        if action == "start":
            start = notation
        else:
            steps.append((action, notation))
    if start is None:
        raise ValueError(f"{path}: no 'start' line")
    return start, steps


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    games = argv or list(GOLDEN_CASES)
    for game in games:
        for seed in GOLDEN_CASES[game]:
            path = golden_path(game, seed)
            path.parent.mkdir(parents=True, exist_ok=True)
            text = golden_text(game, seed)
            old = path.read_text(encoding="utf-8") if path.exists() else None
            path.write_text(text, encoding="utf-8")
            status = "unchanged" if old == text else ("new" if old is None else "CHANGED")
            print(f"{path.relative_to(GOLDEN_DIR.parents[1])}: {status}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
