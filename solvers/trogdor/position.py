"""A solver query's position: the layout, what is already burninated, where Trogdor stands and which
squares he must not enter (knights). It is the solvers' input, kept separate from the engine's
``State`` so solvers can be called without a full game, and convertible to one (``to_state``) so
every plan can be replayed through ``rulebook``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulebook.common.errors import TrogkitInputError
from rulebook.common.grid import GRID5, Square
from rulebook.trogdor.board import Layout, parse_tiles

from .query import QueryError  # noqa: E402  (one error class; this module is going away)


def parse_squares(text: str | None, what: str) -> frozenset[Square]:
    """'A2,B2' -> squares; '' / '-' / None -> empty. Errors name the option."""
    if text is None or text.strip() in ("", "-"):
        return frozenset()
    out = set()
    for part in text.split(","):
        try:
            out.add(GRID5.parse(part))
        except TrogkitInputError as e:
            raise QueryError(f"{what}: {e}") from None
    return frozenset(out)


def fmt_squares(squares) -> str:
    return ",".join(str(s) for s in sorted(squares, key=GRID5.index)) or "-"


@dataclass(frozen=True)
class Position:
    """Trogdor's puzzle position. ``burnt`` are burninated tiles, ``cottages_burnt`` burninated
    cottages, ``avoid`` squares Trogdor never steps onto (he may start on one). ``diagonal`` and
    ``wrap`` are movement granted by a card or keeper (rules T-MOVE, T-CARD-EFFECTS)."""

    layout: Layout
    trogdor: Square
    burnt: frozenset[Square] = field(default_factory=frozenset)
    avoid: frozenset[Square] = field(default_factory=frozenset)
    cottages_burnt: frozenset[Square] = field(default_factory=frozenset)
    diagonal: bool = False
    wrap: bool = False

    def __post_init__(self):
        for sq in self.cottages_burnt:
            if self.layout.kind(sq) != "C":
                raise QueryError(
                    f"{sq} is listed as a burninated cottage but is not a cottage tile"
                )

    @classmethod
    def from_text(
        cls,
        layout: str,
        trogdor: str,
        burnt: str | None = None,
        avoid: str | None = None,
        cottages_burnt: str | None = None,
        *,
        diagonal: bool = False,
        wrap: bool = False,
    ) -> Position:
        """Read the CLI/notebook form. The layout may mark burnt tiles in lower case / '#'."""
        kinds, burnt_flags = parse_tiles(layout)
        lay = Layout(tuple(kinds))
        marked = {GRID5.at(i) for i, b in enumerate(burnt_flags) if b}
        try:
            start = GRID5.parse(trogdor)
        except TrogkitInputError as e:
            raise QueryError(f"Trogdor's square: {e}") from None
        return cls(
            lay,
            start,
            frozenset(marked | parse_squares(burnt, "burnt squares")),
            parse_squares(avoid, "squares to avoid"),
            parse_squares(cottages_burnt, "burnt cottages"),
            diagonal,
            wrap,
        )

    def is_burnt(self, sq: Square) -> bool:
        return sq in self.burnt

    def tiles_text(self) -> str:
        """The layout with burnt tiles in lower case (the engine's tile notation)."""
        from rulebook.trogdor.board import format_tiles

        flags = [GRID5.at(i) in self.burnt for i in range(25)]
        return format_tiles(self.layout.tiles, flags)

    def with_burnt(self, extra) -> Position:
        return Position(
            self.layout,
            self.trogdor,
            self.burnt | frozenset(extra),
            self.avoid,
            self.cottages_burnt,
            self.diagonal,
            self.wrap,
        )

    def __str__(self) -> str:
        return (
            f"{self.tiles_text()} trogdor={self.trogdor} avoid={fmt_squares(self.avoid)} "
            f"cottages_burnt={fmt_squares(self.cottages_burnt)}"
        )

    def powers(self) -> tuple[str, ...]:
        """The engine's power tokens for the granted movement (T-CARD-EFFECTS)."""
        return tuple(t for t, on in (("diagonal", self.diagonal), ("wrap", self.wrap)) if on)

    def to_state(self, ap: int = 99, **extra):
        """The engine position (``rulebook.trogdor.puzzle``) with knights on the avoided squares."""
        from rulebook.trogdor import puzzle

        return puzzle(
            self.layout,
            trogdor=str(self.trogdor),
            burnt=tuple(str(s) for s in sorted(self.burnt, key=GRID5.index)),
            knights=tuple(str(s) for s in sorted(self.avoid, key=GRID5.index)),
            ap=ap,
            cottages_burnt=tuple(str(s) for s in sorted(self.cottages_burnt, key=GRID5.index)),
            powers=self.powers(),
            **extra,
        )
