"""Solver answers: small dataclasses with a text form, ``to_json()`` and drawing hooks
(``squares`` / ``plan`` for a board overlay)."""

from __future__ import annotations

from dataclasses import dataclass, field

from rulebook.trogdor.grid import Square


@dataclass
class PlanResult:
    """A minimal-AP answer. ``ap`` is None when impossible (``reason`` says why) or when the
    solver ran out of time (``timed_out``). ``squares`` is Trogdor's route (start first), ``burns``
    the tiles in the order he burns them: what a board overlay draws."""

    ap: int | None
    plan: list[str]
    method: str
    reason: str | None
    goal: str
    start: Square
    squares: list[Square] = field(default_factory=list)
    burns: list[Square] = field(default_factory=list)
    exact: bool = True
    lower_bound: int | None = None
    timed_out: bool = False
    seconds: float = 0.0

    @property
    def possible(self) -> bool:
        return self.ap is not None

    @property
    def actions(self) -> list[str]:
        """The plan, under the name the live board's ``show_plan`` looks for."""
        return self.plan

    def to_json(self) -> dict:
        return {
            "ap": self.ap,
            "plan": list(self.plan),
            "method": self.method,
            "reason": self.reason,
        }

    def __str__(self) -> str:
        if self.ap is None:
            return f"{self.goal}: {self.reason} [{self.method}]"
        head = f"{self.goal}: {self.ap} AP [{self.method}]"
        if not self.exact:
            head += f" (best found; the minimum is at least {self.lower_bound})"
        plan = "; ".join(self.plan) if self.plan else "(nothing to do)"
        return f"{head}\nplan: {plan}"


@dataclass
class CountrysideResult(PlanResult):
    """Whole-countryside answer: ``exact`` says whether ``ap`` is proven minimal; otherwise it is
    the best plan found within the time limit and ``lower_bound`` a proven lower bound."""

    def to_json(self) -> dict:
        out = super().to_json()
        out.update(exact=self.exact, lower_bound=self.lower_bound, timed_out=self.timed_out)
        return out
