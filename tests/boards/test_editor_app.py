"""The instructor app for every game, driven without a kernel (dropdown values, ``click(target)``
as the drawing sends it, ``Button.click()``): switch game, open a gallery scenario, move a card by
clicks, a refused move names its rule or field, toggle a ruling, export and paste back, compare a
ruling's options side by side."""

from __future__ import annotations

import html

import pytest

import rulebook
from boards.card_editor import CardEditor
from boards.editor import ScenarioEditor
from boards.instructor import GAMES, InstructorApp, scenarios_of
from conftest import live_widgets, targets_in
from drawings import gallery as G

# (game, first click, second click, the card's zone after, a refused move, what the refusal names)
CLICKS = {
    "trollland": ("card:Bi1", "cage:V11.1", "cage:V11.1", "move T5b cage:V11.2", "TL-BANISH-ORDER"),
    "encounter": ("card:B5", "encounter:P1.E1", "encounter:P1.E1", "move R3 encounter:P1.E1",
                  "RE-COMPOSE-RED-BLUE"),
    "encounter-solo": ("card:B5", "zone:mine", "mine", "move R1 mine", "RE-COMPOSE-RED-BLUE"),
}  # fmt: skip


@pytest.fixture(scope="module")
def app():
    return InstructorApp()


@pytest.mark.parametrize("game", GAMES)
def test_switching_game_gives_its_editor_and_its_gallery(app, game):
    app.game.value = game
    assert rulebook.game_of(app.editor.state).name == game
    assert rulebook.game_of(app.board.state).name == game
    assert isinstance(app.editor, ScenarioEditor if game == "trogdor" else CardEditor)
    names = [v for _label, v in app.scenario.options if v]
    assert names and names == list(scenarios_of(game))
    assert set(app.ruling.options) == set(rulebook.game(game).rulings)
    assert app.widget._board is app.board  # the saved picture is the live board's


@pytest.mark.parametrize("game", GAMES)
def test_opening_a_scenario_loads_its_position_in_editor_and_board(app, game):
    app.game.value = game
    name = list(scenarios_of(game))[-1]
    app.scenario.value = name
    sc = scenarios_of(game)[name]
    assert app.editor.state == G.position(sc) == app.board.state
    assert sc.title in app.info.value and sc.actions[0] in app.info.value
    assert name in app.note.value
    if sc.rulings:
        assert app.ruling.value == sc.rulings[0]
    app.scenario.value = ""  # back to a new position
    assert app.open is None and app.info.value == ""


@pytest.mark.parametrize("game", list(CLICKS))
def test_a_card_moves_by_two_clicks_on_the_drawing(app, game):
    app.choose_game(game)  # a new position, whatever the earlier tests did
    e = app.editor
    first, second, zone, _bad, _rule = CLICKS[game]
    card = first.split(":")[1]
    assert first in e.view.targets and first in targets_in(e.view.svg)
    assert second in e.view.targets  # a zone of the drawing, or a zone box under it
    svg = e.view.svg
    assert not e.click(first) and e.selection == (first,) and "now click" in e.message.value
    hint, cls = e.view.targets[second]
    assert cls == "edit" and hint == f"{card} → {zone}"  # an edit, not a game action
    assert e.click(second)
    assert card in e.zones()[zone] and e.selection == ()
    assert e.view.svg != svg and f"{card} → {zone}" in e.log
    e.undo_button.click()
    assert card not in e.zones()[zone]


@pytest.mark.parametrize("game", list(CLICKS))
def test_a_refused_move_names_card_zone_and_rule_and_changes_nothing(app, game):
    app.choose_game(game)  # a new position, whatever the earlier tests did
    e = app.editor
    first, second, _zone, bad, rule = CLICKS[game]
    e.click(first)
    e.click(second)
    before = e.state
    e.move_text.value = bad
    e.move_button.click()
    _verb, card, zone = bad.split()
    assert rule in e.message.value and card in e.message.value and zone in e.message.value
    assert e.state == before and str(e.state) == e.notation.value
    e.move_text.value = "move nonsense discard"
    e.move_button.click()
    assert "no card 'nonsense'" in html.unescape(e.message.value) and e.state == before


def test_trollland_refusals_by_click_name_the_loading_rules(app):
    app.choose_game("trollland")
    e = app.editor
    e.click("card:Bi1")
    assert e.click("cage:V11.1")
    e.click("card:Zo10")
    assert not e.click("cage:V11.1") and "TL-LOAD-CAPACITY" in e.message.value
    e.click("card:Zo10")
    e.click("cage:V11.2")
    e.click("card:Zo14")
    assert not e.click("cage:V11.3") and "TL-LOAD-VEHICLE-DISTINCT" in e.message.value


def test_a_field_the_notation_refuses_is_named(app):
    app.choose_game("encounter")
    e = app.editor
    for card in e.state.deck[:5]:  # typed: the deck is not drawn card by card
        assert e.move(f"move {card} market")
    sixth = e.state.deck[0]
    assert not e.move(f"move {sixth} market")  # a sixth face-up card
    assert "at market" in e.message.value and sixth not in e.state.market


@pytest.mark.parametrize("game", GAMES)
def test_toggling_a_ruling_changes_the_position_and_its_notation(app, game):
    app.choose_game(game)  # a new position, whatever the earlier tests did
    e = app.editor
    rid, widget = next(iter(e.ruling_widgets.items()))
    other = next(o for o in widget.options if o != widget.value)
    widget.value = other
    assert e.state.rulings[rid] == other and f"{rid}={other}" in e.notation.value
    e.undo_button.click()
    assert e.state.rulings[rid] != other and widget.value == e.state.rulings[rid]


@pytest.mark.parametrize("game", GAMES)
def test_export_then_paste_round_trips_and_switches_game(game):
    app = InstructorApp()
    app.game.value = game
    app.scenario.value = list(scenarios_of(game))[0]
    text = app.export()
    assert text == str(app.editor.state) == app.editor.notation.value
    other = InstructorApp()
    other.game.value = "trollland" if game != "trollland" else "encounter"
    other.editor.notation.value = text  # pasted into the editor's box, then Import
    other.editor.import_button.click()
    assert other.game.value == game and other.export() == text
    assert other.editor.state == app.editor.state
    assert not other.paste("trollland players=9") and "cannot import" in other.note.value
    assert other.export() == text  # a bad paste changes nothing


@pytest.mark.parametrize("game", GAMES)
def test_compare_shows_each_option_after_the_scenario_actions(app, game):
    app.game.value = game
    sc = next(s for s in scenarios_of(game).values() if s.rulings)
    app.scenario.value = sc.name
    app.compare_button.click()
    sbs = app.compare_box.children[0]
    rid = sc.rulings[0]
    options = app.editor.state.rulings.rulings[rid].options
    titles = [b.title.value for b in sbs.boards]
    default = app.editor.state.rulings.rulings[rid].default
    assert [t.split(":")[0] for t in titles] == [
        f"<b>{rid} = {o}" + (" (default)" if o == default else "") for o in options
    ]
    results = [G.replay(sc, {rid: o}) for o in options]
    assert [b.state for b in sbs.boards] == [r.state for r in results]
    assert "image/svg+xml" in sbs._repr_mimebundle_()


def test_switching_games_and_comparing_leak_no_widgets():
    app = InstructorApp()
    for game in GAMES:
        app.game.value = game
    app.compare()
    n = live_widgets()
    for _ in range(2):
        for game in GAMES:
            app.game.value = game
            app.compare()
    assert live_widgets() == n  # the old editor, board and comparison are closed
    assert "image/svg+xml" in app.widget._repr_mimebundle_()
