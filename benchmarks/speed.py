"""Issue 13's speed table: every figure as a ratio against a reference measured in the same run,
the median of 5 runs (CPU seconds of the process that does the work, so other jobs on the machine
disturb the figures less). Printed, never asserted.

``python -m benchmarks.speed [--runs 5] [--only NAME ...]``

References: OpenSpiel's chess (C++ game logic) driven by the same Python random-play loop as
Trogdor (the optional ``bench`` extra; without it that figure is skipped with a note), the 40-line
pure-Python BFS ``benchmarks/reference_bfs.py``, and ``python -c pass`` for start-up.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYOUT = "C...C/.T.../..L../...T./C.M.."
MIN_AP = ["trogdor", "min-ap", "--layout", LAYOUT, "--from", "C3", "--cottage", "A1", "--json"]
GOALS = {
    "actions": 1.0,
    "games": 2_000,
    "cli": 2.5,
    "help": 4.0,
    "bands": 1.0,
}


def median_of(runs: int, fn):
    return statistics.median(fn() for _ in range(runs))


def verdict(ok: bool) -> str:
    return "goal met" if ok else "GOAL MISSED"


# -- random play ------------------------------------------------------------------------------
def trogdor_game(g, seed: int, rng: random.Random, play) -> int:
    """One random Trogdor game through the protocol (``play``: ``advance`` or ``apply``); its
    number of actions. The loop of the actions figure (and of ``benchmarks.instructions``)."""
    s, steps = g.new_game(seed), 0
    while not g.is_terminal(s):
        s = play(s, rng.choice(g.legal_actions(s)))
        steps += 1
    return steps


def chess_game(g, rng: random.Random) -> int:
    """The same loop over one OpenSpiel chess game (``g`` from ``pyspiel.load_game``)."""
    s, steps = g.new_initial_state(), 0
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
        steps += 1
    return steps


def trogdor_actions_per_cpu_s(budget: float = 0.4, *, in_place: bool = True) -> float:
    """Whole random games through the protocol: legal_actions, uniform choice, then ``advance``
    (a playout's state changed in place, as OpenSpiel's ``apply_action`` does for chess) or,
    with ``in_place=False``, ``apply`` (a new state value per action)."""
    import rulebook

    g = rulebook.game("trogdor")
    play = g.advance if in_place else g.apply
    rng = random.Random(0)
    steps, seed, t0 = 0, 0, time.process_time()
    while time.process_time() - t0 < budget:
        steps += trogdor_game(g, seed, rng, play)
        seed += 1
    return steps / (time.process_time() - t0)


def chess_steps_per_cpu_s(budget: float = 0.4) -> float | None:
    """The same loop over OpenSpiel's C++ chess (None when OpenSpiel is not installed)."""
    try:
        import pyspiel
    except ImportError:
        return None
    g = pyspiel.load_game("chess")
    rng = random.Random(0)
    steps, t0 = 0, time.process_time()
    while time.process_time() - t0 < budget:
        steps += chess_game(g, rng)
    return steps / (time.process_time() - t0)


def games_per_cpu_s(budget: float = 0.5) -> float:
    """Whole uniform-random Trogdor games per CPU second (``rulebook.common.game.random_game``)."""
    import rulebook
    from rulebook.common.game import random_game

    g = rulebook.game("trogdor")
    n, t0 = 0, time.process_time()
    while time.process_time() - t0 < budget:
        random_game(g, n)
        n += 1
    return n / (time.process_time() - t0)


def fig_actions(runs: int) -> None:
    if chess_steps_per_cpu_s(0.05) is None:
        trog = median_of(runs, trogdor_actions_per_cpu_s)
        print(f"random play: Trogdor {trog:,.0f} actions/CPU-s; OpenSpiel chess reference skipped "
              "(not installed: pip install '.[bench]')")  # fmt: skip
        return
    # Trogdor and chess in turn (a b a b ...), so a change of the machine's speed during the
    # figure falls on both alike; the ratio is the median of the per-pair ratios.
    runs_ = [
        (trogdor_actions_per_cpu_s(), chess_steps_per_cpu_s(), trogdor_actions_per_cpu_s(in_place=False))
        for _ in range(runs)
    ]  # fmt: skip
    trog = statistics.median(t for t, _, _ in runs_)
    chess = statistics.median(c for _, c, _ in runs_)
    ratio = statistics.median(t / c for t, c, _ in runs_)
    values = statistics.median(v / c for _, c, v in runs_)
    print(f"random play, Trogdor actions/s ÷ OpenSpiel chess steps/s (both in place): {ratio:.2f} "
          f"({trog:,.0f} ÷ {chess:,.0f}; goal >= {GOALS['actions']}: "
          f"{verdict(ratio >= GOALS['actions'])}); with apply's new value per action: "
          f"{values:.2f}")  # fmt: skip


