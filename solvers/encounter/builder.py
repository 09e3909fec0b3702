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
  weighted PbGe/PbLe. It first asks for a win against every opposing encounter, then climbs
  from the first model's count until unsat, all the checks within one time limit.
"""

from __future__ import annotations

import ctypes
import itertools
import time
from dataclasses import dataclass, field

import networkx as nx
import z3

from rulebook.common.errors import TrogkitInputError
from rulebook.encounter.battle import (
    DEFAULT_RULES,
    BattleRules,
    ability,
    resolution,
    summarise,
)
from rulebook.encounter.building import composition_problem
from rulebook.encounter.cards import CardSet
from solvers.limits import Budget, LimitReached

DEFAULT_SECONDS = 10.0  # build_matching's time limit
# blocks _BlockTable remembers (85 MB measured); past them a block is worked out each time
MAX_BLOCKS = 1 << 20


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
            raise TrogkitInputError(
                f"opposing encounter {i + 1} is illegal ({prob.rule_id}: {prob.reason})"
            )
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
    """Maximum matching of your blocks (nodes 0..n-1) to opposing encounters (n..n+m-1).
    Integer node names keep networkx's set iteration, and so the matching, reproducible (string
    hashes change from process to process)."""
    n = len(beat_masks)
    g = nx.Graph()
    g.add_nodes_from(range(n + m))
    for i, mask in enumerate(beat_masks):
        for t in range(m):
            if mask >> t & 1:
                g.add_edge(i, n + t)
    match = nx.bipartite.hopcroft_karp_matching(g, top_nodes=range(n))
    return {i: match[i] - n for i in range(n) if i in match}


def build_matching(
    hand: list[str],
    opponent: list[list[str]],
    cards: CardSet,
    rules: BattleRules = DEFAULT_RULES,
    n: int = 5,
    seconds: float | None = DEFAULT_SECONDS,
) -> BuildPlan:
    """Exact: enumerate partitions, max bipartite matching per partition (see module doc). When
    ``seconds`` run out first, the best plan so far with ``optimal`` False."""
    _check(hand, opponent, n, cards)
    m = len(opponent)
    blocks = _BlockTable(hand, [summarise(e, cards, rules) for e in opponent], cards, rules)
    budget = Budget(seconds=seconds)
    cache: dict[tuple[int, ...], dict[int, int]] = {}
    best: tuple[int, tuple[int, ...], dict[int, int]] | None = None
    partitions, optimal = 0, True
    for parts in set_partitions(len(hand), n):
        try:
            budget.tick()
        except LimitReached:
            optimal = False
            break
        if not all(blocks.legal(p) for p in parts):
            continue
        partitions += 1
        pattern = tuple(blocks.beat(p) for p in parts)
        key = tuple(sorted(pattern))
        if key not in cache:
            cache[key] = _max_matching(key, m)
        size = len(cache[key])
        if best is None or size > best[0]:
            # re-derive the matching in this partition's own block order
            best = (size, parts, _max_matching(pattern, m))
            if size == min(m, n):
                break
    stats = {"partitions": partitions, "matchings": len(cache)}
    return _matching_plan(hand, n, best, optimal, stats)


def _matching_plan(hand, n, best, optimal: bool, stats: dict) -> BuildPlan:
    if best is None:
        if optimal:
            raise TrogkitInputError("no legal way to build these cards into encounters")
        return BuildPlan(0, [], [], "matching", False, stats)  # no legal split found in time
    size, parts, match = best
    encs = [[hand[i] for i in range(len(hand)) if p >> i & 1] for p in parts]
    return BuildPlan(size, encs, [match.get(i) for i in range(n)], "matching", optimal, stats)


class _BlockTable:
    """Whether a block of the hand (a bitmask) is a legal encounter, and which opposing
    encounters it beats, worked out the first time a partition holds it. The table of all 2^n
    blocks made up front took 64 s and 530 MB for 22 cards; this one holds only the blocks the
    partitions visited within the time limit."""

    def __init__(self, hand, theirs, cards: CardSet, rules: BattleRules):
        self.hand, self.theirs, self.cards, self.rules = hand, theirs, cards, rules
        self._beat: dict[int, int | None] = {}  # None: not a legal encounter

    def _value(self, mask: int) -> int | None:
        if mask not in self._beat:
            ids = [self.hand[i] for i in range(len(self.hand)) if mask >> i & 1]
            beat = None
            if composition_problem(ids, self.cards) is None:
                me = summarise(ids, self.cards, self.rules)
                won = (resolution(me, t, self.rules).winner == 1 for t in self.theirs)
                beat = sum(1 << t for t, w in enumerate(won) if w)
            if len(self._beat) >= MAX_BLOCKS:  # memory stays bounded at the longest --timeout
                return beat
            self._beat[mask] = beat
        return self._beat[mask]

    def legal(self, mask: int) -> bool:
        return self._value(mask) is not None

    def beat(self, mask: int) -> int:
        return self._value(mask) or 0


# ------------------------------------------------------------------------------------------- z3
# Formulas are folded in Python where a value is a constant (False/True), which keeps the number of
# z3 API calls -- the dominant cost for problems this small -- down.
def _pb(kind: str, pairs, k: int):
    """PbGe/PbLe/PbEq through the C API: z3's Python wrappers re-check every argument's sort,
    which costs milliseconds per constraint here. Same semantics as z3.PbGe etc."""
    ctx = z3.main_ctx()
    n = len(pairs)
    args = (z3.Ast * n)(*[v.as_ast() for v, _ in pairs])
    coeffs = (ctypes.c_int * n)(*[int(w) for _, w in pairs])
    mk = {"ge": z3.Z3_mk_pbge, "le": z3.Z3_mk_pble, "eq": z3.Z3_mk_pbeq}[kind]
    return z3.BoolRef(mk(ctx.ref(), n, args, coeffs, int(k)), ctx)


def _pbge(pairs, k):
    return _pb("ge", pairs, k)


def _pble(pairs, k):
    return _pb("le", pairs, k)


def _pbeq(pairs, k):
    return _pb("eq", pairs, k)


def _and(*xs):
    if any(x is False for x in xs):
        return False
    xs = [x for x in xs if x is not True]
    return True if not xs else xs[0] if len(xs) == 1 else z3.And(xs)


def _or(*xs):
    if any(x is True for x in xs):
        return True
    xs = [x for x in xs if x is not False]
    return False if not xs else xs[0] if len(xs) == 1 else z3.Or(xs)


def _not(x):
    return (not x) if isinstance(x, bool) else z3.Not(x)


def _lit(var, bit):
    return var if bit else _not(var)


def _beats(aw, al, bw, bl, level_gt):
    """A beats B: status first (always-wins not facing always-loses, minus always-loses), then
    ``level_gt`` (a formula or constant). Enumerates the truth table of the four flags, folding
    constants, exactly as rulebook.encounter.battle.resolution does."""
    terms = []
    for v in itertools.product((0, 1), repeat=4):
        flags = (aw, al, bw, bl)
        if any(isinstance(f, bool) and f != bool(b) for f, b in zip(flags, v, strict=True)):
            continue
        a_w, a_l, b_w, b_l = v
        sa = int(a_w and not b_l) - a_l
        sb = int(b_w and not a_l) - b_l
        if sa < sb:
            continue
        cond = _and(*(_lit(f, b) for f, b in zip(flags, v, strict=True) if not isinstance(f, bool)))
        terms.append(cond if sa > sb else _and(cond, level_gt))
    return _or(*terms)


def _check_until(s, deadline: float):
    """``s.check()`` with the time left before ``deadline`` (unknown when none is left)."""
    left_ms = int((deadline - time.monotonic()) * 1000)
    if left_ms <= 0:
        return z3.unknown
    s.set("timeout", left_ms)
    return s.check()


def build_z3(
    hand: list[str],
    opponent: list[list[str]],
    cards: CardSet,
    rules: BattleRules = DEFAULT_RULES,
    n: int = 5,
    timeout_ms: int = 10_000,
) -> BuildPlan:
    """Pseudo-Boolean optimisation (see module doc). ``timeout_ms`` bounds all the checks
    together; a plan found before it ran out comes back with ``optimal`` False."""
    _check(hand, opponent, n, cards)
    m = len(opponent)
    theirs = [summarise(e, cards, rules) for e in opponent]
    nc = len(hand)
    x = [[z3.Bool(f"x_{c}_{j}") for j in range(n)] for c in range(nc)]
    s = z3.SolverFor("QF_FD")
    deadline = time.monotonic() + timeout_ms / 1000
    wins = _z3_constraints(s, x, hand, theirs, cards, rules)
    best_model, optimal, checks = _maximise_wins(s, wins, deadline)
    if best_model is None:
        if optimal:
            raise TrogkitInputError("no legal way to build these cards into encounters")
        raise LimitReached(f"z3 found no build within the time limit of {timeout_ms / 1000:g} s")
    encs = [
        [hand[c] for c in range(nc) if z3.is_true(best_model.eval(x[c][j], model_completion=True))]
        for j in range(n)
    ]
    # the model's win flags are lower bounds; report the true outcome of its pairing
    pairs: list[int | None] = [j if j < m else None for j in range(n)]
    true_wins = sum(
        1
        for j in range(m)
        if resolution(summarise(encs[j], cards, rules), theirs[j], rules).winner == 1
    )
    return BuildPlan(true_wins, encs, pairs, "z3", optimal, {"checks": checks})


def _z3_constraints(s, x, hand, theirs, cards, rules) -> list:
    """Add to ``s``: each card in exactly one encounter, every encounter non-empty and composed
    legally (RE-COMPOSE-*); return the win flag of each encounter facing one of ``theirs``."""
    nc, n = len(x), len(x[0]) if x else 0
    lv = [cards.level(c) for c in hand]
    eff = [ability(c, cards, rules) for c in hand]
    star = [cards[c].star for c in hand]
    for c in range(nc):
        s.add(_pbeq([(x[c][j], 1) for j in range(n)], 1))
    wins = []
    for j in range(n):
        col = [x[c][j] for c in range(nc)]
        s.add(z3.Or(col))
        has = {
            e: _or(*(x[c][j] for c in range(nc) if eff[c] == e))
            for e in ("swap", "autowin", "autolose")
        }
        reds = _or(*(x[c][j] for c in range(nc) if star[c] == "red"))
        blues = _or(*(x[c][j] for c in range(nc) if star[c] == "blue"))
        if not isinstance(reds, bool) and not isinstance(blues, bool):
            s.add(z3.Not(z3.And(reds, blues)))  # RE-COMPOSE-RED-BLUE
        greens = [c for c in range(nc) if star[c] == "green"]
        if greens:  # RE-COMPOSE-GREEN
            many = _pbge([(v, 1) for v in col], 2)
            for c in greens:
                s.add(z3.Implies(x[c][j], many))
        if j < len(theirs):
            wins.append(_z3_win(s, j, col, lv, has, theirs[j], rules))
    return wins


def _z3_win(s, j: int, col, lv, has, o, rules):
    """The flag ``win_j`` and what it implies: encounter ``j`` (cards ``col``) beats ``o``."""
    nc = len(col)
    if rules.sin:
        min_dbl = 2 if rules.sin_single == "two-or-more" else 1
        present = [_or(*(col[c] for c in range(nc) if lv[c] == L)) for L in sorted(set(lv))]
        dbl = z3.And(_pbge([(v, 1) for v in col], min_dbl), _pble([(p, 1) for p in present], 1))
    else:
        dbl = False
    olevel = o.level(rules)
    weights = [(col[c], lv[c]) for c in range(nc)]
    doubled = [(col[c], 2 * lv[c]) for c in range(nc)]

    def pick(d, plain, double):
        return plain if d is False else z3.If(d, double, plain)

    mine_gt = pick(dbl, _pbge(weights, olevel + 1), _pbge(doubled, olevel + 1))
    if olevel <= 0:
        mine_lt = False
    else:
        mine_lt = pick(dbl, _pble(weights, olevel - 1), _pble(doubled, olevel - 1))
    if rules.green_both == "cancel":
        swap = has["swap"] if not o.swap else _not(has["swap"])
    else:
        swap = True if o.swap else has["swap"]
    # no swap: A = my cards, B = theirs; swap: I fight with their cards (A) against mine (B)
    plain = _beats(has["autowin"], has["autolose"], o.win, o.lose, mine_gt)
    swapped = _beats(o.win, o.lose, has["autowin"], has["autolose"], mine_lt)
    if swap is True:
        beats = swapped
    elif swap is False:
        beats = plain
    else:
        beats = _or(_and(swap, swapped), _and(_not(swap), plain))
    w = z3.Bool(f"win_{j}")
    if beats is False:
        s.add(z3.Not(w))
    elif beats is not True:
        s.add(z3.Implies(w, beats))
    return w


def _maximise_wins(s, wins: list, deadline: float) -> tuple:
    """(best model or None, optimal, checks). Beating every opposing encounter is the common
    case, so ask for it first; otherwise climb from the first model's count, one more win per
    check, until unsat (or the deadline: not optimal)."""
    m = len(wins)
    best_model, best, optimal, checks = None, -1, True, 0
    s.push()
    s.add(_pbge([(w, 1) for w in wins], m))
    checks += 1
    first = _check_until(s, deadline)
    if first == z3.sat:
        best_model, best = s.model(), m
    s.pop()
    if first == z3.unknown:
        optimal = False
    while best < m and optimal:
        checks += 1
        r = _check_until(s, deadline)
        if r == z3.sat:
            model = s.model()
            count = sum(1 for w in wins if z3.is_true(model.eval(w, model_completion=True)))
            best_model, best = model, count
            if best >= m - 1:
                break  # m was ruled out by the first check
            s.add(_pbge([(w, 1) for w in wins], best + 1))
        elif r == z3.unsat:
            break
        else:
            optimal = False
    return best_model, optimal, checks


def random_build(st, rng, tries: int = 12):
    """A uniformly drawn legal split of the player to act's cards into five encounters, with a
    Loot die position (None in the Keys game): ``(groups, loot_index)``, or None when ``tries``
    draws found none. ``rng`` is a ``rulebook.common.rng.Rng``; for benchmarks and random play
    (play it with ``put``/``loot``/``done``)."""
    p, slots = st.to_move, len(st.encounters[st.to_move])
    hand = [*st.hands[p], *(c for s in st.encounters[p] for c in s)]
    n_extra = len(hand) - slots
    for _ in range(tries):
        order, rng = rng.shuffled(hand)
        code, rng = rng.below(slots ** (n_extra + 1))
        groups = [[c] for c in order[:slots]]
        for c in order[slots:]:
            groups[code % slots].append(c)
            code //= slots
        if all(composition_problem(g, st.cards) is None for g in groups):
            return groups, (None if "keys" in st.variants else code % slots)
    return None
