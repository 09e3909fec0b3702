"""Boards side by side (a ruling's two readings): one static picture of all of them, captioned
with each board's title, so the comparison reads in a saved notebook."""

from __future__ import annotations

import re

import boards
from boards import side_by_side
from boards.trogdor import TrogdorBoard
from rulebook.trogdor import puzzle
from rulebook.trollland import puzzle as tl_puzzle

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


def test_two_trollland_boards_draw_narrow_pictures_whose_labels_keep_their_size():
    """Side by side, each Trollland picture is laid out for its half of a 1024-px Lab output
    (<= 290 px, rows wrapped), so it is not scaled down: card labels stay 11 px, every card is
    drawn inside the picture, and the live boards still play the same position."""
    states = [
        tl_puzzle(3, row={"V12": [["Zo2"], ["Bi2"], []]}, chosen=[["Zo6"], [], []],
                  rulings={"TLR-GAT-CHOICE": o})
        for o in ("forced-only", "voluntary")
    ]  # fmt: skip
    alone = boards.board(states[0])
    row = side_by_side(*[boards.board(s) for s in states])
    for b, s in zip(row.boards, states, strict=True):
        svg = b.static_svg()
        width = float(re.search(r'<svg[^>]*width="([0-9.]+)"', svg).group(1))
        assert width <= 290 < float(re.search(r'width="([0-9.]+)"', alone.static_svg()).group(1))
        cards = re.findall(r'<rect x="([0-9.]+)" y="[0-9.]+" width="40"', svg)
        assert cards and all(float(x) + 40 <= width - 8 for x in cards)
        assert set(
            re.findall(
                r'data-target="card:[^"]+"[^>]*><rect[^>]*/><text[^>]*font-size="(\d+)"', svg
            )
        ) == {"11"}
        assert b.state == s
    assert set(row.boards[0].view.targets) == set(alone.view.targets)  # the same clicks
