"""``trogkit encounter ...``: battle, odds, build, solo, new, play -- each with ``--json``."""

from __future__ import annotations

import json

from rulebook.common.errors import RuleError, TrogkitInputError
from rulebook.encounter import (
    CATALOG,
    BattleRules,
    apply_action,
    legal_actions,
    load_card_set,
    new_adventure,
    new_game,
    parse_state,
    rulings_from,
)
from rulebook.encounter.cards import DEFAULT_CARDS


class EncounterInputError(TrogkitInputError):
    """Bad arguments to an encounter subcommand."""


def _common(p, *, rules=True):
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--cards", default=str(DEFAULT_CARDS), help="card data file (TOML/JSON)")
    if rules:
        p.add_argument("--sin", action="store_true", help="Strength in Numbers (RE-VAR-SIN)")
        p.add_argument(
            "--ruling", action="append", default=[], metavar="ID=OPTION",
            help=f"choose a ruling option; rulings: {', '.join(sorted(CATALOG.rulings))}",
        )  # fmt: skip


def _rulings(args):
    choices = {}
    for r in args.ruling:
        if "=" not in r:
            raise EncounterInputError(f"--ruling wants ID=OPTION, got {r!r}")
        k, v = r.split("=", 1)
        choices[k] = v
    return rulings_from(choices)


def _rules(args) -> BattleRules:
    return BattleRules.from_rulings(_rulings(args), ("sin",) if args.sin else ())


def _ids(text: str, cards, what: str, sep: str = "+") -> list[str]:
    ids = [c for c in text.replace(",", sep).split(sep) if c]
    if not ids:
        raise EncounterInputError(f"{what} is empty")
    for c in ids:
        if c not in cards:
            raise EncounterInputError(f"{what}: unknown card id {c!r}")
    return ids


def _out(args, data: dict, text: str) -> int:
    print(json.dumps(data, sort_keys=True) if args.json else text)
    return 0


def cmd_battle(args) -> int:
    from solvers.encounter.odds import battle_outcome

    cards = load_card_set(args.cards)
    a, b = _ids(args.a, cards, "encounter A"), _ids(args.b, cards, "encounter B")
    res = battle_outcome(a, b, cards, _rules(args))
    data = {"a": a, "b": b, "winner": res.winner, "swapped": res.swapped,
            "decided_by": res.decided_by, "levels": list(res.levels), "steps": res.steps}  # fmt: skip
    return _out(args, data, "\n".join(res.steps) + f"\nwinner: {res.winner}")


def cmd_odds(args) -> int:
    from solvers.encounter.odds import win_probability

    cards = load_card_set(args.cards)
    mine = _ids(args.mine, cards, "your encounter")
    if args.pool:
        pool = _ids(args.pool, cards, "pool", ",")
    else:
        pool = [c for c in cards.ids("encounter") if c not in mine]
        if args.seen:
            seen = set(_ids(args.seen, cards, "seen", ","))
            pool = [c for c in pool if c not in seen]
    odds = win_probability(mine, args.k, pool, cards, _rules(args), seed=args.seed)
    d = odds.as_dict()
    text = (
        f"win {d['win']:.4f}  tie {d['tie']:.4f}  lose {d['lose']:.4f}  "
        f"({odds.method}, {odds.cases} legal encounters of {args.k} from {len(pool)} cards)"
    )
    return _out(args, d, text)


def cmd_build(args) -> int:
    from solvers.encounter.builder import build_matching, build_z3

    cards = load_card_set(args.cards)
    hand = _ids(args.hand, cards, "hand", ",")
    opp = [_ids(e, cards, f"opposing encounter {i + 1}") for i, e in enumerate(args.vs.split("/"))]
    rules = _rules(args)
    plans = []
    if args.method in ("matching", "both"):
        plans.append(build_matching(hand, opp, cards, rules, n=args.n))
    if args.method in ("z3", "both"):
        plans.append(build_z3(hand, opp, cards, rules, n=args.n, timeout_ms=args.timeout))
    lines = []
    for plan in plans:
        lines.append(f"{plan.method}: {plan.wins} win(s){'' if plan.optimal else ' (timed out)'}")
        for e, t in zip(plan.encounters, plan.pairs, strict=True):
            vs = f"vs {'+'.join(opp[t])}" if t is not None else "(unpaired)"
            lines.append(f"  {'+'.join(sorted(e)):24} {vs}")
    data = {"plans": [p.as_dict() for p in plans]}
    return _out(args, data, "\n".join(lines))


