"""Battle outcome for two known encounters, and the chance of beating an unknown one.

The unknown encounter is ``k`` cards drawn from the cards still unseen, *conditioned on being a legal
encounter* (an opponent cannot build Red with Blue, or a lone Green). Cards that resolve identically
(same level, effect and star) are grouped, so exact enumeration counts multisets with binomial
weights instead of listing every combination; sampling is the fallback when even that is too big.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from rulebook.common.errors import TrogkitInputError
from rulebook.common.rng import Rng
from rulebook.encounter.battle import (
    DEFAULT_RULES,
    BattleRules,
    Summary,
    check_battle,
    check_encounters,
    fast_winner,
    resolve,
    summarise,
)
from rulebook.encounter.cards import CardSet


def battle_outcome(a: list[str], b: list[str], cards: CardSet, rules: BattleRules = DEFAULT_RULES):
    """The full resolution (steps in rulebook order) of encounter ``a`` against ``b``. RuleError
    for encounters no one can build (RE-COMPOSE-*, a card twice: ``check_battle``)."""
    check_battle(a, b, cards)
    return resolve(a, b, cards, rules)


@dataclass
class Odds:
    win: Fraction
    tie: Fraction
    lose: Fraction
    method: str  # "exact" or "sampled"
    cases: int  # legal opposing encounters counted (exact) or samples drawn

    @classmethod
    def from_tally(cls, tally: dict[int, int], method: str, cases: int) -> Odds:
        """Odds from counts of wins (1), ties (0) and losses (-1) out of ``cases``."""
        return cls(
            Fraction(tally[1], cases),
            Fraction(tally[0], cases),
            Fraction(tally[-1], cases),
            method,
            cases,
        )

    def as_dict(self) -> dict:
        return {
            "win": float(self.win),
            "tie": float(self.tie),
            "lose": float(self.lose),
            "win_exact": str(self.win) if self.method == "exact" else None,
            "method": self.method,
            "cases": self.cases,
        }


def _legal_stars(stars: list[str]) -> bool:
    if "red" in stars and "blue" in stars:
        return False
    return not (len(stars) == 1 and stars[0] == "green")


def win_probability(
    mine: list[str],
    k: int,
    pool: list[str],
    cards: CardSet,
    rules: BattleRules = DEFAULT_RULES,
    *,
    exact_limit: int = 2_000_000,
    samples: int = 20_000,
    seed: int = 0,
) -> Odds:
    """P(win/tie/lose) of ``mine`` against a legal encounter of ``k`` cards from ``pool``.
    RuleError when ``mine`` is not a legal encounter or a card is given twice (in ``mine``, in
    ``pool`` or in both): ``check_encounters``."""
    check_encounters((("your encounter", mine),), cards, pool)
    if not 1 <= k <= len(pool):
        raise TrogkitInputError(f"k must be 1..{len(pool)} (cards in the pool), not {k}")
    me = summarise(mine, cards, rules)
    groups: dict[tuple, list[str]] = {}
    for c in pool:
        card = cards[c]
        groups.setdefault((card.level, cards.effect(c, rules.star), card.star), []).append(c)
    keys = sorted(groups)
    if _multisets(keys, groups, k) <= exact_limit:
        return _exact(me, k, keys, groups, cards, rules)
    return _sampled(me, k, pool, cards, rules, samples, seed)


def _multisets(keys, groups, k) -> int:
    # number of (t_1..t_g) with sum k, t_i <= n_i  (a cheap DP bound on the work)
    ways = [1] + [0] * k
    for key in keys:
        n = len(groups[key])
        new = [0] * (k + 1)
        for s, w in enumerate(ways):
            if w:
                for t in range(0, min(n, k - s) + 1):
                    new[s + t] += w
        ways = new
    return ways[k]


def _exact(me: Summary, k, keys, groups, cards, rules) -> Odds:
    tally = {1: 0, 0: 0, -1: 0}

    def rec(i: int, left: int, picked: list[tuple[tuple, int]], weight: int):
        if left == 0:
            stars = [key[2] for key, t in picked for _ in range(t)]
            if not _legal_stars(stars):
                return
            ids = [c for key, t in picked for c in groups[key][:t]]
            them = summarise(ids, cards, rules)
            tally[fast_winner(me, them, rules)] += weight
            return
        if i == len(keys):
            return
        n = len(groups[keys[i]])
        for t in range(min(n, left), -1, -1):
            rec(i + 1, left - t, picked + ([(keys[i], t)] if t else []), weight * comb(n, t))

    rec(0, k, [], 1)
    total = sum(tally.values())
    if total == 0:
        raise TrogkitInputError(f"no legal encounter of {k} cards can be drawn from that pool")
    return Odds.from_tally(tally, "exact", total)


def _sampled(me, k, pool, cards, rules, samples, seed) -> Odds:
    rng = Rng(seed)
    tally = {1: 0, 0: 0, -1: 0}
    drawn = 0
    for _ in range(samples * 5):
        deal, rng = rng.shuffled(pool)
        ids = list(deal[:k])
        if not _legal_stars([cards[c].star for c in ids]):
            continue
        tally[fast_winner(me, summarise(ids, cards, rules), rules)] += 1
        drawn += 1
        if drawn == samples:
            break
    if drawn == 0:
        raise TrogkitInputError(f"no legal encounter of {k} cards was drawn from that pool")
    return Odds.from_tally(tally, "sampled", drawn)


def win_probability_bruteforce(mine, k, pool, cards, rules=DEFAULT_RULES) -> Odds:
    """Every combination listed one by one (the reference the grouped count is tested against)."""
    check_encounters((("your encounter", mine),), cards, pool)
    me = summarise(mine, cards, rules)
    tally = {1: 0, 0: 0, -1: 0}
    for ids in itertools.combinations(pool, k):
        if _legal_stars([cards[c].star for c in ids]):
            tally[fast_winner(me, summarise(list(ids), cards, rules), rules)] += 1
    total = sum(tally.values())
    return Odds.from_tally(tally, "exact", total)
