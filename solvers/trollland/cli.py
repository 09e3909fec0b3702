"""``trogkit trollland ...``: the loading solver and a position inspector.

    trogkit trollland load --input FILE.json [--method z3|search] [--json]
    trogkit trollland actions --position "TL players=..." [--json]

The input format of ``load`` is documented in ``solvers/trollland/load_schema.json``.
"""

from __future__ import annotations

import json

from rulebook.trollland import State, legal_actions

from . import search, z3load
from .problem import load_file


def _load(args) -> int:
    pb = load_file(args.input)
    result = z3load.solve(pb) if args.method == "z3" else search.solve(pb)
    if not result.feasible and not result.explanation:
        result.explanation = z3load.solve(pb).explanation  # the words come from the unsat core
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
