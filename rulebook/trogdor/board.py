"""The countryside: a 5x5 layout of tiles, its text form, and the tiles the rules ask about.

A layout is 25 tile letters, row 1 (north) first, written as 5 lines or one line with ``/`` between
rows. Upper case (or ``.``) is an unburninated tile; lower case (or ``#`` for ``.``) a burninated one.
See NOTES.md.
"""

from __future__ import annotations

from rulebook.common.errors import NotationError
from rulebook.common.notation import excerpt
from rulebook.common.values import Frozen, init_field
from rulebook.trogdor.grid import GRID5, Square

# letter -> tile kind. '.' is "any other tile"; F G O S W B name the scenery tiles of the box, which
# have no action of their own (T-NATURE-TILES): only cards may mention them, and no bundled card does.
TILE_KINDS: dict[str, str] = {
    "C": "cottage",
    "L": "lake",
    "M": "mountain",
    "T": "tunnel",
    ".": "scenery",
    "F": "forest",
    "G": "green trees",
    "O": "orange tree",
    "S": "tree stump",
    "W": "flowers",
    "B": "boulders",
}
BURNT_LETTER = {k: ("#" if k == "." else k.lower()) for k in TILE_KINDS}
UNBURNT_LETTER = {v: k for k, v in BURNT_LETTER.items()}
# The box's special tiles: 3 cottages, 1 lake, 2 mountains, 2 tunnels (and 17 scenery tiles). A
# layout may use fewer (puzzles), never more; a game starts with all of them.
BOX_MAXIMUM = {"C": 3, "L": 1, "M": 2, "T": 2}


class Layout(Frozen):
    """Tile letters (upper case / '.') in reading order, 25 of them."""

    FIELDS = ("tiles",)

    def __init__(self, tiles: tuple[str, ...]):
        init_field(self, "tiles", tiles)
        if len(self.tiles) != 25:
            raise NotationError(f"a layout has 25 tiles, got {len(self.tiles)}")

    # -- queries -----------------------------------------------------------------------------
    def kind(self, sq: Square) -> str:
        return self.tiles[GRID5.index(sq)]

    def squares_of(self, letter: str) -> list[Square]:
        return [GRID5.at(i) for i, t in enumerate(self.tiles) if t == letter]

    @property
    def cottages(self) -> list[Square]:
        return self.squares_of("C")

    @property
    def lake(self) -> Square | None:
        s = self.squares_of("L")
        return s[0] if s else None

    @property
    def tunnels(self) -> list[Square]:
        return self.squares_of("T")

    @property
    def mountains(self) -> list[Square]:
        return self.squares_of("M")

    def is_full_box(self) -> bool:
        """True when the layout uses exactly the box's special tiles (needed to start a game)."""
        return all(self.tiles.count(k) == n for k, n in BOX_MAXIMUM.items())

    # -- text --------------------------------------------------------------------------------
    def __str__(self) -> str:
        return format_tiles(self.tiles, (False,) * 25)

    def lines(self) -> str:
        return str(self).replace("/", "\n")

    @classmethod
    def parse(cls, text: str) -> Layout:
        tiles, _ = parse_tiles(text)
        if any(_):
            raise NotationError("a layout lists unburninated tiles only (upper case)", text=text)
        return cls(tuple(tiles))


def parse_tiles(text: str, *, strict: bool = False) -> tuple[list[str], list[bool]]:
    """Parse a tile grid allowing burnt (lower case / '#') letters: (kinds, burnt flags).

    Accepts 5 rows separated by '/' or (unless ``strict``, the notation's canonical form)
    newlines and surrounding spaces. Errors name the row and column."""
    if not isinstance(text, str):
        raise NotationError("layout must be text")
    if strict:
        rows = text.split("/")
    else:
        rows = [r.strip() for r in text.replace("\n", "/").strip().strip("/").split("/")]
    if len(rows) != 5:
        raise NotationError(
            f"a layout has 5 rows separated by '/', got {len(rows)}", text=excerpt(text)
        )
    kinds: list[str] = []
    burnt: list[bool] = []
    for r, row in enumerate(rows):
        if len(row) != 5:
            raise NotationError(f"row {r + 1} has {len(row)} tiles, needs 5", text=excerpt(text))
        for c, ch in enumerate(row):
            where = f"square {chr(65 + c)}{r + 1}"
            if ch in TILE_KINDS:
                kinds.append(ch)
                burnt.append(False)
            elif ch in UNBURNT_LETTER:
                kinds.append(UNBURNT_LETTER[ch])
                burnt.append(True)
            else:
                known = "".join(TILE_KINDS)
                raise NotationError(
                    f"unknown tile letter {ch!r} (known: {known}; lower case or # = burninated)",
                    text=excerpt(text),
                    where=where,
                )
    for letter, most in BOX_MAXIMUM.items():
        n = kinds.count(letter)
        if n > most:
            raise NotationError(
                f"{n} {TILE_KINDS[letter]} tiles; the box has only {most}", text=excerpt(text)
            )
    return kinds, burnt


def format_tiles(kinds: list[str] | tuple[str, ...], burnt: list[bool] | tuple[bool, ...]) -> str:
    s = "".join(BURNT_LETTER[k] if b else k for k, b in zip(kinds, burnt, strict=True))
    return "/".join(s[i : i + 5] for i in range(0, 25, 5))
