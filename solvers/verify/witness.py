"""Witnesses: for a rule, a short game that makes it fire (issue 22).

``witness(game, rule_id, budget=N, seed=S)`` searches (``search.py``: N playouts) and shrinks
(``shrink.py``) the shortest game found; the Trace's ``found_length`` is its length before
shrinking. A refusal rule is witnessed by a reached position and the tempting action it refuses.
A rule that is not about play (catalog ``kind = "text"``) is witnessed by a check
(``text_check``), not a game. ``witness_all(game)`` searches for every rule of the game at once,
within one deterministic budget, and lists the rules no playout reached with the budget spent.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import rulebook
from rulebook.common.errors import TrogkitInputError

from .clock import CLOCK_RAN_OUT, Clock
from .deep import NOTES, deep_rules, deep_search
from .search import Found, Search
from .shrink import shrink
from .starts import home_rules
from .trace import Trace, step

DEFAULT_BUDGET = 200  # playouts of witness(); witness_all's is per game (ALL_BUDGET)
ALL_BUDGET = {"trogdor": 200, "trollland": 100, "encounter": 24, "encounter-solo": 200}
MAX_BUDGET = 100_000


class NoWitness(Exception):
    """No playout of the budget made the rule fire; ``best`` is the longest game tried."""

    def __init__(self, game: str, rule_id: str, budget: int, why: str, best: Trace | None = None):
        super().__init__(f"{game} {rule_id}: no witness in {budget} playouts ({why})")
        self.game, self.rule_id, self.budget, self.why, self.best = game, rule_id, budget, why, best


class WitnessStepper:
    """The goal of a witness: the rule fires on the last action (or refuses the tempting one)."""

    def __init__(self, game, rule_id: str, found: Found):
        self.game, self.rule_id, self.found = game, rule_id, found

    def _hit(self, state, ids) -> bool:
        if self.found.refused is None:
            return self.rule_id in ids
        err = self.game.refusal(state, self.game.action(self.found.refused))
        return err is not None and err.rule_id == self.rule_id

    def first(self):
        s, ids = self.found.start.state(self.game)
        return s, self._hit(s, ids)

    def next(self, state, action):
        s, ids = step(self.game, state, action)
        return s, self._hit(s, ids)


def to_trace(game, rule_id: str, found: Found, *, cost: int, clock=None) -> Trace:
    """The found game, shrunk; ``fired``: what its last step reports; ``note``: how its start
    was steered, where it is not a deal (an engine bound: ``deep.NOTES``). Past ``clock``, it
    is shrunk no further."""
    shrunk = shrink(WitnessStepper(game, rule_id, found), found.actions, clock=clock)
    s, ids = found.start.state(game)
    for a in shrunk.actions:
        s, ids = step(game, s, a)
    return Trace(
        game=game.name, rule=rule_id, start=found.start, actions=shrunk.actions,
        refused=found.refused, fired=ids, found_length=len(found.actions), cost=cost,
        note=NOTES.get(rule_id, "") if found.start.position is not None else "",
    )  # fmt: skip


def _check_seeds(seed: int, budget: int) -> None:
    """Playout i and deep search i start from seed + i: every one of them a seed."""
    from solvers.limits import check_seeds

    from .deep import BEAMS

    check_seeds(seed, max(budget, BEAMS), "playouts")


def _rule(game, rule_id: str):
    """The catalog's rule, refused up front when it belongs to the other game of a shared
    catalog (``encounter witness RE-SOLO-WIN`` searched to its budget)."""
    if rule_id not in game.catalog:
        raise TrogkitInputError(f"{rule_id!r} is not a rule of {game.name}")
    rule = game.catalog.get(rule_id)
    owner = rule.game or game.catalog.game
    if owner != game.name:
        raise TrogkitInputError(
            f"{rule_id} is a rule of {owner}, not of {game.name}: trogkit {owner} witness {rule_id}"
        )
    return rule


def witness(
    game,
    rule_id: str,
    *,
    budget: int = DEFAULT_BUDGET,
    seed: int = 0,
    seconds: float | None = None,
) -> Trace:
    """A short replayable game that makes ``rule_id`` fire; raises NoWitness after ``budget``
    playouts (or ``seconds`` of wall clock) with none (a "text" rule raises at once: a check
    witnesses it)."""
    from solvers.limits import check_limit

    game = rulebook.game(game) if isinstance(game, str) else game
    check_limit("budget", budget, lo=1, hi=MAX_BUDGET, integer=True)
    _check_seeds(seed, budget)
    rule = _rule(game, rule_id)
    if rule.kind == "text":
        raise NoWitness(game.name, rule_id, 0, "not about play: " + text_check(game, rule_id))
    refusals = {rule_id} if rule.kind == "refusal" else set()
    clock = Clock(seconds)
    search = Search(game, {rule_id}, refusals, seed)
    search.run(budget, clock=clock)
    _go_deep(search, clock)
    if rule_id not in search.found:
        why = (
            CLOCK_RAN_OUT
            if clock.over()
            else "no playout reached it" + search.deep.get(rule_id, "")
        )
        raise NoWitness(game.name, rule_id, search.playouts, why)
    found = search.found[rule_id]
    return to_trace(game, rule_id, found, cost=search.playouts + search.beams, clock=clock)


def _go_deep(search: Search, clock: Clock) -> None:
    """After the playouts, a deep search (``deep.py``) for each open rule that has a measure of
    progress; the beams run count in ``search.beams``, what they did in ``search.deep``."""
    search.deep, search.beams = {}, 0
    for rid in deep_rules(search.game, search.open()):
        found, beams = deep_search(search.game, rid, seed=search.seed, clock=clock)
        search.beams += beams
        if found is not None:
            search.found[rid] = Found(found.start, found.actions, None, search.playouts)
        else:
            search.deep[rid] = f" (nor {beams} deep searches: deep.py)"


def text_check(game, rule_id: str) -> str:
    """The check that witnesses a rule not about play: positions of a game read back from their
    notation, and the game's invariants (the box's cards, pieces conserved) hold in each."""
    from rulebook.common.game import random_game

    s = game.new_game(0)
    for a in random_game(game, 0).actions[:40]:
        assert game.parse(str(s)) == s, f"{rule_id}: {s} does not read back"
        assert not game.invariants(s), f"{rule_id}: {game.invariants(s)}"
        s = game.apply(s, a)
    return "checked: notation round-trip and invariants along a game"


@dataclass
class Coverage:
    """``witness_all``'s answer for one game."""

    game: str
    budget: int  # playouts spent
    seconds: float
    witnesses: dict[str, Trace] = field(default_factory=dict)
    checked: dict[str, str] = field(default_factory=dict)  # text rules -> the check
    missed: dict[str, str] = field(default_factory=dict)  # rule -> why
    timed_out: bool = False  # the clock, not the playout budget, ended the search
    deep: int = 0  # deep searches (beams, ``deep.py``) spent after the playouts


