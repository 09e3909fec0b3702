"""Random Encounter as two ``Game`` objects of the common protocol (rulebook/API.md):
``encounter`` (2-5 players) and ``encounter-solo`` (Solo Adventure)."""

from __future__ import annotations

from rulebook.common.actions import Action
from rulebook.common.game import Game
from rulebook.common.working import freeze

from . import actions, hidden, rules, solo_rules, state
from .catalog import CATALOG
from .invariants import multi_problems, solo_problems
from .setup import new_adventure
from .setup import new_game as _new_multi


class Encounter(Game):
    name = "encounter"
    grammar = actions.MULTI
    title = "Random Encounter: Plains of the Troll King"
    catalog = CATALOG
    max_length = rules.max_length()
    players_allowed = (2, 3, 4, 5)
    outcomes_doc = "the winners as text, 'P1' or 'P1+P3'"

    def new_game(self, seed=0, *, players=None, rulings=None, **options):
        """Options: ``variants`` (subset of keys, market, sin), ``first`` (0-based first player,
        RE-SETUP-FIRST), ``cards`` (a CardSet)."""
        return _new_multi(2 if players is None else players, seed, rulings=rulings, **options)

    legal_actions = staticmethod(rules.legal_actions)
    candidates = staticmethod(rules.candidates)

    def refusal(self, st, action):
        return rules.refusal(st, self.action(action))

    perform = staticmethod(rules.perform)

    advance = staticmethod(rules.advance)

    def fork(self, st):
        return rules.Table(freeze(st))

    def freeze(self, st):
        return freeze(st)

    def observation(self, st, player):
        return hidden.observe_multi(st, player)

    def resample(self, st, player, rng):
        return hidden.resample_multi(st, player, rng)

    def is_terminal(self, st):
        return st.phase == "over"

    def outcome(self, st):
        return st.outcome if st.phase == "over" else None

    def winners(self, st):
        return st.winners

    def to_move(self, st):
        return None if st.phase == "over" else st.to_move

    def num_players(self, st):
        return st.players

    def parse_action(self, text):
        return actions.MULTI.parse(text)

    def action(self, action):
        """An Action with typed arguments: a hand-made Action goes through its text, so rule
        code can rely on the argument types."""
        return actions.MULTI.parse(str(action) if isinstance(action, Action) else action)

    def parse(self, text, **options):
        return self.playable(state.parse_multi(text, options.get("cards")))

    def load_cards(self, path):
        """The file holds the whole box (every card of both modes)."""
        from .cards import load_card_set

        return load_card_set(path)

    position_problems = staticmethod(multi_problems)  # a module function: one call less


class EncounterSolo(Game):
    name = "encounter-solo"
    grammar = actions.SOLO
    title = "Random Encounter: Solo Adventure"
    catalog = CATALOG
    max_length = solo_rules.max_length()
    players_allowed = (1,)
    outcomes_doc = "'win' or 'loss'"

    def new_game(self, seed=0, *, players=None, rulings=None, **options):
        """Options: ``sin`` (Strength in Numbers), ``cards`` (a CardSet)."""
        if players not in (None, 1):
            from rulebook.common.errors import NotationError

            raise NotationError("the Solo Adventure has one player", where="players")
        return new_adventure(seed, rulings=rulings, **options)

    legal_actions = staticmethod(solo_rules.legal_actions)
    candidates = staticmethod(solo_rules.candidates)

    def refusal(self, st, action):
        return solo_rules.refusal(st, self.action(action))

    def perform(self, st, action):
        return solo_rules.perform(st, action)

    def advance(self, st, action):
        return solo_rules.advance(st, action)

    def fork(self, st):
        return solo_rules.Table(freeze(st))

    def freeze(self, st):
        return freeze(st)

    def observation(self, st, player):
        return hidden.observe_solo(st, player)

    def resample(self, st, player, rng):
        return hidden.resample_solo(st, player, rng)

    def is_terminal(self, st):
        return st.outcome != "-"

    def outcome(self, st):
        return None if st.outcome == "-" else st.outcome

    def winners(self, st):
        return (0,) if st.outcome == "win" else ()

    def to_move(self, st):
        return st.to_move

    def num_players(self, st):
        return 1

    def parse_action(self, text):
        return actions.SOLO.parse(text)

    def action(self, action):
        """An Action with typed arguments (a hand-made Action goes through its text)."""
        return actions.SOLO.parse(str(action) if isinstance(action, Action) else action)

    def parse(self, text, **options):
        return self.playable(state.parse_solo(text, options.get("cards")))

    def load_cards(self, path):
        """The file holds the whole box (every card of both modes)."""
        from .cards import load_card_set

        return load_card_set(path)

    position_problems = staticmethod(solo_problems)  # a module function: one call less


GAME = Encounter()
SOLO = EncounterSolo()


def legal_actions(st) -> list[Action]:
    """The rule's legal actions of a position of either game (``st.GAME`` names it), as
    ``rulebook.trogdor.legal_actions`` and ``rulebook.trollland.legal_actions`` give theirs."""
    return (SOLO if st.GAME == SOLO.name else GAME).legal_actions(st)
