"""Sweeps: play N seeded games of one game with one agent and report what happened.

``run(game, games=N, ...)`` (and ``trogkit <game> sweep``) plays game i from seed S + i and
returns one record with exactly the fields ``game, games, agent, outcomes, win_rate, ci95,
mean_length, length_histogram, rules_fired`` (plus ``compare`` when asked):

- ``outcomes``: how many games ended each way (the game's outcome as text);
- ``win_rate`` / ``ci95``: the share of games the agent's seat won, with its Wilson interval (in
  games for several players the agent's seat rotates and the other seats play ``opponents``);
- ``length_histogram``: ``{"edges": [...], "counts": [...]}`` of game lengths in actions;
- ``rules_fired``: ``{"counts": {rule ID: times fired}, "never": [rule IDs that never fired]}``
  over every catalog rule: the rules reported during ``new_game``, every action
  (``apply_traced``) and the final ``winners``/``outcome``;
- ``compare`` (``compare=RULING``): the same seeds under each option of the ruling, and the
  difference of each option's win rate from the default's with its 95 % interval.

Every game is checked (``play.GameCheckFailed`` stops the sweep with a seed and an action number).
"""

from __future__ import annotations

import inspect
import time
from collections import Counter
from contextlib import contextmanager

import rulebook
from rulebook.common.errors import TrogkitInputError

from .agents import AGENTS
from .executors import (
    TimeUp,
    capped_workers,
    check_address,
    check_distributed,
    dask_client,
    distributed_available,
    is_client,
    run_local,
    run_on_client,
)
from .play import GameRecord, Setup
from .stats import difference, wilson

FIELDS = (
    "game",
    "games",
    "agent",
    "outcomes",
    "win_rate",
    "ci95",
    "mean_length",
    "length_histogram",
    "rules_fired",
)
MAX_GAMES = 10_000_000


