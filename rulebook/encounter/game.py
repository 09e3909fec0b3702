"""Random Encounter as two ``Game`` objects of the common protocol (rulebook/API.md):
``encounter`` (2-5 players, rules.py) and ``encounter-solo`` (Solo Adventure, solo.py)."""

from __future__ import annotations

from rulebook.common.actions import Action
from rulebook.common.errors import NotationError
from rulebook.common.game import Game
from rulebook.common.working import freeze

from . import actions, hidden, rules, solo, state
from .cards import load_card_set
from .catalog import CATALOG
from .invariants import multi_problems, solo_problems
from .setup import new_game as new_multi


class _RandomEncounter(Game):
    """What both modes share: the catalog, the card file, typed actions, the working copy."""

    catalog = CATALOG
    RULES = rules  # the module of the mode's rules
    TABLE = state.MultiTable

    def legal_actions(self, st):
        return self.RULES.legal_actions(st)

    def candidates(self, st):
        return self.RULES.candidates(st)

    def refusal(self, st, action):
        """The RuleError of the rules' ``why_not`` (an unknown verb is the grammar's
        NotationError: the action is read through its text)."""
        return self.RULES.why_not(st, self.action(action))

    def perform(self, st, action):
        return self.RULES.advance(self.TABLE(st), action).freeze()

    def advance(self, st, action):
        return self.RULES.advance(st, action)

    def fork(self, st):
        return self.TABLE(freeze(st))

    def freeze(self, st):
        return freeze(st)

    def action(self, action):
        """An Action with typed arguments: a hand-made Action goes through its text, so rule
        code can rely on the argument types."""
        return self.grammar.parse(str(action) if isinstance(action, Action) else action)

    def load_cards(self, path):
        """The file holds the whole box (every card of both modes)."""
        return load_card_set(path)


class Encounter(_RandomEncounter):
    name = "encounter"
    grammar = actions.MULTI
    title = "Random Encounter: Plains of the Troll King"
    max_length = rules.max_length()
    players_allowed = (2, 3, 4, 5)
    outcomes_doc = "the winners as text, 'P1' or 'P1+P3'"
    position_problems = staticmethod(multi_problems)
    observation = staticmethod(hidden.observe_multi)
    resample = staticmethod(hidden.resample_multi)

    def new_game(self, seed=0, *, players=None, rulings=None, **options):
        """Options: ``variants`` (subset of keys, market, sin), ``first`` (0-based first player,
        RE-SETUP-FIRST), ``cards`` (a CardSet)."""
        return new_multi(2 if players is None else players, seed, rulings=rulings, **options)

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

    def parse(self, text, **options):
        return self.playable(state.parse_multi(text, options.get("cards")))


class EncounterSolo(_RandomEncounter):
    name = "encounter-solo"
    grammar = actions.SOLO
    title = "Random Encounter: Solo Adventure"
    RULES = solo
    TABLE = state.SoloTable
    max_length = solo.max_length()
    players_allowed = (1,)
    outcomes_doc = "'win' or 'loss'"
    position_problems = staticmethod(solo_problems)
    observation = staticmethod(hidden.observe_solo)
    resample = staticmethod(hidden.resample_solo)

    def new_game(self, seed=0, *, players=None, rulings=None, **options):
        """Options: ``sin`` (Strength in Numbers), ``cards`` (a CardSet)."""
        if players not in (None, 1):
            raise NotationError("the Solo Adventure has one player", where="players")
        return solo.new_adventure(seed, rulings=rulings, **options)

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

    def parse(self, text, **options):
        return self.playable(state.parse_solo(text, options.get("cards")))


GAME = Encounter()
SOLO = EncounterSolo()


def legal_actions(st) -> list[Action]:
    """The rule's legal actions of a position of either game (``st.GAME`` names it), as
    ``rulebook.trogdor.legal_actions`` and ``rulebook.trollland.legal_actions`` give theirs."""
    return (SOLO if st.GAME == SOLO.name else GAME).legal_actions(st)
