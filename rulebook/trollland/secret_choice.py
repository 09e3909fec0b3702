"""Secret Choice (seed 002, Turn Structure): "Each player selects 2 cards from their hand and
places them face down in front of them. Important: the King of the Trolls (1) cannot be selected
together with another Troll!"
"""

from __future__ import annotations

from itertools import combinations

from rulebook.common.actions import Action
from rulebook.common.errors import RuleError
from rulebook.common.game import fired

from .catalog import refuse


def king_pair_allowed(s, a: str, b: str) -> bool:
    """TL-CHOOSE-KING: the King of the Trolls (1) is not chosen together with another Troll."""
    ca, cb = s.cards.people[a], s.cards.people[b]
    return not (ca.is_troll and cb.is_troll and 1 in (ca.number, cb.number))


def check_choose(s, a: Action) -> RuleError | None:
    """TL-CHOOSE-TWO: two different cards of the player's own hand; TL-CHOOSE-KING."""
    p = s.to_move
    x, y = a.args
    for cid in (x, y):
        if cid not in s.hands[p]:
            return refuse("TL-CHOOSE-TWO", f"{cid} is not in player {p + 1}'s hand")
    if x == y:
        return refuse("TL-CHOOSE-TWO", "choose two different cards")
    if not king_pair_allowed(s, x, y):
        return refuse(
            "TL-CHOOSE-KING", "the King of the Trolls cannot be chosen with another Troll"
        )
    return None


def choices(s) -> list[Action]:
    """The legal ``choose`` actions: every pair of the hand but the King with another Troll."""
    pairs = combinations(sorted(s.hands[s.to_move]), 2)
    return [s.cards.pairs[pair] for pair in pairs if king_pair_allowed(s, *pair)]


def face_down(cards, pair) -> list[str]:
    """A chosen pair as it lies in front of its player: in the banishment order (Trolls first,
    by number; two equal Trolls by id)."""
    return sorted(pair, key=lambda c: (cards.people[c].order, c))


def choose(d, p: int, a: Action) -> None:
    fired("TL-CHOOSE-TWO")
    for cid in a.args:
        d.hands[p].remove(cid)
    d.chosen[p] = face_down(d.cards, a.args)