def fig_games(runs: int) -> None:
    gps = median_of(runs, games_per_cpu_s)
    print(f"whole random Trogdor games per CPU second (public protocol): {gps:,.0f} "
          f"(÷ goal {GOALS['games']:,} = {gps / GOALS['games']:.2f}; "
          f"{verdict(gps >= GOALS['games'])})")  # fmt: skip


# -- processes ---------------------------------------------------------------------------------
def _user_env() -> dict:
    """The environment a user's shell has: bytecode caching on (a session may switch it off with
    PYTHONDONTWRITEBYTECODE, and then every start compiles every module again)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def child_cpu(cmd: list[str]) -> float:
    """CPU seconds (user + system) of one child process run to the end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        cmd, cwd=ROOT, env=_user_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        check=False,
    )  # fmt: skip
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def interleaved(runs: int, *cmds: list[str]) -> list[float]:
    """Median child CPU of each command, the commands run in turn (a b a b ...), so a change in
    the machine's load between runs falls on every command alike."""
    times: list[list[float]] = [[] for _ in cmds]
    for _ in range(runs):
        for cmd, ts in zip(cmds, times, strict=True):
            ts.append(child_cpu(cmd))
    return [statistics.median(ts) for ts in times]


def fig_cli(runs: int) -> None:
    py = sys.executable
    bfs = [py, str(ROOT / "benchmarks" / "reference_bfs.py"), LAYOUT, "C3", "A1"]
    child_cpu([py, "-m", "trogkit", *MIN_AP])  # warm-up: writes the bytecode caches once
    cli, ref = interleaved(runs, [py, "-m", "trogkit", *MIN_AP], bfs)
    ratio = cli / ref
    print(f"`trogkit {' '.join(MIN_AP[:2])} ... --json` CPU ÷ the BFS script: {ratio:.1f}x "
          f"({cli:.3f} s vs {ref:.3f} s; goal <= {GOALS['cli']}x: "
          f"{verdict(ratio <= GOALS['cli'])})")  # fmt: skip
    helps, bare = interleaved(runs, [py, "-m", "trogkit", "--help"], [py, "-c", "pass"])
    ratio = helps / bare
    print(f"`trogkit --help` CPU ÷ `python -c pass`: {ratio:.1f}x ({helps:.3f} s vs {bare:.3f} s; "
          f"goal <= {GOALS['help']}x: {verdict(ratio <= GOALS['help'])})")  # fmt: skip


# -- min-AP search against the plain BFS --------------------------------------------------------
def band_cases(per_band: int = 30) -> dict[int, list]:
    from rulebook.trogdor import format_tiles
    from rulebook.trogdor.grid import GRID5
    from solvers.trogdor.generate import positions

    from .reference_bfs import min_ap

    bands: dict[int, list] = defaultdict(list)
    for state, cottage in positions(seed=20261130, n=1500):
        args = (
            format_tiles(state.tiles, state.burnt),
            GRID5.index(state.trogdor),
            GRID5.index(cottage),
            [],
            {GRID5.index(k) for k in state.knights},
        )
        ap = min_ap(*args)
        if ap is not None and 5 <= ap <= 12 and len(bands[ap]) < per_band:
            bands[ap].append((state, cottage, args))
    return bands


def fig_bands(runs: int) -> None:
    from solvers.trogdor.search import min_ap_cottage

    from .reference_bfs import min_ap

    def speedup(items) -> float:
        t = time.process_time()
        for _, _, args in items:
            min_ap(*args)
        bfs = time.process_time() - t
        t = time.process_time()
        for state, cottage, _ in items:
            min_ap_cottage(state, cottage)
        return bfs / (time.process_time() - t)

    parts, worst = [], None
    for ap, items in sorted(band_cases().items()):
        for state, cottage, args in items:  # same question, same answer
            assert min_ap_cottage(state, cottage).ap == ap == min_ap(*args)
        r = median_of(runs, lambda items=items: speedup(items))
        worst = r if worst is None else min(worst, r)
        parts.append(f"{ap}: {r:.2f}x ({len(items)})")
    print(f"min-AP search ÷ plain BFS (speed; per answer band: ratio (cases)): {', '.join(parts)}; "
          f"worst {worst:.2f}x (goal >= {GOALS['bands']}x in every band: "
          f"{verdict(worst >= GOALS['bands'])})")  # fmt: skip


