"""``trogkit encounter battle|odds|build|solo``: the Random Encounter solvers' commands (registered
by trogkit/cli.py next to the protocol's new/actions/play/show)."""

from __future__ import annotations

from trogkit import options as opt
from trogkit.options import UsageError
from trogkit.output import emit

DEFAULT_BUDGET = 200_000  # solo: states explored
SOLO_GRACE = 5.0  # solo: seconds past --timeout before the alarm cuts a search that missed it


class EncounterInputError(UsageError):
    """Bad arguments to an encounter command."""


def _cards(args):
    from rulebook.common.errors import CardDataError
    from rulebook.encounter import default_cards, load_card_set

    if args.cards is None:
        return default_cards()
    try:
        return load_card_set(args.cards)
    except CardDataError as e:
        raise EncounterInputError(f"--cards: {e}") from None


def _rulings(args):
    from rulebook.encounter import rulings_from

    return rulings_from(opt.rulings_dict(args) or {})


def _rules(args):
    from rulebook.encounter import BattleRules

    return BattleRules.from_rulings(_rulings(args), ("sin",) if args.sin else ())


def _ids(text: str, cards, what: str, sep: str = "+") -> list[str]:
    """Card ids from 'A+B' (or 'A,B'); unknown ids name the option. Whether the encounters are
    legal (RE-COMPOSE-*, a card twice) is the rulebook's check, run by the solvers."""
    ids = [c for c in text.replace(",", sep).split(sep) if c]
    if not ids:
        raise EncounterInputError(f"{what} is empty")
    for c in ids:
        if c not in cards:
            raise EncounterInputError(f"{what}: unknown card id {c[:20]!r}")
    return ids


def cmd_battle(args) -> int:
    from solvers.encounter.odds import battle_outcome

    cards = _cards(args)
    a, b = _ids(args.a, cards, "encounter A"), _ids(args.b, cards, "encounter B")
    res = battle_outcome(a, b, cards, _rules(args))
    data = {"a": a, "b": b, "winner": res.winner, "swapped": res.swapped,
            "decided_by": res.decided_by, "levels": list(res.levels), "steps": res.steps}  # fmt: skip
    return emit(args, data, "\n".join(res.steps) + f"\nwinner: {res.winner}")


def cmd_odds(args) -> int:
    from solvers.encounter.odds import win_probability
    from solvers.limits import LimitReached

    cards = _cards(args)
    mine = _ids(args.mine, cards, "your encounter")
    if args.pool:
        pool = _ids(args.pool, cards, "--pool", ",")
    else:
        pool = [c for c in cards.ids("encounter") if c not in mine]
        if args.seen:
            seen = set(_ids(args.seen, cards, "--seen", ","))
            pool = [c for c in pool if c not in seen]
    if not 1 <= args.k <= len(pool):
        raise EncounterInputError(f"--k must be 1..{len(pool)} (the unseen cards), not {args.k}")
    try:
        odds = win_probability(
            mine, args.k, pool, cards, _rules(args), seed=args.seed, seconds=args.timeout
        )
    except LimitReached as e:  # the odds sampled so far, then exit 3
        if e.best is not None:
            _emit_odds(args, e.best, len(pool))
        raise LimitReached(e.what) from None
    return _emit_odds(args, odds, len(pool))


def _emit_odds(args, odds, pool: int) -> int:
    d = odds.as_dict()
    text = (
        f"win {d['win']:.4f}  tie {d['tie']:.4f}  lose {d['lose']:.4f}  "
        f"({odds.method}, {odds.cases} legal encounters of {args.k} from {pool} cards)"
    )
    return emit(args, d, text)


def cmd_build(args) -> int:
    import time

    from solvers.encounter.builder import build_matching, build_z3
    from solvers.limits import LimitReached

    cards = _cards(args)
    hand = _ids(args.hand, cards, "--hand", ",")
    opp = [_ids(e, cards, f"--vs encounter {i + 1}") for i, e in enumerate(args.vs.split("/"))]
    if not 1 <= args.n <= len(hand):
        raise EncounterInputError(
            f"--n must be 1..{len(hand)}: cannot split {len(hand)} cards into {args.n} encounters"
        )
    if len(opp) > args.n:
        raise EncounterInputError(f"--vs gives {len(opp)} encounters; at most --n ({args.n})")
    rules = _rules(args)
    plans, start = [], time.monotonic()
    if args.method in ("matching", "both"):
        share = args.timeout / 2 if args.method == "both" else args.timeout
        plans.append(build_matching(hand, opp, cards, rules, n=args.n, seconds=share))
    if args.method in ("z3", "both"):  # the time matching left
        timeout_ms = max(1, int((args.timeout - (time.monotonic() - start)) * 1000))
        plans.append(build_z3(hand, opp, cards, rules, n=args.n, timeout_ms=timeout_ms))
    lines = []
    for plan in plans:
        lines.append(
            f"{plan.method}: {plan.wins} win(s){'' if plan.optimal else ' (time ran out)'}"
        )
        for e, t in zip(plan.encounters, plan.pairs, strict=True):
            vs = f"vs {'+'.join(opp[t])}" if t is not None else "(unpaired)"
            lines.append(f"  {'+'.join(sorted(e)):24} {vs}")
    data = {"plans": [p.as_dict() for p in plans]}
    if any(not p.optimal for p in plans):
        emit(args, data, "\n".join(lines))
        late = ", ".join(p.method for p in plans if not p.optimal)
        raise LimitReached(
            f"time limit of {args.timeout:g} s reached by {late} (--timeout; the plans above "
            "are the best found, not proven best)"
        )
    return emit(args, data, "\n".join(lines))


