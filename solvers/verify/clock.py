"""The wall clock of a verification search (witness, differ, check): the same deadline and the
same words everywhere, so every search a user starts ends within ``--timeout`` (issue 23)."""

from __future__ import annotations

import time

CLOCK_RAN_OUT = "the clock ran out"  # the reason a search names when its clock ended it


class Clock:
    """A deadline ``seconds`` from now (None: no clock); ``over()`` is checked between units
    of work (a playout, a position), so a search overruns it by at most one unit."""

    def __init__(self, seconds: float | None = None):
        self.seconds = seconds
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.ran_out = False

    def over(self) -> bool:
        if self.deadline is not None and time.monotonic() > self.deadline:
            self.ran_out = True
        return self.ran_out