# -- countryside ------------------------------------------------------------------------------
def fig_countryside() -> None:
    from rulebook.trogdor import puzzle
    from rulebook.trogdor.cards import load_card_set
    from solvers.trogdor import min_ap_countryside

    out = []
    for pid, preset in load_card_set().presets.items():
        t = time.process_time()
        r = min_ap_countryside(puzzle(preset.layout, trogdor="C3"))
        dt = time.process_time() - t
        how = "exact" if r.exact else f"best found, >= {r.lower_bound}"
        out.append(f"{pid} {r.ap} AP ({how}, {dt:.1f} s CPU)")
    print("countryside (tiles + cottages) from C3, default budget (deterministic; one run): "
          + "; ".join(out))  # fmt: skip


def large_countryside(n: int = 4) -> None:
    """Child mode: 22-25 unburnt tiles, the box's 3 cottages; prints one JSON line."""
    from rulebook.trogdor import puzzle
    from rulebook.trogdor.grid import GRID5
    from solvers.trogdor import min_ap_countryside
    from solvers.trogdor.generate import random_layout

    rng = random.Random(13)
    rows = []
    for _ in range(n):
        layout = random_layout(rng)
        unburnt = set(rng.sample(GRID5.squares(), rng.randint(22, 25)))
        burnt = [str(s) for s in GRID5.squares() if s not in unburnt]
        state = puzzle(layout, trogdor=str(rng.choice(GRID5.squares())), burnt=burnt)
        t = time.process_time()
        r = min_ap_countryside(state)
        rows.append([len(unburnt), r.ap, r.lower_bound, r.exact, time.process_time() - t])
    mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"rows": rows, "max_mb": mb}))


def fig_large_countryside() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "benchmarks.speed", "--child", "large-countryside"],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    if out.returncode:
        print(f"countryside, 22-25 unburnt tiles: FAILED ({out.stderr.strip()[-200:]})")
        return
    data = json.loads(out.stdout.strip().splitlines()[-1])
    cases = "; ".join(
        f"{u} tiles: {ap} AP ({'exact' if ex else f'>= {lb}'}, {s:.1f} s CPU)"
        for u, ap, lb, ex, s in data["rows"]
    )
    mb = data["max_mb"]
    print(f"countryside, 22-25 unburnt tiles + 3 cottages, default budget: {cases}; peak "
          f"{mb:.0f} MB (÷ 500 MB = {mb / 500:.2f}; {verdict(mb <= 500)})")  # fmt: skip


# -- Trollland ----------------------------------------------------------------------------------
def trollland_loading(n: int = 10) -> None:
    """Child mode: loading search on 30-40 steps, 5 and 10 vehicles, 1 s CPU budget each; one JSON
    line per vehicle count (benchmarks.trollland.large)."""
    from benchmarks.trollland import large

    for vehicles in (5, 10):
        print(json.dumps(large(vehicles, n)), flush=True)


def fig_trollland(limit: float = 60.0) -> None:
    from benchmarks.trollland import large_line

    try:
        out = subprocess.run(
            [sys.executable, "-m", "benchmarks.speed", "--child", "trollland"],
            cwd=ROOT, capture_output=True, text=True, timeout=limit, check=False,
        )  # fmt: skip
        lines, note = out.stdout, "" if out.returncode == 0 else f"; FAILED: {out.stderr[-200:]}"
    except subprocess.TimeoutExpired as e:
        lines = (e.stdout or b"").decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        note = f"; stopped after {limit:g} s"
    rows = [json.loads(x) for x in lines.splitlines() if x.startswith("{")]
    worst = max((r["max"] for r in rows), default=float("nan"))
    for r in rows:
        print(f"Trollland loading search: {large_line(r)}")
    print(f"Trollland loading search, worst case {worst:.2f} s CPU ÷ 1 s goal = {worst:.2f} "
          f"({verdict(worst <= 1.05)}; 5 % allowed for the last node and the answer){note}")  # fmt: skip


FIGURES = {
    "actions": fig_actions,
    "games": fig_games,
    "cli": fig_cli,
    "bands": fig_bands,
    "countryside": lambda runs: fig_countryside(),
    "large-countryside": lambda runs: fig_large_countryside(),
    "trollland": lambda runs: fig_trollland(),
}


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(
        prog="python -m benchmarks.speed", description=__doc__.split("\n")[0]
    )
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--only", nargs="*", choices=sorted(FIGURES))
    p.add_argument("--child", choices=("large-countryside", "trollland"), help=argparse.SUPPRESS)
    args = p.parse_args([] if argv is None else argv)
    if args.child == "large-countryside":
        return large_countryside()
    if args.child == "trollland":
        return trollland_loading()
    print(f"median of {args.runs} runs; load average {os.getloadavg()[0]:.1f}")
    for name in args.only or FIGURES:
        start = time.perf_counter()
        FIGURES[name](args.runs)
        print(f"    ({name}: {time.perf_counter() - start:.1f} s wall)", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
