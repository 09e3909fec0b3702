"""In JupyterLab, in a real headless chromium: run the start notebook and play each game's board by
clicking elements of its drawing (data-target): the drawing changes, an illegal click shows its
rule, the click -> redraw time is recorded, nothing is cut at 1024 px, screenshots are saved."""

from __future__ import annotations

import pytest
from browser_helpers import (
    BOARD,
    PICTURE,
    assert_all_cells_ran,
    assert_no_widget_trouble,
    assert_rings_drawn,
    board_in_cell,
    card_label_px,
    click_menu,
    click_target,
    cut_labels,
    outside_requests,
    record_redraw,
    redraw_ms,
    run_in_lab,
    screenshot,
    wait_idle_lab,
    wait_message,
)

import boards
import rulebook

pytestmark = pytest.mark.timeout(300)

NOTEBOOK = "notebooks/00_start.ipynb"
# the boards of the start notebook, by a piece of their cell's code (windowing: a board out of
# view is not in the page, so a board's rank among those present says nothing)
TROGDOR = "board = boards.board(start"
TROLLLAND = '"trollland").new_game(7, players=3)'
ENCOUNTER = '"encounter").new_game(1, players=2)'
PLAN = "plan_board.show_plan(answer)"
MIN_LABEL_PX = 11  # card labels a learner reads at 1024 px


def python_board(name: str, seed: int, players=None):
    """The same position the notebook shows, on a Python board, to work out what to click."""
    g = rulebook.game(name)
    return boards.board(g.new_game(seed, players=players))


def two_clicks_for(b, verb: str):
    """Two drawn targets whose clicks play a legal ``verb`` action on board ``b`` (Python)."""
    from boards.core import Play, Select

    for t in list(b.view.targets):
        if not isinstance(b.resolve(t), Select):
            continue
        b.click(t)
        for u in list(b.view.targets):
            r = b.resolve(u)
            if isinstance(r, Play) and str(b.game.action(r.action)).startswith(verb):
                if str(b.game.action(r.action)) in b.legal():
                    b.selection = ()
                    return t, u
        b.selection = ()
    raise AssertionError(f"no two clicks play a {verb} action")


def illegal_click(b):
    """Targets (an optional selection, then a click) whose action the rules refuse."""
    from boards.core import Play, Select

    def refused(r) -> bool:
        return isinstance(r, Play) and b.game.refusal(b.state, b.game.action(r.action)) is not None

    for t in list(b.view.targets):
        if refused(b.resolve(t)):
            return (t,)
    for t in list(b.view.targets):
        if isinstance(b.resolve(t), Select):
            b.click(t)
            for u in list(b.view.targets):
                if refused(b.resolve(u)):
                    b.selection = ()
                    return (t, u)
            b.selection = ()
    raise AssertionError("no illegal click found")


def mirror_click(page, board, pb, target: str, *, center: bool = False) -> bool:
    """Click ``target`` on the Python board ``pb`` and on the browser's ``board`` (the same
    position), waiting for what the click does there (a redraw showing ``pb``'s selection, or
    -- a refusal with nothing to clear -- the message). True if the position changed."""
    selection, played = pb.selection, pb.click(target)
    redraws = played or pb.selection != selection
    drawn = [t for t in pb.selection if t in pb.view.targets]
    click_target(page, board, target, selected=drawn, redraws=redraws, center=center)
    if not redraws:
        wait_message(board, "refused by")
    return played


def test_start_notebook_boards_fit_before_any_click(page, jupyter_lab):
    """At 1024x768 with Lab's default windowing, before any click: every board's legal targets
    wear a green ring with a size; the Trogdor board's picture, legend and buttons are in the
    window together; card labels are readable; plan numbers leave the cottage visible."""
    page.set_viewport_size({"width": 1024, "height": 768})
    run_in_lab(page, jupyter_lab, NOTEBOOK)
    wait_idle_lab(page, timeout=120_000)
    for code in (TROGDOR, PLAN):  # (the card games' first clicks select: no legal ring yet)
        assert_rings_drawn(board_in_cell(page, code))
    board = board_in_cell(page, TROGDOR)
    screenshot(page, "lab_trogdor_fit_1024x768")
    box = board.bounding_box()
    panel = page.locator(".jp-NotebookPanel-notebook").first.bounding_box()
    assert box["height"] <= panel["height"], (box, panel)
    for part in (
        ".trogkit-picture svg",
        ".trogkit-legend",
        ".trogkit-actions",
        "button >> text=Undo",
    ):
        b = board.locator(part).first.bounding_box()
        assert (
            b["y"] >= panel["y"] - 1 and b["y"] + b["height"] <= panel["y"] + panel["height"] + 1
        ), (part, b)
    for code in (TROLLLAND, ENCOUNTER):
        sizes = card_label_px(board_in_cell(page, code))
        assert sizes and min(sizes) >= MIN_LABEL_PX, (code, sorted(sizes)[:5])
    screenshot(page, "lab_encounter_fit_1024x768")
    plan = board_in_cell(page, PLAN)
    overlap = plan.locator(".trogkit-drawing").first.evaluate(
        """(el) => {
            const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
            const cottages = [...el.querySelectorAll('[data-target] polygon')]
                .map(p => p.getBoundingClientRect());
            const marks = [...el.querySelectorAll('.tk-mark rect')].map(r => r.getBoundingClientRect());
            return {marks: marks.length, covered: marks.filter(m => cottages.some(c => hit(m, c))).length};
        }"""
    )
    assert overlap["marks"] >= 2 and overlap["covered"] == 0, overlap
    assert not outside_requests(page), outside_requests(page)
    assert not page.errors, page.errors


