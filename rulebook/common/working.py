"""The one way rule code changes a position: a working copy.

Positions are frozen dataclasses (values: assigning a field raises). ``perform`` copies one into
a ``WorkingCopy``, the effects change the copy's attributes (each container field a list or a
set while it is worked on), and ``freeze`` gives the new frozen position; the old one never
changes. A playout (``Game.fork`` / ``advance``) keeps one working copy for a whole game.

A game's working copy is a subclass naming its state class (``STATE``) and how each container
field is made mutable and frozen again (``THAW``: field -> (thaw, freeze)); every other field is
an immutable value, shared as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, replace
from typing import ClassVar


def lists(rows) -> list[list]:
    """Rows of items (a tuple of tuples) as a list of lists."""
    return [list(r) for r in rows]


def tuples(rows) -> tuple[tuple, ...]:
    """A list of lists as a tuple of tuples."""
    return tuple(tuple(r) for r in rows)


AS_LIST = (list, tuple)
AS_ROWS = (lists, tuples)


class WorkingCopy:
    """A mutable copy of a frozen position (``STATE``): one attribute per field."""

    STATE: ClassVar[type]
    THAW: ClassVar[dict[str, tuple[Callable, Callable]]] = {}

    def __init__(self, state):
        for f in fields(self.STATE):
            value = getattr(state, f.name)
            how = self.THAW.get(f.name)
            setattr(self, f.name, value if how is None else how[0](value))
        self.origin = state  # the position copied (fields that are not notation start from it)

    @classmethod
    def of(cls, state) -> WorkingCopy:
        """``state`` itself when it is a working copy already (a playout's), else a copy."""
        return state if isinstance(state, cls) else cls(state)

    def freeze(self):
        """The frozen position the copy holds now."""
        changes = {}
        for f in fields(self.STATE):
            value = getattr(self, f.name)
            how = self.THAW.get(f.name)
            changes[f.name] = value if how is None else how[1](value)
        return replace(self.origin, **changes)

    def __str__(self) -> str:
        return str(self.freeze())


def freeze(state):
    """The frozen position of ``state`` (a working copy, or a frozen position already)."""
    return state.freeze() if isinstance(state, WorkingCopy) else state
