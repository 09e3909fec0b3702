"""The pictures name their click targets (``data-target``) and are deterministic."""

from __future__ import annotations

import re

from rulebook.encounter import new_adventure, new_game


def targets(svg: str) -> set[str]:
    return set(re.findall(r'data-target="([^"]*)"', svg))


def test_multi_svg_marks_hand_cards_encounters_and_loot_die():
    st = new_game(3, 1)
    t = targets(st._repr_svg_())
    assert {f"card:{c}" for c in st.hands[0]} <= t
    assert {f"encounter:P{p}.E{e}" for p in (1, 2, 3) for e in range(1, 6)} <= t
    assert "loot" in t
    assert st._repr_svg_() == new_game(3, 1)._repr_svg_()


def test_market_cards_are_targets():
    st = new_game(2, 4, variants=("market",))
    assert {f"card:{c}" for c in st.market} <= targets(st._repr_svg_())


def test_solo_svg_marks_spaces_and_hand():
    st = new_adventure(2)
    t = targets(st._repr_svg_())
    assert {f"space:{i}" for i in range(1, 13)} <= t
    assert {f"card:{c}" for c in st.hand} <= t
    assert not any(f"card:{c}" in t for s in st.spaces for c in s)  # face-down cards hidden
