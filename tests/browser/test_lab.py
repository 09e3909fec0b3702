"""In JupyterLab, in a real headless chromium: run the start notebook, click live-board actions,
see the board change (and a refusal named by its rule), and no widget left unrendered."""

from __future__ import annotations

import pytest
from browser_helpers import (
    BOARD,
    MESSAGE,
    PICTURE,
    assert_all_cells_ran,
    assert_no_widget_trouble,
    click_and_see_change,
    run_in_lab,
    wait_idle_lab,
)

pytestmark = pytest.mark.timeout(150)

NOTEBOOK = "notebooks/00_start.ipynb"


def test_start_notebook_live_board_in_lab(page, jupyter_lab):
    run_in_lab(page, jupyter_lab, NOTEBOOK)
    page.locator(BOARD).first.wait_for(state="attached", timeout=60_000)
    wait_idle_lab(page, timeout=90_000)
    assert_all_cells_ran(page)
    assert page.locator(BOARD).count() >= 2  # the first board and the solver-plan board
    board = page.locator(BOARD).first
    # a refusal: burrow away from a tunnel (T-BURROW), shown on the board, position unchanged
    board.locator("button", has_text="burrow").first.click()
    board.locator(MESSAGE).first.filter(has_text="T-BURROW").wait_for()
    # a legal move redraws the board
    before, after = click_and_see_change(page, "move S")
    assert before != after
    # the solver-plan board: Next plays the plan's first step
    plan_board = page.locator(BOARD).nth(1)
    plan_picture = plan_board.locator(PICTURE).first
    old = plan_picture.inner_html()
    plan_board.locator("button", has_text="Next").first.click()
    page.wait_for_function(
        "([el, old]) => el.innerHTML !== old", arg=[plan_picture.element_handle(), old]
    )
    assert "refused" not in board.locator(MESSAGE).first.inner_text()
    assert_no_widget_trouble(page)
    assert not page.errors, page.errors
