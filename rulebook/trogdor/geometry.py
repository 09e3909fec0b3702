"""Precomputed 5x5 geometry (steps with and without wraparound, rings, lines) for a fast engine."""

from __future__ import annotations

from rulebook.common.grid import DIAGONAL, DIRECTIONS, GRID5, ORTHOGONAL, Square

SQUARES: tuple[Square, ...] = tuple(GRID5.squares())
INDEX: dict[Square, int] = {sq: i for i, sq in enumerate(SQUARES)}
BY_NAME: dict[str, Square] = {str(sq): sq for sq in SQUARES}
CENTRE = BY_NAME["C3"]

# STEP[wrap][square][direction] -> Square or None (off a bounded board)
STEP: dict[bool, dict[Square, dict[str, Square | None]]] = {
    w: {sq: {d: GRID5.step(sq, d, wrap=w) for d in DIRECTIONS} for sq in SQUARES}
    for w in (False, True)
}
RING: dict[Square, tuple[Square, ...]] = {sq: tuple(GRID5.ring(sq)) for sq in SQUARES}
ORTHO: dict[Square, tuple[Square, ...]] = {sq: tuple(GRID5.neighbours(sq)) for sq in SQUARES}
DIAG: dict[Square, tuple[Square, ...]] = {
    sq: tuple(GRID5.neighbours(sq, DIAGONAL)) for sq in SQUARES
}


def area(centre: Square, name: str) -> tuple[Square, ...]:
    """Squares a card's ``area`` reaches from Trogdor's tile (never wrapping)."""
    if name == "orthogonal":
        return ORTHO[centre]
    if name == "diagonal":
        return DIAG[centre]
    if name == "adjacent":
        return RING[centre]
    return SQUARES  # "any"


def square(text: str) -> Square:
    sq = BY_NAME.get(text)
    return sq if sq is not None else GRID5.parse(text)


__all__ = ["ORTHOGONAL", "DIAGONAL", "SQUARES", "INDEX", "STEP", "RING", "area", "square"]
