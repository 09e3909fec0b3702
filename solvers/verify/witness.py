"""Witnesses: for a rule, a short game that makes it act (issue 22; issue 35: it acted -- it
refused the action, or it changed the position).

``witness(game, rule_id, budget=N, seed=S)`` searches in order: breadth-first over the players'
choices from the deal of ``seed`` (``breadth.py``: every game of up to some length, so what it
finds is shortest from that deal), then from the gallery's positions (marked in the trace's
``note``), then N playouts (``search.py``) and deep searches (``deep.py``) for what is still open;
every ruling at its default first, another option only for what the defaults never showed. A
game found by playouts is shrunk (``shrink.py``) and then shortened by breadth-first searches from
its start and from the positions along it (``tighten``); the Trace's ``found_length`` is its
length before, ``bound`` its lower bound from its start. A refusal rule is witnessed by a reached
position and the tempting action it refuses.
A rule that is not about play (catalog ``kind = "text"``) is witnessed by a check
(``text_check``), not a game. ``witness_all(game)`` searches for every rule of the game at once,
within one deterministic budget, and lists the rules no playout reached with the budget spent.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import rulebook
from rulebook.common.errors import TrogkitInputError

from .breadth import breadth_first, explore
from .clock import CLOCK_RAN_OUT, Clock
from .deep import NOTES, deep_rules, deep_search
from .search import Found, Search
from .shrink import shrink
from .starts import gallery_starts, home_rules
from .trace import Start, Trace, step

DEFAULT_BUDGET = 200  # playouts of witness(); witness_all's is per game (ALL_BUDGET)
ALL_BUDGET = {"trogdor": 200, "trollland": 100, "encounter": 24, "encounter-solo": 200}
MAX_BUDGET = 100_000
# positions expanded (counts, so a search is the same on every machine; per game, since a
# position costs from ~0.6 ms in Trogdor to ~3 ms in Random Encounter): the breadth-first search
# from the deal, each one from a gallery position, and per witness the one from its start and
# the ones from the positions along it
BFS_STATES = {"trogdor": 20_000, "trollland": 8_000, "encounter": 4_000, "encounter-solo": 20_000}
GALLERY_STATES = 300
TIGHTEN_STATES = {"trogdor": 3_000, "trollland": 1_000, "encounter": 500, "encounter-solo": 3_000}
ALONG_STATES = 60  # per position along a witness, up to TIGHTEN_STATES in all


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
    """The found game, shrunk and tightened; ``fired``: what its last step reports; ``note``:
    where its start came from, where it is not a deal (a gallery position, or an engine bound:
    ``deep.NOTES``). Past ``clock``, it is shortened no further."""
    if found.bound == len(found.actions):  # breadth-first: already shortest from its start
        actions, refused, bound = found.actions, found.refused, found.bound
    else:
        shrunk = shrink(WitnessStepper(game, rule_id, found), found.actions, clock=clock)
        actions, refused, bound = tighten(game, rule_id, found, shrunk.actions, clock=clock)
    s, ids = found.start.state(game)
    for a in actions:
        s, ids = step(game, s, a)
    note = found.note or (NOTES.get(rule_id, "") if found.start.position is not None else "")
    options = ", ".join(f"{k}={v}" for k, v in sorted(found.start.rulings.items()))
    if options:  # searched under the defaults first: the rule needs this option
        note = f"under {options}: no game under the default rulings showed it in the search"
    return Trace(
        game=game.name, rule=rule_id, start=found.start, actions=actions, refused=refused,
        fired=ids, found_length=len(found.actions), cost=cost, note=note, bound=bound,
    )  # fmt: skip


def tighten(game, rule_id: str, found: Found, actions, *, clock=None):
    """(actions, refused, bound): the witness shortened by breadth-first searches -- from its
    start (what it finds is shortest from there; else every game of up to ``exhausted`` actions
    was played: the bound), then from each position along it, each up to the rest's length."""
    refusals = {rule_id} if found.refused is not None else set()
    tempting = (found.refused,) if found.refused else ()
    s, ids = found.start.state(game)
    b = explore(game, s, ids, {rule_id}, refusals, clock=clock, tempting=tempting,
                max_states=TIGHTEN_STATES.get(game.name, 1_000), depth_limit=len(actions))  # fmt: skip
    if rule_id in b.found and len(b.found[rule_id][0]) <= len(actions):
        path, refused = b.found[rule_id]
        return path, refused, len(path)
    actions, refused = list(actions), found.refused
    bound = min(b.exhausted + 1, len(actions)) if b.exhausted >= 0 else None
    states, spent, i = _states(game, s, actions), 0, 0
    budget = TIGHTEN_STATES.get(game.name, 1_000)
    while i < len(actions) - 1 and spent < budget and not (clock and clock.over()):
        rest = len(actions) - i
        b = explore(game, states[i], (), {rule_id}, refusals, clock=clock, tempting=tempting,
                    max_states=ALONG_STATES, depth_limit=rest - 1)  # fmt: skip
        spent += b.expanded
        path, new_refused = b.found.get(rule_id, (None, None))
        if path is not None and len(path) < rest:
            actions, refused = actions[:i] + list(path), new_refused or refused
            states = states[: i + 1] + _states(game, states[i], path)[1:]
        i += 1
    return tuple(actions), refused, bound


