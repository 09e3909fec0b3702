"""One checked game: agents in their seats, the rules' own checks at every step, and a record.

Every game a sweep plays is checked as it goes: it must end within the game's declared
``max_length``; a live position must offer a legal action; ``game.invariants(state)`` must be
empty after every action (``position_problems``, with the stuck check answered from the legal
list the loop holds). A violation raises ``GameCheckFailed`` naming the seed and the action
number that replay it (``replay``)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from itertools import repeat
from operator import is_

import rulebook
from rulebook.common.game import tracing

from .agents import make_agent


class GameCheckFailed(Exception):
    """A game of a sweep broke a rule check: ``replay(game, seed, ..., upto=action)`` reaches the
    position (``action`` 0 is the starting position)."""

    def __init__(self, game: str, seed: int, action: int, problem: str):
        super().__init__(f"{game} seed {seed}, action {action}: {problem}")
        self.game, self.seed, self.action, self.problem = game, seed, action, problem

    def __reduce__(self):  # survives pickling across processes and Dask workers
        return (GameCheckFailed, (self.game, self.seed, self.action, self.problem))


@dataclass(frozen=True)
class Setup:
    """What every game of a sweep shares (picklable, sent to the workers)."""

    game: str
    agent: str = "random"
    budget: int | None = None
    opponents: str | None = None  # None: the same agent in every seat
    players: int | None = None
    rulings: tuple[tuple[str, str], ...] = ()
    options: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True)
class GameRecord:
    seed: int
    outcome: str
    length: int
    won: bool  # the agent's seat is among the winners
    fired: dict = field(default_factory=dict)  # rule ID -> times it fired


def seat_of(seed: int, players: int) -> int:
    """The agent's seat in the game of ``seed``: rotated, so no seat is favoured."""
    return seed % players


def outcome_text(value) -> str:
    if isinstance(value, (tuple, list)):
        return "+".join(f"P{p + 1}" for p in value) or "none"
    return str(value)


def _agents(setup: Setup, seed: int, players: int):
    """One (agent, rng) per seat; every seat's randomness is seeded from the game's seed."""
    me = make_agent(setup.agent, setup.budget)
    other = me if setup.opponents is None else make_agent(setup.opponents, setup.budget)
    seat = seat_of(seed, players)
    return seat, [
        (me if p == seat else other, random.Random(f"{seed}:{p}")) for p in range(players)
    ]


class _Listing:
    """Mixed into the game's own class (``listing``): the game as the agents see it, where
    ``legal_actions`` of the position ``play_game`` has just listed (to check that a live position
    offers an action: the loop's stuck check) is handed out again, not worked out twice. Every
    other name is the game's own (a subclass, not a wrapper: see the speed note)."""

    # speed: solvers/PERF.md "The legal list once per position"

    def listed(self, state) -> list:
        """The legal actions of ``state``, the list kept: nobody may change it (agents that
        ``choose_among`` read it; ``legal_actions`` hands out copies)."""
        last = self._last
        if last[0] is not state:
            last = self._last = (state, self._game.legal_actions(state))
        return last[1]

    def legal_actions(self, state) -> list:
        last = self._last  # ``listed`` written out: agents ask at every action
        return list(
            last[1] if last[0] is state else self.listed(state)
        )  # a copy: agents may reorder

    # the same game to every table keyed by game objects (the agents' playbooks, evaluate's values)
    def __eq__(self, other) -> bool:
        return self._game == getattr(other, "_game", other)

    def __hash__(self) -> int:
        return hash(self._game)


@cache
def _listing_class(game_class: type) -> type:
    return type(f"Listing{game_class.__name__}", (_Listing, game_class), {})


def listing(game):
    """``game`` as a sweep hands it to its agents (``_Listing``): the same attributes, set one by
    one (each then a fast read)."""
    view = object.__new__(_listing_class(type(game)))
    for name, value in vars(game).items():
        setattr(view, name, value)
    view._game, view._last = game, (None, ())
    return view


