"""Trollland as a ``Game`` of the common protocol (rulebook/API.md)."""

from __future__ import annotations

from rulebook.common.errors import TrogkitInputError
from rulebook.common.game import Game, check_header
from rulebook.common.working import freeze

from . import hidden, turn
from .actions import GRAMMAR, parse_action
from .cards import load_card_file
from .catalog import CATALOG
from .invariants import invariants
from .scoring import winners
from .setup import new_game
from .state import HEADER, WorkingCopy, parse


class Trollland(Game):
    name = HEADER
    grammar = GRAMMAR
    title = "Trollland"
    catalog = CATALOG
    # A turn has at most 7 actions per player (choose; King + 2 returned cards; a Troll power;
    # 2 loads; 2 arrow extras) and every turn takes at least 2 cards per player from a 90-card
    # draw pile (the King's draw returns 2 of 3), so a game lasts at most 7P * (90/2P + 1) + 7P
    # = 315 + 14P < 400 actions; 1,000 leaves room for user card sets and rulings.
    max_length = 1_000
    players_allowed = (2, 3, 4, 5)
    outcomes_doc = "the tuple of winning players (0-based; several on a tie)"

    def new_game(self, seed=0, *, players=None, rulings=None, **options):
        unknown = sorted(set(options) - {"cards"})
        if unknown:
            raise TrogkitInputError(f"unknown Trollland option(s): {', '.join(unknown)}")
        return new_game(3 if players is None else players, seed, rulings, options.get("cards"))

    legal_actions = staticmethod(turn.legal_actions)
    candidates = staticmethod(turn.candidates)
    perform = staticmethod(turn.perform)
    advance = staticmethod(turn.play)  # a State is copied first
    freeze = staticmethod(freeze)
    observation = staticmethod(hidden.observation)
    resample = staticmethod(hidden.resample)
    position_problems = staticmethod(invariants)
    # an Action in canonical form, from text or an Action (a pair of cards in text order, so
    # ``choose B A`` is the listed ``choose A B``)
    action = parse_action = staticmethod(parse_action)

    def refusal(self, state, action):
        return turn.refusal(state, self.action(action))

    def fork(self, state):
        return WorkingCopy(freeze(state))

    def is_terminal(self, state):
        return state.phase == "over"

    def outcome(self, state):
        return tuple(winners(state)) if self.is_terminal(state) else None

    def winners(self, state):
        """TL-SCORE-WINNER's players of a finished game."""
        return tuple(winners(state)) if self.is_terminal(state) else ()

    def to_move(self, state):
        return state.to_move

    def num_players(self, state):
        return state.players

    def parse(self, text, **options):
        check_header(self, text)
        return self.playable(parse(text, options.get("cards")))

    def load_cards(self, path):
        """Any of the people, vehicle and bonus sections; the others are the shipped ones."""
        return load_card_file(path)


GAME = Trollland()
