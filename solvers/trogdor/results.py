"""Solver answers: small records with a text form, ``to_json()`` and drawing hooks
(``squares`` / ``plan`` for a board overlay).

They behave as plain dataclasses (equal by fields, the same repr) but are ``Value`` records: two
dataclasses cost ~1.5 ms of every CLI start-up (bench figure "min-AP CLI CPU ÷ BFS script")."""

from __future__ import annotations

from rulebook.common.values import Value
from rulebook.trogdor.grid import Square

_NEW_LIST = object()  # default of ``squares`` and ``burns``: a new empty list for each result


class PlanResult(Value):
    """A minimal-AP answer. ``ap`` is None when impossible (``reason`` says why) or when the
    solver ran out of time (``timed_out``). ``squares`` is Trogdor's route (start first), ``burns``
    the tiles in the order he burns them: what a board overlay draws."""

    FIELDS = (
        "ap", "plan", "method", "reason", "goal", "start", "squares", "burns", "exact",
        "lower_bound", "timed_out", "seconds",
    )  # fmt: skip

    def __init__(
        self,
        ap: int | None,
        plan: list[str],
        method: str,
        reason: str | None,
        goal: str,
        start: Square,
        squares: list[Square] = _NEW_LIST,
        burns: list[Square] = _NEW_LIST,
        exact: bool = True,
        lower_bound: int | None = None,
        timed_out: bool = False,
        seconds: float = 0.0,
    ):
        self.ap = ap
        self.plan = plan
        self.method = method
        self.reason = reason
        self.goal = goal
        self.start = start
        self.squares = [] if squares is _NEW_LIST else squares
        self.burns = [] if burns is _NEW_LIST else burns
        self.exact = exact
        self.lower_bound = lower_bound
        self.timed_out = timed_out
        self.seconds = seconds

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


class CountrysideResult(PlanResult):
    """Whole-countryside answer: ``exact`` says whether ``ap`` is proven minimal; otherwise it is
    the best plan found within the time limit and ``lower_bound`` a proven lower bound."""

    def to_json(self) -> dict:
        out = super().to_json()
        out.update(exact=self.exact, lower_bound=self.lower_bound, timed_out=self.timed_out)
        return out