def histogram(lengths: list[int], bins: int = 10) -> dict:
    """Equal-width integer bins from the shortest to the longest game."""
    if not lengths:
        return {"edges": [], "counts": []}
    lo, hi = min(lengths), max(lengths) + 1
    width = max(1, -(-(hi - lo) // bins))
    edges = list(range(lo, hi + width, width))[: bins + 1]
    if edges[-1] < hi:
        edges.append(hi)
    counts = [0] * (len(edges) - 1)
    for n in lengths:
        counts[min(len(counts) - 1, (n - lo) // width)] += 1
    return {"edges": edges, "counts": counts}


def rule_ids(catalog) -> list[str]:
    """Every rule ID of a catalog, sorted (a mapping of ID to rule, or an iterable of rules)."""
    if hasattr(catalog, "keys"):
        return sorted(catalog.keys())
    return sorted(r if isinstance(r, str) else r.id for r in catalog)


def summarise(game, setup: Setup, records: list[GameRecord]) -> dict:
    n = len(records)
    wins = sum(r.won for r in records)
    fired: Counter = Counter()
    for r in records:
        fired.update(r.fired)
    catalog = rule_ids(game.catalog)
    lengths = [r.length for r in records]
    return {
        "game": game.name,
        "games": n,
        "agent": setup.agent if setup.budget is None else f"{setup.agent}:{setup.budget}",
        "outcomes": dict(sorted(Counter(r.outcome for r in records).items())),
        "win_rate": wins / n if n else 0.0,
        "ci95": list(wilson(wins, n)),
        "mean_length": sum(lengths) / n if n else 0.0,
        "length_histogram": histogram(lengths),
        "rules_fired": {
            "counts": {rid: fired.get(rid, 0) for rid in catalog},
            "never": [rid for rid in catalog if not fired.get(rid)],
        },
    }


def _check(game, games, agent, opponents, budget, players, rulings, compare, workers, dask,
           seed=0):  # fmt: skip
    """Every argument, checked here before any worker or cluster starts: one clear error."""
    from solvers.limits import check_limit, check_seeds

    check_limit("games", games, lo=1, hi=MAX_GAMES, integer=True)
    check_seeds(seed, games)
    for name in (agent, opponents):
        if name is not None and name not in AGENTS:
            raise TrogkitInputError(f"unknown agent {name!r}; agents: {', '.join(AGENTS)}")
    if budget is not None:
        check_limit("budget", budget, lo=1, hi=1_000_000, integer=True)
    if players is not None and players not in game.players_allowed:
        allowed = ", ".join(map(str, game.players_allowed))
        raise TrogkitInputError(f"{game.name} is played by {allowed} players, not {players}")
    for rid, value in (rulings or {}).items():
        if rid not in game.rulings:
            raise TrogkitInputError(f"unknown ruling {rid!r}; known: {', '.join(game.rulings)}")
        if value not in game.rulings[rid].options:
            options = ", ".join(game.rulings[rid].options)
            raise TrogkitInputError(f"ruling {rid} has no option {value!r}; options: {options}")
    if compare is not None and compare not in game.rulings:
        raise TrogkitInputError(f"unknown ruling {compare!r}; known: {', '.join(game.rulings)}")
    if workers is not None:
        check_limit("workers", workers, lo=1, hi=1024, integer=True)
    if dask is not None and not (isinstance(dask, str) and dask) and not is_client(dask):
        raise TrogkitInputError(
            "dask is a scheduler address, 'local', or a Client (executors.dask_cluster())"
        )
    if isinstance(dask, str):
        if dask != "local":
            check_address(dask)
        check_distributed()


def _check_new_game(game, seed: int, players, rulings, options) -> None:
    """Set up the first game here, so that a bad ``options`` is one clear error
    (``TrogkitInputError``) before any worker or cluster starts."""
    options = dict(options or {})
    unknown = sorted(k for k in options if k in ("seed", "players", "rulings"))
    if unknown:
        raise TrogkitInputError(f"{', '.join(unknown)} is an argument of its own, not an option")
    try:
        game.new_game(seed, players=players, rulings=dict(rulings or {}) or None, **options)
    except TrogkitInputError as e:
        raise TrogkitInputError(
            f"--option: {game.name} refused the new-game options: {e}"
        ) from None
    except TypeError as e:
        known = inspect.signature(game.new_game).parameters
        unknown = sorted(k for k in options if k not in known)
        if not unknown:
            raise TrogkitInputError(
                f"--option: {game.name} refused the new-game options: {e}"
            ) from None
        raise TrogkitInputError(f"{game.name} has no new-game option {', '.join(unknown)}") from e


def _play(setup: Setup, seeds: list[int], workers: int, client, progress, label, deadline=None):
    """The records of ``seeds`` in seed order, on ``client`` (Dask) or local processes (None).
    Past ``deadline`` (``time.monotonic()``): TimeUp with the records finished, in seed order."""
    from tqdm.auto import tqdm

    with tqdm(total=len(seeds), desc=label, unit="game", disable=not progress) as bar:
        try:
            if client is None:
                records = run_local(setup, seeds, workers, bar.update, deadline=deadline)
            else:
                records = run_on_client(client, setup, seeds, bar.update, deadline)
        except TimeUp as e:
            raise TimeUp(sorted(e.records, key=lambda r: r.seed)) from None
    return sorted(records, key=lambda r: r.seed)


def run(
    game: str,
    games: int = 100,
    agent: str = "random",
    budget: int | None = None,
    opponents: str | None = None,
    players: int | None = None,
    rulings: dict | None = None,
    compare: str | None = None,
    seed: int = 0,
    workers: int | None = None,
    dask=None,
    progress: bool = True,
    options: dict | None = None,
    dask_processes: bool = True,
    seconds: float | None = None,
) -> dict:
    """Play ``games`` checked games (game i from ``seed + i``) and return the sweep record.
    ``workers``: local processes (default and at most: this machine's cores, and never more
    than the games; 1 plays in this process);
    ``dask``: a scheduler address, ``"local"`` (a LocalCluster of ``workers`` workers, started for
    this call: a ``compare`` shares it), or a Client from ``executors.dask_cluster()`` (a warm
    cluster reused across calls);
    ``options``: passed to ``new_game`` (e.g. ``{"preset": "easy"}`` for Trogdor);
    ``seconds``: the whole sweep's time limit: past it, LimitReached with the record of the games
    finished as ``best``."""
    g = rulebook.game(game)
    not_on_dask = dask == "local" and not distributed_available()
    if not_on_dask:
        dask = None  # played here instead, and the record says so (NOT_ON_DASK)
    _check(g, games, agent, opponents, budget, players, rulings, compare, workers, dask, seed)
    _check_new_game(g, seed, players, rulings, options)
    if seconds is not None:
        from solvers.limits import check_limit

        seconds = check_limit("seconds", seconds, lo=0.001, hi=3600)
    k = capped_workers(workers, games)
    base = dict(rulings or {})

    def setup_for(r: dict) -> Setup:
        return Setup(game, agent, budget, opponents, players, tuple(sorted(r.items())),
                     tuple(sorted((options or {}).items())))  # fmt: skip

    plan = _Plan(g, setup_for, base, list(range(seed, seed + games)), k, progress)
    deadline = None if seconds is None else time.monotonic() + seconds
    with _executor(dask, k, dask_processes) as client:
        try:
            out = plan.play(client, compare, deadline)
            return {**out, "executor": NOT_ON_DASK} if not_on_dask else out
        except TimeUp as e:
            from solvers.limits import LimitReached

            done = f"{len(e.records)} of {games} games"
            best = summarise(g, setup_for(base), e.records) if e.records else None
            raise LimitReached(
                f"time limit of {seconds:g} s reached after {done} (--timeout)", best
            ) from None


NOT_ON_DASK = (
    "played here, not on Dask: the distributed package is not installed (pip install "
    "'trogkit[scale]'); a Dask LocalCluster would play the same seeded games on its workers"
)


class _Plan:
    """One sweep's games: the main setup, then each other option of ``compare``."""

    def __init__(self, game, setup_for, base: dict, seeds: list[int], workers: int, progress):
        self.game, self.setup_for, self.base = game, setup_for, base
        self.seeds, self.workers, self.progress = seeds, workers, progress

    def play(self, client, compare: str | None, deadline) -> dict:
        main = self.setup_for(self.base)
        records = self._play(main, client, f"{self.game.name} {main.agent}", deadline)
        out = summarise(self.game, main, records)
        if compare is not None:
            try:
                out["compare"] = self._compare(main, records, client, compare, deadline)
            except TimeUp:
                raise TimeUp(records) from None  # the main games are all done: their record
        return out

    def _compare(self, main: Setup, records, client, compare: str, deadline) -> dict:
        """The same seeds under each other option of the ruling ``compare``."""
        ruling = self.game.rulings[compare]
        per_value = {self.base.get(compare, ruling.default): records}
        for value in ruling.options:
            if value not in per_value:
                s = self.setup_for({**self.base, compare: value})
                label = f"{self.game.name} {compare}={value}"
                per_value[value] = self._play(s, client, label, deadline)
        return compare_record(self.game, main, compare, ruling.default, per_value)

    def _play(self, setup: Setup, client, label: str, deadline) -> list:
        return _play(setup, self.seeds, self.workers, client, self.progress, label, deadline)


@contextmanager
def _executor(dask, workers: int, processes: bool):
    """None for local processes, else a Dask client for the whole call (closed as it was made)."""
    if dask is None:
        yield None
    else:
        with dask_client(dask, workers, processes) as client:
            yield client


def compare_record(game, setup: Setup, ruling_id: str, default: str, per_value: dict) -> dict:
    values, diffs = {}, []
    base = per_value[default]
    wins_b = sum(r.won for r in base)
    for value, records in per_value.items():
        s = summarise(game, setup, records)
        values[value] = {k: s[k] for k in ("win_rate", "ci95", "mean_length", "outcomes")}
        if value != default:
            wins = sum(r.won for r in records)
            d, ci = difference(wins_b, len(base), wins, len(records))
            diffs.append({"from": default, "to": value, "difference": d, "ci95": list(ci)})
    return {"ruling": ruling_id, "default": default, "values": values, "differences": diffs}
