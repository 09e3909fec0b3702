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
    ability,
    resolution,
    resolve,
    summarise,
)
from rulebook.encounter.building import require_buildable_battle, require_buildable_encounters
from rulebook.encounter.cards import CardSet
from solvers.limits import Budget, LimitReached

DEFAULT_SECONDS = 10.0  # the whole answer: exact count, then sampling


def battle_outcome(a: list[str], b: list[str], cards: CardSet, rules: BattleRules = DEFAULT_RULES):
    """The full resolution (steps in rulebook order) of encounter ``a`` against ``b``. RuleError
    for encounters no one can build (RE-COMPOSE-*, a card twice: ``require_buildable_battle``)."""
    require_buildable_battle(a, b, cards)
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
    seconds: float | None = DEFAULT_SECONDS,
) -> Odds:
    """P(win/tie/lose) of ``mine`` against a legal encounter of ``k`` cards from ``pool``.
    RuleError when ``mine`` is not a legal encounter or a card is given twice (in ``mine``, in
    ``pool`` or in both): ``require_buildable_encounters``. Within ``seconds``: the exact count gets half of
    them (then sampling takes over); LimitReached, with the odds sampled so far as ``best``,
    when the sampling runs out of time too."""
    require_buildable_encounters((("your encounter", mine),), cards, pool)
    if not 1 <= k <= len(pool):
        raise TrogkitInputError(f"k must be 1..{len(pool)} (cards in the pool), not {k}")
    me = summarise(mine, cards, rules)
    groups: dict[tuple, list[str]] = {}
    for c in pool:
        card = cards[c]
        groups.setdefault((card.level, ability(c, cards, rules), card.star), []).append(c)
    keys = sorted(groups)
    sides = _star_sides(keys)
    budget = Budget(seconds=seconds)
    if sum(_multisets(side, groups, k) for side, _ in sides) <= exact_limit:
        half = None if seconds is None else seconds / 2
        try:
            return _exact(me, k, sides, groups, cards, rules, Budget(seconds=half))
        except LimitReached:
            pass  # too many to count in time: sampling takes the time left
    return _sampled(me, k, pool, cards, rules, samples, seed, budget)


def _star_sides(keys) -> list[tuple[list, bool]]:
    """A legal encounter never mixes Red and Blue (RE-COMPOSE-RED-BLUE), so the encounters are
    those without Blue, and those without Red that hold a Blue: two disjoint enumerations that
    never visit a mixed one. ``(groups of the side, whether a Blue is required)``."""
    no_blue = [key for key in keys if key[2] != "blue"]
    no_red = [key for key in keys if key[2] != "red"]
    return [(no_blue, False), (no_red, True)] if len(no_red) != len(keys) else [(keys, False)]


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


def _exact(me: Summary, k, sides, groups, cards, rules, budget: Budget) -> Odds:
    """Every multiset of groups summing to ``k`` on each star side, weighted by its number of
    card choices (about 90 µs each: ``budget`` counts them)."""
    tally = {1: 0, 0: 0, -1: 0}
    for keys, need_blue in sides:
        for picked, weight in _multisets_of(keys, groups, k):
            budget.tick()
            stars = [key[2] for key, t in picked for _ in range(t)]
            if (need_blue and "blue" not in stars) or not _legal_stars(stars):
                continue
            ids = [c for key, t in picked for c in groups[key][:t]]
            them = summarise(ids, cards, rules)
            tally[resolution(me, them, rules).winner] += weight
    total = sum(tally.values())
    if total == 0:
        raise TrogkitInputError(f"no legal encounter of {k} cards can be drawn from that pool")
    return Odds.from_tally(tally, "exact", total)


