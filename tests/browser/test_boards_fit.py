"""Boards as a learner sees them at 1024x768 in JupyterLab with its default settings (windowing
on): two ruling boards really side by side with one legend (at 1366 px too) and card labels of
at least 11 px, a Solo Adventure board's card labels of at least 11 px, a witness replay with readable text
and whole button labels, a ruling difference's two boards stepping side by side, green rings
with a size before any click, and no request to any host but 127.0.0.1. The boards come from
tests/browser/boards_fit.ipynb (the kinds the lessons show, in one short notebook)."""

from __future__ import annotations

import pytest
from browser_helpers import (
    BOARD,
    assert_no_widget_trouble,
    assert_rings_drawn,
    board_in_cell,
    card_label_px,
    cell_with,
    cut_labels,
    outside_requests,
    run_in_lab,
    screenshot,
    wait_idle_lab,
)

pytestmark = pytest.mark.timeout(300)

NOTEBOOK = "tests/browser/boards_fit.ipynb"
WIDTH = 1024
MIN_LABEL_PX = 11  # card labels a learner reads at 1024 px (issue 33)


def boxes(locator) -> list[dict]:
    return [locator.nth(i).bounding_box() for i in range(locator.count())]


def assert_side_by_side(row, width: int = WIDTH) -> None:
    """Two boards on one line, each inside the window, the second right of the first."""
    left, right = boxes(row.locator(BOARD))
    assert abs(left["y"] - right["y"]) <= 2, (left, right)
    assert right["x"] >= left["x"] + left["width"] - 1, (left, right)
    assert right["x"] + right["width"] <= width + 1, right


def test_side_by_side_and_replays_fit_at_1024(page, jupyter_lab):
    page.set_viewport_size({"width": WIDTH, "height": 768})
    run_in_lab(page, jupyter_lab, NOTEBOOK)
    wait_idle_lab(page, timeout=120_000)

    # -- a ruling's two readings: one row, one legend, rings before any click
    cell = cell_with(page, "boards.side_by_side(")
    row = cell.locator(".trogkit-side-by-side").first
    row.wait_for(state="visible")
    assert row.locator(BOARD).count() == 2
    assert_side_by_side(row)
    legends = cell.locator(".trogkit-legend")
    assert sum(legends.nth(i).is_visible() for i in range(legends.count())) == 1
    for i in range(2):
        assert_rings_drawn(row.locator(BOARD).nth(i))
        sizes = card_label_px(row.locator(BOARD).nth(i))  # each picture its share, not scaled
        assert sizes and min(sizes) >= MIN_LABEL_PX, sorted(sizes)[:5]
    screenshot(page, "lab_side_by_side_1024")
    page.set_viewport_size({"width": 1366, "height": 768})  # the other width learners reported
    row.scroll_into_view_if_needed()
    assert_side_by_side(row, 1366)
    page.set_viewport_size({"width": WIDTH, "height": 768})

    # -- a Solo Adventure board: card labels at full size
    solo = board_in_cell(page, "face_up=(True,) * 12")
    sizes = card_label_px(solo)
    assert len(sizes) > 24 and min(sizes) >= MIN_LABEL_PX, sorted(sizes)[:5]
    screenshot(page, "lab_solo_1024")

    # -- a witness replay: text across the width, whole labels, stepping back changes the step
    cell = cell_with(page, '"witnesses"]["T-BURN-COTTAGE"]')
    replay = cell.locator(".trogkit-replay").first
    replay.wait_for(state="visible")
    info = replay.locator(".trogkit-replay-info").first
    assert info.bounding_box()["width"] >= 0.8 * replay.bounding_box()["width"]
    labels = replay.locator(".trogkit-replay-controls button").all_inner_texts()
    assert [t.strip() for t in labels] == ["start", "back", "forward", "end"]
    assert not cut_labels(page, ".trogkit-replay"), cut_labels(page, ".trogkit-replay")
    assert "step 28 of 28" in info.inner_text() and "T-BURN-COTTAGE" in info.inner_text()
    replay.locator(".trogkit-replay-controls button", has_text="back").click()
    info.filter(has_text="step 27 of 28").wait_for()
    screenshot(page, "lab_replay_witness_1024")

    # -- a ruling difference: both options' boards side by side, stepping together
    cell = cell_with(page, '"differences"]["TR-PASS-AP"]')
    replay = cell.locator(".trogkit-replay").first
    replay.wait_for(state="visible")
    assert_side_by_side(replay.locator(".trogkit-side-by-side").first)
    assert not cut_labels(page, ".trogkit-replay"), cut_labels(page, ".trogkit-replay")
    screenshot(page, "lab_replay_difference_1024")

    assert not outside_requests(page), outside_requests(page)
    assert_no_widget_trouble(page)
    assert not page.errors, page.errors