def _states(game, s, actions) -> list:
    """The positions of a game from ``s``: before each action, and the last."""
    out = [s]
    for a in actions:
        s = step(game, s, a)[0]
        out.append(s)
    return out


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


def _search(game, wanted, refusals, seed: int, budget: int, clock: Clock, states=None, *,
            every_playout: bool = False) -> Search:  # fmt: skip
    """Breadth-first from the deal, then from the gallery's positions, then playouts and deep
    searches (``Search.found``, the best game for each rule). A game from a gallery position is
    kept only for a rule no deal showed. Rules with a deep search alone (far past any breadth)
    go straight to the playouts and beams. ``every_playout``: the whole budget is played (each
    rule keeps its best game), not only until every rule is found."""
    search = Search(game, wanted, refusals, seed)
    gallery = Search(game, wanted, refusals, seed)
    if set(wanted) - set(deep_rules(game, wanted)):
        first = breadth_first(game, Start(seed=seed), wanted, refusals, clock=clock,
                              max_states=states or BFS_STATES.get(game.name, 5_000))  # fmt: skip
        search.adopt(first)
        for name, start in gallery_starts(game):
            if not search.open() - set(gallery.found) or clock.over():
                break
            b = breadth_first(game, start, search.open() - set(gallery.found), refusals,
                              max_states=GALLERY_STATES, clock=clock)  # fmt: skip
            gallery.adopt(b, note=f"from the gallery position {name!r} (not a deal)")
    search.run(budget, clock=clock, stop_when_found=not every_playout)
    _go_deep(search, clock)
    for rid in search.open() & set(gallery.found):
        search.found[rid] = gallery.found[rid]
    return search


def witness(
    game,
    rule_id: str,
    *,
    budget: int = DEFAULT_BUDGET,
    seed: int = 0,
    seconds: float | None = None,
    states: int | None = None,
) -> Trace:
    """A short replayable game that makes ``rule_id`` fire; raises NoWitness after ``budget``
    playouts (or ``seconds`` of wall clock) with none (a "text" rule raises at once: a check
    witnesses it). ``states``: positions the breadth-first search from the deal may expand
    (default ``BFS_STATES``)."""
    from solvers.limits import check_limit

    game = rulebook.game(game) if isinstance(game, str) else game
    check_limit("budget", budget, lo=1, hi=MAX_BUDGET, integer=True)
    _check_seeds(seed, budget)
    rule = _rule(game, rule_id)
    if rule.kind == "text":
        raise NoWitness(game.name, rule_id, 0, "not about play: " + text_check(game, rule_id))
    refusals = {rule_id} if rule.kind == "refusal" else set()
    clock = Clock(seconds)
    search = _search(game, {rule_id}, refusals, seed, budget, clock, states)
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
    clock = Clock(seconds)
    refusals = {r.id for r in rules if r.kind == "refusal"}
    search = _search(game, playable, refusals, seed, budget, clock, every_playout=True)
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
