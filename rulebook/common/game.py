"""The one protocol every game answers (see rulebook/API.md).

Each game is one ``Game`` object in the registry (``rulebook.games()``). Everything above the rules
-- boards, CLI, agents, sweeps, tests, notebooks -- talks to games only through these names, so it
is written once for all games.

A game supplies ``refusal(state, action)`` (None when legal, else the exact ``RuleError``) and
``perform(state, action)`` (the effect of a legal action). ``apply`` is defined here once as
"refuse or perform", so the check that decides ``legal_actions`` is the same one ``apply`` uses.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from .actions import BY_TEXT, Action, Grammar
from .catalog import RuleCatalog
from .errors import NotationError, RuleError

# ---- which rules fired ---------------------------------------------------------------------------

# Context-local, so threads (e.g. a Dask worker's) each trace their own games.
_fired: ContextVar[list[str] | None] = ContextVar("trogkit_fired", default=None)


def fired(rule_id: str, *more: str) -> None:
    """Rule code calls this when catalog rules take effect (one call for the rules that act
    together: speed: PERF.md "One fired call per step"); a no-op unless someone is
    tracing (sweeps count rules that never fire)."""
    sink = _fired.get()
    if sink is not None:
        sink.append(rule_id)
        if more:
            sink.extend(more)


def ruling(state, rid: str) -> str:
    """The option in force for ruling ``rid`` in ``state``; recorded in the trace like a rule, since
    the ruling decided something here (every game reads its rulings through this)."""
    fired(rid)
    return state.rulings[rid]


@contextmanager
def tracing() -> Iterator[list[str]]:
    """Collect the rule IDs that fire inside the block (nested blocks see their own part and
    pass it on to the enclosing block)."""
    outer = _fired.get()
    inner: list[str] = []
    token = _fired.set(inner)
    try:
        yield inner
    finally:
        _fired.reset(token)
        if outer is not None:
            outer.extend(inner)


# ---- the protocol --------------------------------------------------------------------------------


class Game:
    """Base class of the registry's game objects. Subclasses set the class attributes and
    implement the methods marked 'game supplies'."""

    name: str = ""  # registry key and the first word of every position's notation
    title: str = ""
    catalog: RuleCatalog
    grammar: Grammar  # the game's action language: verbs and their argument codecs
    max_length: int = 0  # declared maximum number of actions in one game (contract-tested)
    players_allowed: tuple[int, ...] = (1,)
    outcomes_doc: str = ""  # what outcome() returns, in words

    # -- game supplies --
    def new_game(self, seed: int = 0, *, players: int | None = None, rulings=None, **options):
        raise NotImplementedError

    def legal_actions(self, state) -> list[Action]:
        """Every legal action, sorted by text: each candidate its kind's check lets through (the
        game's ``rules.legal_actions``); empty exactly when the game is over."""
        raise NotImplementedError

    def candidates(self, state) -> list[Action]:
        """Every action the rules weigh now, legal or refused: what ``legal_actions`` filters
        through the checks (a drill looks here for a refusal it can ask about)."""
        return self.legal_actions(state)

    def refusal(self, state, action) -> RuleError | None:
        """None when ``action`` is legal here, else exactly the RuleError ``apply`` raises.
        Malformed action text raises NotationError (bad input, not a rule)."""
        raise NotImplementedError

    def perform(self, state, action: Action):
        """The new state after a legal, parsed action; never changes ``state``."""
        raise NotImplementedError

    def is_terminal(self, state) -> bool:
        raise NotImplementedError

    def outcome(self, state):
        """None while the game is on, then the game's documented value (``outcomes_doc``)."""
        raise NotImplementedError

    def winners(self, state) -> tuple[int, ...]:
        """0-based players who won a finished game (() when nobody did, e.g. a lost co-op game)."""
        raise NotImplementedError

    def to_move(self, state) -> int | None:
        """The 0-based player who chooses the next action (None when the game is over)."""
        raise NotImplementedError

    def num_players(self, state) -> int:
        raise NotImplementedError

    def parse_action(self, text) -> Action:
        return self.grammar.parse(text)

    def parse(self, text: str, **options):
        """Read a position from its one-line notation (``str(state)``)."""
        raise NotImplementedError

    def load_cards(self, path):
        """The card set of a user's card file (TOML or JSON), to pass as ``cards=`` to
        ``new_game`` and ``parse``. Raises CardDataError naming the file."""
        raise NotImplementedError

    def observation(self, state, player: int | None) -> str:
        """What ``player`` (0-based; None: an onlooker who holds no cards) sees of ``state``: its
        notation with every card that player cannot see written ``?`` and the RNG as ``0:0``.
        Equal exactly when the player cannot tell the two positions apart (not a position: it
        does not parse)."""
        raise NotImplementedError

    def resample(self, state, player: int | None, rng: random.Random):
        """A position ``player`` cannot tell from ``state`` (the same ``observation``), its hidden
        cards dealt again from ``rng`` as the rules could have dealt them and its RNG re-seeded;
        it keeps the invariants and its notation parses. Depends only on the observation and
        ``rng``, never on where the hidden cards really lie. Agents plan on such copies."""
        raise NotImplementedError

    def invariants(self, state) -> list[str]:
        """What is wrong with ``state`` (pieces or cards not conserved, ...): [] when all holds:
        the position's own problems, then ``stuck``."""
        return self.position_problems(state) + self.stuck(state)

    def playable(self, state):
        """``state`` when the rules can play on from it; else a NotationError naming the first
        problem ``invariants`` finds. Parsing and the editors ask it: what the rules cannot play
        is bad input, not a position."""
        problems = self.invariants(state)
        if problems:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            raise NotationError(problems[0] + more, where="position")
        return state

    def position_problems(self, state) -> list[str]:
        """``invariants`` but ``stuck``: each game's own checks of a position (a State or a
        working copy, read as it stands). A checked sweep asks this after every action and the
        stuck check itself from the legal list it holds (speed: solvers/PERF.md "The legal list
        once per position")."""
        return []

    def stuck(self, state) -> list[str]:
        """A live game always offers a legal action: a parsed position can claim a step nobody
        can act in (every game's ``invariants`` includes this check)."""
        if self.is_terminal(state) or self.legal_actions(state):
            return []
        return ["the game is not over but there is no legal action (a stuck position)"]

    # -- defined once for every game --
    @property
    def package(self) -> str:
        """The rulebook package the game lives in (``trogdor``; ``encounter`` for both of its
        modes): where its edits and gallery are, and what its boards' and drawing's modules are
        named (``boards.<package>``, ``drawings.<package>``)."""
        return type(self).__module__.split(".")[1]

    def edit(self, state, op: tuple):
        """One instructor's edit of ``state`` (``rulebook.<package>.edit``): a new position
        the rules can play on, or a NotationError naming what is wrong and the rule."""
        return importlib.import_module(f"rulebook.{self.package}.edit").edit(state, op)

    def card_zones(self, state):
        """The zones the editors move cards between (``rulebook.common.cardedit.Zones``), or
        None for a game whose edits are on squares (Trogdor)."""
        zones_for = getattr(importlib.import_module(f"rulebook.{self.package}.edit"),
                            "zones_for", None)  # fmt: skip
        return None if zones_for is None else zones_for(state)

    @property
    def rulings(self):
        """Named rulings (where the rule texts disagree): ID -> Ruling with default and options."""
        return self.catalog.rulings

    def action(self, action) -> Action:
        """An Action from an Action or its text."""
        return action if isinstance(action, Action) else self.parse_action(action)

    def apply(self, state, action):
        """The new state after ``action`` (an Action or its text). Raises RuleError(rule_id, why)
        for an illegal action; ``state`` never changes."""
        a = self.action(action)
        err = self.refusal(state, a)
        if err is not None:
            raise err
        return self.perform(state, a)

    def returns(self, state) -> tuple[float, ...]:
        """One number per player (OpenSpiel's ``returns``): 0.0 for everyone while the game is
        on; at the end +1.0 for each winner and -1.0 for every other player (a co-operative
        game's win is +1 for all, its loss -1 for all; a shared victory is +1 for each winner)."""
        n = self.num_players(state)
        if not self.is_terminal(state):
            return (0.0,) * n
        won = set(self.winners(state))
        return tuple(1.0 if p in won else -1.0 for p in range(n))

    def apply_traced(self, state, action):
        """(new state, rule IDs that fired) -- for sweeps and teaching."""
        with tracing() as ids:
            new = self.apply(state, action)
        return new, tuple(ids)

    def fork(self, state):
        """A copy of ``state`` that ``advance`` may change (no one else holds it). Games whose
        ``advance`` copies anyway return ``state`` itself."""
        return state

    def advance(self, state, action: Action):
        """The state after ``action``, which must be one of ``legal_actions(state)`` (it is not
        checked again), on a state the caller owns and gives up: a game may change ``state`` in
        place and return it (OpenSpiel's ``apply_action``). For playouts, which keep only the last
        state; ``state`` must come from ``new_game``, ``fork`` or ``advance``. Default:
        ``perform``, which copies."""
        return self.perform(state, action)

    def freeze(self, state):
        """The frozen value of a state a playout owned (from ``fork`` or ``advance``); games
        whose ``advance`` copies return ``state`` itself."""
        return state

    def __repr__(self) -> str:
        return f"<game {self.name}>"


