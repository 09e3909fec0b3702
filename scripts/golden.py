"""Golden playthroughs: seeded random Trogdor games written out action by action.

``python -m scripts.golden`` (``make golden``) rewrites ``tests/trogdor/golden/seed-<n>.txt``. Each
file starts with ``#`` comment lines and a ``start`` line, then has one line per action: the action,
a tab, and the position notation after it. ``tests/trogdor/test_golden.py`` replays the file and
compares every line, so any change in the engine's behaviour shows up as a readable diff. Review the
diff, then commit the new files when the change is intended.

The random policy lives here too (``random_game``) so the tests and the benchmark play the very
same games.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

import rulebook

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "tests" / "trogdor" / "golden"
# (seed, players): chosen so that together they exercise every kind of action the random policy
# plays (burn tile/cottage/peasant, chomp, burrow, hide, teleport, items, spawn) and the Troghammer.
GOLDEN_CASES = {2: 1, 31: 2, 58: 1}
GOLDEN_SEEDS = tuple(GOLDEN_CASES)
PRESET = "normal"
MAX_STEPS = 5_000  # a whole game is a few hundred actions; more means the game does not end


@dataclass
class Playthrough:
    seed: int
    players: int
    start: str
    actions: list = field(default_factory=list)  # Action values (str(a) is the text)
    positions: list[str] = field(default_factory=list)  # notation after each action
    final: object = None  # the final State

    @property
    def outcome(self) -> str | None:
        return self.final.outcome


def random_game(
    seed: int,
    *,
    preset: str = PRESET,
    players: int = 1,
    max_steps: int = MAX_STEPS,
    record: bool = True,
) -> Playthrough:
    """Play one whole game from ``new_game(preset, players, seed=seed)``, choosing uniformly among
    the legal actions with ``random.Random(seed)``. Raises RuntimeError if it has not ended in
    ``max_steps`` or a live position has no legal action. ``record=False`` skips the notations
    (start and after every action), for speed."""
    pick = random.Random(seed).random
    game = rulebook.game("trogdor")
    state = game.new_game(seed, players=players, preset=preset)
    play = Playthrough(seed, players, str(state) if record else "")
    actions, positions = play.actions, play.positions
    for _ in range(max_steps):
        if state.outcome is not None:
            play.final = state
            return play
        options = game.legal_actions(state)
        if not options:
            raise RuntimeError(f"seed {seed}: no legal action in a live position: {state}")
        action = options[int(pick() * len(options))]
        state = game.apply(state, action)
        actions.append(action)
        if record:
            positions.append(str(state))
    raise RuntimeError(f"seed {seed}: the game did not end within {max_steps} actions")


def golden_path(seed: int) -> Path:
    return GOLDEN_DIR / f"seed-{seed}.txt"


def golden_text(play: Playthrough, preset: str = PRESET) -> str:
    lines = [
        f"# Trogdor golden playthrough: new_game({preset!r}, players={play.players}, "
        f"seed={play.seed}), actions chosen by",
        f"# random.Random({play.seed}) among legal_actions. Regenerate: make golden",
        f"# (python -m scripts.golden). Outcome: {play.outcome}, {len(play.actions)} actions.",
        f"start\t{play.start}",
    ]
    lines += [f"{a}\t{p}" for a, p in zip(play.actions, play.positions, strict=True)]
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
    seeds = [int(a) for a in argv] or list(GOLDEN_SEEDS)
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for seed in seeds:
        play = random_game(seed, players=GOLDEN_CASES.get(seed, 1))
        path = golden_path(seed)
        text = golden_text(play)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        path.write_text(text, encoding="utf-8")
        status = "unchanged" if old == text else ("new" if old is None else "CHANGED")
        print(
            f"{path.relative_to(GOLDEN_DIR.parents[2])}: {len(play.actions)} actions, "
            f"outcome {play.outcome} ({status})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
