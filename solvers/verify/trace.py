"""A replayable game: a start (a seed with options, or a position's notation) and actions.

Witnesses, ruling differences and counterexamples are all ``Trace``s, stored as JSON, so any tool
replays them with the protocol alone: ``new_game`` (or ``parse``), then ``apply_traced`` per action.
``step`` adds the rules of the final scoring: a rule such as TL-SCORE-WINNER fires when the result
of a finished game is read (``winners``/``outcome``), which belongs to the action that ended it.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

import rulebook
from drawings.gallery import with_rulings
from rulebook.common.errors import RuleError, TrogkitInputError
from rulebook.common.game import tracing


@dataclass(frozen=True)
class Start:
    """``new_game(seed, players=, rulings=, **options)``, or ``parse(position)`` when given."""

    seed: int = 0
    players: int | None = None
    rulings: dict = field(default_factory=dict)
    options: dict = field(default_factory=dict)
    position: str | None = None

    def state(self, game):
        """The first state, and the rules that fired setting it up."""
        with tracing() as ids:
            if self.position is not None:
                s = with_rulings(game.parse(self.position), dict(self.rulings))
            else:
                s = game.new_game(
                    self.seed, players=self.players, rulings=dict(self.rulings) or None,
                    **self.options,
                )  # fmt: skip
        return s, tuple(ids)

    def label(self) -> str:
        if self.position is not None:
            return f"position {self.position[:40]}..."
        bits = [f"seed {self.seed}"]
        if self.players is not None:
            bits.append(f"{self.players} players")
        bits += [f"{k}={v}" for k, v in sorted(self.rulings.items())]
        bits += [f"{k}={v}" for k, v in sorted(self.options.items())]
        return ", ".join(bits)


@dataclass(frozen=True)
class Trace:
    """A start, the actions, and what the last step shows.

    ``rule``: the rule this trace witnesses (or the ruling it separates, or the claim it refutes);
    ``refused``: for a refusal rule, the tempting action refused after the last action;
    ``fired``: the rule IDs the last step reported (the start's when there is no action);
    ``found_length``: the number of actions before shrinking; ``cost``: playouts/states spent;
    ``bound``: a witness's lower bound, None when unknown: no game of fewer actions from the same
    start makes the rule fire (a breadth-first search played every shorter game; a refusal rule:
    with the tempting actions it tried), so ``bound == length`` is a shortest witness."""

    game: str
    rule: str
    start: Start
    actions: tuple[str, ...] = ()
    refused: str | None = None
    fired: tuple[str, ...] = ()
    found_length: int = 0
    cost: int = 0
    note: str = ""
    versus: dict | None = None  # a ruling difference: the other option ({ruling: option})
    bound: int | None = None

    @property
    def length(self) -> int:
        return len(self.actions)

    def to_json(self) -> dict:
        d = asdict(self)
        d["actions"] = list(self.actions)
        d["fired"] = list(self.fired)
        d["length"] = self.length
        return d

    @classmethod
    def from_json(cls, d, where: str = "a stored trace") -> Trace:
        """The Trace of its JSON; a field of the wrong shape is a TrogkitInputError naming
        ``where`` and the field."""
        _check_shape(d, TRACE_FIELDS, where, cls.__dataclass_fields__)
        _check_shape(d["start"], START_FIELDS, f"{where}: start", Start.__dataclass_fields__)
        known = {k: d[k] for k in cls.__dataclass_fields__ if k in d and k != "start"}
        known["actions"] = tuple(d.get("actions", ()))
        known["fired"] = tuple(d.get("fired", ()))
        return cls(start=Start(**d["start"]), **known)


def _texts(v) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def _table(v) -> bool:
    return isinstance(v, dict) and all(isinstance(k, str) for k in v)


def _whole(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


# field -> (required, what it is, check)
TRACE_FIELDS = {
    "game": (True, "a game name", lambda v: isinstance(v, str)),
    "rule": (True, "a rule or ruling ID", lambda v: isinstance(v, str)),
    "start": (True, "a table", lambda v: isinstance(v, dict)),
    "actions": (False, "a list of actions", _texts),
    "refused": (False, "an action or null", lambda v: v is None or isinstance(v, str)),
    "fired": (False, "a list of rule IDs", _texts),
    "found_length": (False, "a whole number", _whole),
    "cost": (False, "a whole number", _whole),
    "length": (False, "a whole number", _whole),
    "note": (False, "a sentence", lambda v: isinstance(v, str)),
    "versus": (False, "a table of ruling options or null", lambda v: v is None or _table(v)),
    "bound": (False, "a whole number or null", lambda v: v is None or _whole(v)),
}
START_FIELDS = {
    "seed": (False, "a whole number", _whole),
    "players": (False, "a number of players or null", lambda v: v is None or _whole(v)),
    "rulings": (False, "a table of ruling options", _table),
    "options": (False, "a table of new-game options", _table),
    "position": (False, "a position's notation or null", lambda v: v is None or isinstance(v, str)),
}


DERIVED = {"final", "last_step", "outcomes"}  # what the CLI adds to a trace's JSON for people


def _check_shape(d, fields: dict, where: str, known=()) -> None:
    """``d`` a table whose ``fields`` have their shape; a field neither in ``fields`` nor in
    ``known`` (the dataclass's own: a field added later loads unchecked) is refused."""
    if not isinstance(d, dict):
        raise TrogkitInputError(f"{where}: a table (JSON object) expected, not {type(d).__name__}")
    unknown = sorted(set(d) - set(fields) - DERIVED - set(known))
    if unknown:
        raise TrogkitInputError(f"{where}: unknown field {unknown[0]!r}")
    for name, (required, what, ok) in fields.items():
        if name not in d:
            if required:
                raise TrogkitInputError(f"{where}: field {name!r} is missing")
            continue
        if not ok(d[name]):
            raise TrogkitInputError(
                f"{where}: field {name!r} is {what}, not {json.dumps(d[name], default=str)[:60]}"
            )


def end_rules(game, state) -> tuple[str, ...]:
    """The rules that fire when a finished game's result is read (final scoring)."""
    if not game.is_terminal(state):
        return ()
    with tracing() as ids:
        game.winners(state)
        game.outcome(state)
    return tuple(ids)


def step(game, state, action):
    """(next state, rule IDs fired by the action, its final scoring included)."""
    new, ids = game.apply_traced(state, action)
    return new, ids + end_rules(game, new)


@dataclass
class Replay:
    """The states of a trace (``states[i]`` before action i) and the rules of every step."""

    states: list
    fired: list[tuple[str, ...]]  # fired[0]: the start's; fired[i + 1]: action i's
    refusal: RuleError | None = None  # the tempting action's refusal, if the trace has one


def replay(trace: Trace) -> Replay:
    """Play a trace from its start; a refused action raises RuleError naming the step."""
    game = rulebook.game(trace.game)
    s, ids = trace.start.state(game)
    out = Replay([s], [ids])
    for i, a in enumerate(trace.actions):
        try:
            s, ids = step(game, s, a)
        except RuleError as e:
            raise RuleError(e.rule_id, f"action {i + 1} ({a}): {e.reason}") from None
        out.states.append(s)
        out.fired.append(ids)
    if trace.refused is not None:
        out.refusal = game.refusal(s, game.action(trace.refused))
    return out


def shows(trace: Trace) -> bool:
    """Whether the trace witnesses its rule: it fires on the last step, or the tempting action
    is refused by it."""
    r = replay(trace)
    if trace.refused is not None:
        return r.refusal is not None and r.refusal.rule_id == trace.rule
    return trace.rule in r.fired[-1]
