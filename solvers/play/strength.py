"""The strength table: each agent's win rate with its Wilson interval, per game, over seeded
sweeps -- measured, not claimed. Too slow for a test (search plays every decision with many
simulations); run it as a script, and the notebook reads the saved table:

    python -m solvers.play.strength [--games 200] [--search-games N] [--budget SIMS] [--workers 1]
                                    [--agents random,greedy,search] [GAME ...]

It writes ``solvers/play/data/strength.json`` (one sweep record per game and agent, plus the
settings), merging with rows already there: the file is re-read before every write, so two runs
on different games can share it.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from .executors import run_local
from .play import Setup, play_game, seat_of
from .positions import fields
from .stats import apart, mean_interval
from .sweep import run, summarise

TABLE = Path(__file__).parent / "data" / "strength.json"
# game -> (players, opponents): Trogdor alone (normal preset); the others against random seats
SETTINGS = {
    "trogdor": (1, None),
    "trollland": (3, "random"),
    "encounter": (2, "random"),
    "encounter-solo": (1, None),
}
AGENT_ORDER = ("random", "greedy", "search")
# the search agent's simulations per decision, per game (--budget overrides)
BUDGETS = {"trogdor": 8, "trollland": 16, "encounter": 16, "encounter-solo": 16}


def load(path: Path = TABLE) -> dict:
    return json.loads(path.read_text()) if path.exists() else {"rows": []}


def ordered(rows: list[dict], game: str) -> dict:
    """For one game: whether each stronger agent's interval lies above the weaker one's -- by
    win rate, and by score (``"<strong>><weak> by score"``) when the rows carry one."""
    by_agent = {r["agent"].split(":")[0]: r for r in rows if r["game"] == game}
    out = {}
    for weak, strong in (("random", "greedy"), ("greedy", "search")):
        if weak in by_agent and strong in by_agent:
            a, b = by_agent[weak], by_agent[strong]
            out[f"{strong}>{weak}"] = b["win_rate"] > a["win_rate"] and apart(a["ci95"], b["ci95"])
            if "score" in a and "score" in b:
                sa, sb = a["score"], b["score"]
                out[f"{strong}>{weak} by score"] = sb["mean"] > sa["mean"] and apart(
                    sa["ci95"], sb["ci95"]
                )
    return out


def encounter_lead(state, seat: int) -> float:
    """Random Encounter's score of a finished game for one seat: encounters won minus the best
    opponent's (the ``wins=`` field of the notation)."""
    wins = [int(w) for w in fields(state)["wins"].split("/")]
    return wins[seat] - max(w for p, w in enumerate(wins) if p != seat)


# game -> (score name, score of a final state for the agent's seat): games whose win rate
# saturates against random opponents are also compared by score (issue: "by wins or score")
SCORES = {"encounter": ("lead in encounters won", encounter_lead)}


def scored_chunk(setup: Setup, seeds: list[int]) -> list[tuple]:
    """(record, the agent seat's score) of each game (one task of a worker process)."""
    import rulebook

    g = rulebook.game(setup.game)
    out = []
    for seed in seeds:
        record, final = play_game(setup, seed)
        out.append((record, SCORES[setup.game][1](final, seat_of(seed, g.num_players(final)))))
    return out


def measure(game, agent, budget, games, players, opponents, workers: int = 1) -> dict:
    """The sweep record of ``games`` games (seeds 0..games-1, on ``workers`` processes), plus the
    agent's mean score with its 95 % interval for games in ``SCORES``."""
    if game not in SCORES:
        return run(
            game, games=games, agent=agent, budget=budget, opponents=opponents,
            players=players, workers=workers, progress=False,
        )  # fmt: skip
    import rulebook

    setup = Setup(game, agent, budget, opponents, players)
    scored = run_local(setup, list(range(games)), workers, lambda n: None, task=scored_chunk)
    records = [r for r, _ in scored]
    rec = summarise(rulebook.game(game), setup, records)
    mean, ci = mean_interval([score for _, score in scored])
    rec["score"] = {"name": SCORES[game][0], "mean": mean, "ci95": list(ci)}
    return rec


def _cpu() -> float:
    """CPU seconds of this process and of its finished worker processes (this process only
    where there is no ``resource`` module: the browser, Pyodide, which starts no processes)."""
    try:
        import resource
    except ImportError:
        return time.process_time()
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games_", nargs="*", metavar="GAME", default=list(SETTINGS))
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--search-games", type=int, help="games for the search agent (default --games)")
    ap.add_argument("--budget", type=int, help="search simulations per decision (default BUDGETS)")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--agents", default=",".join(AGENT_ORDER))
    args = ap.parse_args(argv)
    for game in args.games_:
        players, opponents = SETTINGS[game]
        budget = args.budget or BUDGETS[game]
        for agent in args.agents.split(","):
            start, cpu = time.perf_counter(), _cpu()
            n = args.search_games or args.games if agent == "search" else args.games
            b = budget if agent == "search" else None
            rec = measure(game, agent, b, n, players, opponents, args.workers)
            rec["seconds"] = round(time.perf_counter() - start, 1)
            rec["cpu_seconds"] = round(_cpu() - cpu, 1)  # this process and its workers
            rec["players"], rec["opponents"] = players, opponents or agent
            rec["budget"] = budget if agent == "search" else None
            table = load()  # re-read: another run may have written its rows meanwhile
            table["rows"] = [
                r
                for r in table["rows"]
                if not (r["game"] == game and r["agent"].split(":")[0] == agent)
            ] + [rec]
            TABLE.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n")
            print(game, rec["agent"], rec["win_rate"], rec["ci95"], rec["seconds"], flush=True)
        print(game, ordered(load()["rows"], game), flush=True)


if __name__ == "__main__":
    main()
