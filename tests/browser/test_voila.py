"""The Voila instructor app (what `make app` serves) at 1024 px, in a real headless chromium: the
widgets render and fit, an editor click on its drawing changes the edited position, a refused
edit names its setup rule, "Try it" sends the position to the live board, and a click on the live
board's drawing redraws it."""

from __future__ import annotations

import re

import pytest
from browser_helpers import (
    BOARD,
    MESSAGE,
    assert_no_widget_trouble,
    click_target,
    cut_labels,
    drawing_of,
    overflowing,
    record_redraw,
    redraw_ms,
    screenshot,
    wait_message,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.timeout(200)

EDITOR = ".trogkit-editor"


def test_voila_instructor_app_at_1024(page, voila_app):
    page.set_viewport_size({"width": 1024, "height": 900})
    page.goto(voila_app.url)
    page.locator(BOARD).nth(1).wait_for(state="visible", timeout=90_000)
    editor = page.locator(EDITOR).first
    live = page.locator(f"{BOARD}:not({EDITOR})").first
    # the default tool places Trogdor: click square A2 on the editor's drawing
    click_target(page, editor, "A2")
    expect(editor.locator("textarea").first).to_have_value(re.compile(r"trogdor=A2 "))
    # a refused edit shows its rule: a 4th cottage tile (the box has 3, T-SETUP-BOARD)
    editor.locator(".widget-toggle-button", has_text="tile: cottage (C)").click()
    click_target(page, editor, "B2", changes=False)
    editor.locator(MESSAGE).first.filter(has_text="T-SETUP-BOARD").wait_for()
    old = drawing_of(live).inner_html()
    editor.locator("button", has_text="Try it on the live board").click()
    page.wait_for_function(
        "([el, old]) => el.innerHTML !== old", arg=[drawing_of(live).element_handle(), old]
    )
    times = []
    for target in ("A3", "A4", "A3"):  # Trogdor (sent to A2) walks south and back
        click_target(page, live, target)
        times.append(redraw_ms(live))
    click_target(page, live, "C3", changes=False)  # not next to Trogdor: nothing happens
    click_target(page, live, "B4", changes=False)  # diagonal: refused by T-MOVE
    wait_message(live, "T-MOVE")
    record_redraw("voila trogdor", times)
    screenshot(page, "voila_app_1024")
    assert not cut_labels(page), cut_labels(page)
    assert not overflowing(page, f"{BOARD} button, {BOARD} svg"), overflowing(
        page, f"{BOARD} button, {BOARD} svg"
    )
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 1024 + 1
    assert_no_widget_trouble(page)
    assert "Traceback" not in page.locator("body").inner_text()
    assert not page.errors, page.errors