def cmd_solo(args) -> int:
    from solvers.encounter.adventure import solve_adventure

    cards = load_card_set(args.cards)
    if args.position:
        st = parse_state(args.position, cards)
        if st.__class__.__name__ != "SoloState":
            raise EncounterInputError("--position must be a Solo Adventure position (mode=solo)")
    else:
        st = new_adventure(args.seed, rulings=_rulings(args), sin=args.sin, cards=cards)
    res = solve_adventure(st, max_states=args.max_states)
    verdict = {True: "winnable", False: "not winnable", None: "unknown (budget exhausted)"}
    text = f"{verdict[res.winnable]} -- {res.states} states explored"
    if res.plan:
        text += "\nplan: " + "; ".join(res.plan)
    return _out(args, res.as_dict() | {"position": str(st)}, text)


def cmd_new(args) -> int:
    cards = load_card_set(args.cards)
    if args.mode == "solo":
        st = new_adventure(args.seed, rulings=_rulings(args), sin=args.sin, cards=cards)
    else:
        variants = tuple(v for v in (args.variants or "").split(",") if v)
        if args.sin:
            variants += ("sin",)
        st = new_game(
            args.players, args.seed, variants=variants, rulings=_rulings(args), cards=cards
        )
    return _out(args, {"position": str(st), "legal": legal_actions(st)}, str(st))


def cmd_play(args) -> int:
    cards = load_card_set(args.cards)
    st = parse_state(args.position, cards)
    for a in args.actions:
        try:
            st = apply_action(st, a)
        except RuleError as e:
            raise EncounterInputError(f"action {a!r} refused by {e.rule_id}: {e.reason}") from None
    data = {"position": str(st), "legal": legal_actions(st), "last": st.last}
    return _out(args, data, str(st) + (f"\n{st.last}" if st.last else ""))


def register(sub) -> None:
    p = sub.add_parser("encounter", help="Random Encounter: Plains of the Troll King")
    s = p.add_subparsers(dest="command", required=True, parser_class=type(p))

    b = s.add_parser("battle", help="resolve two encounters (steps in rulebook order)")
    b.add_argument("a", help="encounter A, card ids joined by + (e.g. Y3a+Y6a+Y4a)")
    b.add_argument("b", help="encounter B")
    _common(b)
    b.set_defaults(run=cmd_battle)

    o = s.add_parser("odds", help="chance to beat an unknown encounter of K cards")
    o.add_argument("mine", help="your encounter, ids joined by +")
    o.add_argument("--k", type=int, default=2, help="cards in the unknown encounter")
    o.add_argument("--pool", help="comma-separated unseen cards (default: all others)")
    o.add_argument("--seen", help="comma-separated cards known to be elsewhere")
    o.add_argument("--seed", type=int, default=0, help="seed when sampling")
    _common(o)
    o.set_defaults(run=cmd_odds)

    bu = s.add_parser("build", help="split a hand into encounters to beat known ones")
    bu.add_argument("--hand", required=True, help="comma-separated card ids (9 normally)")
    bu.add_argument("--vs", required=True, help="opposing encounters A+B/C/D+E/...")
    bu.add_argument("--method", choices=("z3", "matching", "both"), default="both")
    bu.add_argument("--n", type=int, default=5, help="encounters to build")
    bu.add_argument("--timeout", type=int, default=10_000, help="z3 timeout per check (ms)")
    _common(bu)
    bu.set_defaults(run=cmd_build)

    so = s.add_parser("solo", help="is this Solo Adventure winnable (everything face up)?")
    so.add_argument("--seed", type=int, default=0, help="deal to solve")
    so.add_argument("--position", help="a solo position in notation instead of a seed")
    so.add_argument("--max-states", type=int, default=200_000, help="search budget")
    _common(so)
    so.set_defaults(run=cmd_solo)

    n = s.add_parser("new", help="print a new position")
    n.add_argument("mode", choices=("multi", "solo"))
    n.add_argument("--players", type=int, default=2)
    n.add_argument("--seed", type=int, default=0)
    n.add_argument("--variants", help="comma-separated: keys, market, sin")
    _common(n)
    n.set_defaults(run=cmd_new)

    pl = s.add_parser("play", help="apply actions to a position")
    pl.add_argument("position", help="position notation (mode=multi ... or mode=solo ...)")
    pl.add_argument("actions", nargs="*", help="actions, e.g. 'put Y3a 1' 'done'")
    _common(pl, rules=False)
    pl.set_defaults(run=cmd_play)


__all__ = ["register", "EncounterInputError"]
