"""``trogkit trollland ...``: the loading solver and a position inspector.

    trogkit trollland load --input FILE.json [--method z3|search] [--json]
    trogkit trollland actions --position "TL players=..." [--json]
    trogkit trollland best-pair --position "TL ..." [--player N] [--json]

Exit codes: 0 answer, 2 bad input (one line on stderr), 3 z3 timed out.

The input format of ``load`` is documented in ``solvers/trollland/load_schema.json``.
"""

from __future__ import annotations

import json
import sys

from rulebook.trollland import State, legal_actions
from solvers.cli import UsageError

from . import search, z3load
from .bestpair import best_pairs
from .problem import load_file


def _load(args) -> int:
    pb = load_file(args.input)
    try:
        result = z3load.solve(pb) if args.method == "z3" else search.solve(pb)
        if not result.feasible and not result.explanation:
            result.explanation = z3load.solve(pb).explanation  # words from the unsat core
    except TimeoutError as e:  # neither an answer nor bad input
        print(f"trogkit trollland: {e}; try --method search", file=sys.stderr)
        return 3
    if args.json:
        print(json.dumps(result.to_dict(), sort_keys=True))
    else:
        print("\n".join(result.lines()))
    return 0


def _actions(args) -> int:
    s = State.parse(args.position)
    acts = legal_actions(s)
    who = None if s.to_act is None else f"P{s.to_act + 1}"
    if args.json:
        print(json.dumps({"phase": s.phase, "to_act": who, "actions": acts}, sort_keys=True))
    else:
        print(f"step {s.phase}, to act: {who or '-'}")
        print("\n".join(acts) or "(no action: the game is over)")
    return 0


def _best_pair(args) -> int:
    s = State.parse(args.position)
    if s.phase != "choose":
        raise UsageError(f"best-pair needs a position in the choose step, not {s.phase!r}")
    player = s.to_act if args.player is None else args.player - 1
    if not 0 <= player < s.players:
        raise UsageError(f"--player must be 1..{s.players}")
    others = {p: list(c) for p, c in enumerate(s.chosen) if p != player}
    ranking = best_pairs(s, player, others)
    if args.json:
        rows = [{"pair": list(pv.pair), "value": pv.value} for pv in ranking]
        print(json.dumps({"player": f"P{player + 1}", "pairs": rows}, sort_keys=True))
    else:
        print(f"P{player + 1}, given the others' revealed cards:")
        print("\n".join(map(str, ranking)))
    return 0


def register(subparsers) -> None:
    p = subparsers.add_parser("trollland", help="Trollland: loading solver and positions")
    sub = p.add_subparsers(dest="command", required=True, parser_class=type(p))
    load = sub.add_parser("load", help="can these cards be loaded? (min refugees otherwise)")
    load.add_argument("--input", required=True, help="JSON file (see load_schema.json)")
    load.add_argument("--method", choices=("z3", "search"), default="z3")
    load.add_argument("--json", action="store_true", help="machine-readable answer")
    load.set_defaults(run=_load)
    act = sub.add_parser("actions", help="legal actions of a position")
    act.add_argument("--position", required=True, help="one-line TL notation")
    act.add_argument("--json", action="store_true")
    act.set_defaults(run=_actions)
    best = sub.add_parser("best-pair", help="rank a player's pairs of cards by zeal points")
    best.add_argument("--position", required=True, help="one-line TL notation, choose step")
    best.add_argument("--player", type=int, help="1-based (default: the player to act)")
    best.add_argument("--json", action="store_true")
    best.set_defaults(run=_best_pair)
