"""What must hold in every Random Encounter position (``Game.invariants``; sweeps ask after
every action): the cards in play exactly the round's deck (or the Solo Adventure's box), the Loot
dice in range and placed, and the end of the game with its result."""

from __future__ import annotations

from itertools import chain

from rulebook.common.conservation import cards_conserved

from . import state
from .state import SLOTS


def multi_problems(st) -> list[str]:
    """What is wrong with a multiplayer round ``st``: a state or a working copy, read as it
    stands."""
    out = []
    # the cards of a round: the encounter cards, and the Keys in the Keys game
    pool = st.cards.ids("encounter") + (st.cards.ids("key") if "keys" in st.variants else [])
    zones = [st.deck, st.discard, st.market, *st.won, *st.hands,
             *chain.from_iterable(st.encounters)]  # fmt: skip
    conserved = cards_conserved(zones, frozenset(pool))
    if not conserved:
        out.append("RE-COMP-DECK: the cards in play are not exactly the round's deck")
    if min(st.loot) < 1 or max(st.loot) > state.MAX_LOOT:
        out.append("RE-LOOT-RANGE: a Loot die outside 1..6")
    for p, at in enumerate(st.loot_at):
        if at >= 0 and not st.encounters[p][at]:
            out.append(f"RE-LOOT-PLACE: P{p + 1}'s Loot die is behind an empty encounter")
    if st.phase == "battle" and any(st.hands):
        out.append("RE-BUILD-FIVE: cards left in a hand during battles")
    if conserved:  # a lost card is one problem, not also the hand it left
        out += dealt_problems(st)
    if (st.phase == "over") != bool(st.winners):
        out.append("the game is over exactly when it has winners")
    return out


def dealt_problems(st) -> list[str]:
    """Hands the build can go on from: those who have built hold none in hand (RE-BUILD-FIVE:
    every card goes into an encounter), those still to build have built nothing and hold the
    five cards five encounters need at least; in the market, hands differ by one card at most
    (one pick each in turn). The builder's own hand may be any size (hands of 16 to 30 cards
    are positions the rules play)."""
    if st.phase == "market":
        sizes = [len(h) for h in st.hands]
        if max(sizes) - min(sizes) > 1 or any(map(any, st.encounters)):
            return ["RE-VAR-MARKET: the players pick one card each in turn (hands differ)"]
        return []
    if st.phase != "build":
        return []
    out = []
    now = (st.to_move - st.start) % st.players
    for p in range(st.players):
        order = (p - st.start) % st.players
        if order < now and st.hands[p]:
            out.append(f"RE-BUILD-FIVE: P{p + 1} has built but holds cards in hand")
        if order > now and (any(st.encounters[p]) or st.loot_at[p] >= 0):
            out.append(f"RE-BUILD-FIVE: P{p + 1} builds after P{st.to_move + 1} but has built")
        elif order > now and len(st.hands[p]) < SLOTS:
            out.append(f"RE-BUILD-FIVE: P{p + 1} holds {len(st.hands[p])} cards, fewer than "
                       f"the {SLOTS} encounters to build")  # fmt: skip
    return out


def solo_problems(st) -> list[str]:
    """What is wrong with a Solo Adventure ``st``, a state or a working copy."""
    out = []
    box = frozenset(st.cards.ids("encounter") + st.cards.ids("boss") + st.cards.ids("key"))
    zones = [st.keys, st.boss_deck, st.final, st.removed, *st.spaces, st.hand, st.my_encounter,
             st.discard, st.defeated]  # fmt: skip
    if not cards_conserved(zones, box):
        out.append("RE-COMP-DECK: the cards in play are not exactly the box")
    if len(st.keys) > 4:
        out.append("RE-SOLO-KEYS-IN: more than four Keys")
    not_keys = [c for c in st.keys if c in st.cards and st.cards[c].kind != "key"]
    if not_keys:
        out.append(f"RE-SOLO-KEYS-IN: only the four Key cards are Keys, not {', '.join(not_keys)}")
    if st.phase == "loot" and not st.defeated:
        out.append("RE-SOLO-LOOT: nothing to recruit in the loot step")
    if st.phase != "loot" and st.defeated:
        out.append(f"RE-SOLO-LOOT: defeated creatures wait only in the loot step, not in "
                   f"{st.phase}")  # fmt: skip
    if (st.phase == "over") != (st.outcome != "-"):
        out.append("the adventure is over exactly when it has an outcome")
    return out
