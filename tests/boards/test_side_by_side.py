"""Boards side by side (a ruling's two readings): one static picture of all of them, captioned
with each board's title, so the comparison reads in a saved notebook."""

from __future__ import annotations

from boards import side_by_side
from boards.trogdor import TrogdorBoard
from rulebook.trogdor import puzzle

LAYOUT = "C.M.C/.T.../...L./...T./C.M.."


def test_side_by_side_output_is_one_picture_of_every_board():
    boards = [
        TrogdorBoard(puzzle(LAYOUT, trogdor=sq, rulings={"TR-PASS-AP": opt}), title=f"<{opt}>")
        for sq, opt in (("C3", "forfeit"), ("B2", "keep"))
    ]
    row = side_by_side(*boards)
    data = row._repr_mimebundle_()
    svg = data["image/svg+xml"]
    assert svg.startswith("<svg") and svg.count("<svg") == 3  # the row and one per board
    assert "&lt;forfeit&gt;" in svg and "&lt;keep&gt;" in svg  # captions, escaped
    assert "<svg x='0' y='20'" in svg and svg.count("<svg x=") == 2
    assert "application/vnd.jupyter.widget-view+json" in data  # still the live widgets
    assert row.boards == boards


def test_side_by_side_boards_share_one_row_and_one_legend():
    """Two boards each take half the row (they may shrink: min-width 0) and never wrap; their
    own legends are hidden and the one legend is shown once under the row."""
    boards = [TrogdorBoard(puzzle(LAYOUT, trogdor="C3")) for _ in range(2)]
    sbs = side_by_side(*boards)
    row, legend = sbs.children
    assert list(row.children) == [b.widget for b in boards]
    assert row.layout.flex_flow == "row nowrap"
    assert all(b.widget.layout.min_width == "0" for b in boards)
    assert all(b.legend.layout.display == "none" for b in boards)
    assert legend.value == boards[0].legend_html and legend.value.count("Legend") == 1
