"""Shrinking a game (delta debugging): drop runs of actions, halving the run length, while every
action stays legal and the goal is still reached; the game is cut at the first step that reaches
it. A removal keeps the actions before it, so the kept states are reused and only the rest is
replayed.

A goal is a ``Stepper``: ``first()`` gives the start state and whether it already reaches the
goal; ``next(state, action)`` plays one action (raising RuleError when it is refused) and says
whether the goal is reached. Witnesses, ruling differences and counterexamples each supply one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from rulebook.common.errors import RuleError, TrogkitInputError

from .clock import Clock

DEFAULT_TRIES = 400  # replays one shrink may spend (each replays a suffix of the game)


class Stepper(Protocol):
    def first(self) -> tuple[object, bool]: ...

    def next(self, state, action) -> tuple[object, bool]: ...


@dataclass
class Shrunk:
    actions: tuple[str, ...]
    tries: int  # replays spent


def run_from(stepper: Stepper, state, actions) -> tuple[list, int | None]:
    """The states after each action from ``state`` and the index of the first action that reaches
    the goal (None: an action is refused, or the goal is never reached)."""
    states = []
    for i, a in enumerate(actions):
        try:
            state, hit = stepper.next(state, a)
        except (RuleError, TrogkitInputError):
            return states, None
        states.append(state)
        if hit:
            return states, i
    return states, None


def shrink(stepper: Stepper, actions, *, tries: int = DEFAULT_TRIES, clock=None) -> Shrunk:
    """The shortest game this greedy removal finds that still reaches the goal on its last
    action; ``actions`` must reach it (checked). Past ``clock`` (a ``Clock``), the game as
    shrunk so far."""
    clock = clock or Clock()
    start, hit = stepper.first()
    if hit:
        return Shrunk((), 0)
    states, at = run_from(stepper, start, actions)
    if at is None:
        raise ValueError("the game to shrink does not reach its goal")
    current = list(actions[: at + 1])
    states = [start] + states[: at + 1]  # states[i]: before action i
    run, spent = max(1, len(current) // 2), 0
    while current and spent < tries and not clock.over():
        removed = False
        i = 0
        while i < len(current) and spent < tries and not clock.over():
            cand = current[:i] + current[i + run :]
            spent += 1
            tail, at = run_from(stepper, states[i], cand[i:])
            if at is not None:
                current = cand[: i + at + 1]
                states = states[: i + 1] + tail[: at + 1]
                removed = True
            else:
                i += run
        if not removed:
            if run == 1:
                break
            run = max(1, run // 2)
    return Shrunk(tuple(current), spent)
