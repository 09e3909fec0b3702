"""Perft counts (as python-chess's): from fixed positions of every game, how many action
sequences of each length the rules allow. ``tests/test_perft.py`` checks the stored counts, so
any engine change that alters a move list shows up as a number.

The positions are stored as their notation (they do not depend on ``new_game`` staying the same):
set-up positions of every player count, the gallery's positions (the seed texts' examples), and
positions along seeded random games.

    python -m scripts.perft        # writes tests/perft.json (review `git diff` and commit)
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import rulebook
from drawings import gallery

PATH = Path(__file__).resolve().parents[1] / "tests" / "perft.json"
# plies counted from each position (a build turn of Random Encounter offers ~45 actions)
DEPTH = {"trogdor": 4, "trollland": 3, "encounter": 2, "encounter-solo": 4}
PER_GAME = 12  # positions per game
GALLERY = {"trogdor": "trogdor", "trollland": "trollland", "encounter": "encounter",
           "encounter-solo": "encounter"}  # fmt: skip


def perft(game, state, depth: int) -> list[int]:
    """The number of action sequences of length 1..``depth`` from ``state`` (a finished game
    counts none)."""
    counts = [0] * depth
    frontier = [state]
    for d in range(depth):
        nxt = []
        for s in frontier:
            for a in game.legal_actions(s):
                nxt.append(game.perform(s, a))
        counts[d] = len(nxt)
        frontier = nxt
    return counts


def positions(name: str) -> list[str]:
    """``PER_GAME`` live positions of game ``name``, as notation."""
    game = rulebook.game(name)
    out = []
    for scenario in gallery.load(GALLERY[name]):
        s = gallery.position(scenario)
        if s.GAME == name and not game.is_terminal(s) and len(out) < PER_GAME // 3:
            out.append(str(s))
    for players in game.players_allowed:
        out.append(str(game.new_game(len(out), players=players)))
    rng = random.Random(name)
    seed = 100
    while len(out) < PER_GAME:
        s = game.new_game(seed)
        for _ in range(rng.randrange(4, 60)):
            if game.is_terminal(s):
                break
            s = game.apply(s, rng.choice(game.legal_actions(s)))
        if not game.is_terminal(s):
            out.append(str(s))
        seed += 1
    return out


def main() -> None:
    data = {}
    for name in sorted(rulebook.REGISTRY):
        game = rulebook.game(name)
        data[name] = [
            {"position": text, "counts": perft(game, game.parse(text), DEPTH[name])}
            for text in positions(name)
        ]
    PATH.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {PATH}")


if __name__ == "__main__":
    main()
