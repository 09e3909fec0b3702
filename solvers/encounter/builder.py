"""The encounter builder: split your hand into ``n`` encounters to beat as many of an opponent's
known encounters as possible, each of yours fighting at most one of theirs.

Two methods answer the same question:

* ``build_matching`` -- exact by enumeration + matching. A bipartite matching (networkx
  Hopcroft-Karp) is exact only for a *fixed* partition of the hand: it pairs given encounters with
  opposing ones. So it enumerates every partition of the hand into ``n`` non-empty legal
  encounters (S(9,5) = 6951 for a normal hand) and matches each; results are cached by the
  partition's beat pattern, which repeats a lot.
* ``build_z3`` -- one pseudo-Boolean optimisation: Bool x[card][slot], slot j fights opposing
  encounter j (no loss of generality when n >= m: relabel the blocks), PbEq/PbGe constraints for
  the partition and the composition rules, star effects as Boolean formulas, level comparisons as
  weighted PbGe/PbLe. It raises the win count until unsat, each check under a timeout.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import networkx as nx
import z3

from rulebook.common.errors import TrogkitInputError
from rulebook.encounter.battle import (
    DEFAULT_RULES,
    BattleRules,
    composition_problem,
    fast_winner,
    summarise,
)
from rulebook.encounter.cards import CardSet


@dataclass
class BuildPlan:
    wins: int
    encounters: list[list[str]]  # your encounters; encounters[i] fights pairs[i] (or nobody)
    pairs: list[int | None]  # index of the opposing encounter each of yours fights
    method: str
    optimal: bool = True  # False when a z3 check timed out
    stats: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {
            "wins": self.wins,
            "encounters": [sorted(e) for e in self.encounters],
            "pairs": self.pairs,
            "method": self.method,
            "optimal": self.optimal,
        }


def _check(hand: list[str], opponent: list[list[str]], n: int, cards: CardSet) -> None:
    if len(set(hand)) != len(hand):
        raise TrogkitInputError("a card appears twice in the hand")
    for c in hand + [c for e in opponent for c in e]:
        if c not in cards:
            raise TrogkitInputError(f"unknown card id {c!r}")
    if not 1 <= n <= len(hand):
        raise TrogkitInputError(f"cannot split {len(hand)} cards into {n} non-empty encounters")
    if not opponent or len(opponent) > n:
        raise TrogkitInputError(f"give 1..{n} opposing encounters, not {len(opponent)}")
    for i, e in enumerate(opponent):
        if not e:
            raise TrogkitInputError(f"opposing encounter {i + 1} is empty")
        prob = composition_problem(e, cards)
        if prob:
            raise TrogkitInputError(f"opposing encounter {i + 1} is illegal ({prob[0]}: {prob[1]})")
    used = set(hand)
    for e in opponent:
        if used & set(e):
            raise TrogkitInputError(f"card(s) on both sides: {', '.join(sorted(used & set(e)))}")
        used |= set(e)


def set_partitions(n_items: int, blocks: int):
    """Every partition of range(n_items) into exactly ``blocks`` non-empty blocks, as bitmasks."""

    def rec(i: int, parts: list[int]):
        left = n_items - i
        if len(parts) + left < blocks:
            return
        if i == n_items:
            if len(parts) == blocks:
                yield tuple(parts)
            return
        bit = 1 << i
        for j in range(len(parts)):
            parts[j] |= bit
            yield from rec(i + 1, parts)
            parts[j] &= ~bit
        if len(parts) < blocks:
            parts.append(bit)
            yield from rec(i + 1, parts)
            parts.pop()

    yield from rec(0, [])


def _max_matching(beat_masks: tuple[int, ...], m: int) -> dict[int, int]:
    g = nx.Graph()
    left = [("mine", i) for i in range(len(beat_masks))]
    g.add_nodes_from(left)
    g.add_nodes_from(("theirs", t) for t in range(m))
    for i, mask in enumerate(beat_masks):
        for t in range(m):
            if mask >> t & 1:
                g.add_edge(("mine", i), ("theirs", t))
    match = nx.bipartite.hopcroft_karp_matching(g, top_nodes=left)
    return {i: match[("mine", i)][1] for i in range(len(beat_masks)) if ("mine", i) in match}


def build_matching(
    hand: list[str],
    opponent: list[list[str]],
    cards: CardSet,
    rules: BattleRules = DEFAULT_RULES,
    n: int = 5,
) -> BuildPlan:
    """Exact: enumerate partitions, max bipartite matching per partition (see module doc)."""
    _check(hand, opponent, n, cards)
    m = len(opponent)
    theirs = [summarise(e, cards, rules) for e in opponent]
    beat: dict[int, int] = {}
    legal: dict[int, bool] = {}
    for mask in range(1, 1 << len(hand)):
        ids = [hand[i] for i in range(len(hand)) if mask >> i & 1]
        legal[mask] = composition_problem(ids, cards) is None
        if legal[mask]:
            me = summarise(ids, cards, rules)
            beat[mask] = sum(1 << t for t in range(m) if fast_winner(me, theirs[t], rules) == 1)
    cache: dict[tuple[int, ...], dict[int, int]] = {}
    best: tuple[int, tuple[int, ...], dict[int, int]] | None = None
    partitions = 0
    bound = min(m, n)
    for parts in set_partitions(len(hand), n):
        if not all(legal[p] for p in parts):
            continue
        partitions += 1
        pattern = tuple(beat[p] for p in parts)
        key = tuple(sorted(pattern))
        if key not in cache:
            cache[key] = _max_matching(key, m)
        size = len(cache[key])
        if best is None or size > best[0]:
            # re-derive the matching in this partition's own block order
            best = (size, parts, _max_matching(pattern, m))
            if size == bound:
                break
    if best is None:
        raise TrogkitInputError("no legal way to build these cards into encounters")
    size, parts, match = best
    encs = [[hand[i] for i in range(len(hand)) if p >> i & 1] for p in parts]
    pairs = [match.get(i) for i in range(n)]
    return BuildPlan(
        size, encs, pairs, "matching", True,
        {"partitions": partitions, "matchings": len(cache)},
    )  # fmt: skip


# ------------------------------------------------------------------------------------------- z3
def _status_terms(a_win, a_lose, b_win, b_lose):
    """(A's status > B's, A's status == B's) as z3 formulas; status = (win and not facing lose) -
    lose, exactly as in rulebook.encounter.battle."""
    gt, eq = [], []
    wa = z3.And(a_win, z3.Not(b_lose))
    wb = z3.And(b_win, z3.Not(a_lose))
    for v in itertools.product((0, 1), repeat=4):
        sa, sb = v[0] - v[1], v[2] - v[3]
        lits = [x if bit else z3.Not(x) for x, bit in zip((wa, a_lose, wb, b_lose), v, strict=True)]
        if sa > sb:
            gt.append(z3.And(lits))
        elif sa == sb:
            eq.append(z3.And(lits))
    return z3.Or(gt), z3.Or(eq)


def _const(b: bool):
    return z3.BoolVal(bool(b))


def build_z3(
    hand: list[str],
    opponent: list[list[str]],
    cards: CardSet,
    rules: BattleRules = DEFAULT_RULES,
    n: int = 5,
    timeout_ms: int = 10_000,
) -> BuildPlan:
    """Pseudo-Boolean optimisation (see module doc)."""
    _check(hand, opponent, n, cards)
    m = len(opponent)
    theirs = [summarise(e, cards, rules) for e in opponent]
    lv = [cards.level(c) for c in hand]
    eff = [cards.effect(c, rules.star) for c in hand]
    star = [cards[c].star for c in hand]
    nc = len(hand)
    x = [[z3.Bool(f"x_{c}_{j}") for j in range(n)] for c in range(nc)]
    s = z3.SolverFor("QF_FD")
    s.set("timeout", timeout_ms)
    for c in range(nc):
        s.add(z3.PbEq([(x[c][j], 1) for j in range(n)], 1))
    min_dbl = 2 if rules.sin_single == "two-or-more" else 1
    wins = []
    for j in range(n):
        col = [x[c][j] for c in range(nc)]
        s.add(z3.Or(col))
        has = {
            e: z3.Or([x[c][j] for c in range(nc) if eff[c] == e] or [z3.BoolVal(False)])
            for e in ("swap", "autowin", "autolose")
        }
        reds = [x[c][j] for c in range(nc) if star[c] == "red"]
        blues = [x[c][j] for c in range(nc) if star[c] == "blue"]
        if reds and blues:
            s.add(z3.Not(z3.And(z3.Or(reds), z3.Or(blues))))  # RE-COMPOSE-RED-BLUE
        for c in range(nc):
            if star[c] == "green":  # RE-COMPOSE-GREEN
                s.add(z3.Implies(x[c][j], z3.PbGe([(v, 1) for v in col], 2)))
        if j >= m:
            continue
        if rules.sin:
            same = [
                z3.And([z3.Not(x[c][j]) for c in range(nc) if lv[c] != L] or [z3.BoolVal(True)])
                for L in sorted(set(lv))
            ]
            dbl = z3.And(z3.PbGe([(v, 1) for v in col], min_dbl), z3.Or(same))
        else:
            dbl = z3.BoolVal(False)

        def mine_gt(k, col=col, dbl=dbl):
            plain = z3.PbGe([(col[c], lv[c]) for c in range(nc)], k + 1)
            double = z3.PbGe([(col[c], 2 * lv[c]) for c in range(nc)], k + 1)
            return z3.If(dbl, double, plain)

        def mine_lt(k, col=col, dbl=dbl):
            if k <= 0:
                return z3.BoolVal(False)
            plain = z3.PbLe([(col[c], lv[c]) for c in range(nc)], k - 1)
            double = z3.PbLe([(col[c], 2 * lv[c]) for c in range(nc)], k - 1)
            return z3.If(dbl, double, plain)

        o = theirs[j]
        olevel = o.level(rules)
        if rules.green_both == "cancel":
            swap = z3.Xor(has["swap"], _const(o.swap))
        else:
            swap = z3.Or(has["swap"], _const(o.swap))
        # no swap: A = my cards, B = theirs
        gt, eq = _status_terms(has["autowin"], has["autolose"], _const(o.win), _const(o.lose))
        beats_plain = z3.Or(gt, z3.And(eq, mine_gt(olevel)))
        # swap: I fight with their cards (A) against my own (B)
        gt2, eq2 = _status_terms(_const(o.win), _const(o.lose), has["autowin"], has["autolose"])
        beats_swapped = z3.Or(gt2, z3.And(eq2, mine_lt(olevel)))
        w = z3.Bool(f"win_{j}")
        s.add(z3.Implies(w, z3.If(swap, beats_swapped, beats_plain)))
        wins.append(w)
    best_model, best, optimal, checks = None, -1, True, 0
    while True:
        checks += 1
        r = s.check()
        if r == z3.sat:
            model = s.model()
            count = sum(1 for w in wins if z3.is_true(model.eval(w, model_completion=True)))
            best_model, best = model, count
            if best == m:
                break
            s.add(z3.PbGe([(w, 1) for w in wins], best + 1))
        elif r == z3.unsat:
            break
        else:
            optimal = False
            break
    if best_model is None:
        if optimal:
            raise TrogkitInputError("no legal way to build these cards into encounters")
        raise TrogkitInputError(f"z3 found no build within {timeout_ms} ms")
    encs = [
        [hand[c] for c in range(nc) if z3.is_true(best_model.eval(x[c][j], model_completion=True))]
        for j in range(n)
    ]
    # the model's win flags are lower bounds; report the true outcome of its pairing
    pairs: list[int | None] = [j if j < m else None for j in range(n)]
    true_wins = sum(
        1 for j in range(m) if fast_winner(summarise(encs[j], cards, rules), theirs[j], rules) == 1
    )
    return BuildPlan(true_wins, encs, pairs, "z3", optimal, {"checks": checks})
