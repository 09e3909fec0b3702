"""Ruling differences: where two options of a ruling give different results (issue 22).

``differ(game, ruling_id)`` plays the same actions under the default and the other option and
stops at the first step where they part: a different position (the rulings field aside), a
different list of legal actions, an action one option refuses, or a different outcome. It looks
first breadth first from the gallery's positions for the ruling (``starts.teaching_starts``),
then along the stored witnesses (they reach rare positions), then in seeded playouts; before
each step with few legal actions every one is tried under both options (one action ahead). The
game is then shrunk (``shrink.py``). The Trace's start carries the default, ``versus`` the other option.
"""

from __future__ import annotations

import random
import re
import time
from collections import deque

import rulebook
from rulebook.common.errors import RuleError, TrogkitInputError

from .clock import CLOCK_RAN_OUT, Clock
from .shrink import shrink
from .starts import start_for, teaching_starts
from .trace import Start, Trace, step

DEFAULT_BUDGET = 60  # playouts
# every legal action is tried under both options only where there are this few (a Random
# Encounter build step offers ~22: trying them all made a playout cost 8 CPU s instead of 0.4)
LOOK_AHEAD_MAX = 8
_RULINGS_FIELD = re.compile(r" rulings=\S*")
NO_CLOCK = Clock()


def view(game, s) -> tuple:
    """What a learner sees of a position: its notation without the rulings, its legal actions,
    its outcome."""
    if s is None:
        return ("refused",)
    text = _RULINGS_FIELD.sub("", str(s))
    return text, tuple(map(str, game.legal_actions(s))), repr(game.outcome(s))


def parting(game, a_state, b_state) -> str:
    """'' when the two positions look the same, else what differs."""
    va, vb = view(game, a_state), view(game, b_state)
    if va == vb:
        return ""
    if vb == ("refused",):
        return "the other option refuses the action"
    names = ("position", "legal actions", "outcome")
    return ", ".join(n for n, x, y in zip(names, va, vb, strict=True) if x != y) + " differ"


class PairStepper:
    """Both options side by side; the goal: they part."""

    def __init__(self, game, start: Start, versus: dict):
        self.game, self.start = game, start
        self.other = Start(**{**start.__dict__, "rulings": {**start.rulings, **versus}})

    def first(self):
        a, b = self.start.state(self.game)[0], self.other.state(self.game)[0]
        return (a, b), bool(parting(self.game, a, b))

    def next(self, pair, action):
        a = step(self.game, pair[0], action)[0]  # refused under the default: not a candidate
        b = None  # once the other option refused an action, it stays refused
        if pair[1] is not None:
            try:
                b = step(self.game, pair[1], action)[0]
            except RuleError:
                pass
        return (a, b), bool(parting(self.game, a, b))


def _playout(game, stepper: PairStepper, rng, along=None, clock=NO_CLOCK) -> list[str] | None:
    """Actions up to the first parting, or None if the game ends (or the clock runs out) with
    none. ``along``: follow these actions (a stored witness) instead of random ones."""
    pair, hit = stepper.first()
    actions: list[str] = []
    if hit:
        return actions
    for k in range(game.max_length if along is None else len(along)):
        if clock.over():
            return None
        legal = game.legal_actions(pair[0])
        if not legal:
            return None
        if len(legal) <= LOOK_AHEAD_MAX:
            for a in legal:
                if stepper.next(pair, a)[1]:
                    return actions + [str(a)]
        a = legal[rng.randrange(len(legal))] if along is None else along[k]
        pair = stepper.next(pair, a)[0]
        actions.append(str(a))
    return None


BFS_STATES = 2_000  # pairs of positions a breadth-first search from a teaching position visits


def _breadth_first(game, stepper: PairStepper, clock=NO_CLOCK) -> list[str] | None:
    """The fewest actions from the start after which the options part (None: not within
    ``BFS_STATES``, or not before the clock ran out)."""
    pair, hit = stepper.first()
    if hit:
        return []
    queue, seen = deque([(pair, [])]), 0
    while queue and seen < BFS_STATES and not clock.over():
        pair, path = queue.popleft()
        for a in game.legal_actions(pair[0]):
            seen += 1
            nxt, hit = stepper.next(pair, a)
            if hit:
                return path + [str(a)]
            queue.append((nxt, path + [str(a)]))
    return None


def _from_hints(game, versus: dict, hints, clock=NO_CLOCK) -> tuple[PairStepper, list[str]] | None:
    """A parting along a stored witness game (they reach rare positions: a ruling about the
    end of the cards is seen along the witness of T-DEFEAT-CARDS). A witness played under other
    rulings keeps them on both sides (this ruling's own choice aside)."""
    for t in hints:
        if t.start.position is not None or clock.over():
            continue
        others = {k: v for k, v in t.start.rulings.items() if k not in versus}
        stepper = PairStepper(game, Start(**{**t.start.__dict__, "rulings": others}), versus)
        try:
            found = _playout(game, stepper, None, along=t.actions, clock=clock)
        except RuleError:
            continue
        if found is not None:
            return stepper, found
    return None


