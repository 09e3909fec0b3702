"""Every editor handler answers (issue 36): wrong types, empty selections, unknown names and
non-text pastes on the card editor and the Trogdor scenario editor are answered on the widget
(or refused as bad input), never a KeyError/ValueError/IndexError/AttributeError; setup rules are
cited (issue 33)."""

from __future__ import annotations

import html

import pytest

import rulebook
from boards.card_editor import CardEditor
from boards.editor import ScenarioEditor
from rulebook.common.errors import TrogkitInputError

BAD = [None, 3, -1, 2.5, b"trogdor x", ["a"], {"a": 1}, "", ":", "zzz", "card:", "card:NOPE",
       "zone:", "zone:nope", "player:P0", "player:P9", "cage:V99.9", "encounter:P0.E1",
       "encounter:P9.E9", "space:-1", "space:99", "A0", "F6", "\x00"]  # fmt: skip


def editors():
    return [ScenarioEditor()] + [
        CardEditor(rulebook.game(n).new_game(1))
        for n in ("trollland", "encounter", "encounter-solo")
    ]


def answered(call, *args) -> None:
    """``call(*args)`` answers on the widget or refuses as bad input; nothing else escapes."""
    try:
        call(*args)
    except TrogkitInputError:
        pass


@pytest.mark.parametrize("editor", editors(), ids=lambda e: e.game.name)
def test_clicks_pastes_and_rulings_of_any_type_are_answered(editor):
    start = editor.state
    for bad in BAD:
        assert editor.click(bad) is False, bad
        assert bad is None or editor.import_notation(bad) is False, bad  # None: the text box
        assert editor.play(("ruling", bad, "x")) is False, bad
        assert editor.play(("ruling", "TR-PASS-AP", bad)) is False, bad
        answered(editor.play, bad)
        if isinstance(editor, CardEditor):
            assert editor.move(bad) is False, bad
            first = next(c for cards in editor.zones().values() for c in cards)
            editor.click(f"card:{first}")  # a card picked, then a bad place for it
            assert editor.click(bad) is False, bad
            editor.selection = ()
        else:
            assert editor.click_square(bad) is False, bad
    assert editor.state == start
    assert editor.message.value  # the last answer is on the widget


def test_a_non_text_paste_says_what_to_paste():
    e = CardEditor(rulebook.game("trollland").new_game(1))
    assert e.import_notation(b"trollland players=2") is False
    assert "paste a position's notation (text), not bytes" in html.unescape(e.message.value)


@pytest.mark.parametrize("value", [-1, 8, 10**9])
def test_the_trog_meter_out_of_the_box_is_refused_never_wrapped(value):
    e = ScenarioEditor()
    before = e.state
    assert e.play(("meter", value)) is False
    assert "T-SETUP-METER" in e.message.value and e.state == before


def test_a_fourth_knight_is_refused_citing_the_setup_rule():
    e = ScenarioEditor()
    e.tool.value = "knight"
    assert e.click("A2") and e.click("B2")  # the box's two knights
    assert not e.click("D2")
    assert "T-SETUP-PIECES" in e.message.value and "the box has 2" in e.message.value
    assert len(e.state.knights) == 2


def test_a_yellow_creature_into_the_solo_keys_is_refused_citing_the_rule():
    s = rulebook.game("encounter-solo").new_game(1)
    e = CardEditor(s)
    yellow = next(c for c in s.hand + s.discard if s.cards[c].star == "yellow")
    assert e.move(f"move {yellow} keys") is False
    assert "RE-SOLO-KEYS-IN" in e.message.value and e.state == s


def test_the_into_the_trollgat_scenario_takes_edits_on_its_drawing():
    from drawings import gallery as G

    sc = next(s for s in G.load("trollland") if s.name == "trollgat-when-a-cage-fits")
    e = CardEditor(G.position(sc))
    e.click("card:Zo3")
    assert e.selection == ("card:Zo3",)
    assert e.click("player:P2")  # the card it was stuck on moves
    assert "nobody can act" not in e.message.value and e.state.hands[1] == ("Zo3",)
    assert "the rules carried on: step load → over" in html.unescape(e.message.value)