def cmd_solo(args) -> int:
    import rulebook
    from rulebook.common.errors import TrogkitInputError
    from solvers.encounter.adventure import solve_adventure
    from solvers.limits import LimitReached, wall_clock

    cards = _cards(args)
    solo = rulebook.game("encounter-solo")
    if args.position:
        try:
            st = solo.parse(args.position, cards=cards)
        except TrogkitInputError as e:
            raise EncounterInputError(f"--position: {e}") from None
    else:
        rulings = opt.rulings_dict(args)
        st = solo.new_game(args.seed, rulings=rulings, sin=args.sin, cards=cards)
    # the search reads the clock itself (a partial answer); the alarm is a backstop only
    late = f"time limit of {args.timeout:g} s reached (--timeout)"
    with wall_clock(args.timeout + SOLO_GRACE, late):
        res = solve_adventure(st, max_states=args.budget, seconds=args.timeout)
    emit(args, res.as_dict() | {"position": str(st)}, _solo_text(res))
    if res.stopped == "time":
        raise LimitReached(f"{late}; the line above is partial, not a win")
    if res.stopped:
        raise LimitReached(
            f"search budget of {args.budget:,} states used up (--budget); the line above is "
            "partial, not a win"
        )
    return 0


def _solo_text(res) -> str:
    verdict = {True: "winnable", False: "not winnable", None: "unknown (search cut)"}
    text = f"{verdict[res.winnable]} -- {res.states} states explored"
    if res.plan:
        text += "\nplan: " + "; ".join(res.plan)
    if res.stopped:
        r = res.reached
        text += (
            f"\npartial: furthest line so far ({r['keys']} Keys, {r['cleared']} enemies cleared, "
            f"space {r['space']}), not a win: " + ("; ".join(res.furthest) or "-")
        )
    return text


# the shared options of every Random Encounter solver command (``opt.add_shared``)
BATTLE_OPTIONS = {"rulings": True, "cards": True, "json": True}


def _sin(p) -> None:
    p.add_argument("--sin", action="store_true", help="Strength in Numbers (RE-VAR-SIN)")


def register(commands) -> None:
    """Add the Random Encounter solver commands to ``trogkit encounter``."""
    from solvers.limits import MAX_NODES

    b = opt.command(
        commands, "battle", help="resolve two encounters (steps in rulebook order)",
        description="Resolve encounter A against encounter B and show every step in the "
        "rulebook's order (effects, Strength in Numbers, levels).",
        run=cmd_battle, **BATTLE_OPTIONS,
    )  # fmt: skip
    b.add_argument("a", help="encounter A, card ids joined by + (e.g. Y3a+Y6a+Y4a)")
    b.add_argument("b", help="encounter B")
    _sin(b)

    o = opt.command(
        commands, "odds", help="chance to beat an unknown encounter of K cards",
        description="The chance that your encounter beats an unknown legal encounter of K "
        "cards drawn from the unseen cards (exact count, or sampled when there are too many).",
        run=cmd_odds, seed=True, timeout=(10.0, "the count (half exact, then sampling)"),
        **BATTLE_OPTIONS,
    )  # fmt: skip
    o.add_argument("mine", help="your encounter, ids joined by +")
    o.add_argument("--k", type=opt.positive, default=2, help="cards in the unknown encounter")
    o.add_argument("--pool", help="comma-separated unseen cards (default: all others)")
    o.add_argument("--seen", help="comma-separated cards known to be elsewhere")
    _sin(o)

    bu = opt.command(
        commands, "build", help="split a hand into encounters to beat known ones",
        description="Split a hand into encounters that beat as many of the known opposing "
        "encounters as possible (matching, z3, or both to compare).",
        run=cmd_build, timeout=(10.0, "the build (--method both: half each, at first)"),
        **BATTLE_OPTIONS,
    )  # fmt: skip
    bu.add_argument("--hand", required=True, help="comma-separated card ids (9 normally)")
    bu.add_argument("--vs", required=True, help="opposing encounters A+B/C/D+E/...")
    bu.add_argument("--method", choices=("z3", "matching", "both"), default="both")
    bu.add_argument("--n", type=opt.positive, default=5, help="encounters to build")
    _sin(bu)

    so = opt.command(
        commands, "solo", help="is this Solo Adventure winnable (everything face up)?",
        description="Is a Solo Adventure deal winnable with every card face up? A plan when it "
        "is; exit 3 when the state budget runs out first.",
        run=cmd_solo, position={"what": " (a solo position, instead of --seed)"}, seed=True,
        budget=(DEFAULT_BUDGET, "game states", MAX_NODES["encounter solo"]), timeout=60.0,
        **BATTLE_OPTIONS,
    )  # fmt: skip
    _sin(so)


__all__ = ["register", "EncounterInputError"]
