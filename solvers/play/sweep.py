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
from collections import Counter
from contextlib import contextmanager

import rulebook
from rulebook.common.errors import TrogkitInputError

from .agents import AGENTS
from .executors import dask_client, default_workers, is_client, run_local, run_on_client
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


def _check(game, games, agent, opponents, budget, players, rulings, compare, workers, dask):
    """Every argument, checked here before any worker or cluster starts: one clear error."""
    from solvers.limits import check_limit

    check_limit("games", games, lo=1, hi=MAX_GAMES, integer=True)
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


def _check_new_game(game, seed: int, players, rulings, options) -> None:
    """Set up the first game here, so that a bad ``options`` is one clear error
    (``TrogkitInputError``) before any worker or cluster starts."""
    options = dict(options or {})
    try:
        game.new_game(seed, players=players, rulings=dict(rulings or {}) or None, **options)
    except TypeError as e:
        known = inspect.signature(game.new_game).parameters
        unknown = sorted(k for k in options if k not in known)
        if not unknown:
            raise
        raise TrogkitInputError(f"{game.name} has no new-game option {', '.join(unknown)}") from e


def _play(setup: Setup, seeds: list[int], workers: int, client, progress, label):
    """The records of ``seeds`` in seed order, on ``client`` (Dask) or local processes (None)."""
    from tqdm.auto import tqdm

    with tqdm(total=len(seeds), desc=label, unit="game", disable=not progress) as bar:
        if client is None:
            records = run_local(setup, seeds, workers, bar.update)
        else:
            records = run_on_client(client, setup, seeds, bar.update)
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
) -> dict:
    """Play ``games`` checked games (game i from ``seed + i``) and return the sweep record.
    ``workers``: local processes (default: this machine's cores; 1 plays in this process);
    ``dask``: a scheduler address, ``"local"`` (a LocalCluster of ``workers`` workers, started for
    this call: a ``compare`` shares it), or a Client from ``executors.dask_cluster()`` (a warm
    cluster reused across calls);
    ``options``: passed to ``new_game`` (e.g. ``{"preset": "easy"}`` for Trogdor)."""
    g = rulebook.game(game)
    _check(g, games, agent, opponents, budget, players, rulings, compare, workers, dask)
    _check_new_game(g, seed, players, rulings, options)
    k = workers or default_workers()
    seeds = list(range(seed, seed + games))
    base = dict(rulings or {})

    def setup_for(r: dict) -> Setup:
        return Setup(
            game,
            agent,
            budget,
            opponents,
            players,
            tuple(sorted(r.items())),
            tuple(sorted((options or {}).items())),
        )

    main = setup_for(base)
    with _executor(dask, k, dask_processes) as client:
        records = _play(main, seeds, k, client, progress, f"{game} {agent}")
        out = summarise(g, main, records)
        if compare is not None:
            ruling = g.rulings[compare]
            current = base.get(compare, ruling.default)
            per_value = {current: records}
            for value in ruling.options:
                if value not in per_value:
                    s = setup_for({**base, compare: value})
                    label = f"{game} {compare}={value}"
                    per_value[value] = _play(s, seeds, k, client, progress, label)
            out["compare"] = compare_record(g, main, compare, ruling.default, per_value)
    return out


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


# ---- command line (registered by the CLI as `trogkit <game> sweep`) -------------------------------


def _pair(text: str) -> tuple[str, str]:
    key, eq, value = text.partition("=")
    if not eq or not key or not value:
        raise TrogkitInputError(f"expected ID=VALUE, not {text!r}")
    return key, value


def _option(text: str) -> tuple[str, object]:
    key, value = _pair(text)
    return key, int(value) if value.lstrip("-").isdigit() else value


def configure_parser(parser, game_name: str) -> None:
    """Add the sweep options to ``parser`` (an argparse parser for ``trogkit <game> sweep``)."""
    parser.set_defaults(sweep_game=game_name)
    parser.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    parser.add_argument("--agent", choices=AGENTS, default="random", help="the agent measured")
    parser.add_argument("--budget", type=int, help="simulations per decision of the search agent")
    parser.add_argument("--opponents", choices=AGENTS, help="agent in the other seats")
    parser.add_argument("--players", type=int, help="number of players")
    parser.add_argument(
        "--ruling", action="append", default=[], metavar="ID=VALUE", help="a ruling's option"
    )
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a new-game option, e.g. preset=easy")  # fmt: skip
    parser.add_argument("--compare", metavar="RULING", help="the same seeds under each option")
    parser.add_argument("--seed", type=int, default=0, help="game i uses seed SEED+i")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, help="local processes (default: cores)")
    where.add_argument("--dask", metavar="ADDRESS", help="a Dask scheduler address, or 'local'")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def run_from_args(args) -> dict:
    """The sweep record for parsed ``args`` (see ``configure_parser``)."""
    return run(
        args.sweep_game,
        games=args.games,
        agent=args.agent,
        budget=args.budget,
        opponents=args.opponents,
        players=args.players,
        rulings=dict(_pair(t) for t in args.ruling),
        compare=args.compare,
        seed=args.seed,
        workers=args.workers,
        dask=args.dask,
        progress=not args.no_progress,
        options=dict(_option(t) for t in args.option),
    )
