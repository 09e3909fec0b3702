"""``board(state)`` and ``side_by_side(*boards)``: the live board of any game's position (the
package names them ``boards.board`` and ``boards.side_by_side``). A module of their own so the
gallery browser can use them without importing the package that imports it."""

from __future__ import annotations


def board(state, *, title: str = ""):
    """The live board for ``state`` (any registered game; the game is found from the state)."""
    import rulebook

    from .core import Board

    kinds = {"trogdor": ("trogdor", "TrogdorBoard"), "trollland": ("trollland", "TrolllandBoard"),
             "encounter": ("encounter", "EncounterBoard"),
             "encounter-solo": ("encounter", "EncounterBoard")}  # fmt: skip
    name = rulebook.game_of(state).name
    if name in kinds:
        import importlib

        module, cls = kinds[name]
        return getattr(importlib.import_module(f"boards.{module}"), cls)(state, title=title)
    return Board(state, title=title)


def side_by_side(*boards, row_width: int | None = None):
    """Boards in a row whose saved output is one picture of them all (a ruling's two readings);
    ``row_width``: the px the row has (default: a Lab output's at 1024 px)."""
    from .core import ROW_WIDTH, SideBySide

    return SideBySide(boards, row_width or ROW_WIDTH)
