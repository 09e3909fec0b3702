"""Precomputed 5x5 geometry (steps with and without wraparound, rings, lines) for a fast engine."""

from __future__ import annotations

from operator import attrgetter

from rulebook.common.grid import DIAGONAL, DIRECTIONS, GRID5, ORTHOGONAL, Square

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
# STEP_I[wrap][i][direction] -> index of the next square, or -1 off a bounded board.
STEP_I: dict[bool, tuple[dict[str, int], ...]] = {
    w: tuple(
        {d: (-1 if n is None else GRID5.index(n)) for d, n in STEP[w][sq].items()} for sq in SQUARES
    )
    for w in (False, True)
}


# Square order (the dataclass's own: column, then row) as a C-level sort key.
ORDER = attrgetter("col", "row")


def intern(sq: Square | None) -> Square | None:
    """The engine's own Square object for ``sq`` (positions built from tables stay interned)."""
    return None if sq is None else SQUARES[sq.row * 5 + sq.col]


# The same tables indexed by square number (row * 5 + col): no Square hashing in the hot path.
STEPQ: dict[bool, tuple[dict[str, Square | None], ...]] = {
    w: tuple(STEP[w][sq] for sq in SQUARES) for w in (False, True)
}
AREA: dict[str, tuple[tuple[Square, ...], ...]] = {
    "orthogonal": tuple(ORTHO[sq] for sq in SQUARES),
    "diagonal": tuple(DIAG[sq] for sq in SQUARES),
    "adjacent": tuple(RING[sq] for sq in SQUARES),
    "any": tuple(SQUARES for _ in SQUARES),
}

# Index-free lookups for the hot path: RING_I[i] = indices around square i.
RING_I: tuple[tuple[int, ...], ...] = tuple(
    tuple(GRID5.index(n) for n in RING[sq]) for sq in SQUARES
)
ORTHO_I: tuple[tuple[int, ...], ...] = tuple(
    tuple(GRID5.index(n) for n in ORTHO[sq]) for sq in SQUARES
)


def area(centre: Square, name: str) -> tuple[Square, ...]:
    """Squares a card's ``area`` reaches from Trogdor's tile (never wrapping)."""
    return AREA[name][centre.row * 5 + centre.col]


def square(text: str) -> Square:
    sq = BY_NAME.get(text)
    return sq if sq is not None else GRID5.parse(text)


__all__ = ["ORTHOGONAL", "DIAGONAL", "SQUARES", "INDEX", "STEP", "RING", "area", "square"]
