"""Small position builders for the Random Encounter tests."""

from __future__ import annotations

from rulebook.common.rng import Rng
from rulebook.encounter import MultiState, SoloState, default_cards, rulings_from

CARDS = default_cards()


def battle_position(slots, *, loot=None, lootat=None, turn=0, variants=(), rulings=None, wins=None):
    """A multiplayer position in the battle phase with the given encounters (list per player of
    lists of card lists, padded to five slots); every other card waits in the deck."""
    n = len(slots)
    slots = [[list(e) for e in p] + [[] for _ in range(5 - len(p))] for p in slots]
    used = {c for p in slots for e in p for c in e}
    return MultiState(
        players=n, round=1, phase="battle", start=0, turn=turn,
        deck=[c for c in CARDS.ids("encounter") if c not in used], discard=[], market=[],
        hands=[[] for _ in range(n)], slots=slots,
        loot_at=list(lootat) if lootat else [-1] * n, loot=list(loot) if loot else [1] * n,
        won=[[] for _ in range(n)], wins=list(wins) if wins else [0] * n,
        variants=tuple(variants), rulings=rulings_from(rulings), rng=Rng(7), cards=CARDS,
    )  # fmt: skip


def solo_position(spaces, *, hand=(), mine=(), up=None, keys=(), pos=0, phase="ride",
                  boss=("W1", "W2", "W3"), final=("W4", "Y1a"), rulings=None, sin=False):  # fmt: skip
    spaces = [list(s) for s in spaces] + [[] for _ in range(12 - len(spaces))]
    return SoloState(
        phase=phase, pos=pos, hand=list(hand), mine=list(mine), spaces=spaces,
        up=list(up) if up is not None else [False] * 12, keys=list(keys), boss_deck=list(boss),
        final=list(final), discard=[], removed=[], defeated=[], rulings=rulings_from(rulings),
        rng=Rng(3), cards=CARDS, sin=sin,
    )  # fmt: skip
