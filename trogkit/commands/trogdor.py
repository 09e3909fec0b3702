"""``trogkit trogdor min-ap|countryside|reach|flame|danger|win-now``: the Trogdor solvers' commands
(registered by trogkit/cli.py next to the protocol's new/actions/play/show).

Every command reads one engine position: ``--position`` (the engine's notation, ``str(state)``),
or ``--layout`` and the short options (``--from``, ``--burnt``, ``--knights``, ...) from which
``rulebook.trogdor.puzzle`` builds the same kind of state. An impossible target is an answer
(``ap`` null with a ``reason``), not an error.
"""

from __future__ import annotations

import argparse

from solvers.limits import MAX_NODES as SOLVER_NODES
from trogkit import options as opt
from trogkit.options import UsageError
from trogkit.output import emit

EXAMPLE = "C...C/.T.../..L../...T./C.M.."
MAX_AP = 999  # the notation's AP field (rulebook.trogdor.puzzle refuses more)
# the most nodes each search keeps in memory, from measured bytes per node (solvers/limits.py,
# a light module: --help stays fast; = search.MAX_NODES, countryside.MAX_NODES and
# win_now.MAX_POSITIONS, which a test checks)
MAX_NODES = {k: SOLVER_NODES[k] for k in ("min-ap", "countryside", "win-now")}

# the short options, and the puzzle() field each one fills (its NotationError's ``where``)
SHORT_OPTIONS = {
    "--layout": "layout",
    "--from": "trogdor",
    "--burnt": "burnt",
    "--cottages-burnt": "cottages_burnt",
    "--knights": "knights",
    "--peasants": "peasants",
    "--archer": "archer",
    "--troghammer": "troghammer",
}
_OPTION_OF = {field: option for option, field in SHORT_OPTIONS.items()}
_OPTION_OF["powers"] = "--diagonal/--wrap"


# the shared options of every Trogdor solver command: a position (or the piece options), --json
POSITION = {"position": {"what": " (instead of --layout and the piece options)"}, "json": True}


def _position_options(p: argparse.ArgumentParser) -> None:
    """The layout with a few pieces, instead of ``--position``: the same on every command."""
    p.add_argument(
        "--layout",
        metavar="ROWS",
        help=f"5 rows joined by '/', e.g. {EXAMPLE!r}; lower case or '#' = burninated",
    )
    p.add_argument("--from", dest="start", metavar="SQ", help="Trogdor's square (default C3)")
    p.add_argument("--burnt", metavar="SQS", help="burninated tiles, e.g. A2,B2")
    p.add_argument("--cottages-burnt", metavar="SQS", help="cottages already burninated, e.g. E1")
    p.add_argument(
        "--knights", metavar="SQS", help="knights' squares (Trogdor never steps onto them)"
    )
    p.add_argument("--peasants", metavar="SQS", help="peasants on the board")
    p.add_argument("--archer", metavar="SQ", help="the archer's square")
    p.add_argument("--troghammer", metavar="SQ", help="the Troghammer's square (if in play)")
    p.add_argument("--diagonal", action="store_true", help="a card grants diagonal moves")
    p.add_argument("--wrap", action="store_true", help="a card or keeper grants wraparound moves")


def _squares(text: str | None, option: str) -> tuple[str, ...]:
    """'A2,B2' -> ('A2', 'B2'); '' / '-' / None -> (). Errors name the option."""
    from rulebook.common.errors import TrogkitInputError
    from rulebook.trogdor.grid import GRID5

    if text is None or text.strip() in ("", "-"):
        return ()
    out = []
    for part in text.split(","):
        try:
            out.append(str(GRID5.parse(part)))
        except TrogkitInputError as e:
            raise UsageError(f"{option}: {e}") from None
    return tuple(out)


def _one_square(text: str | None, option: str) -> str | None:
    if text is None:
        return None
    squares = _squares(text, option)
    if len(squares) != 1:
        raise UsageError(f"{option}: give one square, e.g. C3")
    return squares[0]


