"""The Voila instructor app (what `make app` serves), in a real headless chromium: the widgets
render, an editor click changes the edited position, "Try it" sends it to the live board, and a
live-board click redraws the board."""

from __future__ import annotations

import re

import pytest
from browser_helpers import BOARD, MESSAGE, PICTURE, assert_no_widget_trouble, click_and_see_change
from playwright.sync_api import expect

pytestmark = pytest.mark.timeout(150)

EDITOR = ".trogkit-editor"


def test_voila_instructor_app(page, voila_app):
    page.goto(voila_app.url)
    page.locator(BOARD).first.wait_for(state="visible", timeout=90_000)
    editor = page.locator(EDITOR).first
    editor_picture = editor.locator(PICTURE).first
    before = editor_picture.inner_html()
    # the default tool places Trogdor: click square A2 in the editor's grid
    editor.locator(".trogkit-squares button", has_text="A2").first.click()
    page.wait_for_function(
        "([el, old]) => el.innerHTML !== old", arg=[editor_picture.element_handle(), before]
    )
    expect(editor.locator("textarea").first).to_have_value(re.compile(r"trogdor=A2 "))
    # a refused edit shows its rule: a 4th cottage tile (the box has 3, T-SETUP-BOARD)
    editor.locator(".widget-toggle-button", has_text="tile: cottage (C)").click()
    editor.locator(".trogkit-squares button", has_text="B2").first.click()
    editor.locator(MESSAGE).first.filter(has_text="T-SETUP-BOARD").wait_for()
    board_picture = page.locator(BOARD).first.locator(PICTURE).first
    old_board = board_picture.inner_html()
    editor.locator("button", has_text="Try it on the live board").click()
    page.wait_for_function(
        "([el, old]) => el.innerHTML !== old", arg=[board_picture.element_handle(), old_board]
    )
    before, after = click_and_see_change(page, "move S")
    assert before != after
    assert_no_widget_trouble(page)
    assert "Traceback" not in page.locator("body").inner_text()
    assert not page.errors, page.errors
