"""The four engines side by side (issue 20), printed, never asserted: per game, random play
(actions and whole games per CPU second, and the actions/s as a share of Trogdor's in the same
run), checked sweeps (``play_game``: invariants, legality and length after every action) against
unchecked random play, the search agent's CPU seconds per decision (16 simulations) and the
hint's simulations per CPU second. Each figure is the median of ``--runs`` child processes;
within one, random and checked play of all four games are timed in slices taken in turn, so a
drift in the VM's speed meets them alike (one figure after another, the ratios moved by a third).

    python -m benchmarks.engines [--runs 3] [--budget 0.5]
    python -m benchmarks.engines --before DIR   # the same figures for the code in DIR too
                                                # (e.g. a `git archive main` copy), and
                                                # each game's speed-up, run by run

With ``--before``, the two trees' children run in lockstep on one CPU: each times one slice (or
one search or hint figure) while the other waits, turn about, so both meet the VM's speed of the
same fraction of a second on the same core (run after run, one tree's figure moved by a fifth
while the other's code had not changed, and the two cores of the VM differed by a tenth).

Goals (issue 20): Trollland and Encounter at least 30 % of Trogdor's actions/s; checked sweeps at
least half as fast as unchecked random play.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("trogdor", "trollland", "encounter", "encounter-solo")
SEARCH_BUDGET = 16  # simulations per decision of the search agent (as in benchmarks.agents)
DECISIONS = 3  # search decisions timed per game (the first positions of a random game)
WARM_UP = 5  # untimed games before each timed figure
SLICES = 10  # turns in which the random-play figures are taken, across all games


class Turns:
    """A child's turns in lockstep with its sibling (``--lockstep``): it waits for ``go`` on
    stdin before each timed part and answers ``done`` after it; otherwise a no-op."""

    on = False

    def __enter__(self):
        if self.on:
            sys.stdin.readline()

    def __exit__(self, *exc):
        if self.on:
            print("done", flush=True)


TURN = Turns()


def _per_cpu_s(budget: float, players: dict) -> dict:
    """(games, actions) per CPU second of each ``play_one(seed) -> actions`` of ``players``, over
    ``budget`` s each, taken in ``SLICES`` turns across them: the VM's speed drifts by a third
    within seconds, and slices in turn meet every game (and checked and random play) alike, so
    the ratios hold where one figure after another did not. ``WARM_UP`` untimed games first (what
    loads on first use is not charged to the first game measured)."""
    tally = {key: [0, 0, 0.0] for key in players}  # games (the next seed), actions, CPU seconds
    for play_one in players.values():
        with TURN:
            for seed in range(WARM_UP):
                play_one(seed)
    for _ in range(SLICES):
        for key, play_one in players.items():
            t = tally[key]
            with TURN:
                t0 = time.process_time()
                while time.process_time() - t0 < budget / SLICES:
                    t[1] += play_one(t[0])
                    t[0] += 1
                t[2] += time.process_time() - t0
    return {key: (games / dt, actions / dt) for key, (games, actions, dt) in tally.items()}


def _positions(game, n: int) -> list:
    """The first ``n`` positions of a random game (seed 0) with someone to act."""
    s, out, rng = game.new_game(0), [], random.Random(0)
    while len(out) < n and not game.is_terminal(s):
        out.append(s)
        s = game.apply(s, rng.choice(game.legal_actions(s)))
    return out


def _search_s(game) -> float:
    """CPU seconds per search-agent decision."""
    from solvers.play.agents import make_agent

    agent, states = make_agent("search", SEARCH_BUDGET), _positions(game, DECISIONS)
    t0 = time.process_time()
    for i, s in enumerate(states):
        agent.choose(game, s, random.Random(i))
    return (time.process_time() - t0) / len(states)


def _hint_rate(game, seconds: float) -> float:
    """Simulations per CPU second of ``hint`` on the first position."""
    from solvers.play.agents import hint

    s = game.new_game(0)
    t0 = time.process_time()
    h = hint(s, seconds=seconds, seed=0)
    return h.simulations / max(time.process_time() - t0, 1e-9)


def measure(budget: float) -> dict:
    """Every figure of every game for the code on ``sys.path`` (one child process)."""
    import rulebook
    from rulebook.common.game import random_game
    from solvers.play.play import Setup, play_game

    games = {name: rulebook.game(name) for name in GAMES}
    players = {}
    for name, g in games.items():
        players[name, "random"] = lambda seed, g=g: random_game(g, seed).length
        players[name, "checked"] = lambda seed, n=name: play_game(Setup(n), seed)[0].length
    rates = _per_cpu_s(budget, players)
    out = {}
    for name, g in games.items():
        (played, actions), (checked, checked_actions) = (
            rates[name, "random"],
            rates[name, "checked"],
        )
        with TURN:
            search = _search_s(g)
        with TURN:
            hint_rate = _hint_rate(g, budget)
        out[name] = {
            "actions/s": actions,
            "games/s": played,
            "checked games/s": checked,
            "checked actions/s": checked_actions,
            "search s/decision": search,
            "hint sims/s": hint_rate,
        }
    return out


def _command(tree: Path, budget: float, *extra: str) -> dict:
    """How to run ``measure`` in a fresh process with ``tree``'s code first on the path."""
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", "--budget", str(budget)]
    return {"args": cmd + list(extra), "cwd": tree, "env": {**os.environ, "PYTHONPATH": str(tree)}}


