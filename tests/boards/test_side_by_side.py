"""Boards side by side (a ruling's two readings): one static picture of all of them, captioned
with each board's title, so the comparison reads in a saved notebook."""

from __future__ import annotations

import re

import boards
import rulebook
from boards import side_by_side
from boards.trogdor import TrogdorBoard
from rulebook.encounter.setup import battle_position
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


def assert_narrow_and_readable(states, card_w: int) -> None:
    """Side by side, each picture is laid out for its half of a 1024-px Lab output (<= 290 px,
    rows wrapped) instead of being scaled down: every text on a card is at least 11 px at full
    size, every card is drawn inside the picture, and the boards show the same clicks as a
    board alone."""
    alone = boards.board(states[0])
    row = side_by_side(*[boards.board(s) for s in states])
    for b, s in zip(row.boards, states, strict=True):
        svg = b.static_svg()
        width = float(re.search(r'<svg[^>]*width="([0-9.]+)"', svg).group(1))
        assert width <= 290 < float(re.search(r'width="([0-9.]+)"', alone.static_svg()).group(1))
        cards = re.findall(rf'<rect x="([0-9.]+)" y="[0-9.]+" width="{card_w}"', svg)
        assert cards and all(float(x) + card_w <= width - 4 for x in cards)
        labels = re.findall(r'data-target="card:[^"]+"[^>]*>(.*?)</g>', svg)
        sizes = [int(z) for inner in labels for z in re.findall(r'font-size="(\d+)"', inner)]
        assert sizes and min(sizes) >= 11, sorted(sizes)[:3]
        assert b.state == s
    assert set(row.boards[0].view.targets) == set(alone.view.targets)


def test_two_trollland_boards_draw_narrow_pictures_whose_labels_keep_their_size():
    states = [
        tl_puzzle(3, row={"V12": [["Zo2"], ["Bi2"], []]}, chosen=[["Zo6"], [], []],
                  rulings={"TLR-GAT-CHOICE": o})
        for o in ("forced-only", "voluntary")
    ]  # fmt: skip
    assert_narrow_and_readable(states, 40)


def test_two_encounter_boards_draw_narrow_pictures_whose_labels_keep_their_size():
    mine = [["Y3a"], ["Y5a", "Y5b", "Y6a", "G1"], [], ["R1"], ["Y9a", "G2"]]
    theirs = [["Y3b"], ["Y5c", "Y6b", "Y6c", "G3"], ["R2"], [], ["Y9b", "G4"]]
    rid, ruling = next(iter(rulebook.game("encounter").rulings.items()))
    states = [battle_position([mine, theirs], to_move=1, rulings={rid: o}) for o in ruling.options]
    assert_narrow_and_readable(states[:2], 34)
