"""What must hold in every Random Encounter position (``Game.invariants``; sweeps ask after
every action): the cards in play exactly the round's deck (or the Solo Adventure's box), the Loot
dice in range and placed, and the end of the game with its result."""

from __future__ import annotations

from itertools import chain

from rulebook.common.conservation import cards_conserved

from . import state


def multi_problems(st) -> list[str]:
    """What is wrong with a multiplayer round ``st``: a state or a working copy, read as it
    stands."""
    out = []
    if not cards_conserved(multi_zones(st), round_pool(st.cards, "keys" in st.variants)):
        out.append("RE-COMP-DECK: the cards in play are not exactly the round's deck")
    if min(st.loot) < 1 or max(st.loot) > state.MAX_LOOT:
        out.append("RE-LOOT-RANGE: a Loot die outside 1..6")
    for p, at in enumerate(st.loot_at):
        if at >= 0 and not st.encounters[p][at]:
            out.append(f"RE-LOOT-PLACE: P{p + 1}'s Loot die is behind an empty encounter")
    if st.phase == "battle" and any(st.hands):
        out.append("RE-BUILD-FIVE: cards left in a hand during battles")
    if (st.phase == "over") != bool(st.winners):
        out.append("the game is over exactly when it has winners")
    return out


def solo_problems(st) -> list[str]:
    """What is wrong with a Solo Adventure ``st``, a state or a working copy."""
    out = []
    if not cards_conserved(solo_zones(st), box_pool(st.cards)):
        out.append("RE-COMP-DECK: the cards in play are not exactly the box")
    if len(st.keys) > 4:
        out.append("RE-SOLO-KEYS-IN: more than four Keys")
    if st.phase == "loot" and not st.defeated:
        out.append("RE-SOLO-LOOT: nothing to recruit in the loot step")
    if (st.phase == "over") != (st.outcome != "-"):
        out.append("the adventure is over exactly when it has an outcome")
    return out


def round_pool(cards, keys: bool) -> frozenset[str]:
    """The cards of a multiplayer round: the encounter cards, and the Keys in the Keys game."""
    return frozenset(cards.ids("encounter") + (cards.ids("key") if keys else []))


def box_pool(cards) -> frozenset[str]:
    """The cards of a Solo Adventure: the whole box."""
    return frozenset(cards.ids("encounter") + cards.ids("boss") + cards.ids("key"))


def multi_zones(st) -> list:
    """Every place a card of a multiplayer round can be, a state's or a working copy's."""
    return [st.deck, st.discard, st.market, *st.won, *st.hands, *chain.from_iterable(st.encounters)]


def solo_zones(st) -> list:
    """Every place a card of a Solo Adventure can be."""
    return [st.keys, st.boss_deck, st.final, st.removed, *st.spaces, st.hand, st.my_encounter,
            st.discard, st.defeated]  # fmt: skip
