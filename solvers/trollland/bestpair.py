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

    def children(i, occ, cnt, sums, used):
        """(gain for the player, next state) per distinct legal option; None = Trollgat."""
        st = m.steps[i]
        opts = m.options(i, occ, cnt, used)
        if not opts:
            return None
        out, seen = [], set()
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
            out.append((gain, (o2, c2, s2, used | (0 if j is None else 1 << j))))
        return out

    # the player's last step: after it nothing can change the player's gain
    mine = [i for i, st in enumerate(m.steps) if st.card.player == me]
    last_mine = mine[-1] if mine else -1
    # the most suitcases any card from step i on (or the dock) could bring, doubled
    top_suit = [0] * (n + 1)
    dock_suit = max((d.suitcases for d in pb.dock), default=0)
    for i in range(n - 1, -1, -1):
        top_suit[i] = max(top_suit[i + 1], m.steps[i].card.suitcases, dock_suit)

    def upper(i, cnt, sums) -> int:
        """An optimistic bound on the player's gain from step i on: every vehicle that the
        remaining steps could still fill, with the best suitcases doubled."""
        left = n - i
        out = 0
        for vc in m.by_vehicle:
            free = sum(m.cap[k] - cnt[k] for k in vc)
            if 0 < free <= left:
                out += medals[m.veh[vc[0]]]
                out += sum(2 * max(sums[k][1], top_suit[i]) for k in vc)
        return out

    memo: dict = {}

    def best(i, occ, cnt, sums, used, alpha) -> int:
        """The player's best gain from step i; a result <= alpha may be only an upper bound
        (branch and bound), a result > alpha is exact."""
        if i > last_mine:
            return 0
        key = (i, occ, cnt, sums, used)
        hit = memo.get(key)
        if hit is not None and (hit[1] or hit[0] <= alpha):
            return hit[0]
        bound = upper(i, cnt, sums)
        if bound <= alpha:
            memo[key] = (bound, False)
            return bound
        kids = children(i, occ, cnt, sums, used)
        if kids is None:
            loss = -2 if m.steps[i].card.player == me else 0
            val = loss + best(i + 1, occ, cnt, sums, used, alpha - loss)
        else:
            val = None
            for gain, nxt in sorted(kids, key=lambda k: -k[0]):
                floor = alpha if val is None else max(alpha, val)
                v = gain + best(i + 1, *nxt, floor - gain)
                val = v if val is None else max(val, v)
        memo[key] = (val, val > alpha)
        return val

    return best(0, m.occ0, m.cnt0, start, 0, -(10**9))


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
