"""``trogkit trollland load|best-pair``: the Trollland solvers' commands (registered by trogkit/cli.py
next to the protocol's new/actions/play/show).

The input format of ``load`` is documented in ``solvers/trollland/load_schema.json``.
"""

from __future__ import annotations

import json

from trogkit import options as opt
from trogkit.options import UsageError

BEST_PAIR_STEPS, BEST_PAIR_SECONDS = 200_000, 10.0  # = bestpair.DEFAULT_STEPS, DEFAULT_SECONDS


def _load(args) -> int:
    from rulebook.common.cards import read_data_file
    from rulebook.common.errors import TrogkitInputError
    from solvers.trollland import search, z3load
    from solvers.trollland.problem import from_dict

    try:
        pb = from_dict(read_data_file(args.input, fmt="json"))
    except TrogkitInputError as e:
        raise UsageError(f"--input: {e}") from None
    limits = args.timeout is not None or args.budget is not None
    if limits and args.method == "z3":
        raise UsageError("--timeout and --budget bound --method search (z3 has its own limit)")
    try:
        if args.method == "z3":
            result = z3load.solve(pb)
        else:
            from solvers.limits import Budget

            if limits:  # --budget alone keeps the solver's clock: --timeout replaces it
                seconds = args.timeout or search.DEFAULT_SECONDS
                nodes = args.budget or search.DEFAULT_NODES
                result = search.solve(pb, Budget(seconds=seconds, nodes=nodes))
            else:
                result = search.solve(pb)
        if not result.feasible and not result.explanation:
            result.explanation = z3load.solve(pb).explanation  # words from the unsat core
    except TimeoutError as e:  # neither an answer nor bad input: a limit (exit 3)
        from solvers.limits import LimitReached

        raise LimitReached(f"{e}; try --method search") from None
    if args.json:
        print(json.dumps(result.to_dict(), sort_keys=True))
    else:
        print("\n".join(result.lines()))
    return 0


def _best_pair(args) -> int:
    from rulebook.common.errors import TrogkitInputError
    from rulebook.trollland import State
    from solvers.limits import Budget, LimitReached
    from solvers.trollland.bestpair import best_pairs

    try:
        s = State.parse(args.position)
    except TrogkitInputError as e:
        raise UsageError(f"--position: {e}") from None
    if s.phase != "choose":
        raise UsageError(f"--position: best-pair needs the choose step, not {s.phase!r}")
    player = s.to_move if args.player is None else args.player - 1
    if player is None or not 0 <= player < s.players:
        raise UsageError(f"--player must be 1..{s.players}")
    others = {p: list(c) for p, c in enumerate(s.chosen) if p != player}
    # --budget replaces the step budget only: the clock stays (--timeout replaces it)
    budget = Budget(seconds=args.timeout, nodes=args.budget)
    try:
        ranking = best_pairs(s, player, others, budget)
    except LimitReached as e:  # the pairs valued so far, then exit 3
        _print_pairs(args, player, e.best or [], partial=True)
        option = "--budget" if "budget" in e.what else "--timeout"
        raise LimitReached(f"{e.what} ({option})") from None
    _print_pairs(args, player, ranking)
    return 0


def _print_pairs(args, player: int, ranking, partial: bool = False) -> None:
    if args.json:
        rows = [{"pair": list(pv.pair), "value": pv.value} for pv in ranking]
        data = {"player": f"P{player + 1}", "pairs": rows, "complete": not partial}
        print(json.dumps(data, sort_keys=True))
    else:
        note = " (only the pairs valued before a limit was reached)" if partial else ""
        print(f"P{player + 1}, given the others' revealed cards{note}:")
        print("\n".join(map(str, ranking)))


def register(commands) -> None:
    """Add the Trollland solver commands to ``trogkit trollland``."""
    from solvers.limits import MAX_NODES, NODE_BYTES, max_nodes

    load = opt.command(
        commands, "load", help="can these cards be loaded at the dock? (fewest refugees otherwise)",
        description="Can the revealed cards all be loaded onto the vehicles at the dock? If "
        "not, the fewest refugees and why (rule IDs). Input format: solvers/trollland/"
        "load_schema.json.",
        run=_load, input=True,
        budget=(None, "search states (--method search)", MAX_NODES["trollland load"]),
        timeout=(None, "--method search", "the solver's, 20"), json=True,
    )  # fmt: skip
    load.add_argument("--method", choices=("z3", "search"), default="z3",
                      help="z3 (default; explains infeasibility) or exhaustive search")  # fmt: skip

    steps = max_nodes(NODE_BYTES["trollland best-pair"])
    best = opt.command(
        commands, "best-pair", help="rank a player's pairs of cards by zeal points",
        description="Rank the pairs of cards a player can choose in the choose step by the "
        "zeal points they bring, given the other players' revealed cards.",
        run=_best_pair, position={"required": True, "what": " (the choose step)"},
        budget=(BEST_PAIR_STEPS, "engine steps", steps), timeout=BEST_PAIR_SECONDS, json=True,
    )  # fmt: skip
    best.add_argument("--player", type=opt.positive,
                      help="1-based player (default: the player to act)")  # fmt: skip
