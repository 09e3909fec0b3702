"""Trogdor!! as a ``Game`` of the common protocol (rulebook/API.md)."""

from __future__ import annotations

from rulebook.common.actions import Action
from rulebook.common.errors import NotationError, RuleError
from rulebook.common.game import Game

from . import CATALOG
from . import engine as _engine
from . import start as _start
from .render import render_svg
from .state import State

HEADER = "trogdor"


def _text_action(text: str) -> Action:
    words = str(text).split()
    if not words:
        raise NotationError("empty action", where="action")
    return Action(words[0], words[1:])


class Trogdor(Game):
    name = HEADER
    title = "Trogdor!! The Board Game"
    catalog = CATALOG
    max_length = 20_000
    players_allowed = (1, 2, 3, 4)
    outcomes_doc = "'win' (every cottage burnt), 'defeat' or 'table-flip'"

    def new_game(self, seed=0, *, players=None, rulings=None, preset="normal", **options):
        return _start.new_game(preset, players or 1, seed, rulings, **options)

    def legal_actions(self, state):
        return [_text_action(a) for a in _engine.legal_actions(state)]

    def refusal(self, state, action):
        try:
            _engine.apply_action(state, str(action))
        except RuleError as e:
            return e
        return None

    def perform(self, state, action):
        return _engine.apply_action(state, str(action))

    def is_terminal(self, state):
        return _engine.is_terminal(state)

    def outcome(self, state):
        return state.outcome

    def winners(self, state):
        return tuple(range(state.players)) if state.outcome == "win" else ()

    def to_move(self, state):
        return None if self.is_terminal(state) else state.player

    def num_players(self, state):
        return state.players

    def parse_action(self, text):
        from .actions import parse_action

        return _text_action(parse_action(text))

    def parse(self, text, **options):
        if text.startswith(HEADER + " "):
            text = text[len(HEADER) + 1 :]
        return State.parse(text, options.get("cards"))

    def svg(self, state, **overlay):
        return render_svg(state, **overlay)


GAME = Trogdor()
