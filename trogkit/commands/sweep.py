"""Play many seeded games and check the rules on every step (trogkit GAME sweep).

The command line of ``solvers.play.sweep``: its options (configure_parser) and the record for
parsed options (run_from_args). It lives beside the other commands so the solvers never import the
command line.
"""

from __future__ import annotations

from solvers.play.agents import AGENTS
from solvers.play.sweep import run
from solvers.play.sweep_options import parse_options, schema
from trogkit import options as opt

MAX_SIMULATIONS = 1_000_000  # --budget of the search agent (simulations per decision)
DEFAULT_SECONDS = 3600.0  # the whole sweep, unless --timeout says otherwise


def configure_parser(parser, game_name: str) -> None:
    """Add the sweep options to ``parser`` (an argparse parser for ``trogkit <game> sweep``)."""
    parser.set_defaults(sweep_game=game_name)
    opt.add_shared(
        parser, seed=True, players=True, rulings=True,
        budget=(None, "simulations per decision of the search agent", MAX_SIMULATIONS),
        timeout=(DEFAULT_SECONDS, "the whole sweep (exit 3 with the games done)"), json=True,
    )  # fmt: skip
    parser.add_argument("--games", type=opt.positive, default=100,
                        help=f"number of games (default 100, at most {opt.MAX_COUNT:,})")  # fmt: skip
    parser.add_argument("--agent", choices=AGENTS, default="random", help="the agent measured")
    parser.add_argument("--opponents", choices=AGENTS, help="agent in the other seats")
    keys = ", ".join(schema(game_name)) or "none"
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help=f"a new-game option (repeatable); keys: {keys}")  # fmt: skip
    parser.add_argument("--compare", metavar="RULING", help="the same seeds under each option")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=opt.positive,
                       help="local processes (default and at most: the cores; at most --games)")  # fmt: skip
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
        rulings=opt.rulings_dict(args) or {},
        compare=args.compare,
        seed=args.seed,
        workers=args.workers,
        dask=args.dask,
        progress=not args.no_progress,
        options=parse_options(args.sweep_game, args.option),
        seconds=args.timeout,
    )