# ---- generic layers ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Playout:
    game: str
    seed: int
    actions: tuple[str, ...]
    final: object
    length: int


def random_game(
    game: Game,
    seed: int = 0,
    *,
    state=None,
    max_length: int | None = None,
    **opts,
):
    """Play uniformly random legal actions from ``new_game(seed)`` (or ``state``) to the end.
    Raises RuntimeError if the game outlasts its declared maximum length.

    The choices come from one ``random.Random(seed)`` for the whole game (not the state's Rng,
    which derives a fresh generator per draw)."""
    rng = random.Random(seed)
    # the playout owns its states (a fresh game, or a fork of the caller's): each legal action
    # is played in place by ``advance``
    s = game.new_game(seed, **opts) if state is None else game.fork(state)
    limit = game.max_length if max_length is None else max_length
    played: list[Action] = []
    # The protocol lists no action exactly when the game is over, so an empty list ends the loop.
    for _ in range(limit):
        legal = game.legal_actions(s)
        if not legal:
            break
        played.append(rng.choice(legal))
        s = game.advance(s, played[-1])
    else:
        if game.legal_actions(s):
            raise RuntimeError(
                f"{game.name} seed {seed}: no end after {limit} actions (declared maximum)"
            )
    if not game.is_terminal(s):
        raise RuntimeError(f"{game.name} seed {seed}: live state with no legal action: {s}")
    return Playout(game.name, seed, tuple(map(BY_TEXT, played)), game.freeze(s), len(played))


def why_not(game: Game, state, action) -> str:
    """'legal' or 'refused by RULE-ID: reason' -- the one form tests and notebooks print."""
    err = game.refusal(state, game.action(action))
    return "legal" if err is None else f"refused by {err.rule_id}: {err.reason}"


def check_header(game: Game, text: str) -> None:
    from .notation import excerpt, header_of

    head = header_of(text)
    if head != game.name:
        raise NotationError(
            f"this is not a {game.name} position (it starts with {excerpt(head, 20)!r})"
        )
