"""The pictures name their click targets (``data-target``) and are deterministic."""

from __future__ import annotations

import re

import drawings
from rulebook.encounter import new_adventure, new_game


def targets(svg: str) -> set[str]:
    return set(re.findall(r'data-target="([^"]*)"', svg))


def test_multi_svg_marks_hand_cards_encounters_and_loot_die():
    st = new_game(3, 1)
    t = targets(drawings.svg(st))
    assert {f"card:{c}" for c in st.hands[0]} <= t
    assert {f"encounter:P{p}.E{e}" for p in (1, 2, 3) for e in range(1, 6)} <= t
    assert "loot" in t
    assert drawings.svg(st) == drawings.svg(new_game(3, 1))


def test_market_cards_are_targets():
    st = new_game(2, 4, variants=("market",))
    assert {f"card:{c}" for c in st.market} <= targets(drawings.svg(st))


def test_solo_svg_marks_spaces_and_hand():
    st = new_adventure(2)
    t = targets(drawings.svg(st))
    assert {f"space:{i}" for i in range(1, 13)} <= t
    assert {f"card:{c}" for c in st.hand} <= t
    assert not any(f"card:{c}" in t for s in st.spaces for c in s)  # face-down cards hidden


def test_solo_picture_is_as_narrow_as_the_multiplayer_one_and_ids_stay_uncovered():
    """At most 560 px wide (card ids read at full size in a 1024-px Lab window): the four cards
    the setup deals a space overlap inside its column, each card's id left uncovered; a crowded
    space (six cards, a puzzle's) still stays inside its column."""
    import dataclasses

    from drawings.encounter import CW, MIN_WIDTH, SPACE_W

    st = new_adventure(1)
    assert max(len(s) for s in st.spaces) == 4
    crowded = st.spaces[11] + st.spaces[10][:2]  # six cards in the last space
    st = dataclasses.replace(st, face_up=(True,) * 12, spaces=(*st.spaces[:11], crowded))
    svg = drawings.svg(st)
    assert float(re.search(r'<svg[^>]*width="([0-9.]+)"', svg).group(1)) <= MIN_WIDTH
    path = svg[: svg.index(">hand<")]
    spaces = re.findall(r'data-target="space:(\d+)"((?:(?!data-target="space:).)*)', path)
    assert len(spaces) == 12
    for n, inner in spaces:
        xs = [float(x) for x in re.findall(rf'<rect x="([0-9.]+)" y="[0-9.]+" width="{CW}"', inner)]
        assert len(xs) == len(st.spaces[int(n) - 1]), n
        assert all(x + CW <= min(xs) + SPACE_W - 8 for x in xs), (n, xs)
        if len(xs) <= 4:
            assert all(b - a >= 26 for a, b in zip(xs, xs[1:], strict=False)), (n, xs)
