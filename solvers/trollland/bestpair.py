"""Best pair of cards to play: for one player, given the cards the others revealed, which two
cards of the hand earn the most zeal points this turn.

A pair's value is the best case over every legal loading sequence (all players' choices; Trollgat
only when forced): for each vehicle the player makes depart, its medals plus, per people aboard,
the suitcases of the highest card (doubled with that people's 0) -- TL-SCORE-SUITCASES,
TL-SCORE-COMPANION, TL-SCORE-MEDALS -- minus 2 per refugee of the player (TL-SCORE-REFUGEES).
Troll powers and arrow extras are not evaluated (a Troll in the pair adds no loading).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations

from rulebook.trollland.cards import PEOPLES
from rulebook.trollland.state import State

from .problem import from_state
from .search import Model


@dataclass(frozen=True)
class PairValue:
    pair: tuple[str, str]
    value: int

    def __str__(self) -> str:
        return f"{self.pair[0]} + {self.pair[1]}: {self.value:+d}"


def vehicle_points(s: State, vehicle: str, cards: list[str]) -> int:
    """Zeal of one departing vehicle, as fresh piles: medals + per people top suitcases (x2 with
    the 0)."""
    pts = s.cards.vehicles[vehicle].medals if vehicle in s.cards.vehicles else 0
    by: dict[str, list] = {}
    for cid in cards:
        c = s.cards.people.get(cid)
        if c is not None:
            by.setdefault(c.people, []).append(c)
    for group in by.values():
        top = max(group, key=lambda c: c.number)
        pts += top.suitcases * (2 if any(c.number == 0 for c in group) else 1)
    return pts


def pair_value(s: State, player: int, revealed: dict[int, list[str]]) -> int:
    pb = from_state(s, revealed)
    m = Model(pb)
    me = f"P{player + 1}"
    n = len(m.steps)
    medals = [v.medals for v in pb.vehicles]

    def summary(cards) -> tuple:
        """What a cage's cards are worth: (top number, its suitcases, holds the 0)."""
        cs = [s.cards.people[c] for c in cards]
        if not cs:
            return (-1, 0, False)
        top = max(cs, key=lambda c: c.number)
        return (top.number, top.suitcases, any(c.number == 0 for c in cs))

    def add(sm: tuple, cid: str) -> tuple:
        c = s.cards.people[cid]
        top = (c.number, c.suitcases) if c.number > sm[0] else sm[:2]
        return (*top, sm[2] or c.number == 0)

    def worth(sums, vc) -> int:
        return sum(sm[1] * (2 if sm[2] else 1) for sm in (sums[k] for k in vc))

    start = tuple(summary(pb.contents.get(cage, ())) for cage in m.cages)

    @cache
    def best(i: int, occ: tuple, cnt: tuple, sums: tuple, used: int) -> int:
        if i == n:
            return 0
        st = m.steps[i]
        opts = m.options(i, occ, cnt, used)
        if not opts:
            return (-2 if st.card.player == me else 0) + best(i + 1, occ, cnt, sums, used)
        out, seen = None, set()
        for j, c in opts:
            sig = (j, medals[m.veh[c]], sums[c], occ[c], cnt[c], m.cap[c],
                   tuple(sorted((m.cap[k], occ[k], cnt[k], sums[k]) for k in m.siblings[c])))  # fmt: skip
            if sig in seen:  # a mirror image of an option already tried
                continue
            seen.add(sig)
            cid = st.card.id if j is None else pb.dock[j].id
            q = m.q[i] if j is None else m.dock_q[j]
            o2 = occ[:c] + (q,) + occ[c + 1 :]
            c2 = cnt[:c] + (cnt[c] + 1,) + cnt[c + 1 :]
            s2 = sums[:c] + (add(sums[c], cid),) + sums[c + 1 :]
            gain = 0
            vc = (c, *m.siblings[c])
            if st.card.player == me and all(c2[k] >= m.cap[k] for k in vc):
                gain = medals[m.veh[c]] + worth(s2, vc)
            val = gain + best(i + 1, o2, c2, s2, used | (0 if j is None else 1 << j))
            out = val if out is None else max(out, val)
        return out

    return best(0, m.occ0, m.cnt0, start, 0)


def best_pairs(s: State, player: int, others: dict[int, list[str]]) -> list[PairValue]:
    """Every legal pair of ``player``'s hand (the King never with another Troll, TL-CHOOSE-KING)
    with its value, best first (ties in hand order)."""
    hand = sorted(s.hands[player], key=lambda c: (s.cards.people[c].order, c))
    out = []
    for a, b in combinations(hand, 2):
        ca, cb = s.cards.people[a], s.cards.people[b]
        if ca.is_troll and cb.is_troll and 1 in (ca.number, cb.number):
            continue
        revealed = {**others, player: [a, b]}
        out.append(PairValue((a, b), pair_value(s, player, revealed)))
    return sorted(out, key=lambda pv: -pv.value)


__all__ = ["PEOPLES", "PairValue", "best_pairs", "pair_value", "vehicle_points"]
