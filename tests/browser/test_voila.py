"""The Voila app (what `make app` serves), in a real headless chromium: the page renders its
widgets, a click changes the board, nothing is left "Loading widget..."."""

from __future__ import annotations

import pytest
from browser_helpers import BOARD, assert_no_widget_trouble, click_and_see_change

pytestmark = pytest.mark.timeout(120)


def test_voila_app_renders_and_clicks(page, voila_app):
    page.goto(voila_app.url)
    page.locator(BOARD).first.wait_for(state="visible", timeout=60_000)
    before, after = click_and_see_change(page, "right")
    assert before != after
    assert_no_widget_trouble(page)
    assert not page.errors, page.errors
