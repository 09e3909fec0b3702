"""Hand-made positions for teaching and tests (like a puzzle setup): name the encounters, the
engine fills in the rest (every unused card waits in the deck)."""

from __future__ import annotations

from rulebook.common.rng import Rng

from .cards import CardSet, default_cards
from .common import rulings_from
from .multi import SLOTS, MultiState
from .solo import SPACES, SoloState


def battle_position(
    slots, *, loot=None, lootat=None, turn=0, variants=(), rulings=None, wins=None,
    cards: CardSet | None = None,
) -> MultiState:  # fmt: skip
    """A multiplayer position in the battle phase. ``slots``: per player a list of encounters
    (lists of card ids), padded to five; ``lootat``: 0-based encounter index or -1 per player."""
    cards = cards or default_cards()
    n = len(slots)
    slots = [[list(e) for e in p] + [[] for _ in range(SLOTS - len(p))] for p in slots]
    used = {c for p in slots for e in p for c in e}
    return MultiState(
        players=n, round=1, phase="battle", start=0, turn=turn,
        deck=[c for c in cards.ids("encounter") if c not in used], discard=[], market=[],
        hands=[[] for _ in range(n)], slots=slots,
        loot_at=list(lootat) if lootat else [-1] * n, loot=list(loot) if loot else [1] * n,
        won=[[] for _ in range(n)], wins=list(wins) if wins else [0] * n,
        variants=tuple(sorted(variants)), rulings=rulings_from(rulings), rng=Rng(7), cards=cards,
    )  # fmt: skip


def build_position(hands, *, variants=(), rulings=None, cards: CardSet | None = None) -> MultiState:
    """A multiplayer position at the start of the build phase with the given hands."""
    st = battle_position([[] for _ in hands], variants=variants, rulings=rulings, cards=cards)
    st.phase = "build"
    st.hands = [list(h) for h in hands]
    used = {c for h in hands for c in h}
    st.deck = [c for c in st.deck if c not in used]
    return st


def solo_position(
    spaces, *, hand=(), mine=(), up=None, keys=(), pos=0, phase="ride",
    boss=("W1", "W2", "W3"), final=("W4", "Y1a"), rulings=None, sin=False,
    cards: CardSet | None = None,
) -> SoloState:  # fmt: skip
    """A Solo Adventure position: ``spaces`` lists the enemy encounters along the path (padded
    to twelve with cleared spaces); ``up`` the face-up flags (default: all face down)."""
    spaces = [list(s) for s in spaces] + [[] for _ in range(SPACES - len(spaces))]
    return SoloState(
        phase=phase, pos=pos, hand=list(hand), mine=list(mine), spaces=spaces,
        up=list(up) if up is not None else [False] * SPACES, keys=list(keys),
        boss_deck=list(boss), final=list(final), discard=[], removed=[], defeated=[],
        rulings=rulings_from(rulings), rng=Rng(3), cards=cards or default_cards(), sin=sin,
    )  # fmt: skip