def _multisets_of(keys, groups, k):
    """Yield ``(picked, weight)``: every way to take ``k`` cards from the groups ``keys`` (how
    many of each group, and the number of card choices it stands for). A branch the groups left
    cannot fill is cut at once (``room``): without that cut a large ``k`` walked every dead
    branch (``encounter odds Y3a+Y6a --k 38``: over 70 s, now under 2 s)."""
    room = [0] * (len(keys) + 1)  # room[i]: cards in groups i.. (the most that can still be picked)
    for i in range(len(keys) - 1, -1, -1):
        room[i] = room[i + 1] + len(groups[keys[i]])

    def rec(i: int, left: int, picked: list[tuple[tuple, int]], weight: int):
        if left > room[i]:
            return
        if left == 0:
            yield picked, weight
            return
        n = len(groups[keys[i]])
        for t in range(min(n, left), -1, -1):
            yield from rec(
                i + 1, left - t, picked + ([(keys[i], t)] if t else []), weight * comb(n, t)
            )

    yield from rec(0, k, [], 1)


def _sampled(me, k, pool, cards, rules, samples, seed, budget: Budget | None = None) -> Odds:
    """``samples`` legal encounters drawn uniformly (``_draw``); when ``budget`` runs out first,
    LimitReached with the odds of the encounters drawn so far."""
    rng = Rng(seed)
    tally = {1: 0, 0: 0, -1: 0}
    drawn = 0
    sides = _pool_sides(pool, k, cards)
    if not sides:
        raise TrogkitInputError(f"no legal encounter of {k} cards can be drawn from that pool")
    for _ in range(samples * 5):
        try:
            if budget is not None:
                budget.tick()
        except LimitReached as e:
            raise LimitReached(
                f"{e.what} after {drawn} sampled encounters (--timeout)",
                Odds.from_tally(tally, "sampled", drawn) if drawn else None,
            ) from None
        ids, rng = _draw(sides, k, cards, rng)
        if not _legal_stars([cards[c].star for c in ids]):
            continue  # a lone Green: drawn again (uniform over the legal ones still)
        tally[resolution(me, summarise(ids, cards, rules), rules).winner] += 1
        drawn += 1
        if drawn == samples:
            break
    if drawn == 0:
        raise TrogkitInputError(f"no legal encounter of {k} cards was drawn from that pool")
    return Odds.from_tally(tally, "sampled", drawn)


def _pool_sides(pool, k, cards) -> list[tuple[int, list[str], bool]]:
    """The legal k-card sets as two disjoint sides (as ``_star_sides``): ``(how many sets, the
    cards of the side, whether a Blue is required)``, empty sides left out. Drawing a side in
    proportion to its sets and then a set of it is uniform over the legal sets; drawing from
    the whole pool wasted most draws on Red with Blue (``--k 30``: 50 kept in 5 s)."""
    no_blue = [c for c in pool if cards[c].star != "blue"]
    no_red = [c for c in pool if cards[c].star != "red"]
    blues = len(pool) - len(no_blue)
    sides = [(comb(len(no_blue), k), no_blue, False)]
    if blues:
        sides.append((comb(len(no_red), k) - comb(len(no_red) - blues, k), no_red, True))
    return [side for side in sides if side[0] > 0]


def _draw(sides, k, cards, rng: Rng):
    """One k-card set, uniform over the sets of ``sides``: (the ids, the next Rng)."""
    pick, rng = rng.below(sum(n for n, _, _ in sides))
    side = 0 if pick < sides[0][0] else 1
    _, cards_of_side, need_blue = sides[side]
    while True:  # within the Blue side: drawn again until a Blue is in (uniform over the side)
        deal, rng = rng.shuffled(cards_of_side)
        ids = list(deal[:k])
        if not need_blue or any(cards[c].star == "blue" for c in ids):
            return ids, rng


def win_probability_bruteforce(mine, k, pool, cards, rules=DEFAULT_RULES) -> Odds:
    """Every combination listed one by one (the reference the grouped count is tested against)."""
    require_buildable_encounters((("your encounter", mine),), cards, pool)
    me = summarise(mine, cards, rules)
    tally = {1: 0, 0: 0, -1: 0}
    for ids in itertools.combinations(pool, k):
        if _legal_stars([cards[c].star for c in ids]):
            tally[resolution(me, summarise(list(ids), cards, rules), rules).winner] += 1
    total = sum(tally.values())
    return Odds.from_tally(tally, "exact", total)
