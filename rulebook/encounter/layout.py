"""The Solo Adventure path (RE-SOLO-LAYOUT): twelve spaces in four columns of three, walked up
each column and then the next. Read by the setup (how many cards each space gets), the state
(how many spaces the notation has) and the drawing, which therefore need not import each other."""

from __future__ import annotations

SPACES = 12  # RE-SOLO-LAYOUT
COLUMNS = 4
PER_COLUMN = 3


def space_xy(i: int) -> tuple[int, int]:
    """(column, row from the bottom) of path space ``i``: up each column, then the next one."""
    return i // PER_COLUMN, i % PER_COLUMN
