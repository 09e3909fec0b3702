"""The Trollland picture: clickable targets named by data-target, a layout that does not overlap,
and the same drawing on every run."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from tl_helpers import berth, pos, zom_example

from drawings.trollland import render
from rulebook.trollland import new_game

NS = "{http://www.w3.org/2000/svg}"


def targets(svg: str) -> list[str]:
    return re.findall(r'data-target="([^"]+)"', svg)


def test_every_card_cage_player_and_gat_is_a_target():
    s = zom_example()
    svg = render(s)
    ET.fromstring(svg)  # well-formed
    t = targets(svg)
    assert len(t) == len(set(t))  # each target once
    for p, hand in enumerate(s.hands):
        assert f"player:P{p + 1}" in t
        for cid in hand:
            assert f"card:{cid}" in t
    for hand in s.chosen:
        for cid in hand:
            assert f"card:{cid}" in t
    assert {"cage:V12.1", "cage:V12.2", "cage:V12.3", "cage:V06.1", "cage:V06.2"} <= set(t)
    assert t.count("gat") == 1
    # cards inside cages are part of their cage, not separate targets
    assert "card:Zo2" not in t and "card:Bi2" not in t


def test_dock_cards_are_targets_and_king_prompt_is_drawn():
    s = pos(2, phase="troll", row=[berth("V01")], chosen=[["T1a", "Zo3"], ["T3a", "Bi1"]],
            dock=["Ze4", "Ni8"], hands=[["Go1"], ["Go2"]])  # fmt: skip
    t = targets(render(s))
    assert {"card:Ze4", "card:Ni8", "king:imprison", "king:draw"} <= set(t)
    assert not any(x.startswith("king:") for x in targets(render(zom_example())))


def test_drawing_is_deterministic():
    s = new_game(4, seed=11)
    assert render(s) == render(new_game(4, seed=11))


def _boxes(svg: str):
    """(x, y, w, h) of the vehicle boxes (rx=6 fill #f3ece0) and the y of the dock label."""
    root = ET.fromstring(svg)
    boxes = [
        tuple(float(r.get(k)) for k in ("x", "y", "width", "height"))
        for r in root.iter(NS + "rect")
        if r.get("fill") == "#f3ece0"
    ]
    dock_y = next(float(t.get("y")) for t in root.iter(NS + "text") if t.text == "dock:")
    return boxes, dock_y, float(root.get("width"))


def test_vehicle_headers_fit_and_boxes_stay_above_the_dock():
    # the 4-cage cart and the 1-cage carts: long header over a narrow box, tall cages
    s = pos(2, row=[berth(v) for v in ("V01", "V04", "V10", "V14", "V13", "V11", "V09")],
            chosen=[["Zo3"], []])  # fmt: skip
    svg = render(s)
    boxes, dock_y, width = _boxes(svg)
    assert len(boxes) == 7
    for (x, y, w, h), vid in zip(
        boxes, ("V01", "V04", "V10", "V14", "V13", "V11", "V09"), strict=True
    ):
        header = next(t for t in re.findall(r">([^<]*★\d)<", svg) if t.startswith(vid))
        assert w >= 12 + 6.6 * len(header)  # the header, "★n" included, fits the box
        assert x + w <= width  # inside the picture
        assert y + h < dock_y - 12  # above the dock row (its label's baseline)
    for i, a in enumerate(boxes):  # no two boxes overlap
        for b in boxes[i + 1 :]:
            apart_x = a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0]
            apart_y = a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1]
            assert apart_x or apart_y
