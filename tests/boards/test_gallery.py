"""boards.gallery(game): browse the edge-case gallery without a kernel (widgets driven from code)."""

from __future__ import annotations

import pytest

import boards
from drawings import gallery as G
from rulebook.common.errors import TrogkitInputError


@pytest.mark.parametrize("game", ["trogdor", "trollland", "encounter"])
def test_every_scenario_loads_and_plays_as_stored(game):
    gb = boards.gallery(game)
    assert gb.names() == [sc.name for sc in G.load(game)]
    for name in gb.names():
        gb.select(name)
        assert str(gb.board.state) == str(G.position(gb.scenario))
        assert gb.try_actions() == [], name
        assert "as stored in the gallery" in gb.result.value


def test_picking_a_scenario_in_the_dropdown_loads_its_board():
    gb = boards.gallery("trogdor")
    gb.picker.value = "burrow-onto-a-knight"
    assert gb.board.state.trogdor.name == "B2" and "T-BURROW" in gb.info.value
    gb.try_button.click()
    assert gb.board.state.trogdor.name == "D4" and gb.board.state.meter == 3
    assert "T-MOVE-KNIGHT-DAMAGE" in gb.result.value


def test_a_refusal_is_shown_with_its_rule():
    gb = boards.gallery("trogdor")
    gb.select("item-used-recharged-not-again")
    assert gb.try_actions() == []
    assert "refused by <b>T-ITEM</b>" in gb.result.value
    assert gb.board.last_refusal.rule_id == "T-ITEM"  # the board showed the refusal too


def test_toggling_the_ruling_changes_the_result():
    gb = boards.gallery("trogdor")
    gb.select("troghammer-phase2-card")
    assert [dd.description for dd in gb.rulings_box.children] == ["TR-TROGHAMMER-PHASE2"]
    gb.try_actions()
    default_hammer = gb.board.state.troghammer
    gb.rulings_box.children[0].value = "own-draw"  # the toggle, as a click sets it
    assert gb.board.state.rulings["TR-TROGHAMMER-PHASE2"] == "own-draw"
    assert gb.try_actions() == []  # matched against the own-draw result
    assert gb.board.state.troghammer != default_hammer
    with pytest.raises(TrogkitInputError, match="does not show ruling"):
        gb.set_ruling("TR-PASS-AP", "keep")  # not a ruling this scenario shows


def test_compare_shows_one_board_per_option_side_by_side():
    gb = boards.gallery("trollland")
    gb.select("arrow-card-with-an-arrow")
    sbs = gb.compare()
    phases = [b.state.phase for b in sbs.boards]
    assert phases == ["load", "arrow"]
    bundle = sbs._repr_mimebundle_()
    default = sbs.boards[0].state.rulings.rulings["TLR-ARROW-CHAIN"].default
    titles = [b._title for b in sbs.boards]
    assert f"TLR-ARROW-CHAIN = {default} (default)" in titles
    assert all(t.count("TLR-ARROW-CHAIN") == 1 for t in titles)
    assert all(t in bundle["image/svg+xml"] for t in titles)


def test_the_browser_saves_a_static_picture_and_refuses_unknown_names():
    gb = boards.gallery("encounter")
    bundle = gb._repr_mimebundle_()
    assert bundle["image/svg+xml"].startswith("<svg") and "gallery:" in bundle["text/plain"]
    with pytest.raises(TrogkitInputError, match="no scenario"):
        gb.select("nope")


@pytest.mark.parametrize(
    ("game", "witness", "ruling"),
    [("trogdor", "T-BURN-COTTAGE", "TR-PASS-AP"), ("trollland", "TL-SCORE-WINNER", None),
     ("encounter", "RE-COMPOSE-RED-BLUE", None)],
)  # fmt: skip
def test_the_gallery_opens_the_stored_witnesses_and_ruling_differences(game, witness, ruling):
    gb = boards.gallery(game)
    labels = list(gb.stored)
    assert any(k.startswith(f"witness {witness} ") for k in labels)
    assert any(k.startswith("difference ") for k in labels)  # every game has rulings
    key = next(k for k in labels if k.startswith(f"witness {witness} "))
    gb.stored_picker.value = key
    replay = gb.replay
    assert replay.step == len(replay.trace.actions) and f"<mark><b>{witness}</b></mark>" in (
        replay.info.value
    )
    assert gb.compare_box.children == (replay.widget,)
    if ruling:
        diff = gb.open_stored(next(k for k in labels if k.startswith(f"difference {ruling} ")))
        assert len(diff.boards) == 2  # both options side by side
    with pytest.raises(TrogkitInputError, match="no stored trace"):
        gb.open_stored("witness NOPE (trogdor)")