def state_from_args(args, *, ap: int = 99):
    """The engine state the command is about: ``--position``, or ``puzzle(--layout, ...)``."""
    import rulebook
    from rulebook.common.errors import NotationError, TrogkitInputError
    from rulebook.trogdor import puzzle

    shorts = [o for o, f in SHORT_OPTIONS.items() if getattr(args, _dest(o)) is not None]
    if args.diagonal:
        shorts.append("--diagonal")
    if args.wrap:
        shorts.append("--wrap")
    if args.position is not None:
        if shorts:
            raise UsageError(f"give either --position or {shorts[0]}, not both")
        try:
            return rulebook.game("trogdor").parse(args.position)
        except TrogkitInputError as e:
            raise UsageError(f"--position: {e}") from None
    if args.layout is None:
        raise UsageError("give --position or --layout")
    try:
        return puzzle(
            args.layout,
            trogdor=_one_square(args.start, "--from") or "C3",
            burnt=_squares(args.burnt, "--burnt"),
            knights=_squares(args.knights, "--knights"),
            peasants=_squares(args.peasants, "--peasants"),
            archer=_one_square(args.archer, "--archer"),
            troghammer=_one_square(args.troghammer, "--troghammer"),
            ap=ap,
            cottages_burnt=_squares(args.cottages_burnt, "--cottages-burnt"),
            powers=tuple(p for p in ("diagonal", "wrap") if getattr(args, p)),
        )
    except NotationError as e:
        option = _OPTION_OF.get(e.where or "", "--layout")
        raise UsageError(f"{option}: {e.message}") from None
    except UsageError:
        raise
    except TrogkitInputError as e:
        raise UsageError(f"--layout: {e}") from None


def _dest(option: str) -> str:
    return "start" if option == "--from" else option[2:].replace("-", "_")


# ---- the commands ----------------------------------------------------------------------------


def _run_min_ap(args) -> int:
    state = state_from_args(args)
    cottage = _one_square(args.cottage, "--cottage")
    if args.method == "z3":
        from solvers.trogdor.z3_model import min_ap_cottage_z3

        result = min_ap_cottage_z3(state, cottage, timeout_ms=int(args.timeout * 1000))
        if getattr(result, "timed_out", False):
            _limit(args, result, f"z3 time limit of {args.timeout:g} s reached (--timeout)")
    else:
        from solvers.trogdor.search import min_ap_cottage

        kw = {} if args.budget is None else {"nodes": args.budget}
        result = min_ap_cottage(state, cottage, seconds=args.timeout, **kw)
    return emit(args, result)


def _run_countryside(args) -> int:
    state = state_from_args(args)
    cottages = not args.tiles_only
    if args.method == "z3":
        from solvers.trogdor.z3_model import min_ap_countryside_z3

        result = min_ap_countryside_z3(
            state, cottages=cottages, timeout_ms=int(args.timeout * 1000)
        )
    else:
        from solvers.trogdor.countryside import min_ap_countryside

        kw = {} if args.budget is None else {"nodes": args.budget}
        result = min_ap_countryside(state, cottages=cottages, time_limit=args.timeout, **kw)
    if getattr(result, "exact", True) is False:  # a budget or the time ran out first: exit 3
        bound = getattr(result, "lower_bound", None)
        _limit(args, result, f"not proven minimal within --budget/--timeout; at least {bound} AP")
    return emit(args, result)


def _run_reach(args) -> int:
    from rulebook.trogdor.grid import GRID5
    from solvers.trogdor.board_graph import reachable
    from solvers.trogdor.query import board_of

    state = state_from_args(args)
    board = board_of(state)  # the solvers' one reading of a state (knights, powers)
    avoid = [GRID5.at(i) for i in sorted(board.avoid)]
    result = reachable(
        state, board.trogdor, args.ap, avoid=avoid, diagonal=board.diagonal, wrap=board.wrap
    )
    return emit(args, result)


def _run_flame(args) -> int:
    from solvers.trogdor.peasant import best_ignition, ignite

    state = state_from_args(args)
    if args.best:
        return emit(args, best_ignition(state))
    if not args.at or not args.card:
        raise UsageError("give --at SQUARE and --card CARD (or --best)")
    from rulebook.trogdor.grid import GRID5

    return emit(args, ignite(state, GRID5.parse(_one_square(args.at, "--at")), args.card))


def _run_danger(args) -> int:
    from solvers.trogdor.danger import card_danger, danger_map

    state = state_from_args(args)
    return emit(args, card_danger(state, args.card) if args.card else danger_map(state))


def _run_win_now(args) -> int:
    from solvers.trogdor.win_now import win_this_turn, with_hand

    if args.ap is not None:
        if args.position is not None:
            raise UsageError("--ap goes with --layout (a --position carries its own AP)")
        state = state_from_args(args, ap=args.ap)
    else:
        hand = [c.strip() for c in (args.hand or "").split(",") if c.strip()]
        if not hand:
            raise UsageError("give --hand CARD,CARD (action card ids) or --ap N")
        state = with_hand(state_from_args(args), hand)
    result = win_this_turn(state, limit=args.budget, seconds=args.timeout)
    if result.win is None:  # the search budget or the clock ran out before an answer
        option = "--timeout" if "time" in (result.reason or "") else "--budget"
        _limit(args, result, f"{result.reason} ({option})")
    return emit(args, result)


def _limit(args, result, what: str):
    """Print the partial answer, then stop with exit 3 (a limit was reached)."""
    from solvers.limits import LimitReached

    emit(args, result)
    raise LimitReached(what)