def child(tree: Path, budget: float) -> dict:
    """``measure`` in a fresh process with ``tree``'s code first on the path."""
    out = subprocess.run(**_command(tree, budget), capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def lockstep(trees: list[Path], budget: float) -> list[dict]:
    """``measure`` of each tree in its own process, all in lockstep (``Turns``): each child runs
    one timed part, then the next child; a child's last answer is its figures."""
    cpu = str(min(os.sched_getaffinity(0)))  # one core for all: the cores' speeds differ
    kids = [
        subprocess.Popen(**_command(t, budget, "--lockstep", cpu), stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True)
        for t in trees
    ]  # fmt: skip
    figures: list = [None] * len(kids)
    try:
        while None in figures:
            for i, kid in enumerate(kids):
                if figures[i] is None:
                    kid.stdin.write("go\n")
                    kid.stdin.flush()
                    figures[i] = _turn_over(kid, trees[i])
    finally:
        for kid in kids:
            if None in figures:
                kid.kill()
            kid.wait()
    return figures


def _turn_over(kid, tree: Path) -> dict | None:
    """Read a child's output up to the end of its turn: None after ``done``, else its figures
    (a line of JSON); other lines are passed on."""
    for line in kid.stdout:
        if line.strip() == "done":
            return None
        if line.startswith("{"):
            return json.loads(line)
        print(line, end="", file=sys.stderr)
    raise RuntimeError(f"the benchmark child for {tree} stopped (exit {kid.wait()})")


def medians(runs: list[dict]) -> dict:
    return {g: {k: statistics.median(r[g][k] for r in runs) for k in runs[0][g]} for g in runs[0]}


def table(fig: dict, label: str = "") -> None:
    trog = fig["trogdor"]["actions/s"]
    print(f"{label}{'game':16}{'actions/s':>11}{'÷ Trogdor':>10}{'games/CPU-s':>12}"
          f"{'checked ÷ unchecked':>20}{'(per action)':>13}{'search s/decision':>18}"
          f"{'hint sims/s':>12}")  # fmt: skip
    for g, f in fig.items():
        # per action too: a checked game (agents with per-seat RNGs) is not the same game as a
        # random one, and their lengths differ
        per_action = f.get("checked actions/s", float("nan")) / f["actions/s"]
        print(f"{label}{g:16}{f['actions/s']:11,.0f}{f['actions/s'] / trog:10.2f}"
              f"{f['games/s']:12,.1f}{f['checked games/s'] / f['games/s']:20.2f}"
              f"{per_action:13.2f}{f['search s/decision']:18.3f}"
              f"{f['hint sims/s']:12,.0f}")  # fmt: skip


def speedups(after: list[dict], before: list[dict]) -> None:
    """Random play's actions/s after ÷ before, per game: each lockstep run's pair of figures
    (both met the same load), then their median and range (the goal: 10× for Trollland and
    Encounter)."""
    print(f"{'after ÷ before':16}{'median':>11}  each run (actions/s of random play)")
    for g in after[0]:
        each = sorted(
            a[g]["actions/s"] / b[g]["actions/s"] for a, b in zip(after, before, strict=True)
        )
        runs = "  ".join(f"{r:.2f}" for r in each)
        print(f"{g:16}{statistics.median(each):10.2f}×  {runs}")


def trees_to_measure(parser: argparse.ArgumentParser, before: Path | None) -> list:
    """[("after", this tree)], then ("before", ``before``) if given: a copy of older code with its
    own ``rulebook`` package (else a child would import the installed one, this tree's code)."""
    if before is None:
        return [("after", ROOT)]
    if not (before / "rulebook" / "__init__.py").is_file():
        parser.error(f"--before {before}: no rulebook/ package there (a copy of older code)")
    return [("after", ROOT), ("before", before.resolve())]


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m benchmarks.engines", description=__doc__)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--budget", type=float, default=0.5, help="CPU seconds per figure and game")
    p.add_argument("--before", type=Path, help="a copy of older code to measure alongside")
    p.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--lockstep", metavar="CPU", help=argparse.SUPPRESS)
    args = p.parse_args([] if argv is None else argv)
    if args.child:
        if args.lockstep is not None:
            os.sched_setaffinity(0, {int(args.lockstep)})
            TURN.on = True
        figures = measure(args.budget)
        with TURN:  # the last turn answers the figures instead of "done"
            TURN.on = False
            print(json.dumps(figures), flush=True)
        return
    trees = trees_to_measure(p, args.before)
    runs: dict[str, list] = {name: [] for name, _ in trees}
    for _ in range(args.runs):
        if args.before:  # in lockstep: both trees meet the same load
            figures = lockstep([t for _, t in trees], args.budget)
            for (name, _), one in zip(trees, figures, strict=True):
                runs[name].append(one)
        else:
            runs["after"].append(child(ROOT, args.budget))
    print(f"median of {args.runs} runs, {args.budget:g} CPU-s per figure; load average "
          f"{os.getloadavg()[0]:.1f}; goals: Trollland and Encounter >= 0.30 of Trogdor's "
          "actions/s, checked ÷ unchecked >= 0.50")  # fmt: skip
    for name, _ in reversed(trees) if args.before else trees:
        if args.before:
            print(f"-- {name}")
        table(medians(runs[name]))
    if args.before:
        speedups(runs["after"], runs["before"])


if __name__ == "__main__":  # also run as a script by ``child``, with another tree's code first
    main(sys.argv[1:])
