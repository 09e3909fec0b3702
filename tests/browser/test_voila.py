"""The Voila instructor app (what `make app` serves) at 1024 px, in a real headless chromium: the
widgets render and fit, an editor click on its drawing changes the edited position, a refused
edit names its setup rule, "Try it" sends the position to the live board, and a click on the live
board's drawing redraws it."""

from __future__ import annotations

import re

import pytest
from browser_helpers import (
    APP_PAGE,
    BOARD,
    MESSAGE,
    PRESENTER_PAGE,
    assert_no_widget_trouble,
    click_target,
    cut_labels,
    drawing_of,
    outside_requests,
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
    page.goto(voila_app.url + APP_PAGE)
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


def _first_move(game: str, scenario: str) -> tuple[str, str, str]:
    """(card target, zone target, the notation after) of the first card move the rules accept
    from the scenario's position: found by the engine, not typed in."""
    from boards.card_editor import CardEditor
    from boards.instructor import scenarios_of
    from drawings import gallery as G
    from rulebook.common.errors import NotationError

    editor = CardEditor(G.position(scenarios_of(game)[scenario]))
    targets = list(editor.view.targets)
    cards = [t for t in targets if t.startswith("card:")]
    zones = [t for t in targets if editor.zone_at(t) and not t.startswith("zone:")]
    for card in cards:
        for zone in zones + [t for t in targets if t.startswith("zone:")]:
            try:
                after = editor.edit_fn(editor.state, ("move", card[5:], editor.zone_at(zone)))
            except NotationError:
                continue
            if after != editor.state:
                return card, zone, str(after)
    raise AssertionError(f"{scenario}: no card move accepted")


CARD_GAMES = {
    "trollland": "loading-the-zoms-example",
    "encounter": "both-players-at-six-loot",
    "encounter-solo": "ride-over-cleared-spaces",
}


@pytest.mark.parametrize("game", list(CARD_GAMES))
def test_voila_card_game_editor_at_1024(page, voila_app, game):
    """Choose the game, open a gallery scenario, move a card by two clicks on the editor's
    drawing: the drawing and the notation change; a click with no card picked changes nothing."""
    from boards.instructor import scenarios_of

    scenario = CARD_GAMES[game]
    card, zone, after = _first_move(game, scenario)
    page.set_viewport_size({"width": 1024, "height": 900})
    page.goto(voila_app.url + APP_PAGE)
    page.locator(BOARD).nth(1).wait_for(state="visible", timeout=90_000)
    page.locator(".trogkit-app-game select").select_option(game)
    editor = page.locator(EDITOR).first
    text = editor.locator("textarea").first
    expect(text).to_have_value(re.compile(r"^" + re.escape(game + " ")), timeout=30_000)
    title = scenarios_of(game)[scenario].title
    page.locator(".trogkit-app-scenario select").select_option(label=title)
    page.locator(".trogkit-app-info", has_text=title).wait_for()
    editor.locator(f'[data-target="{zone}"]').first.wait_for(state="attached")
    before = text.input_value()
    click_target(page, editor, "zone:discard", changes=False)  # no card picked: nothing moves
    wait_message(editor, "pick a card first")
    click_target(page, editor, card, changes=False)  # picked: a blue ring
    wait_message(editor, "now click where it goes")
    click_target(page, editor, zone)
    expect(text).to_have_value(after, timeout=30_000)
    assert after != before
    screenshot(page, f"voila_app_1024_{game}")
    assert not cut_labels(page), cut_labels(page)
    assert not overflowing(page, f"{BOARD} button, {BOARD} svg"), overflowing(
        page, f"{BOARD} button, {BOARD} svg"
    )
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 1024 + 1
    assert_no_widget_trouble(page)
    assert "Traceback" not in page.locator("body").inner_text()
    assert not page.errors, page.errors


def _two_board_scenario() -> tuple[str, int]:
    """A Trogdor gallery scenario of a ruling, with at least two actions, that the presenter
    shows as two boards (found from the gallery, not typed in); its number of actions."""
    from boards.instructor import scenarios_of
    from boards.presenter import scenario_trace

    for name, sc in scenarios_of("trogdor").items():
        trace = scenario_trace(sc)
        if trace.versus and len(trace.actions) >= 2:
            return name, len(trace.actions)
    raise AssertionError("no two-board scenario with two actions")


def test_presenter_steps_with_the_arrow_keys_at_1024(page, voila_app):
    """The presenter: two boards side by side, projector-size text, no lesson prose, the arrow
    keys (and Home) step through the scenario's actions; nothing asked of any other host."""
    name, n = _two_board_scenario()
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{voila_app.url}{PRESENTER_PAGE}?game=trogdor&scenario={name}")
    presenter = page.locator(".trogkit-presenter").first
    presenter.wait_for(state="visible", timeout=90_000)
    info = presenter.locator(".trogkit-replay-info").first
    info.filter(has_text=f"step {n} of {n}").wait_for()
    left, right = (presenter.locator(BOARD).nth(i).bounding_box() for i in range(2))
    assert abs(left["y"] - right["y"]) <= 2 and right["x"] >= left["x"] + left["width"] - 1
    assert right["x"] + right["width"] <= 1024 + 1
    size = info.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)")
    assert size >= 24, size  # projector-size text
    page.keyboard.press("ArrowLeft")
    info.filter(has_text=f"step {n - 1} of {n}").wait_for()
    page.keyboard.press("ArrowRight")
    info.filter(has_text=f"step {n} of {n}").wait_for()
    page.keyboard.press("Home")
    info.filter(has_text=f"step 0 of {n}").wait_for()
    screenshot(page, "voila_presenter_1024x768")
    assert not page.locator(".jp-RenderedMarkdown:visible").count()  # no lesson prose
    assert not outside_requests(page), outside_requests(page)
    assert_no_widget_trouble(page)
    assert not page.errors, page.errors


def test_a_link_opens_a_position_in_the_app_with_local_icons(page, voila_app):
    """The app's link carries the position's notation; opening it shows that position in the
    editor. The icons are drawn with Voila's own Font Awesome, and no request leaves
    127.0.0.1 (the kit's template drops Voila's CDN links)."""
    from boards.instructor import position_link, scenarios_of
    from drawings import gallery as G

    state = G.position(next(iter(scenarios_of("trollland").values())))
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(voila_app.url + APP_PAGE)
    page.locator(BOARD).nth(1).wait_for(state="visible", timeout=90_000)
    page.locator("button", has_text="link to this position").click()
    link = page.locator(".trogkit-app-note a", has_text="open this position").first
    link.wait_for()
    assert link.get_attribute("href").startswith("instructor.ipynb?position=trogdor")
    page.goto(voila_app.url + "voila/render/" + position_link(state))
    editor = page.locator(EDITOR).first
    editor.wait_for(state="visible", timeout=90_000)
    expect(editor.locator("textarea").first).to_have_value(str(state), timeout=30_000)
    loaded = page.evaluate(
        """async () => { await document.fonts.ready;
            return [...document.fonts].some(f => f.family.includes('Font Awesome')
                                                 && f.status === 'loaded'); }"""
    )
    icon = page.locator(".widget-button i.fa").first
    glyph = icon.evaluate("(el) => getComputedStyle(el, '::before').content")
    assert loaded and glyph not in ("none", "normal", ""), (loaded, glyph)
    screenshot(page, "voila_app_link_1024x768")
    assert not outside_requests(page), outside_requests(page)
    assert "Traceback" not in page.locator("body").inner_text()
    assert not page.errors, page.errors
