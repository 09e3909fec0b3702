"""Trogdor!! as a ``Game`` of the common protocol (rulebook/API.md)."""

from __future__ import annotations

from rulebook.common.game import Game
from rulebook.common.working import freeze

from . import hidden, rules
from .actions import GRAMMAR
from .catalog import CATALOG
from .invariants import invariants
from .setup import new_game
from .state import HEADER, State, WorkingCopy


class Trogdor(Game):
    name = HEADER
    title = "Trogdor!! The Board Game"
    catalog = CATALOG
    # Each turn draws an action card (36 in the box) and takes at most a few dozen actions;
    # random games take about 70 actions (the longest of 300 seeds: a few hundred).
    max_length = 20_000
    players_allowed = (1, 2, 3, 4)
    outcomes_doc = "'win' (every tile, cottage and peasant burnt), 'defeat' or 'table-flip'"
    grammar = GRAMMAR

    def new_game(self, seed=0, *, players=None, rulings=None, preset="normal", **options):
        return new_game(preset, 1 if players is None else players, seed, rulings, **options)

    legal_actions = staticmethod(rules.legal_actions)
    candidates = staticmethod(rules.candidates)

    def refusal(self, state, action):
        """``rules.refusal`` of an Action or its text."""
        return rules.refusal(state, self.action(action))

    perform = staticmethod(rules.perform)

    # playouts: a legal action played in place on a working copy the caller owns (Game.advance)
    advance = staticmethod(rules.advance)

    def fork(self, state):
        return WorkingCopy(freeze(state))

    def freeze(self, state):
        return freeze(state)

    # -- hidden information (T-SETUP-DECKS: both decks are shuffled face down) --
    def observation(self, state, player):
        return hidden.observation(state, player)

    def resample(self, state, player, rng):
        return hidden.resample(state, player, rng)

    def is_terminal(self, state):
        return state.outcome is not None

    def outcome(self, state):
        return state.outcome

    def winners(self, state):
        """Every player (the game is co-operative) after a win or a table-flip victory
        (T-TABLE-FLIP: "a total table-flip victory"); nobody after a defeat."""
        return tuple(range(state.players)) if state.outcome in ("win", "table-flip") else ()

    def to_move(self, state):
        return None if state.outcome is not None else state.to_move

    def num_players(self, state):
        return state.players

    def parse(self, text, **options):
        from rulebook.common.game import check_header

        check_header(self, text)
        return self.playable(State.parse(text, options.get("cards")))

    def load_cards(self, path):
        """Sections the file leaves out (actions, movement, keepers, items) are the bundled ones.
        One file, as every game's (``cards.load_card_set`` also reads a directory of them)."""
        from pathlib import Path

        from rulebook.common.errors import CardDataError

        from .cards import load_card_set

        if Path(path).is_dir():
            raise CardDataError(str(path), "is a directory, not a card file")
        return load_card_set(path)

    position_problems = staticmethod(invariants)  # a module function: one call less per action


GAME = Trogdor()