def witness_all(
    game, *, budget: int | None = None, seed: int = 0, seconds: float | None = None
) -> Coverage:
    """One witness for every rule of ``game`` from one search of ``budget`` playouts (or
    ``seconds`` of wall clock, whichever ends first)."""
    game = rulebook.game(game) if isinstance(game, str) else game
    budget = ALL_BUDGET.get(game.name, DEFAULT_BUDGET) if budget is None else budget
    _check_seeds(seed, budget)
    t0 = time.process_time()
    rules = home_rules(game)
    playable = {r.id for r in rules if r.kind != "text"}
    search = Search(game, playable, {r.id for r in rules if r.kind == "refusal"}, seed)
    clock = Clock(seconds)
    search.run(budget, clock=clock)
    _go_deep(search, clock)
    cov = Coverage(game.name, search.playouts, 0.0, timed_out=clock.over(), deep=search.beams)
    for r in rules:
        if r.kind == "text":
            cov.checked[r.id] = text_check(game, r.id)
        elif r.id in search.found:
            found = search.found[r.id]
            cov.witnesses[r.id] = to_trace(game, r.id, found, cost=search.playouts, clock=clock)
        else:
            cut = " (the clock ended the search)" if cov.timed_out else search.deep.get(r.id, "")
            cov.missed[r.id] = f"no playout of {search.playouts} reached it{cut}"
    cov.seconds = time.process_time() - t0
    return cov