def alternatives(game, ruling_id: str) -> list[str]:
    if ruling_id not in game.rulings:
        raise TrogkitInputError(
            f"{ruling_id!r} is not a ruling of {game.name}; rulings: {', '.join(game.rulings)}"
        )
    r = game.rulings[ruling_id]
    return [o for o in r.options if o != r.default]


def differ(
    game, ruling_id: str, *, option=None, budget: int = DEFAULT_BUDGET, seed=0, hints=(),
    gallery: bool = True, seconds: float | None = None,
) -> Trace:  # fmt: skip
    """The shortest game found where ``ruling_id``'s default and ``option`` (the other option)
    part; raises NoWitness when ``budget`` playouts (and the ``hints``: witness Traces to
    follow) show none, or when ``seconds`` of wall clock pass first."""
    from solvers.limits import check_seeds

    from .witness import NoWitness

    game = rulebook.game(game) if isinstance(game, str) else game
    option = option or alternatives(game, ruling_id)[0]
    if option not in alternatives(game, ruling_id):
        raise TrogkitInputError(f"ruling {ruling_id} has no other option {option!r}")
    check_seeds(seed, budget, "playouts")
    versus, clock = {ruling_id: option}, Clock(seconds)
    hit = _near(game, ruling_id, versus, hints, clock, gallery)
    if hit is not None:
        return _shrunk(game, ruling_id, *hit, 0, versus, clock)
    for i in range(budget):
        if clock.over():
            raise NoWitness(game.name, ruling_id, i, CLOCK_RAN_OUT)
        base = start_for(game, i, seed)
        start = Start(seed=base.seed, players=base.players, options=base.options)
        stepper = PairStepper(game, start, versus)
        found = _playout(game, stepper, random.Random(seed * 7919 + i), clock=clock)
        if found is not None:
            return _shrunk(game, ruling_id, stepper, found, i + 1, versus, clock)
    raise NoWitness(game.name, ruling_id, budget, "the options never parted")


def _near(game, ruling_id, versus, hints, clock, gallery) -> tuple | None:
    """(stepper, actions) of a parting found breadth first from the gallery's positions for
    the ruling, else along the ``hints`` (stored witnesses); None when neither shows one."""
    for start in teaching_starts(game, ruling_id) if gallery else ():
        stepper = PairStepper(game, start, versus)
        found = _breadth_first(game, stepper, clock)
        if found is not None:
            return stepper, found
    return _from_hints(game, versus, hints, clock)


def _shrunk(game, ruling_id, stepper, found, cost, versus, clock) -> Trace:
    shrunk = shrink(stepper, found, clock=clock)
    return _trace(game, ruling_id, stepper, shrunk.actions, len(found), cost, versus)


def _trace(game, ruling_id, stepper, actions, found_length, cost, versus) -> Trace:
    pair, _ = stepper.first()
    for a in actions:
        pair, _ = stepper.next(pair, a)
    return Trace(
        game=game.name, rule=ruling_id, start=stepper.start, actions=tuple(actions),
        found_length=found_length, cost=cost, versus=versus,
        note=parting(game, *pair),
    )  # fmt: skip


def parts_at_end(trace: Trace) -> str:
    """Replay a stored difference under both options: what differs after its last action
    ('' if nothing: the difference no longer holds)."""
    game = rulebook.game(trace.game)
    stepper = PairStepper(game, trace.start, trace.versus or {})
    pair, _ = stepper.first()
    for a in trace.actions:
        pair, _ = stepper.next(pair, a)
    return parting(game, *pair)


# playouts per ruling in differ_all (after the stored witnesses, followed first); the Solo
# Adventure's games are short, and a tied battle (RER-SOLO-TIE) is rare
ALL_BUDGET = {"encounter-solo": 300}
ALL_BUDGET_DEFAULT = 20


def differ_all(game, *, budget: int | None = None, hints=(), clock: Clock = NO_CLOCK) -> dict:
    """One difference per ruling (and other option) that the budget finds; ``hints``: witness
    Traces followed first. Past ``clock``, what was found before it (``clock.ran_out`` says)."""
    from .witness import NoWitness

    game = rulebook.game(game) if isinstance(game, str) else game
    budget = budget or ALL_BUDGET.get(game.name, ALL_BUDGET_DEFAULT)
    out = {}
    for rid in game.rulings:
        for opt in alternatives(game, rid):
            if clock.over():
                return out
            left = None if clock.deadline is None else max(0.001, clock.deadline - time.monotonic())
            try:
                out[rid] = differ(game, rid, option=opt, budget=budget, hints=hints, seconds=left)
            except NoWitness:
                continue
    return out
