"""In JupyterLab, in a real headless chromium: run a notebook, click a live-board action, see the
board change, and no widget left unrendered."""

from __future__ import annotations

import pytest
from browser_helpers import (
    BOARD,
    assert_no_widget_trouble,
    click_and_see_change,
    run_in_lab,
    wait_idle_lab,
)

pytestmark = pytest.mark.timeout(120)

NOTEBOOK = "tests/browser/demo/demo_board.ipynb"


def test_live_board_clicks_in_lab(page, jupyter_lab):
    run_in_lab(page, jupyter_lab, NOTEBOOK)
    page.locator(BOARD).first.wait_for(state="attached", timeout=60_000)
    wait_idle_lab(page)
    before, after = click_and_see_change(page, "right")
    assert before != after
    assert_no_widget_trouble(page)
    assert not page.errors, page.errors
