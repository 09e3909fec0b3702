"""Trogdor's board: a rectangular grid with chess-like square names (A1 = north-west, columns
west->east, rows north->south) and the two movement topologies of the rules: bounded and
wraparound (torus), with the 5x5 board's steps, rings and areas worked out once as tables. Only
Trogdor has a grid, so it lives here, not in rulebook/common."""

from __future__ import annotations

from operator import itemgetter

from rulebook.common.errors import NotationError
from rulebook.common.values import Frozen, init_field

# (dcol, drow): north is row - 1 because row 1 is the northern edge.
DIRECTIONS: dict[str, tuple[int, int]] = {
    "N": (0, -1),
    "S": (0, 1),
    "E": (1, 0),
    "W": (-1, 0),
    "NE": (1, -1),
    "NW": (-1, -1),
    "SE": (1, 1),
    "SW": (-1, 1),
}
ORTHOGONAL = ("N", "E", "S", "W")
DIAGONAL = ("NE", "SE", "SW", "NW")
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E", "NE": "SW", "SW": "NE", "NW": "SE", "SE": "NW"}


class Square(tuple):
    """A board square; ``col`` and ``row`` are 0-based (A1 is (0, 0)).

    A tuple underneath: equality, hashing and ordering are column, then row (speed: PERF.md
    "Values compared in C")."""

    __slots__ = ()

    def __new__(cls, col: int, row: int):
        return tuple.__new__(cls, (col, row))

    def __getnewargs__(self):
        return tuple(self)

    col = property(itemgetter(0), doc="0-based column (A = 0)")
    row = property(itemgetter(1), doc="0-based row (1 = 0)")

    @property
    def name(self) -> str:
        return f"{chr(ord('A') + self[0])}{self[1] + 1}"

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Square({self.name})"


class Grid(Frozen):
    """The squares of a board ``width`` by ``height``."""

    FIELDS = ("width", "height")

    def __init__(self, width: int = 5, height: int = 5):
        init_field(self, "width", width)
        init_field(self, "height", height)

    def squares(self) -> list[Square]:
        """All squares in reading order: row 1 west to east, then row 2, ..."""
        return [Square(c, r) for r in range(self.height) for c in range(self.width)]

    def index(self, sq: Square) -> int:
        return sq.row * self.width + sq.col

    def at(self, index: int) -> Square:
        return Square(index % self.width, index // self.width)

    def contains(self, sq: Square) -> bool:
        return 0 <= sq.col < self.width and 0 <= sq.row < self.height

    def parse(self, text: str, *, strict: bool = False) -> Square:
        """The one name-to-square function: 'C3' into a Square, with a clear error otherwise.

        ``strict`` (notation) accepts only the canonical spelling: an upper-case ASCII column
        letter then ASCII row digits; otherwise (typed action text) case and spaces are forgiven."""
        if not isinstance(text, str):
            raise NotationError(f"a square name is text, not {type(text).__name__}")
        t = text if strict else text.strip().upper()
        last_col = chr(ord("A") + self.width - 1)
        if (
            not 2 <= len(t) <= 3
            or not t.isascii()
            or not ("A" <= t[0] <= "Z")
            or not t[1:].isdigit()
            or t[1] == "0"
        ):
            raise NotationError(
                f"not a square name; expected a letter A-{last_col} then a row 1-{self.height}",
                text=text[:20],
            )
        sq = Square(ord(t[0]) - ord("A"), int(t[1:]) - 1)
        if not self.contains(sq):
            raise NotationError(
                f"square is off the board (columns A-{last_col}, rows 1-{self.height})", text=text
            )
        return sq

    def step(self, sq: Square, direction: str, *, wrap: bool) -> Square | None:
        """One step; None when it leaves a bounded board."""
        dc, dr = DIRECTIONS[direction]
        c, r = sq.col + dc, sq.row + dr
        if wrap:
            return Square(c % self.width, r % self.height)
        nxt = Square(c, r)
        return nxt if self.contains(nxt) else None

    def neighbours(self, sq: Square, directions=ORTHOGONAL, *, wrap: bool = False) -> list[Square]:
        out = []
        for d in directions:
            n = self.step(sq, d, wrap=wrap)
            if n is not None and n != sq and n not in out:
                out.append(n)
        return out

    def ring(self, sq: Square) -> list[Square]:
        """The up-to-8 squares around ``sq`` without wraparound (edge squares have fewer)."""
        return self.neighbours(sq, ORTHOGONAL + DIAGONAL, wrap=False)

    def line(self, sq: Square, axis: str) -> list[Square]:
        """Every other square in the same row (axis 'EW') or column (axis 'NS')."""
        if axis == "EW":
            return [Square(c, sq.row) for c in range(self.width) if c != sq.col]
        if axis == "NS":
            return [Square(sq.col, r) for r in range(self.height) if r != sq.row]
        raise ValueError(f"axis must be 'EW' or 'NS', not {axis!r}")


GRID5 = Grid(5, 5)
SQUARES: tuple[Square, ...] = tuple(GRID5.squares())
INDEX: dict[Square, int] = {sq: i for i, sq in enumerate(SQUARES)}
BY_NAME: dict[str, Square] = {str(sq): sq for sq in SQUARES}
CENTRE = BY_NAME["C3"]


def intern(sq: Square | None) -> Square | None:
    """The table's own Square for ``sq`` (any equal Square, e.g. from GRID5.parse): identity
    checks are then enough inside the engine."""
    return None if sq is None else SQUARES[INDEX[sq]]


# STEP[wrap][square][direction] -> Square or None (off a bounded board)
STEP: dict[bool, dict[Square, dict[str, Square | None]]] = {
    w: {sq: {d: intern(GRID5.step(sq, d, wrap=w)) for d in DIRECTIONS} for sq in SQUARES}
    for w in (False, True)
}
RING: dict[Square, tuple[Square, ...]] = {sq: tuple(map(intern, GRID5.ring(sq))) for sq in SQUARES}
ORTHO: dict[Square, tuple[Square, ...]] = {
    sq: tuple(map(intern, GRID5.neighbours(sq))) for sq in SQUARES
}
# The squares a card's ``area`` reaches from Trogdor's tile (never wrapping; EFFECTS.md).
AREA_SET: dict[str, dict[Square, frozenset[Square]]] = {
    name: {sq: frozenset(v) for sq, v in table.items()}
    for name, table in (
        ("orthogonal", ORTHO),
        ("diagonal", {sq: GRID5.neighbours(sq, DIAGONAL) for sq in SQUARES}),
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
