"""Pictures live outside the rules (``drawings``): a notebook cell that ends with a position of
any game still shows its picture, through IPython's formatter table."""

from __future__ import annotations

import pytest
from IPython.core.interactiveshell import InteractiveShell

import drawings
import rulebook


@pytest.mark.parametrize("name", list(rulebook.REGISTRY))
def test_a_position_at_the_end_of_a_notebook_cell_shows_its_picture(name):
    shell = InteractiveShell.instance()
    drawings.show_positions_in_notebooks()
    state = rulebook.game(name).new_game(1)
    shown, _ = shell.display_formatter.format(state)
    assert shown["image/svg+xml"] == drawings.svg(state)
