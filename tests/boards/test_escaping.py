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


# ---- the battle bench (boards/common.py LiveBoard), issue 23 class 9 ----------------------------


def _live_board(title: str = EVIL, label: str = EVIL, refuse=None):
    from boards.common import LiveBoard

    def apply(state, action):
        if refuse is not None:
            raise refuse
        return state + 1

    return LiveBoard(
        0,
        apply=apply,
        candidates=lambda s: [("group", label, "go")],
        svg=lambda s: "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>",
        title=title,
    )


def test_live_board_title_is_escaped():
    b = _live_board()
    assert "<script" not in b.title.value and esc(EVIL) in b.title.value
    assert EVIL in b.text_summary()  # the plain-text summary shows the title as written


def test_live_board_played_label_is_escaped():
    b = _live_board()
    b.button_for(EVIL).click()
    assert "<script" not in b.message.value and esc(EVIL) in b.message.value


def test_live_board_rule_id_and_reason_are_escaped():
    b = _live_board(refuse=RuleError(EVIL, EVIL))
    b.button_for(EVIL).click()
    assert b.state == 0  # refused: the position is kept
    assert "<script" not in b.message.value and b.message.value.count(esc(EVIL)) == 2


def test_live_board_note_and_title_with_quotes_are_escaped():
    quoted = "\"'><img src=x onerror=alert(1)>"
    b = _live_board(title=quoted)
    b.set_state(5, note=quoted)
    for shown in (b.title.value, b.message.value):
        assert "<img" not in shown and "&quot;" in shown
