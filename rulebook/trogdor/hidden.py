"""What each player cannot see of a Trogdor!! position (``Game.observation`` and
``Game.resample``; T-SETUP-DECKS: both decks are shuffled face down)."""

from __future__ import annotations

from rulebook.common.hidden import deal_again, fresh_seed, hide
from rulebook.common.rng import Rng

from .state import Deck


def observation(state, player):
    """The game is co-operative and the hands lie open on the table, so every player sees
    the same: everything but the order of the two draw piles and the RNG."""
    act, mov = state.action_deck, state.movement_deck
    return str(
        state.replace(
            action_deck=Deck(hide(act.draw), act.discard),
            movement_deck=Deck(hide(mov.draw), mov.discard),
            rng=Rng(0),
        )
    )


def resample(state, player, rng):
    """Both draw piles shuffled again (the discards and the set-aside Troghammer cards are
    face up) and the RNG re-seeded."""
    act, mov = state.action_deck, state.movement_deck
    (act_draw,) = deal_again([act.draw], rng)
    (mov_draw,) = deal_again([mov.draw], rng)
    return state.replace(
        action_deck=Deck(act_draw, act.discard),
        movement_deck=Deck(mov_draw, mov.discard),
        rng=Rng(fresh_seed(rng)),
    )
