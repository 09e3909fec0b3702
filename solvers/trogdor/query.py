"""What the burn solvers read from an engine position, in one place.

The solvers take an engine ``State`` (``rulebook.trogdor.puzzle(...)`` builds one from a layout
and a few squares) and read only: the tiles and which are burnt, which cottages are burnt, where
Trogdor stands, the knights' and the Troghammer's squares (which the solvers' search never enters:
their policy, not a rule; the rules allow the move for one damage, T-MOVE-KNIGHT-DAMAGE, decided
in ``rulebook/trogdor/rules.py`` ``_enter``) and the granted movement (``diagonal`` / ``wrap`` powers, T-CARD-EFFECTS). ``Board.of(state)``
is that reading; it has no notation of its own (the engine's is the only one).
"""

from __future__ import annotations

from functools import cached_property

from rulebook.common.errors import TrogkitInputError
from rulebook.common.values import Frozen, init_field
from rulebook.trogdor.grid import GRID5, Square

from .moves import MoveTable, move_table


class QueryError(TrogkitInputError):
    """A solver question that does not make sense (e.g. a cottage square that is no cottage)."""


def as_square(value, what: str) -> Square:
    """A square from a ``Square`` or its name; errors name ``what`` (e.g. the option)."""
    if isinstance(value, Square) and GRID5.contains(value):
        return GRID5.at(GRID5.index(value))
    try:
        return GRID5.parse(value)
    except TrogkitInputError as e:
        raise QueryError(f"{what}: {e}") from None


def _cottage_flags(state) -> dict[Square, bool]:
    cottages = state.cottages
    items = cottages.items() if hasattr(cottages, "items") else cottages
    return {sq: bool(b) for sq, b in items}


class Board(Frozen):
    """The solvers' reading of a position (indices 0..24 in reading order). A ``Frozen`` value,
    not a frozen dataclass (start-up: bench figure "min-AP CLI CPU ÷ BFS script")."""

    FIELDS = ("tiles", "start", "burnt", "avoid", "cottages_burnt", "diagonal", "wrap")

    def __init__(
        self,
        tiles: tuple[str, ...],
        start: int,
        burnt: frozenset[int],
        avoid: frozenset[int],
        cottages_burnt: frozenset[int],
        diagonal: bool,
        wrap: bool,
    ):
        init_field(self, "tiles", tiles)
        init_field(self, "start", start)
        init_field(self, "burnt", burnt)
        init_field(self, "avoid", avoid)
        init_field(self, "cottages_burnt", cottages_burnt)
        init_field(self, "diagonal", diagonal)
        init_field(self, "wrap", wrap)

    @classmethod
    def of(cls, state) -> Board:
        """Read an engine ``State`` (Trogdor must be on the board)."""
        if getattr(state, "trogdor", None) is None:
            raise QueryError("Trogdor is not on the board in this position")
        avoid = {GRID5.index(k) for k in state.knights}
        hammer = getattr(state, "troghammer", None)
        if hammer is not None:  # the Troghammer is a knight too (T-MOVE-KNIGHT-DAMAGE)
            avoid.add(GRID5.index(hammer))
        powers = set(state.powers)
        return cls(
            tuple(state.tiles),
            GRID5.index(state.trogdor),
            frozenset(i for i, b in enumerate(state.burnt) if b),
            frozenset(avoid),
            frozenset(GRID5.index(c) for c, b in _cottage_flags(state).items() if b),
            "diagonal" in powers,
            "wrap" in powers,
        )

    @cached_property  # asked twice per query (bench figure "min-AP search ÷ plain BFS")
    def moves(self) -> MoveTable:
        tunnels = tuple(i for i, t in enumerate(self.tiles) if t == "T")
        return move_table(tunnels, self.avoid, self.diagonal, self.wrap)

    @property
    def trogdor(self) -> Square:
        return GRID5.at(self.start)

    @property
    def lake(self) -> int | None:
        return next((i for i, t in enumerate(self.tiles) if t == "L"), None)

    @property
    def cottages(self) -> list[int]:
        return [i for i, t in enumerate(self.tiles) if t == "C"]


def board_of(state) -> Board:
    """``Board.of`` for an engine ``State``; anything else is a clear input error."""
    if not hasattr(state, "tiles") or not hasattr(state, "burnt"):
        raise QueryError(
            f"a Trogdor position (an engine State) is needed, not {type(state).__name__}; "
            "build one with rulebook.trogdor.puzzle(layout, trogdor=..., ...)"
        )
    return Board.of(state)
