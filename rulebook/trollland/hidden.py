"""What each player cannot see of a Trollland position (``Game.observation`` and
``Game.resample``)."""

from __future__ import annotations

from dataclasses import replace

from rulebook.common.hidden import deal_again, fresh_seed, hide
from rulebook.common.rng import Rng

from .secret_choice import face_down


def observation(state, player):
    """Face down (seed 002): the People and Vehicle draw piles, the other players' hands,
    and, until the reveal, the two cards each other player chose (TL-CHOOSE-TWO: "places
    them face down"; the kit shows them from the Troll Tales on, see NOTES.md)."""
    others = [q for q in range(state.players) if q != player]
    hands, chosen = list(state.hands), list(state.chosen)
    for q in others:
        hands[q] = hide(hands[q])
        if state.phase == "choose":
            chosen[q] = hide(chosen[q])
    masked = replace(
        state,
        draw=hide(state.draw),
        vehicle_pile=hide(state.vehicle_pile),
        hands=tuple(hands),
        chosen=tuple(chosen),
        rng=Rng(0),
    )
    return str(masked)


def resample(state, player, rng):
    """The draw pile and the other players' hidden cards pooled and dealt back (sizes kept;
    a chosen pair in the People order, as the rules lay it out); the Vehicle pile shuffled;
    the RNG re-seeded."""
    others = [q for q in range(state.players) if q != player]
    secret = state.phase == "choose"
    places = [state.hands[q] for q in others]
    places += [state.chosen[q] for q in others] if secret else []
    dealt = deal_again([*places, state.draw], rng)
    hands, chosen = list(state.hands), list(state.chosen)
    for i, q in enumerate(others):
        hands[q] = dealt[i]
        if secret:
            chosen[q] = tuple(face_down(state.cards, dealt[len(others) + i]))
    (vehicle_pile,) = deal_again([state.vehicle_pile], rng)
    return replace(
        state,
        hands=tuple(hands),
        chosen=tuple(chosen),
        draw=dealt[-1],
        vehicle_pile=vehicle_pile,
        rng=Rng(fresh_seed(rng)),
    )