def _min_ap_parser(commands) -> None:
    p = opt.command(
        commands, "min-ap", help="fewest AP to burninate one cottage (plan included)",
        description="Fewest action points for Trogdor to end with a cottage burninated, and "
        "the plan (move, burrow, burn tile, burn cottage). Knights' squares are avoided.",
        run=_run_min_ap, **POSITION, timeout=10.0,
        budget=(None, "A* expansions (search)", MAX_NODES["min-ap"]),
    )  # fmt: skip
    _position_options(p)
    p.add_argument("--cottage", required=True, metavar="SQ", help="the cottage to burninate")
    p.add_argument("--method", choices=("search", "z3"), default="search", help="default search")


def _countryside_parser(commands) -> None:
    # the answer is decided by the deterministic node budget; the clock is only a safety net, so
    # a loaded machine gives the same (proven) answer as a quiet one
    p = opt.command(
        commands, "countryside", help="fewest AP to burninate all 25 tiles and every cottage",
        description="Fewest AP to burninate the whole countryside (all 25 tiles, the Lake "
        "last among its neighbours) and every cottage. Exit 3 with the best plan and a lower "
        "bound when the budget or the time limit runs out first.",
        run=_run_countryside, **POSITION, timeout=120.0,
        budget=(None, "search nodes (search)", MAX_NODES["countryside"]),
    )  # fmt: skip
    _position_options(p)
    p.add_argument("--tiles-only", action="store_true", help="ignore the cottages")
    p.add_argument("--method", choices=("search", "z3"), default="search", help="default search")


def _reach_parser(commands) -> None:
    p = opt.command(
        commands, "reach", help="squares reachable with N AP of moves (tunnels included)",
        description="Squares Trogdor reaches with at most N AP of moves and burrows, and the "
        "fewest AP to each.",
        run=_run_reach, **POSITION,
    )  # fmt: skip
    _position_options(p)
    p.add_argument("--ap", type=opt.count_up_to(MAX_AP), required=True,
                   help=f"action points to spend moving (0..{MAX_AP})")  # fmt: skip


def _flame_parser(commands) -> None:
    p = opt.command(
        commands, "flame", help="what a flaming peasant burns (or which peasant to ignite)",
        description="Ignite the peasant on --at with movement card --card and report the tiles "
        "and cottages burnt, the chain and who ends in the Void or the Lake; or, with --best, "
        "rank the peasants by expected burnination over the movement deck.",
        run=_run_flame, **POSITION,
    )  # fmt: skip
    _position_options(p)
    p.add_argument("--at", metavar="SQ", help="the peasant's square")
    p.add_argument("--card", help="movement card id (e.g. mv-07) or a literal like 2Er-EES")
    p.add_argument("--best", action="store_true", help="which peasant to ignite")


def _danger_parser(commands) -> None:
    p = opt.command(
        commands, "danger",
        help="where knights, the Troghammer and arrows hit (per card, or probability map)",
        description="With --card: the squares each piece would hit Trogdor on this Phase 2. "
        "Without: the exact probability Trogdor is hit on each square over the movement deck.",
        run=_run_danger, **POSITION,
    )  # fmt: skip
    _position_options(p)
    p.add_argument("--card", help="one movement card (id or literal)")


def _win_now_parser(commands) -> None:
    p = opt.command(
        commands, "win-now", help="can Trogdor win this turn with this hand?",
        description="Can Trogdor meet the win condition this turn (Phase 2 ignored)? Plays each "
        "card (or discards one for 5 AP) and searches the engine's actions.",
        run=_run_win_now, **POSITION, timeout=10.0,
        budget=(200_000, "engine positions", MAX_NODES["win-now"]),
    )  # fmt: skip
    _position_options(p)
    p.add_argument("--hand", help="action card ids in hand, e.g. block-1,ap5")
    p.add_argument("--ap", type=opt.count_up_to(MAX_AP),
                   help=f"instead of a hand: the AP already available (0..{MAX_AP})")  # fmt: skip


# command -> the function adding its parser, in the order ``trogkit trogdor --help`` lists them
_PARSERS = {
    "min-ap": _min_ap_parser,
    "countryside": _countryside_parser,
    "reach": _reach_parser,
    "flame": _flame_parser,
    "danger": _danger_parser,
    "win-now": _win_now_parser,
}
COMMANDS = tuple(_PARSERS)


def register(commands, only: str | None = None) -> None:
    """Add the Trogdor solver commands to ``trogkit trogdor``; with ``only``, just that one (the
    command line names it: bench figure "min-AP CLI CPU ÷ BFS script")."""
    for name, add in _PARSERS.items():
        if only is None or name == only:
            add(commands)