def play_game(setup: Setup, seed: int, *, upto: int | None = None, checks: bool = True):
    """Play game ``seed`` with every check; returns (record, final state). ``upto`` stops after
    that many actions (to replay a reported failure, with ``checks=False``)."""
    game = listing(rulebook.game(setup.game))
    fired: Counter = Counter()
    with tracing() as setup_ids:  # setup rules fire in new_game, before any action
        s = game.new_game(
            seed, players=setup.players, rulings=dict(setup.rulings) or None, **dict(setup.options)
        )
    fired.update(setup_ids)
    seat, seats = _agents(setup, seed, game.num_players(s))

    def fail(problem: str, n: int):
        if checks:
            raise GameCheckFailed(setup.game, seed, n, problem)

    bad = game.position_problems(s)  # stuck: the loop's first check
    if bad:
        fail("invariant broken: " + "; ".join(bad), 0)
    with tracing() as played_ids:  # speed: solvers/PERF.md "One trace"
        s, n = _checked_actions(game, s, seats, played_ids, upto, fail)
    if upto is not None and not game.is_terminal(s):
        return None, s
    with tracing() as end_ids:  # scoring rules fire when the result is asked for
        won = seat in game.winners(s)
        outcome = outcome_text(game.outcome(s))
    fired.update(played_ids)
    fired.update(end_ids)
    return GameRecord(seed, outcome, n, won, dict(fired)), s


def _checked_actions(game, s, seats, played_ids: list, upto, fail):
    """Play from ``s`` to the end (or ``upto`` actions), checking after every action; returns
    (the last state, frozen, and the number of actions). Rules that fire land in ``played_ids``,
    the trace in force; what an agent fires while it tries actions on its own copies is dropped.

    When every seat's agent chooses from the legal list alone (``choose_among``), the game is
    played in place on one working copy (``fork``/``advance``, as random play does) and each
    position reached is checked as it stands (speed: solvers/PERF.md "Checked games played in
    place")."""
    in_place = all(hasattr(agent, "choose_among") for agent, _ in seats)
    s = game.fork(s) if in_place else s
    listed, to_move, step = game.listed, game.to_move, game.advance
    # in place, the agents read the list the loop hands them and nothing else: the game's own
    # listing, not kept (speed: solvers/PERF.md "Checked games played in place")
    list_again = game._game.legal_actions
    problems = game.position_problems  # ``invariants`` but their stuck check, the loop's own
    one_seat = seats[0] if len(seats) == 1 else None
    limit, n = game.max_length, 0
    legal = listed(s)
    while upto is None or n < upto:
        if not legal and not game.is_terminal(s):  # ``Game.stuck``, from the list held
            fail("a live position has no legal action", n)
        if not legal:  # the protocol lists no action exactly when the game is over
            break
        if n >= limit:
            fail(f"no end within the declared maximum of {limit} actions", n)
        agent, rng = one_seat or seats[to_move(s)]
        if in_place:  # an action of the list (legal by construction), played in place
            a = legal[agent.choose_among(legal, rng)]
            s = step(s, a)
            legal = list_again(s)  # the working copy is the same object after ``advance``
        else:
            s, a = _agent_step(game, s, agent, rng, legal, played_ids)
            legal = listed(s)
        n += 1
        bad = problems(s)
        if bad:
            fail(f"after {a}: invariant broken: " + "; ".join(bad), n)
    return game.freeze(s), n


def _agent_step(game, s, agent, rng, legal: list, played_ids: list):
    """(the state after the action ``agent`` chooses in ``s``, that action), on frozen states:
    an action of the list is performed without asking its check again (speed: solvers/PERF.md
    "A listed action is performed"); anything else goes through ``apply``, which refuses it
    with the rule that forbids it."""
    mark = len(played_ids)
    a = agent.choose(game, s, rng)
    del played_ids[mark:]  # the agent's trials on copies are not this game's rules
    legal_one = any(map(is_, legal, repeat(a))) or a in legal
    return (game.perform(s, a) if legal_one else game.apply(s, a)), a


def replay(setup: Setup, seed: int, upto: int):
    """The position after ``upto`` actions of game ``seed`` (where a check failed)."""
    return play_game(setup, seed, upto=upto, checks=False)[1]


def play_chunk(setup: Setup, seeds: list[int]) -> list[GameRecord]:
    """Play several games in one task (fewer round trips to a worker)."""
    return [play_game(setup, seed)[0] for seed in seeds]
