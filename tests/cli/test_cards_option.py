"""``--cards FILE`` on ``trogkit <game> new|actions|play|show`` (issue 20): a position made with a
user's card file can be created, listed, played and shown from the command line, and agrees with
the game protocol given the same cards; a bad file is exit 2 with one line naming the file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rulebook
from rulebook.encounter import cards as re_cards
from rulebook.trogdor import cards as tg_cards
from rulebook.trollland import cards as tl_cards
from trogkit.cli import main

# game -> (bundled card file, a card id in it, the id the user's file gives that card instead)
RENAMED = {
    "trogdor": (tg_cards.DATA_DIR / "actions.toml", "block-1", "my-block"),
    "trollland": (tl_cards.DATA / "people.toml", "T1a", "T1z"),
    "encounter": (re_cards.DEFAULT_CARDS, "Y1a", "Y1z"),
    "encounter-solo": (re_cards.DEFAULT_CARDS, "Y1a", "Y1z"),
}
GAMES = sorted(rulebook.REGISTRY)


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def user_file(game: str, tmp_path: Path) -> tuple[Path, str]:
    """The bundled file with one card renamed, and the new name (only this card set knows it)."""
    path, old, new = RENAMED[game]
    text = path.read_text(encoding="utf-8")
    assert text.count(f'id = "{old}"') == 1
    f = tmp_path / "my-cards.toml"
    f.write_text(text.replace(f'id = "{old}"', f'id = "{new}"'), encoding="utf-8")
    return f, new


@pytest.mark.parametrize("game", GAMES)
def test_a_position_with_a_users_cards_is_made_listed_played_and_shown(game, tmp_path, capsys):
    g = rulebook.game(game)
    f, new_id = user_file(game, tmp_path)
    cards = g.load_cards(f)
    expected = g.new_game(2, cards=cards)
    code, out, err = run([game, "new", "--seed", "2", "--cards", str(f)], capsys)
    position = out.strip()
    assert code == 0 and err == "" and position == str(expected)
    assert new_id in position.replace("|", ",").replace("/", ",").replace("=", ",").split(",")
    code, out, _ = run([game, "actions", "--position", position, "--cards", str(f)], capsys)
    legal = [str(a) for a in g.legal_actions(expected)]
    assert code == 0 and out.split("\n")[:-1] == legal
    code, out, _ = run([game, "play", "--position", position, "--cards", str(f), legal[0]], capsys)
    assert code == 0 and out.strip() == str(g.apply(expected, legal[0]))
    argv = [game, "show", "--position", position, "--cards", str(f), "--json"]
    code, out, _ = run(argv, capsys)
    data = json.loads(out)
    assert code == 0 and data["position"] == position and data["legal_actions"] == len(legal)


@pytest.mark.parametrize("game", GAMES)
def test_without_the_file_the_position_does_not_read(game, tmp_path, capsys):
    """The card file is what makes the position readable: the bundled cards lack the new id."""
    f, new_id = user_file(game, tmp_path)
    position = str(rulebook.game(game).new_game(2, cards=rulebook.game(game).load_cards(f)))
    code, out, err = run([game, "actions", "--position", position], capsys)
    assert code == 2 and out == "" and new_id in err and err.count("\n") == 1


# file name -> (content, with SECTION for the game's card section; what the one error line says
# besides the file's name)
BAD_FILES = {
    "wrong-type.toml": ("[[SECTION]]\nid = 3\n", "expected str"),
    "no-section.toml": ("nothing = 1\n", "section"),
    "bad-syntax.toml": ("[[SECTION]\n", "not valid TOML"),
    "not-utf8.toml": ('[[SECTION]]\nid = "caf\udce9"\n', "UTF-8"),
}
SECTION = {"trogdor": "action", "trollland": "card", "encounter": "card", "encounter-solo": "card"}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("command", ["new", "actions", "play", "show"])
def test_a_bad_card_file_is_exit_2_with_one_line_naming_it(game, command, name, tmp_path, capsys):
    f = tmp_path / name
    content, says = BAD_FILES[name]
    f.write_bytes(content.replace("SECTION", SECTION[game]).encode("utf-8", "surrogateescape"))
    position = str(rulebook.game(game).new_game(0))
    extra = [] if command == "new" else ["--position", position]
    extra += ["draw"] if command == "play" else []
    code, out, err = run([game, command, *extra, "--cards", str(f)], capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and str(f) in err and "--cards" in err, err
    assert says in err and "unrecognized" not in err, err


@pytest.mark.parametrize("game", GAMES)
def test_a_missing_card_file_is_exit_2_naming_it(game, tmp_path, capsys, monkeypatch):
    # a relative name: the error shows a path's first 80 characters, and tmp_path is longer
    # under pytest-xdist (popen-gwN/) or for a long user name
    monkeypatch.chdir(tmp_path)
    f = Path("absent.toml")
    code, out, err = run([game, "new", "--cards", str(f)], capsys)
    assert code == 2 and out == "" and err.count("\n") == 1 and str(f) in err
