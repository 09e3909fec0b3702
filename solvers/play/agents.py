"""Agents that play any registered game through the protocol, and the hint the live boards ask.

An agent is ``choose(game, state, rng) -> Action``; all randomness comes from ``rng`` (a
``random.Random`` the caller seeds), so the same seed plays the same game.

- ``random``: a uniformly random legal action.
- ``greedy``: one ply -- every legal action is tried on one determinised copy of the position
  (``game.resample``: hidden cards dealt again, so it does not peek at the deck, the opponents'
  hands or their face-down encounters) and the one whose result ``evaluate`` scores best for the player to move
  is played (ties broken at random). A Random Encounter battle is tried on
  ``GREEDY_BATTLE_WORLDS`` copies and scored by its mean, since its result turns on the
  opponent's unseen encounter. The per-game evaluations are described in ``evaluate.py``. In Trogdor a player's ply is a whole
  turn -- a card, then several Phase 1 actions -- so its greedy plans the turn
  (``trogdor_plan.Planner`` with a narrow beam) and ends it where ``trogdor_plan.value`` is best.
- ``search``: UCT Monte Carlo tree search with determinised chance (``search.py``); ``budget``
  is the number of simulations per decision. In Trogdor it searches over whole turns
  (``trogdor_plan.TurnSearch``: a wide beam proposes the candidate turns, each simulation plays
  the coming Phase 2 with re-sampled cards and then the next turn greedily). In Random
  Encounter it plans a whole build turn (``search.build_search``: ``budget`` random builds, each
  scored by rollouts to the end of the round) and picks battles by rollouts to the round's end
  in ``BATTLE_WORLDS`` determinisations (``search.battle_search``); both score by loot, which
  decides the game, and both play only on determinised copies.

What an agent knows of a game beyond the protocol (``returns``, ``observation``, ``resample``)
is its ``Playbook``, registered once per game in ``PLAYBOOKS``; the agents never ask a game's
name.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

import rulebook
from rulebook.common.errors import TrogkitInputError

from .evaluate import evaluate
from .search import battle_search, build_search, uct
from .trogdor_plan import Planner, TurnSearch

DEFAULT_BUDGET = 64  # simulations per decision of the search agent
TROGDOR_GREEDY_WIDTH = 4  # the greedy's beam: states kept per depth of a turn
GREEDY_BATTLE_WORLDS = 8  # Random Encounter: determinisations the greedy averages per battle
BATTLE_WORLDS = 4  # Random Encounter: determinisations each candidate battle is played in
BUILD_ROLLOUTS = 4  # Random Encounter: round-end rollouts per candidate build


class RandomAgent:
    name = "random"

    def choose(self, game, state, rng: random.Random):
        legal = game.legal_actions(state)
        return legal[self.choose_among(legal, rng)]

    def choose_among(self, legal: list, rng: random.Random) -> int:
        """The index of one of ``legal`` (not changed), uniformly. An agent that reads nothing of
        the position but its legal list says so by this method: a sweep then hands it the list,
        plays the action at that index (legal by construction) and plays the game in place
        (solvers/PERF.md "Checked games played in place")."""
        # rng.randrange(n) written out: the same numbers (speed: solvers/PERF.md "Random agent")
        n = len(legal)
        k = n.bit_length()
        r = rng.getrandbits(k)
        while r >= n:
            r = rng.getrandbits(k)
        return r


class GreedyAgent:
    name = "greedy"

    def __init__(self):
        self._planners: dict = {}  # game -> its turn planner (it remembers the turn's plan)

    def choose(self, game, state, rng: random.Random):
        book = playbook(game)
        if book.greedy is not None:
            if game not in self._planners:
                self._planners[game] = book.greedy()
            return self._planners[game].choose(game, state, rng)
        legal = game.legal_actions(state)
        if len(legal) == 1:
            return legal[0]
        me = game.to_move(state)
        totals = [0.0] * len(legal)
        for _ in range(book.greedy_worlds(state)):
            seen = game.resample(state, me, rng)
            for i, a in enumerate(legal):
                totals[i] += evaluate(game, game.apply(seen, a), me)
        top = max(totals)
        best = [i for i, v in enumerate(totals) if v >= top - 1e-9]
        return legal[best[rng.randrange(len(best))]]


@dataclass(frozen=True)
class SearchAgent:
    budget: int = DEFAULT_BUDGET
    depth: int = 8
    name: str = "search"
    _turns: dict = field(default_factory=dict, compare=False, repr=False)  # per-game planners

    def choose(self, game, state, rng: random.Random):
        search = playbook(game).search
        if search is not None:
            return search(self, game, state, rng)
        return uct(game, state, rng, simulations=self.budget, depth=self.depth).action


def _trogdor_search(agent: SearchAgent, game, state, rng: random.Random):
    """Trogdor: Monte Carlo tree search over whole turns (``trogdor_plan.TurnSearch``)."""
    if "search" not in agent._turns:
        agent._turns["search"] = TurnSearch(agent.budget)
    return agent._turns["search"].choose(game, state, rng)


def _encounter_search(agent: SearchAgent, game, state, rng: random.Random):
    """Random Encounter: a build turn is planned whole (``budget`` candidate builds) and then
    played action by action; a battle is chosen by rollouts to the round's end; anything else
    by UCT."""
    me = game.to_move(state)
    phase = state.phase
    plan = agent._turns.get(("build", me))  # keyed by seat: self-play shares one agent
    legal = game.legal_actions(state)
    if phase == "build" and plan and str(plan[0]) in {str(a) for a in legal}:
        return plan.pop(0)
    agent._turns.pop(("build", me), None)
    if phase == "build":
        plan = build_search(game, state, rng, candidates=agent.budget, rollouts=BUILD_ROLLOUTS)
        agent._turns[("build", me)] = plan[1:]
        return plan[0]
    if phase == "battle":
        return battle_search(game, state, rng, worlds=BATTLE_WORLDS)
    return uct(game, state, rng, simulations=agent.budget, depth=agent.depth).action


def _encounter_worlds(state) -> int:
    """Random Encounter: in battles the result turns on the opponent's face-down encounter, so
    one sample would pick at random; its build and market actions change no score ``evaluate``
    reads, so one copy settles them (the 8-world greedy over every action cost 5x the CPU for
    choices that are all ties)."""
    return GREEDY_BATTLE_WORLDS if state.phase == "battle" else 1


@dataclass(frozen=True)
class Playbook:
    """What the agents know of one game beyond the protocol: the determinisations the one-ply
    greedy averages over in a state, a whole-turn planner that replaces the one-ply greedy
    (a factory: one planner per agent), and a search that replaces plain UCT."""

    greedy_worlds: Callable[[object], int] = lambda state: 1
    greedy: Callable[[], object] | None = None
    search: Callable[..., object] | None = None


GENERIC = Playbook()
# each game's playbook, registered once by its game object (agents never ask a game's name)
PLAYBOOKS = {
    rulebook.game("trogdor"): Playbook(
        greedy=lambda: Planner(width=TROGDOR_GREEDY_WIDTH), search=_trogdor_search
    ),
    rulebook.game("encounter"): Playbook(greedy_worlds=_encounter_worlds, search=_encounter_search),
}


def playbook(game) -> Playbook:
    return PLAYBOOKS.get(game, GENERIC)


AGENTS = ("random", "greedy", "search")


def make_agent(name: str, budget: int | None = None):
    """The agent called ``name`` (``budget``: simulations per decision, search only)."""
    if name == "random":
        return RandomAgent()
    if name == "greedy":
        return GreedyAgent()
    if name == "search":
        if budget is not None and (not isinstance(budget, int) or budget < 1):
            raise TrogkitInputError(f"budget must be a whole number of simulations >= 1: {budget}")
        return SearchAgent(DEFAULT_BUDGET if budget is None else budget)
    raise TrogkitInputError(f"unknown agent {name!r}; agents: {', '.join(AGENTS)}")


@dataclass(frozen=True)
class Hint:
    """What the search recommends: ``action``, its estimated ``win_rate`` for the player to move
    (mean simulated value; 1.0 is a sure win) and how many ``simulations`` backed it."""

    action: object
    win_rate: float
    simulations: int


def hint(state, seconds: float = 2.0, *, seed: int = 0, max_simulations: int = 100_000) -> Hint:
    """The search agent's best action for the player to move in ``state`` (any game), within
    ``seconds`` of wall clock (and at most ``max_simulations``)."""
    import rulebook
    from solvers.limits import check_limit

    check_limit("seconds", seconds, lo=0.01, hi=600)
    game = rulebook.game_of(state)
    if game.is_terminal(state):
        raise TrogkitInputError("the game is over: there is no action to hint")
    r = uct(
        game,
        state,
        random.Random(seed),
        simulations=max_simulations,
        seconds=seconds,
        estimate_forced=True,
    )
    return Hint(r.action, r.win_rate, r.simulations)


__all__ = ["AGENTS", "GreedyAgent", "Hint", "RandomAgent", "SearchAgent", "hint", "make_agent"]
