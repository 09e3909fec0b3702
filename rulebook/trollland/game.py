"""Trollland as a ``Game`` of the common protocol (rulebook/API.md)."""

from __future__ import annotations

from rulebook.common.actions import Action
from rulebook.common.errors import NotationError, RuleError
from rulebook.common.game import Game

from . import engine as _engine
from .rules import CATALOG
from .scoring import winners as _winners
from .state import State

HEADER = "trollland"


def _text_action(text: str) -> Action:
    words = str(text).split()
    if not words:
        raise NotationError("empty action", where="action")
    return Action(words[0], words[1:])


class Trollland(Game):
    name = HEADER
    title = "Trollland"
    catalog = CATALOG
    max_length = 5_000
    players_allowed = (2, 3, 4, 5)
    outcomes_doc = "the tuple of winning players (0-based)"

    def new_game(self, seed=0, *, players=None, rulings=None, **options):
        return _engine.new_game(players or 3, seed, rulings, options.get("cards"))

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
        return _engine.is_over(state)

    def outcome(self, state):
        return tuple(_winners(state)) if self.is_terminal(state) else None

    def winners(self, state):
        return tuple(_winners(state))

    def to_move(self, state):
        return state.to_act

    def num_players(self, state):
        return state.players

    def parse_action(self, text):
        return _text_action(" ".join(_engine.parse_action(text)))

    def parse(self, text, **options):
        if text.startswith(HEADER + " "):
            text = "TL " + text[len(HEADER) + 1 :]
        return State.parse(text, options.get("cards"))

    def svg(self, state, **overlay):
        return state._repr_svg_()


GAME = Trollland()
