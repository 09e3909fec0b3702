"""Playouts that look for the rules a search wants to see fire (or refuse).

Playout ``i`` starts at ``starts.start_for(game, i, seed)`` (the first half of a budget with every
ruling at its default, the rest cycling the rulings' other options) and is played by the random agent,
steered on odd playouts: before each step every legal action is tried once, and one that fires a
wanted rule is taken (a breadth-first look one action ahead). Every fourth playout is the greedy
agent's. At each reached state a few actions seen legal earlier are tried as tempting actions: a
refusal naming a wanted refusal rule is a witness for it. The budget is a count of playouts, so a
search is the same on every machine; each found rule keeps its shortest game, and a game under
the default rulings is kept over any game that needs another option.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rulebook.common.errors import TrogkitInputError
from solvers.play.agents import make_agent

from .clock import Clock
from .starts import start_for
from .trace import Start, step

TEMPTS_PER_STATE = 12  # earlier-legal actions tried as tempting refusals at each state
POOL_SIZE = 600  # distinct tempting actions remembered per search
MAX_STEPS = 2_000  # a playout is cut here (every game's random games are far shorter)


PLANNED_STATES = 20_000  # states a planner may explore for one planned playout


def solo_plan(game, state) -> list[str]:
    """A winning Solo Adventure plan (``solvers.encounter.adventure``), [] when none is found."""
    from solvers.encounter.adventure import solve_adventure

    plan = solve_adventure(state, max_states=PLANNED_STATES)
    return list(plan.plan) if plan.winnable else []


# game -> planner(game, state) -> actions that win (rules such as RE-SOLO-WIN no random play sees)
PLANNERS = {"encounter-solo": solo_plan}


@dataclass
class Found:
    start: Start
    actions: tuple[str, ...]
    refused: str | None
    playout: int  # which playout found it (the budget spent so far)
    note: str = ""  # where the start came from, when not a deal (a gallery position)
    bound: int | None = None  # known lower bound from its start (breadth-first: its length)


def rank(found: Found) -> tuple[bool, bool, int]:
    """Better first: under the default rulings, from a deal (not a gallery position), shorter."""
    return (bool(found.start.rulings), found.start.position is not None, len(found.actions))


class Search:
    """One search for ``wanted`` (rule IDs) of ``refusals`` (those found by a refused action)."""

    def __init__(self, game, wanted, refusals, seed: int = 0):
        self.game, self.seed = game, seed
        self.wanted, self.refusals = set(wanted), set(refusals)
        self.found: dict[str, Found] = {}
        self.pool: dict[str, None] = {}  # ordered set of tempting actions
        self.playouts = 0
        self.defaults_until = 0  # playouts before this one start with every ruling at its default
        self.clock = Clock()

    def open(self) -> set[str]:
        return self.wanted - set(self.found)

    def _note(self, rid, start, actions, refused=None, note="", bound=None):
        old = self.found.get(rid)
        new = Found(start, tuple(actions), refused, self.playouts, note, bound)
        if rid in self.wanted and (old is None or rank(new) < rank(old)):
            self.found[rid] = new

    def adopt(self, breadth, note: str = "") -> None:
        """The games a breadth-first search (``breadth.py``) found."""
        for rid, (actions, refused) in breadth.found.items():
            self._note(rid, breadth.start, actions, refused, note, bound=len(actions))

    def run(self, budget: int, *, stop_when_found: bool = True, seconds: float | None = None,
            clock: Clock | None = None):  # fmt: skip
        """Up to ``budget`` playouts; with ``seconds`` (or a ``clock``), none starts, and the one
        running stops, once that much wall clock has passed (``timed_out`` then says the clock,
        not the budget, ended the search)."""
        self.clock = clock or Clock(seconds)
        self.timed_out = False
        self.defaults_until = self.playouts + budget // 2
        for _ in range(budget):
            if stop_when_found and not self.open():
                return
            if self.clock.over():
                self.timed_out = True
                return
            self.playout(self.playouts)
            self.playouts += 1

    def playout(self, i: int) -> None:
        g = self.game
        start = start_for(g, i, self.seed, ruling_options=i >= self.defaults_until)
        s, ids = start.state(g)
        rng = random.Random(self.seed * 1_000_003 + i)
        agent = make_agent("greedy" if i % 4 == 3 else "random")
        steer = i % 2 == 1
        plan = PLANNERS[g.name](g, s) if g.name in PLANNERS and i % 8 == 7 else []
        actions: list[str] = []
        for rid in ids:
            self._note(rid, start, actions)
        for k in range(MAX_STEPS):
            if self.clock.over():  # a cut playout still keeps what it found
                return
            legal = g.legal_actions(s)
            self._tempt(s, legal, start, actions, rng)
            if not legal:
                return
            a = g.action(plan[k]) if k < len(plan) else None
            a = a or (self._steered(s, legal) if steer else None)
            a = a or agent.choose(g, s, rng)
            s, ids = step(g, s, a)
            actions.append(str(a))
            for rid in ids:
                self._note(rid, start, actions)

    def _steered(self, s, legal):
        """A legal action that fires an open rule, if one does."""
        want = self.open() - self.refusals
        if not want:
            return None
        for a in legal:
            if want.intersection(step(self.game, s, a)[1]):
                return a
        return None

    def _tempt(self, s, legal, start, actions, rng) -> None:
        texts = [str(a) for a in legal]
        for t in texts:
            if len(self.pool) < POOL_SIZE:
                self.pool.setdefault(t, None)
        want = self.open() & self.refusals
        if not want or not self.pool:
            return
        pool = list(self.pool)
        tempts = rng.sample(pool, min(TEMPTS_PER_STATE, len(pool)))
        for t in tempts + crossovers(texts, texts + pool, rng):
            err = self._refusal(s, t)
            if err is not None and err.rule_id in want:
                self._note(err.rule_id, start, actions, refused=t)
                want = self.open() & self.refusals

    def _refusal(self, s, text):
        try:
            return self.game.refusal(s, self.game.action(text))
        except TrogkitInputError:  # a crossover the grammar does not read
            return None


def crossovers(tempts: list[str], pool: list[str], rng: random.Random) -> list[str]:
    """Tempting actions no state ever offered: legal actions with their arguments mixed with
    another action of the same verb (e.g. the King of the Trolls chosen with another Troll)."""
    out = []
    for t in rng.sample(tempts, min(TEMPTS_PER_STATE, len(tempts))):
        words = t.split()
        mate = pool[rng.randrange(len(pool))].split()
        if len(mate) == len(words) > 2 and mate[0] == words[0]:
            k = rng.randrange(1, len(words))
            out.append(" ".join(words[:k] + mate[k:]))
            out.append(" ".join(mate[:k] + words[k:]))
    return out
