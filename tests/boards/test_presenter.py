"""The instructor's presenter and links, driven without a browser: a gallery scenario becomes a
replay (two boards for a ruling's scenario), the arrow keys step it, a link's query opens a
scenario, a witness or a position, and a bad link or command is told on the page, never raised
(issues 33, 36)."""

from __future__ import annotations

from urllib.parse import quote

import pytest

import rulebook
from boards.core import SideBySide
from boards.instructor import InstructorApp, from_url, position_link, scenarios_of
from boards.presenter import Presenter, scenario_trace
from boards.presenter import from_url as presenter_from_url
from drawings import gallery as G


def test_every_gallery_scenario_of_every_game_presents():
    """Each scenario replays: its last step shows its refusal or its ruling's two options."""
    for game in rulebook.REGISTRY:
        for sc in scenarios_of(game).values():
            p = Presenter(scenario_trace(sc), title=sc.title)
            assert p.replay.step == len(p.replay.trace.actions)
            assert len(p.replay.boards) == (2 if p.replay.trace.versus else 1)
            if sc.expect.refusal:
                assert sc.expect.refusal in p.replay.info.value


def test_the_arrow_keys_step_back_and_forward():
    name, sc = next((n, s) for n, s in scenarios_of("trogdor").items() if len(s.actions) >= 2)
    p = presenter_from_url(f"game=trogdor&scenario={name}")
    n = len(p.replay.trace.actions)
    p.key("ArrowLeft")
    assert p.replay.step == n - 1 and f"step {n - 1} of {n}" in p.replay.info.value
    p.key("ArrowRight")
    assert p.replay.step == n
    p.key("ArrowRight")  # past the end: stays
    assert p.replay.step == n
    p.key("Home")
    assert p.replay.step == 0 and p.replay.boards[0].state == G.position(sc)
    p.key("End")
    assert p.replay.step == n
    p.key("x")  # other keys do nothing
    assert p.replay.step == n


def test_a_ruling_scenario_is_presented_side_by_side():
    name = next(n for n, s in scenarios_of("trogdor").items() if scenario_trace(s).versus)
    p = presenter_from_url(f"?game=trogdor&scenario={name}")
    assert len(p.replay.boards) == 2
    assert isinstance(p.replay.widget.children[2], SideBySide)
    rid = p.replay.trace.rule  # each board names the ruling once, with its own option
    default = p.replay.boards[0].game.rulings[rid].default
    (other,) = p.replay.trace.versus.values()
    titles = [b._title for b in p.replay.boards]
    assert titles == [f"{rid} = {default} (default)", f"{rid} = {other}"], titles


def test_a_stored_witness_and_a_position_are_presented():
    p = presenter_from_url("game=trogdor&witness=T-BURN-COTTAGE")
    assert "T-BURN-COTTAGE" in p.replay.info.value
    state = G.position(next(iter(scenarios_of("encounter").values())))
    p = presenter_from_url("position=" + quote(str(state)))
    assert p.replay.boards[0].state == state


@pytest.mark.parametrize(
    "query, said",
    [
        ("game=trogdor&scenario=nope", "no scenario 'nope'"),
        ("game=nogame&witness=X", "unknown game"),
        ("game=trogdor&witness=NO-RULE", "no stored witness"),
        ("position=trogdor%20x", "cannot present"),
        ("game=trogdor", "give game=GAME"),
    ],
)
def test_a_bad_presenter_link_is_told_on_the_page(query, said):
    shown = presenter_from_url(query)
    assert not isinstance(shown, Presenter) and said in shown.data.replace("&#x27;", "'")


def test_with_no_link_the_presenter_lists_every_scenario_as_a_link():
    page = presenter_from_url("").data
    for game in rulebook.REGISTRY:
        for name in scenarios_of(game):
            assert f"presenter.ipynb?game={game}&amp;scenario={name}'" in page


def test_a_link_opens_the_position_in_the_app():
    state = G.position(next(iter(scenarios_of("trollland").values())))
    link = position_link(state)
    assert link.startswith("instructor.ipynb?position=trollland")
    app = from_url(link.split("?", 1)[1])
    assert app.export() == str(state) and app.game.value == "trollland"
    assert from_url("position=" + quote(app.export())).export() == str(state)


def test_the_app_makes_its_links():
    app = InstructorApp()
    app.link_button.click()
    assert app.link() in app.note.value.replace("&amp;", "&")
    name = next(iter(scenarios_of("trogdor")))
    app.open_scenario(name)
    assert app.present_link() == f"presenter.ipynb?game=trogdor&scenario={name}"
    app = from_url(f"game=trogdor&scenario={name}")
    assert app.open is not None and app.open.name == name


@pytest.mark.parametrize(
    "command, said",
    [
        (lambda app: app.open_scenario("no-such-scenario"), "cannot open: no scenario"),
        (lambda app: app.choose_game("chess"), "cannot open: no game"),
        (lambda app: app.compare("NO-RULING"), "cannot compare: no ruling"),
        (lambda app: app.paste(None), "not NoneType"),
        (lambda app: app.paste(b"trogdor"), "not bytes"),
        (lambda app: app.paste(42), "not int"),
    ],
)
def test_unknown_names_and_non_text_pastes_are_told_not_raised(command, said):
    """Issue 36: the app's handlers answer on the page; the position is unchanged."""
    app = InstructorApp()
    before = app.export()
    assert not command(app)
    assert said in app.note.value.replace("&#x27;", "'") and app.export() == before


def test_a_bad_link_opens_the_app_and_says_why():
    app = from_url("position=trogdor%20nonsense")
    assert "cannot import" in app.note.value and app.game.value == "trogdor"
    app = from_url("game=trogdor&scenario=nope")
    assert "no scenario" in app.note.value
