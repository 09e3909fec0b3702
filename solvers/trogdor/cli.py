"""``trogkit trogdor ...``: the Trogdor solvers from the shell. Every subcommand has ``--json``;
bad input raises ``TrogkitInputError`` (the dispatcher prints one line and exits 2); an impossible
target is an answer (``ap`` null with a ``reason``), not an error."""

from __future__ import annotations

import argparse
import json

from rulebook.common.grid import GRID5

from .position import Position, QueryError

EXAMPLE = "C...C/.T.../..L../...T./C.M.."


def _position_args(p: argparse.ArgumentParser, *, avoid: bool = True) -> None:
    p.add_argument(
        "--layout",
        required=True,
        help=f"5 rows joined by '/', e.g. {EXAMPLE!r}; lower case or '#' = burninated",
    )
    p.add_argument("--from", dest="start", default="C3", help="Trogdor's square (default C3)")
    p.add_argument("--burnt", default="", help="burninated tiles, e.g. A2,B2")
    if avoid:
        p.add_argument("--avoid", default="", help="knights' squares Trogdor must not enter")
    p.add_argument("--cottages-burnt", default="", help="cottages already burninated, e.g. E1")
    p.add_argument("--diagonal", action="store_true", help="a card grants diagonal moves")
    p.add_argument("--wrap", action="store_true", help="a card or keeper grants wraparound moves")
    p.add_argument("--json", action="store_true", help="print JSON")


def position_from_args(args) -> Position:
    return Position.from_text(
        args.layout,
        args.start,
        args.burnt,
        getattr(args, "avoid", ""),
        args.cottages_burnt,
        diagonal=args.diagonal,
        wrap=args.wrap,
    )


def _square(text: str, what: str):
    try:
        return GRID5.parse(text)
    except QueryError:
        raise
    except Exception as e:  # NotationError: name the option
        raise QueryError(f"{what}: {e}") from None


def _emit(args, result) -> int:
    if args.json:
        print(json.dumps(result.to_json(), sort_keys=False))
    else:
        print(result)
    return 0


def _run_min_ap(args) -> int:
    pos = position_from_args(args)
    cottage = _square(args.cottage, "--cottage")
    if args.method == "z3":
        from .z3_model import min_ap_cottage_z3

        result = min_ap_cottage_z3(pos, cottage, timeout_ms=int(args.timeout * 1000))
    else:
        from .search import min_ap_cottage

        result = min_ap_cottage(pos, cottage)
    return _emit(args, result)


def _run_countryside(args) -> int:
    pos = position_from_args(args)
    cottages = not args.tiles_only
    if args.method == "z3":
        from .z3_model import min_ap_countryside_z3

        result = min_ap_countryside_z3(
            pos, cottages=cottages, timeout_ms=int(args.time_limit * 1000)
        )
    else:
        from .search import min_ap_countryside

        result = min_ap_countryside(pos, cottages=cottages, time_limit=args.time_limit)
    return _emit(args, result)


def _run_reach(args) -> int:
    from .board_graph import reachable

    pos = position_from_args(args)
    if args.k < 0:
        raise QueryError(f"--k must be 0 or more, got {args.k}")
    result = reachable(
        pos.layout, pos.trogdor, args.k, avoid=pos.avoid, diagonal=pos.diagonal, wrap=pos.wrap
    )
    return _emit(args, result)


def _state_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--position", help="a whole engine position in its one-line notation")
    p.add_argument("--layout", help=f"5 rows joined by '/', e.g. {EXAMPLE!r}; lower case = burnt")
    p.add_argument("--from", dest="start", default="C3", help="Trogdor's square (default C3)")
    p.add_argument("--burnt", default="", help="burninated tiles, e.g. A2,B2")
    p.add_argument("--cottages-burnt", default="", help="cottages already burninated")
    p.add_argument("--knights", default="", help="knights' squares")
    p.add_argument("--archer", default=None, help="the archer's square")
    p.add_argument("--troghammer", default=None, help="the Troghammer's square (if in play)")
    p.add_argument("--peasants", default="", help="peasants on the board")
    p.add_argument("--json", action="store_true", help="print JSON")


def state_from_args(args, *, ap: int = 99):
    """An engine state from ``--position`` or from the layout and piece options."""
    from rulebook.trogdor import State, puzzle

    if args.position:
        if args.layout:
            raise QueryError("give either --position or --layout, not both")
        return State.parse(args.position)
    if not args.layout:
        raise QueryError("give --position or --layout")

    def names(text, what):
        from .position import parse_squares

        return tuple(str(s) for s in sorted(parse_squares(text, what), key=GRID5.index))

    one = {}
    for key in ("archer", "troghammer"):
        v = getattr(args, key)
        one[key] = None if v is None else str(_square(v, f"--{key}"))
    return puzzle(
        args.layout,
        trogdor=str(_square(args.start, "--from")),
        burnt=names(args.burnt, "burnt squares"),
        knights=names(args.knights, "knights"),
        peasants=[str(_square(x, "--peasants")) for x in args.peasants.split(",") if x.strip()],
        archer=one["archer"],
        troghammer=one["troghammer"],
        ap=ap,
        cottages_burnt=names(args.cottages_burnt, "burnt cottages"),
    )


