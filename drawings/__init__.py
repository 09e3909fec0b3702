"""How positions are shown to people, kept apart from the rules (as pgx keeps drawing apart from
its games): ``drawings.svg(state)`` draws a position of any game as SVG text; ``drawings.words``
says in plain words what an action changed; ``drawings.gallery`` reads the edge-case gallery
stored beside each game's rules (the scenarios the boards show and the tests replay).

``drawings.<package>.render`` draws one game (``<package>`` is the game's ``Game.package``, so
the two modes of Random Encounter share ``drawings.encounter``); ``drawings.text`` holds what
they share. The rulebook never imports this package: boards, the CLI and the solvers do
(tests/test_import_cycles.py).

A position shown at the end of a notebook cell draws as its picture once this package is
imported (IPython's formatter for the games' state classes; ``boards`` imports it).
"""

from __future__ import annotations

import importlib
import sys

import rulebook


def svg(state, *, width=None, **overlay) -> str:
    """The picture of ``state``. ``width``: the most px it should take (a board's share of a
    side-by-side row), which a game whose rows wrap honours (Trollland, Encounter) and a fixed
    grid meets by scaling its grid (Trogdor). ``overlay``: what the game's drawing adds on top
    (Trogdor: ``highlight``, ``path``, ``labels``)."""
    package = rulebook.game_of(state).package
    return importlib.import_module(f"drawings.{package}").render(state, width=width, **overlay)


# The classes of positions a notebook cell shows as their picture, by module (named, so that
# registering them imports no game).
POSITIONS = {
    "rulebook.trogdor.state": ("State",),
    "rulebook.trollland.state": ("State",),
    "rulebook.encounter.state": ("MultiState", "SoloState"),
}


def show_positions_in_notebooks() -> None:
    """Make ``svg`` the SVG formatter of every game's position class in a running IPython
    (nothing to do outside one)."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython else None
    if shell is None:
        return
    formatter = shell.display_formatter.formatters["image/svg+xml"]
    for module, classes in POSITIONS.items():
        for name in classes:
            formatter.for_type_by_name(module, name, svg)


show_positions_in_notebooks()
