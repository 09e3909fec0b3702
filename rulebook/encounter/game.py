"""Random Encounter as two ``Game`` objects of the common protocol (rulebook/API.md):
``encounter`` (2-5 players) and ``encounter-solo`` (Solo Adventure)."""

from __future__ import annotations

from rulebook.common.actions import Action
from rulebook.common.errors import NotationError, RuleError
from rulebook.common.game import Game

from . import multi as _multi
from . import solo as _solo
from .common import CATALOG


def _text_action(text: str) -> Action:
    words = str(text).split()
    if not words:
        raise NotationError("empty action", where="action")
    return Action(words[0], words[1:])


class _Encounter(Game):
    catalog = CATALOG
    module = _multi
    state_type = _multi.MultiState
    mode = "multi"

    def legal_actions(self, state):
        return [_text_action(a) for a in self.module.legal_actions(state)]

    def refusal(self, state, action):
        try:
            self.module.apply_action(state, str(action))
        except RuleError as e:
            return e
        return None

    def perform(self, state, action):
        return self.module.apply_action(state, str(action))

    def is_terminal(self, state):
        return state.outcome != "-"

    def outcome(self, state):
        return None if state.outcome == "-" else state.outcome

    def parse_action(self, text):
        return _text_action(text)

    def parse(self, text, **options):
        if text.startswith(self.name + " "):
            text = f"mode={self.mode} " + text[len(self.name) + 1 :]
        return self.state_type.parse(text, options.get("cards"))

    def svg(self, state, **overlay):
        return state._repr_svg_()


class Encounter(_Encounter):
    name = "encounter"
    title = "Random Encounter: Plains of the Troll King"
    max_length = 20_000
    players_allowed = (2, 3, 4, 5)
    outcomes_doc = "the winners, 'P1' or 'P1+P3'"

    def new_game(self, seed=0, *, players=None, rulings=None, **options):
        return _multi.new_game(players or 2, seed, rulings=rulings, **options)

    def winners(self, state):
        if state.outcome == "-":
            return ()
        return tuple(int(p[1:]) - 1 for p in state.outcome.split("+"))

    def to_move(self, state):
        return None if self.is_terminal(state) else state.turn

    def num_players(self, state):
        return state.players


class EncounterSolo(_Encounter):
    name = "encounter-solo"
    title = "Random Encounter: Solo Adventure"
    module = _solo
    state_type = _solo.SoloState
    mode = "solo"
    max_length = 5_000
    players_allowed = (1,)
    outcomes_doc = "'win' or 'loss'"

    def new_game(self, seed=0, *, players=None, rulings=None, **options):
        return _solo.new_adventure(seed, rulings=rulings, **options)

    def winners(self, state):
        return (0,) if state.outcome == "win" else ()

    def to_move(self, state):
        return None if self.is_terminal(state) else 0

    def num_players(self, state):
        return 1


GAME = Encounter()
SOLO = EncounterSolo()
