"""``trogkit <game> witness|differ|check``: the command line of ``solvers.verify`` (issue 22),
the same for every game. Registered by trogkit/cli.py with one line; everything heavy is imported
when a command runs (the solvers never import the command line).

Exit codes: 0 an answer; 1 a claim is false (the counterexample is printed); 2 bad input;
3 a budget ended with no witness or difference (the best attempt is printed).
"""

from __future__ import annotations

import sys

COMMANDS = ("witness", "differ", "check")


DEFAULT_SECONDS = 300.0  # every verification search: the default clock (--timeout replaces it)
CLOCK_HELP = "the search (exit 3 when it ends it, with what was found before)"
MAX_PLAYOUTS = 100_000  # = solvers.verify.witness.MAX_BUDGET (kept here so --help stays fast)
MAX_STATES, MAX_BOUND = 20_000, 50_000  # = solvers.verify.claims' (the same reason)


def register(commands, game: str) -> None:
    from trogkit import options as opt

    p = opt.command(
        commands, "witness", help="find a short game where a rule fires (or every rule's, with --all)",
        description="Find a short replayable game that makes RULE_ID fire (a refusal rule: a "
        "position and the action it refuses), shrunk; exit 3 when the budget finds none.",
        run=lambda args: _witness(args, game), **SEARCH_OPTIONS,
    )  # fmt: skip
    p.add_argument("rule", nargs="?", metavar="RULE_ID", help="a rule of the catalog")
    p.add_argument("--all", action="store_true", help="every rule of the game (one search)")
    p.add_argument("--write", nargs="?", const="", metavar="FILE",
                   help=f"with --all: store them in FILE (default ./{game}.verify.json; never "
                   "into the installed kit)")  # fmt: skip
    p.add_argument("--force", action="store_true",
                   help="with --write: replace a store holding more witnesses or playouts")  # fmt: skip

    p = opt.command(
        commands, "differ", help="find where a ruling's options give different results",
        description="The shortest game found where RULING_ID's default and its other option "
        "part (position, legal actions, a refusal or the outcome).",
        run=lambda args: _differ(args, game), **SEARCH_OPTIONS,
    )  # fmt: skip
    p.add_argument("ruling_id", metavar="RULING_ID")
    p.add_argument("--option", help="the other option (default: the first non-default one)")

    # a check's budget is the positions its exhaustive search (--depth) visits, not playouts
    shared = {**SEARCH_OPTIONS, "budget": (MAX_STATES, "positions the exhaustive search "
                                           "(--depth) visits", MAX_BOUND)}  # fmt: skip
    p = opt.command(
        commands, "check",
        help="check a claim on many games; a false one gets its smallest counterexample",
        description="Check the claim NAME defined in FILE.py: a predicate over a state or over "
        "(state, action, next state); or an event marked more_often_than(p), answered "
        "supported/refuted/undecided at 95 %.",
        run=lambda args: _check(args, game), players=True, **shared,
    )  # fmt: skip
    p.add_argument("--claim", required=True, metavar="FILE.py:NAME")
    p.add_argument("--games", type=opt.count, default=100, help="random games (default 100)")
    p.add_argument("--depth", type=opt.count, default=0, help="exhaustive depth (default 0)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=opt.positive, default=1, help="local processes")
    where.add_argument("--dask", metavar="ADDRESS|local", help="run the games on Dask")


# the options every verification search shares, defined once (``trogkit.options.add_shared``):
# its playout --budget, its clock --timeout, --seed and --json
SEARCH_OPTIONS = {
    "seed": True,
    "budget": (None, "playouts", MAX_PLAYOUTS),
    "timeout": (DEFAULT_SECONDS, CLOCK_HELP),
    "json": True,
}


def trace_data(t, explained: dict | None = None) -> dict:
    """A trace as JSON for other tools: start, actions, the rules fired on the last step, and
    what ``explain`` says of it (``final`` and ``last_step``, or both ``outcomes``)."""
    d = t.to_json()
    if explained is not None and t.versus:
        d["outcomes"] = explained
    elif explained is not None:
        d["final"], d["last_step"] = explained["final"], explained
    return d


def explain(t) -> dict:
    from solvers.verify import explain

    return explain.outcomes(t) if t.versus else explain.last_step(t)


def trace_text(t, explained: dict | None = None) -> str:
    """The trace's actions, then in plain words what its last step did and its final position
    (a witness), or each option's outcome and what differs (a ruling difference)."""
    from solvers.verify import explain as words

    head = f"{t.game} {t.rule}: {t.length} actions (found {t.found_length}) from {t.start.label()}"
    lines = [head] + [f"  {i + 1:3d}. {a}" for i, a in enumerate(t.actions)]
    explained = explain(t) if explained is None else explained
    if t.versus:
        lines += words.difference_lines(explained)
    else:
        lines += words.witness_lines(t, explained)
    if t.note and not t.versus:
        lines.append(f"  note: {t.note}")
    return "\n".join(lines)


def _emit(args, data, text: str) -> None:
    from trogkit.output import emit

    emit(args, data, text)


def _missing(args, e) -> int:
    data = {"game": e.game, "rule": e.rule_id, "witness": None, "budget": e.budget, "why": e.why}
    _emit(args, data, f"no witness: {e}")
    print(f"trogkit {e.game}: limit reached: {e}", file=sys.stderr)
    return 3


def _witness(args, game: str) -> int:
    from rulebook.common.errors import TrogkitInputError
    from solvers.verify.witness import DEFAULT_BUDGET, witness

    if args.all:
        if args.rule is not None:
            raise TrogkitInputError(f"give a RULE_ID or --all, not both ({args.rule} and --all)")
        return _witness_all(args, game)
    if args.write is not None or args.force:
        raise TrogkitInputError("--write and --force store every rule's witness: give --all")
    if args.rule is None:
        raise TrogkitInputError("name a RULE_ID, or give --all")
    return _found_or_missing(args, lambda: witness(
        game, args.rule, budget=args.budget or DEFAULT_BUDGET, seed=args.seed,
        seconds=args.timeout))  # fmt: skip


def _found_or_missing(args, search) -> int:
    """Print the Trace ``search()`` finds (exit 0), or what it spent when it finds none (3)."""
    from solvers.verify.witness import NoWitness

    try:
        t = search()
    except NoWitness as e:
        return _missing(args, e)
    explained = explain(t)
    _emit(args, trace_data(t, explained), trace_text(t, explained))
    return 0


def _witness_all(args, game: str) -> int:
    from solvers.limits import LimitReached
    from solvers.verify.regenerate import regenerate
    from solvers.verify.stats import lengths_summary
    from solvers.verify.witness import witness_all

    cut = None
    if args.write is not None:
        target = _target(args, game)
        try:
            data = regenerate(game, budget=args.budget, seconds=args.timeout, path=target,
                              force=args.force, seed=args.seed)  # fmt: skip
        except LimitReached as e:  # nothing written: what the search found is printed
            cut, cov = e.what, e.best
        else:
            wit, missed, stats = data["witnesses"], data["missed"], data["stats"]
            print(f"trogkit {game} witness: written to {target}", file=sys.stderr)
    if args.write is None:
        cov = witness_all(game, budget=args.budget, seed=args.seed, seconds=args.timeout)
    if args.write is None or cut is not None:
        wit, missed, stats = cov.witnesses, cov.missed, lengths_summary(cov.witnesses)
    data = {"game": game, "stats": stats, "missed": missed,
            "witnesses": {k: trace_data(t) for k, t in wit.items()}}  # fmt: skip
    rows = [f"{k}: {t.length} actions (found {t.found_length})" + (f"; {t.note}" if t.note else "")
            for k, t in sorted(wit.items())]  # fmt: skip
    rows += [f"{k}: no witness ({why})" for k, why in sorted(missed.items())]
    _emit(args, data, "\n".join(rows + [f"stats: {stats}"]))
    if cut is not None:
        print(f"trogkit {game} witness: limit reached: {cut}", file=sys.stderr)
        return 3
    return 0


def _target(args, game: str):
    """Where --write stores the witnesses, checked before the search: writable, a store (or
    nothing) there, and not a larger search than this one unless --force."""
    from pathlib import Path

    from solvers.verify import store
    from solvers.verify.witness import ALL_BUDGET, DEFAULT_BUDGET

    target = store.writable(Path(args.write or f"{game}.verify.json"))
    if not args.force:
        budget = args.budget or ALL_BUDGET.get(game, DEFAULT_BUDGET)
        store.refuse_smaller(target, game, playouts=budget)
    return target


def _differ(args, game: str) -> int:
    from solvers.verify.differ import DEFAULT_BUDGET, differ

    return _found_or_missing(args, lambda: differ(
        game, args.ruling_id, option=args.option, budget=args.budget or DEFAULT_BUDGET,
        seed=args.seed, seconds=args.timeout))  # fmt: skip


def _check(args, game: str) -> int:
    """A claim's verdict (exit 0), refuted (1), or what was finished when the clock or the
    exhaustive bound cut what was asked (3). The claim runs in a child process."""
    from solvers.verify.claims import check_any

    r = check_any(game, args.claim, games=args.games, depth=args.depth, seed=args.seed,
                  players=args.players, workers=args.workers, dask=args.dask,
                  max_states=args.budget, seconds=args.timeout)  # fmt: skip
    if isinstance(r, dict):
        return _check_rate(args, game, r)
    if r.verdict == "refuted":
        how = "" if r.shrunk else " (the clock ran out before it was shrunk)"
        _emit(args, r.to_json(), f"{r.claim}: refuted{how}:\n" + trace_text(r.counterexample))
        return 1
    if r.verdict == "undecided":
        text = (f"{r.claim}: undecided: no counterexample in {r.what_was_searched()} "
                f"({r.why_undecided()}; not a proof)")  # fmt: skip
        _emit(args, r.to_json(), text)
        if r.timed_out:
            return _clock_ran_out(game, args, f"{r.claim}: {r.what_was_searched()}")
        print(f"trogkit {game}: limit reached: {r.claim}: {r.why_undecided()}", file=sys.stderr)
        return 3
    if r.verdict == "holds exhaustively":
        text = f"{r.claim}: holds exhaustively to depth {r.depth}: {r.what_was_searched()}"
    else:
        text = (f"{r.claim}: no counterexample in {r.games} games ({r.positions} positions; "
                "random games are no proof: --depth searches every position)")  # fmt: skip
    _emit(args, r.to_json(), text)
    return 0


def _check_rate(args, game: str, r: dict) -> int:
    rate = "no game" if r["rate"] is None else f"rate {r['rate']:.3f}"
    cut = " before the clock ran out" if r["timed_out"] else ""
    text = f"{r['claim']}: {r['verdict']} ({rate} in {r['games']} games{cut}, 95 % {r['ci95']})"
    _emit(args, r, text)
    if r["timed_out"]:
        return _clock_ran_out(game, args, f"{r['claim']}: {r['games']} games played")
    return 0


def _clock_ran_out(game: str, args, what: str) -> int:
    """Exit 3 with the words a witness search cut by its clock uses."""
    from solvers.verify.clock import CLOCK_RAN_OUT

    print(f"trogkit {game}: limit reached: {what} ({CLOCK_RAN_OUT}: --timeout {args.timeout:g} s)",
          file=sys.stderr)  # fmt: skip
    return 3
