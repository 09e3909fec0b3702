"""Replay a solver's plan through the rules engine (the game protocol, ``rulebook.game("trogdor")``):
the check that keeps the solvers' small rule model honest. A plan that the engine refuses raises
``ReplayError`` naming the step and the engine's rule ID."""

from __future__ import annotations

from rulebook import game
from rulebook.common.errors import RuleError


class ReplayError(AssertionError):
    def __init__(self, step: int, action: str, error: RuleError):
        super().__init__(f"step {step + 1} ({action!r}) refused: {error}")
        self.step = step
        self.action = action
        self.error = error


def replay(state, plan: list[str]):
    """Apply every action of ``plan`` to ``state``; returns the final engine state."""
    g = game("trogdor")
    for i, action in enumerate(plan):
        try:
            state = g.apply(state, action)
        except RuleError as e:
            raise ReplayError(i, action, e) from None
    return state
