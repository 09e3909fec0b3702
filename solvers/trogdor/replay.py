"""Replay a solver's plan through the rules engine (``rulebook.trogdor``): the check that keeps the
solvers' small rule model honest. A plan that the engine refuses raises ``ReplayError`` naming the
step and the engine's rule ID."""

from __future__ import annotations

from rulebook.common.errors import RuleError
from rulebook.trogdor import apply_action

from .position import Position


class ReplayError(AssertionError):
    def __init__(self, step: int, action: str, error: RuleError):
        super().__init__(f"step {step + 1} ({action!r}) refused: {error}")
        self.step = step
        self.action = action
        self.error = error


def replay(state, plan: list[str]):
    """Apply every action of ``plan`` to ``state``; returns the final engine state."""
    for i, action in enumerate(plan):
        try:
            state = apply_action(state, action)
        except RuleError as e:
            raise ReplayError(i, action, e) from None
    return state


def replay_position(position: Position, plan: list[str], *, ap: int = 99):
    """Start from ``position`` as an engine puzzle with ``ap`` action points and replay."""
    return replay(position.to_state(ap=ap), plan)