def _run_flame(args) -> int:
    from .peasant import best_ignition, ignite

    state = state_from_args(args)
    if args.best:
        return _emit(args, best_ignition(state))
    if not args.at or not args.card:
        raise QueryError("give --at SQUARE and --card CARD (or --best)")
    return _emit(args, ignite(state, _square(args.at, "--at"), args.card))


def _run_danger(args) -> int:
    from .danger import card_danger, danger_map

    state = state_from_args(args)
    return _emit(args, card_danger(state, args.card) if args.card else danger_map(state))


def _run_win_now(args) -> int:
    from .win_now import win_this_turn, with_hand

    if args.ap is not None:
        if args.ap < 0:
            raise QueryError(f"--ap must be 0 or more, got {args.ap}")
        state = state_from_args(args, ap=args.ap)
    else:
        hand = [c.strip() for c in (args.hand or "").split(",") if c.strip()]
        if not hand:
            raise QueryError("give --hand CARD,CARD (action card ids) or --ap N")
        state = with_hand(state_from_args(args), hand)
    return _emit(args, win_this_turn(state))


def register(subparsers) -> None:
    """Add ``trogdor`` and its subcommands to the ``trogkit`` parser."""
    top = subparsers.add_parser(
        "trogdor", help="Trogdor!! puzzle solvers", description="Trogdor!! puzzle solvers."
    )
    sub = top.add_subparsers(dest="command", required=True, parser_class=type(top))

    p = sub.add_parser(
        "min-ap",
        help="fewest AP to burninate one cottage (plan included)",
        description="Fewest action points for Trogdor to end with a cottage burninated, and "
        "the plan (move, burrow, burn tile, burn cottage). Knights' squares are avoided.",
    )
    _position_args(p)
    p.add_argument("--cottage", required=True, help="the cottage tile to burninate, e.g. A1")
    p.add_argument("--method", choices=("search", "z3"), default="search")
    p.add_argument("--timeout", type=float, default=10.0, help="z3 time limit in seconds")
    p.set_defaults(run=_run_min_ap)

    p = sub.add_parser(
        "countryside",
        help="fewest AP to burninate all 25 tiles and every cottage",
        description="Fewest AP to burninate the whole countryside (all 25 tiles, the Lake "
        "last among its neighbours) and every cottage; says whether the answer is proven "
        "minimal or the best found within the time limit with a lower bound.",
    )
    _position_args(p)
    p.add_argument("--tiles-only", action="store_true", help="ignore the cottages")
    p.add_argument("--method", choices=("search", "z3"), default="search")
    p.add_argument("--time-limit", type=float, default=10.0, help="seconds (default 10)")
    p.set_defaults(run=_run_countryside)

    p = sub.add_parser(
        "reach",
        help="squares reachable with k AP (incl. tunnels)",
        description="Squares Trogdor reaches with at most k AP of moves and burrows.",
    )
    _position_args(p)
    p.add_argument("--k", type=int, required=True, help="action points to spend on moving")
    p.set_defaults(run=_run_reach)

    p = sub.add_parser(
        "flame",
        help="what a flaming peasant burns (or which peasant to ignite)",
        description="Ignite the peasant on --at with movement card --card and report the tiles "
        "and cottages burnt, the chain and who ends in the Void or the Lake; or, with --best, "
        "rank the peasants by expected burnination over the movement deck.",
    )
    _state_args(p)
    p.add_argument("--at", help="the peasant's square")
    p.add_argument("--card", help="movement card id (e.g. mv-07) or a literal like 2Er-EES")
    p.add_argument("--best", action="store_true", help="which peasant to ignite")
    p.set_defaults(run=_run_flame)

    p = sub.add_parser(
        "danger",
        help="where knights, the Troghammer and arrows hit (per card, or probability map)",
        description="With --card: the squares each piece would hit Trogdor on this Phase 2. "
        "Without: the exact probability Trogdor is hit on each square over the movement deck.",
    )
    _state_args(p)
    p.add_argument("--card", help="one movement card (id or literal)")
    p.set_defaults(run=_run_danger)

    p = sub.add_parser(
        "win-now",
        help="can Trogdor win this turn with this hand?",
        description="Can Trogdor meet the win condition this turn (Phase 2 ignored)? Plays each "
        "card (or discards one for 5 AP) and searches the engine's actions.",
    )
    _state_args(p)
    p.add_argument("--hand", help="action card ids in hand, e.g. block-1,ap5")
    p.add_argument("--ap", type=int, help="instead of a hand: the AP already available")
    p.set_defaults(run=_run_win_now)
