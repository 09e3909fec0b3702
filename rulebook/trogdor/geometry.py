"""Precomputed 5x5 geometry (steps with and without wraparound, rings, lines) for a fast engine."""

from __future__ import annotations

from operator import attrgetter

from rulebook.common.errors import NotationError
from rulebook.trogdor.grid import DIAGONAL, DIRECTIONS, GRID5, ORTHOGONAL, Square

SQUARES: tuple[Square, ...] = tuple(GRID5.squares())
INDEX: dict[Square, int] = {sq: i for i, sq in enumerate(SQUARES)}
BY_NAME: dict[str, Square] = {str(sq): sq for sq in SQUARES}
CENTRE = BY_NAME["C3"]

# STEP[wrap][square][direction] -> Square or None (off a bounded board)


def _interned(sq: Square | None) -> Square | None:
    """The table's own Square object (identity checks are then enough inside the engine)."""
    return None if sq is None else SQUARES[GRID5.index(sq)]


STEP: dict[bool, dict[Square, dict[str, Square | None]]] = {
    w: {sq: {d: _interned(GRID5.step(sq, d, wrap=w)) for d in DIRECTIONS} for sq in SQUARES}
    for w in (False, True)
}
RING: dict[Square, tuple[Square, ...]] = {
    sq: tuple(map(_interned, GRID5.ring(sq))) for sq in SQUARES
}
ORTHO: dict[Square, tuple[Square, ...]] = {
    sq: tuple(map(_interned, GRID5.neighbours(sq))) for sq in SQUARES
}
DIAG: dict[Square, tuple[Square, ...]] = {
    sq: tuple(map(_interned, GRID5.neighbours(sq, DIAGONAL))) for sq in SQUARES
}
# Square order (column, then row: the Square tuple's own order) as a sort key.
ORDER = attrgetter("col", "row")


def intern(sq: Square | None) -> Square | None:
    """The table's own Square for ``sq`` (any equal Square, e.g. from GRID5.parse)."""
    return None if sq is None else SQUARES[INDEX[sq]]


# The squares a card's ``area`` reaches from Trogdor's tile (never wrapping; EFFECTS.md).
AREA_SET: dict[str, dict[Square, frozenset[Square]]] = {
    name: {sq: frozenset(v) for sq, v in table.items()}
    for name, table in (
        ("orthogonal", ORTHO),
        ("diagonal", DIAG),
        ("adjacent", RING),
        ("any", {sq: SQUARES for sq in SQUARES}),
    )
}


def square(x, where: str | None = None) -> Square:
    """A board square from a Square or its name (typed text: any case), via ``GRID5.parse``, the
    one name-to-square function; NotationError naming ``where`` otherwise."""
    if isinstance(x, Square):
        if x in INDEX:
            return SQUARES[INDEX[x]]
        raise NotationError(f"{x!r} is off the board A1..E5", where=where)
    try:
        return SQUARES[INDEX[GRID5.parse(x)]]
    except NotationError as e:
        raise NotationError(e.message, text=e.text, where=where) from None


__all__ = ["ORTHOGONAL", "DIAGONAL", "SQUARES", "INDEX", "STEP", "RING", "square"]