def test_start_notebook_boards_are_played_by_clicking_the_drawing(page, jupyter_lab):
    page.set_viewport_size({"width": 1024, "height": 900})
    run_in_lab(page, jupyter_lab, NOTEBOOK)
    wait_idle_lab(page, timeout=120_000)
    assert_all_cells_ran(page)
    times: dict[str, list[float]] = {"trogdor": [], "trollland": [], "encounter": []}

    # -- Trogdor: D3 moves south; Trogdor's square opens the menu; a diagonal square is refused
    board = board_in_cell(page, TROGDOR)
    before = board.locator(PICTURE).first.inner_html()
    after = click_target(page, board, "D3")
    assert before != after
    times["trogdor"].append(redraw_ms(board))
    click_target(page, board, "D3")  # Trogdor's square: a menu opens
    click_menu(page, board, "chomp")
    wait_message(board, "played chomp")
    times["trogdor"].append(redraw_ms(board))
    click_target(page, board, "E2", redraws=False)  # diagonal: no such move (T-MOVE)
    text = wait_message(board, "refused by")
    assert "T-MOVE" in text and rulebook.game("trogdor").catalog.rules["T-MOVE"].title in text
    click_target(page, board, "A5", redraws=False)  # far from Trogdor: the rule is named too
    assert "T-MOVE" in wait_message(board, "not next to Trogdor")
    screenshot(page, "lab_trogdor_1024")

    # -- Trollland: each player clicks two cards in hand; then an illegal load is refused
    board = board_in_cell(page, TROLLLAND)
    pb = python_board("trollland", 7, players=3)
    for t in illegal_click(pb):  # e.g. a card from another player's hand (TL-CHOOSE-TWO)
        assert not mirror_click(page, board, pb, t)
    wait_message(board, "refused by")
    for _ in range(3):
        if pb.state.phase != "choose":
            break
        first, second = two_clicks_for(pb, "choose")
        assert not mirror_click(page, board, pb, first)
        assert mirror_click(page, board, pb, second)
        times["trollland"].append(redraw_ms(board))
    screenshot(page, "lab_trollland_1024")

    # -- Random Encounter: a card then your slot builds; a refused build shows its rule
    board = board_in_cell(page, ENCOUNTER)
    pb = python_board("encounter", 1, players=2)
    for _ in range(2):
        card, slot = two_clicks_for(pb, "put")
        assert not mirror_click(page, board, pb, card)
        # on the slot's centre: the second time, a card built there is drawn under the pointer,
        # and the click still goes to the slot (where the selected card may go)
        assert mirror_click(page, board, pb, slot, center=True)
        times["encounter"].append(redraw_ms(board))
    for t in illegal_click(pb):
        assert not mirror_click(page, board, pb, t)
    wait_message(board, "refused by")
    screenshot(page, "lab_encounter_1024")

    # -- the solver-plan board: Next plays the plan's first step
    plan = board_in_cell(page, PLAN)
    old = plan.locator(PICTURE).first.inner_html()
    plan.locator("button", has_text="Next").first.click()
    page.wait_for_function(
        "([el, old]) => el.innerHTML !== old",
        arg=[plan.locator(PICTURE).first.element_handle(), old],
    )
    assert plan.locator(".tk-mark").count() >= 2  # numbered plan steps on the drawing

    assert not cut_labels(page, BOARD), cut_labels(page, BOARD)
    for name, values in times.items():
        record_redraw(f"lab {name}", values)
        assert values and max(values) < 1000, (name, values)
    assert_no_widget_trouble(page)
    assert not page.errors, page.errors
