"""Boards dispatch through the protocol (issue 34): no game-name branches in the board factory,
the Encounter board, the editors and the gallery browser; the game object says where its edits,
card zones and board are (``Game.package``, ``Game.edit``, ``Game.card_zones``); the card games
share one card editor."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import boards
import boards.instructor
import rulebook
from boards.card_editor import CardEditor
from boards.editor import EditorBoard, ScenarioEditor

ROOT = Path(boards.__file__).parent
FILES = ("factory.py", "encounter.py", "editor.py", "card_editor.py", "gallery_browser.py")


def game_names_in(path: Path) -> list[str]:
    """A game's name compared with a constant, a table keyed by games' names, a name taken
    apart at its "-": the marks of a game-name branch."""
    names = set(rulebook.games()) | {g.package for g in rulebook.games().values()}
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare):
            parts = [node.left, *node.comparators]
            if not any(getattr(p, "attr", getattr(p, "id", "")) in ("name", "GAME") for p in parts):
                continue  # e.g. a target's kind "encounter:P1.E2", not a game's name
        elif isinstance(node, ast.Dict):
            parts = [k for k in node.keys if k is not None]
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "split":
            parts = node.args  # name.split("-"): a game's name taken apart
            found += [f"split({a.value!r})" for a in parts
                      if isinstance(a, ast.Constant) and a.value == "-"]  # fmt: skip
            continue
        else:
            continue
        found += [p.value for p in parts if isinstance(p, ast.Constant) and p.value in names]
    return found


@pytest.mark.parametrize("name", FILES)
def test_no_game_name_branches(name):
    assert game_names_in(ROOT / name) == []


def test_the_game_object_says_where_its_edits_zones_and_board_are():
    for name, game in rulebook.games().items():
        s = game.new_game(1)
        assert game.package == name.split("-")[0]
        b = boards.board(s)
        assert type(b).__module__ == f"boards.{game.package}"
        zones = game.card_zones(s)
        assert (zones is None) == (name == "trogdor")
        if zones is not None:
            assert sum(map(len, zones.read(s).values())) > 0
        with pytest.raises(rulebook.common.errors.TrogkitInputError):
            game.edit(s, ("no such edit",))


def test_one_card_editor_for_the_card_games_sharing_the_editor_base_with_trogdor():
    kinds = {name: type(boards.instructor.editor_for(g.new_game(1)))
             for name, g in rulebook.games().items()}  # fmt: skip
    assert kinds == {"trogdor": ScenarioEditor, "trollland": CardEditor,
                     "encounter": CardEditor, "encounter-solo": CardEditor}  # fmt: skip
    assert issubclass(CardEditor, EditorBoard) and issubclass(ScenarioEditor, EditorBoard)


def test_the_solo_and_multiplayer_boards_click_as_their_languages_say():
    multi = boards.board(rulebook.game("encounter").new_game(1))
    solo = boards.board(rulebook.game("encounter-solo").new_game(1))
    assert multi.two_clicks and not solo.two_clicks
    card = multi.state.hands[multi.state.to_move][0]
    assert multi.click(f"card:{card}") is False and multi.selection == (f"card:{card}",)
