"""``board(state)`` and ``side_by_side(*boards)``: the live board of any game's position (the
package names them ``boards.board`` and ``boards.side_by_side``). A module of their own so the
gallery browser can use them without importing the package that imports it."""

from __future__ import annotations


def board(state, *, title: str = ""):
    """The live board for ``state`` (any registered game): ``live_board`` of the board module
    named like the game's rulebook package (``Game.package``), else the plain board."""
    import importlib
    import importlib.util

    import rulebook

    from .core import Board

    module = f"boards.{rulebook.game_of(state).package}"  # each game's own board module
    if importlib.util.find_spec(module) is None:
        return Board(state, title=title)  # a game with no board of its own: buttons
    return importlib.import_module(module).live_board(state, title=title)


def side_by_side(*boards, row_width: int | None = None):
    """Boards in a row whose saved output is one picture of them all (a ruling's two readings);
    ``row_width``: the px the row has (default: a Lab output's at 1024 px)."""
    from .core import ROW_WIDTH, SideBySide

    return SideBySide(boards, row_width or ROW_WIDTH)
