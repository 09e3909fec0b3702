"""Card names and ids are HTML-escaped in everything a board shows (a card named <script>)."""

from __future__ import annotations

import re
import shutil

import boards
import rulebook
from boards.core import esc
from rulebook.common.errors import RuleError

EVIL = "<script>alert(1)</script>"


def test_a_card_named_script_is_escaped(tmp_path):
    src = rulebook.game("trogdor").catalog  # noqa: F841 - the game is registered
    from pathlib import Path

    import rulebook.trogdor as trogdor

    data = Path(trogdor.__file__).parent / "data"
    cards = tmp_path / "cards"
    shutil.copytree(data, cards)
    actions = cards / "actions.toml"
    text = re.sub(r'(?m)^name = ".*"$', f'name = "{EVIL}"', actions.read_text())
    actions.write_text(text)
    g = rulebook.game("trogdor")
    s = g.apply(g.new_game(0, cards=str(cards)), "draw")
    b = boards.board(s, title=EVIL)
    assert esc(EVIL) in b.status.value  # the hand lists the card names
    for shown in (b.status.value, b.title.value, b.message.value, b.legend.value, b.view.svg):
        assert "<script" not in shown
    b.click(f"card:{s.hand[0]}")
    b.choose(0)
    assert "<script" not in b.message.value and "<script" not in b.status.value


def test_refusal_reasons_and_labels_are_escaped():
    b = boards.board(rulebook.game("encounter").new_game(0, players=2))
    b.show_refusal(RuleError("RE-COMPOSE-RED-BLUE", EVIL))
    assert "<script" not in b.message.value and esc(EVIL) in b.message.value
    assert not b.play(EVIL)  # bad action text is shown, escaped
    assert "<script" not in b.message.value
